import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { agentConfigFiles, agentConfigModel, rootConfigModel } from "../components/log-agent/config-map";
import { LogsSettings } from "../config";
import { LOG_AGENT_RELEASES, LogAgentRelease } from "../log-agent-releases/release-lines";
import { FluentdAgent } from "./harness/fluentd-sim/agent";
import { eventTime, seconds } from "./harness/fluentd-sim/event-time";
import { settingsWith } from "./harness/stack-config";

/**
 * The agent's config run through the fluentd model (tests/harness/fluentd-sim), which behaves as
 * fluentd 1.6.3 and the plugin versions of the add-on image do; docs/log-agent.md#how-the-fixes-work
 * says which plugin behaviour each test rests on. Each test is named after a loss or misdating
 * that the spec's filter chain showed on a real fluentd.
 */

const CONTAINER_ID = "a".repeat(64);
const CONTAINER_LOG = `/var/log/containers/shop-7d9f_web_app-${CONTAINER_ID}.log`;
const WRITTEN = "2026-03-01T10:00:00.123456789Z";
/** The agent reads the lines 135 s after they were written, as when tailing was blocked. */
const READ = eventTime(WRITTEN) + seconds(135);

/** An agent on a node (NODE_NAME, which the DaemonSet sets from spec.nodeName). */
function agent(node = "node-a"): FluentdAgent {
    return new FluentdAgent(agentConfigModel(settingsWith().logs), READ, { NODE_NAME: node });
}

/** The document ids of the lines as one agent ships them; each test line becomes one document. */
function idsOf(lines: string[], path = CONTAINER_LOG, node = "node-a"): string[] {
    const a = agent(node);
    a.tail("fluentd-containers.log", path, lines);
    a.advance(10);
    a.shutdown();
    assert.deepStrictEqual(a.dumped, []);
    const docs = a.documents();
    assert.strictEqual(docs.length, lines.length);
    return docs.map((d) => d.id!);
}

function cri(time: string, flag: "P" | "F", text: string, stream = "stdout"): string {
    return `${time} ${stream} ${flag} ${text}`;
}

describe("log agent: behaviour of the fluentd config (fluentd model)", () => {
    it("node records without a trailing line break reach the output and are never dumped at concat's timeout", () => {
        const a = agent();
        a.tail("minion", "/var/log/salt/minion", ["2026-03-01 10:00:00,066 [salt.state       ][INFO    ] Completed state [nginx]"]);
        a.journal("kernel", [{ realtime: eventTime(WRITTEN), fields: { MESSAGE: "eth0: link up", _TRANSPORT: "kernel" } }]);
        a.advance(300);
        a.shutdown();
        assert.deepStrictEqual(a.dumped, []);
        const messages = a.documents().map((d) => d.source.message);
        assert.deepStrictEqual(messages, ["Completed state [nginx]", "eth0: link up"]);
    });

    it("a record's @timestamp is when the log was written, not when fluentd read it", () => {
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, [
            cri(WRITTEN, "F", '{"level":"info","msg":"order placed"}'),
            JSON.stringify({ log: "plain docker line\n", stream: "stderr", time: WRITTEN }),
        ]);
        a.tail("minion", "/var/log/salt/minion", ["2026-03-01 10:00:00,066 [salt.state       ][INFO    ] Completed state [nginx]"]);
        a.journal("journald-kubelet", [{ realtime: eventTime(WRITTEN), fields: { MESSAGE: "Started kubelet", _SYSTEMD_UNIT: "kubelet.service" } }]);
        a.advance(30);
        a.shutdown();
        const docs = a.documents();
        assert.strictEqual(docs.length, 4, a.dumped.map((d) => d.error).join("; "));
        assert.deepStrictEqual(
            docs.map((d) => d.source["@timestamp"]),
            [
                "2026-03-01T10:00:00.123456789+00:00",
                "2026-03-01T10:00:00.123456789+00:00",
                "2026-03-01T10:00:00.000000000+00:00",
                "2026-03-01T10:00:00.123456789+00:00",
            ],
        );
        assert.strictEqual(docs[0].index, "logstash-2026.03.01");
    });

    it("joins a CRI line that the runtime split into partial (P) records, and keeps its own time", () => {
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, [
            cri(WRITTEN, "P", "first half of a long line, "),
            cri("2026-03-01T10:00:00.2Z", "F", "second half"),
        ]);
        a.advance(10);
        a.shutdown();
        const docs = a.documents();
        assert.deepStrictEqual(a.dumped, []);
        assert.deepStrictEqual(
            docs.map((d) => [d.source.message, d.source["@timestamp"]]),
            [["first half of a long line, second half\n", "2026-03-01T10:00:00.123456789+00:00"]],
        );
        assert.ok(!("logtag" in docs[0].source), "the P/F flag is not shipped");
        assert.ok(!("log" in docs[0].source), "the text is shipped once, as message");
        assert.deepStrictEqual(docs[0].source.kubernetes, { container_name: "app", namespace_name: "web", pod_name: "shop-7d9f" });
    });

    it("a CRI line whose text names a stream and a flag keeps its own stream and whole text, and is not taken for a partial line", () => {
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, [
            cri(WRITTEN, "F", "redirecting stderr to /dev/null"),
            cri(WRITTEN, "F", "... stdout P then this"),
            cri(WRITTEN, "F", "the next line", "stderr"),
        ]);
        a.advance(10);
        a.shutdown();
        assert.deepStrictEqual(a.dumped, []);
        assert.deepStrictEqual(
            a.documents().map((d) => [d.source.stream, d.source.message]),
            [
                ["stdout", "redirecting stderr to /dev/null\n"],
                ["stdout", "... stdout P then this\n"],
                ["stderr", "the next line\n"],
            ],
        );
    });

    it("a JSON line's fields go under payload. and never overwrite the record's own (stream, kubernetes, docker, @timestamp, tag, id)", () => {
        const payload = {
            stream: "evil",
            kubernetes: { pod_name: "other" },
            docker: "d",
            "@timestamp": "2023-01-01T00:00:00Z",
            time: "2023-01-01T00:00:00Z",
            tag: "t",
            _hash: "h",
            message: "m",
            level: "info",
        };
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, [
            cri(WRITTEN, "F", JSON.stringify(payload), "stderr"),
            JSON.stringify({ log: `${JSON.stringify({ level: "warn", time: 1700000000.5 })}\n`, stream: "stdout", time: WRITTEN }),
        ]);
        a.advance(10);
        a.shutdown();
        assert.deepStrictEqual(a.dumped, []);
        const [cri0, docker0] = a.documents();
        assert.deepStrictEqual(cri0.source, {
            stream: "stderr",
            docker: { container_id: CONTAINER_ID },
            kubernetes: { container_name: "app", namespace_name: "web", pod_name: "shop-7d9f" },
            ...Object.fromEntries(Object.entries(payload).map(([k, v]) => [`payload.${k}`, v])),
            "@timestamp": "2026-03-01T10:00:00.123456789+00:00",
            tag: `kubernetes${CONTAINER_LOG.replace(/\//g, ".")}`,
        });
        assert.ok(cri0.id !== "h", "the payload's _hash is not the document id");
        assert.deepStrictEqual(
            [docker0.source.stream, docker0.source["payload.level"], docker0.source["payload.time"], docker0.source["@timestamp"], "message" in docker0.source],
            ["stdout", "warn", 1700000000.5, "2026-03-01T10:00:00.123456789+00:00", false],
        );
    });

    it("any other container line is shipped whole as message: plain text, a JSON scalar, text that only looks like JSON, a JSON line whose time is an object", () => {
        const lines = ["plain text {not json}", "123", "true", '{"oops": ', ' {"time": {"a": 1}, "x": 1}'];
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, lines.map((l) => cri(WRITTEN, "F", l)));
        a.advance(10);
        a.shutdown();
        assert.deepStrictEqual(a.dumped, []);
        const docs = a.documents();
        assert.deepStrictEqual(docs.map((d) => d.source.message), lines.map((l) => `${l}\n`));
        for (const d of docs) {
            assert.deepStrictEqual(Object.keys(d.source).sort(), ["@timestamp", "docker", "kubernetes", "message", "stream", "tag"], JSON.stringify(d.source));
        }
    });

    it("an empty JSON object line is shipped with no payload keys and no leftover helper fields", () => {
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, [cri(WRITTEN, "F", "{}")]);
        a.advance(10);
        a.shutdown();
        assert.deepStrictEqual(Object.keys(a.documents()[0].source).sort(), ["@timestamp", "docker", "kubernetes", "stream", "tag"]);
    });

    it("a CRI line on a whole second (no fraction) keeps its time, and a line that fits no format is kept whole, at the time it was read", () => {
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, ["2026-03-01T10:00:00Z stderr F on the second", "not a container log line"]);
        a.advance(10);
        a.shutdown();
        assert.deepStrictEqual(a.dumped, []);
        assert.deepStrictEqual(
            a.documents().map((d) => [d.source.stream, d.source.message, d.source["@timestamp"]]),
            [
                ["stderr", "on the second\n", "2026-03-01T10:00:00.000000000+00:00"],
                [undefined, "not a container log line\n", "2026-03-01T10:02:15.123456789+00:00"],
            ],
        );
    });

    it("joins the CRI lines of a stack trace with line breaks, as docker's lines are", () => {
        const trace = ["java.lang.IllegalStateException: boom", "\tat shop.Cart.add(Cart.java:42)", "\tat shop.Api.post(Api.java:7)"];
        for (const [name, lines] of [
            ["CRI", trace.map((l) => cri(WRITTEN, "F", l))],
            ["docker", trace.map((l) => JSON.stringify({ log: `${l}\n`, stream: "stdout", time: WRITTEN }))],
        ] as const) {
            const a = agent();
            a.tail("fluentd-containers.log", CONTAINER_LOG, [...lines]);
            a.advance(10);
            a.shutdown();
            assert.deepStrictEqual(
                a.documents().map((d) => d.source.message),
                [`${trace.join("\n")}\n`],
                name,
            );
        }
    });

    it("a partial line whose rest never comes (the container died) still reaches the output, under its file's tag", () => {
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, [cri(WRITTEN, "P", "cut off")]);
        a.advance(120);
        a.shutdown();
        assert.deepStrictEqual(a.dumped, []);
        // It skips the metadata and parser filters; the tag still names pod, namespace and container.
        assert.deepStrictEqual(
            a.documents().map((d) => [d.source.log, d.source.tag, d.source["@timestamp"]]),
            [["cut off", `raw.kubernetes${CONTAINER_LOG.replace(/\//g, ".")}`, "2026-03-01T10:00:00.123456789+00:00"]],
        );
    });

    it("start-up does not wait for the search store: the inputs read at once while it is down", () => {
        assert.strictEqual(FluentdAgent.secondsUntilInputsStartWithStoreDown(agentConfigModel(settingsWith().logs)), 0);
    });

    it("a chunk sent again after a failed bulk request indexes the same document ids, so a retry adds no duplicates", () => {
        const a = agent();
        a.tail("fluentd-containers.log", CONTAINER_LOG, [cri(WRITTEN, "F", "one"), cri(WRITTEN, "F", "two")]);
        a.flush();
        a.retryLastChunk();
        const [first, retry] = a.bulkRequests;
        const ids = first.map((d) => d.id);
        assert.ok(ids.every((id) => typeof id === "string" && id.length > 0), "every document has an id");
        assert.strictEqual(new Set(ids).size, 2, "two records, two ids");
        assert.deepStrictEqual(retry.map((d) => d.id), ids);
        assert.ok(first.every((d) => !("_hash" in d.source)), "the id field itself is not indexed");
    });

    describe("document ids from the line itself (exactly-once documents)", () => {
        const lines = [
            cri(WRITTEN, "F", '{"level":"info","msg":"order placed"}'),
            cri(WRITTEN, "F", "plain line"),
            JSON.stringify({ log: "docker line\n", stream: "stderr", time: WRITTEN }),
        ];

        it("a line read again, by a restarted agent, gets the same id, so its second copy overwrites the first", () => {
            const first = idsOf(lines);
            assert.deepStrictEqual(idsOf(lines), first);
            assert.ok(first.every((id) => /^[0-9a-f]{64}$/.test(id)), first.join(" "));
            assert.strictEqual(new Set(first).size, lines.length);
        });

        it("two lines that differ in any one part never share an id: time (1 ns), stream, text, container, node", () => {
            const other = `/var/log/containers/shop-7d9f_web_app-${"b".repeat(64)}.log`;
            const base = idsOf([cri(WRITTEN, "F", "same text")])[0];
            const variants = {
                time: idsOf([cri("2026-03-01T10:00:00.12345679Z", "F", "same text")])[0],
                stream: idsOf([cri(WRITTEN, "F", "same text", "stderr")])[0],
                text: idsOf([cri(WRITTEN, "F", "same text.")])[0],
                container: idsOf([cri(WRITTEN, "F", "same text")], other)[0],
                node: idsOf([cri(WRITTEN, "F", "same text")], CONTAINER_LOG, "node-b")[0],
            };
            assert.strictEqual(new Set([base, ...Object.values(variants)]).size, 6, JSON.stringify({ base, ...variants }));
        });

        it("a line written twice in the same nanosecond by the same container collapses into one document (the documented limit)", () => {
            const [x, y] = idsOf([cri(WRITTEN, "F", "twice"), cri(WRITTEN, "F", "twice")]);
            assert.strictEqual(x, y);
        });

        it("two salt lines with the same message in one second are one document, whatever their milliseconds, severity or module; docs/log-agent.md's at-least-once claim says so", () => {
            const salt = (time: string, module: string, severity: string, message: string) => `${time} [${module.padEnd(17)}][${severity.padEnd(8)}] ${message}`;
            const a = agent();
            a.tail("minion", "/var/log/salt/minion", [
                salt("2026-03-01 10:00:00,066", "salt.state", "INFO", "Completed state [nginx]"),
                salt("2026-03-01 10:00:00,512", "salt.minion", "ERROR", "Completed state [nginx]"),
                salt("2026-03-01 10:00:01,004", "salt.state", "INFO", "Completed state [nginx]"),
            ]);
            a.shutdown();
            const [x, y, z] = a.documents();
            assert.strictEqual(x.id, y.id, "the store keeps one of the first two, the later write");
            assert.notStrictEqual(y.id, z.id, "a second later, another document");
            const page = fs.readFileSync(path.join(__dirname, "..", "docs", "log-agent.md"), "utf8");
            const atLeastOnce = page.slice(page.indexOf("**At-least-once delivery.**"), page.indexOf("**Exactly-once documents.**"));
            assert.match(atLeastOnce, /one document per document id/);
            assert.match(atLeastOnce, /salt lines with the same message in\s+the same second/);
            assert.match(page, /<a id="identical-lines"><\/a>\*\*Identical lines collapse\.\*\*/);
        });

        it("node records and a container part that waited too long get ids from their own line, stable across a restart", () => {
            const run = (node: string): string[] => {
                const a = agent(node);
                a.tail("minion", "/var/log/salt/minion", ["2026-03-01 10:00:00,066 [salt.state       ][INFO    ] Completed state [nginx]"]);
                a.journal("kernel", [{ realtime: eventTime(WRITTEN), fields: { MESSAGE: "eth0: link up", _TRANSPORT: "kernel" } }]);
                a.journal("journald-kubelet", [{ realtime: eventTime(WRITTEN), fields: { MESSAGE: "Started kubelet", _SYSTEMD_UNIT: "kubelet.service" } }]);
                a.tail("fluentd-containers.log", CONTAINER_LOG, [cri(WRITTEN, "P", "cut off")]);
                a.advance(120);
                a.shutdown();
                assert.deepStrictEqual(a.dumped, []);
                return a.documents().map((d) => d.id!);
            };
            const first = run("node-a");
            assert.strictEqual(first.length, 4);
            assert.ok(first.every((id) => /^[0-9a-f]{64}$/.test(id)));
            assert.strictEqual(new Set(first).size, 4);
            assert.deepStrictEqual(run("node-a"), first);
            assert.strictEqual(new Set([...first, ...run("node-b")]).size, 8, "the same node log line on two nodes is two documents");
        });

        it("a payload's own _hash is not the id", () => {
            const [withHash] = idsOf([cri(WRITTEN, "F", '{"_hash":"chosen"}')]);
            assert.notStrictEqual(withHash, "chosen");
        });
    });
});

/**
 * fluentd's own log events (tags fluent.<level>) on each line's root config: the add-on image's
 * fluent.conf on line 1.6.3, the ConfigMap's entry file on the 1.19 lines. The routing rules are
 * the same in fluentd 1.6.3 and 1.19.3 (the model's FluentdAgent#fluentLog says where they were
 * read); the elasticsearch8 line's output is run here, and the opensearch line has the same entry file.
 */
describe("log agent: fluentd's own log events stay out of the store, on every line (docs/log-agent.md#fluentds-own-log)", () => {
    const HOSTED = { host: "search.example.com", port: 443, scheme: "https", user: "fluentd" };
    /** The line's default store: the in-cluster one where the line speaks to it, else a hosted one with a user. */
    const onLine = (release: LogAgentRelease) =>
        release.stores["elasticsearch-oss"].speaks
            ? settingsWith({ logs: { image: release.image } }).logs
            : settingsWith({ logs: { image: release.image, search: HOSTED } }, { searchPassword: "pw" }).logs;
    /** What fluent-plugin-elasticsearch 5.4.4 logs when a bulk request fails (send_bulk, connection_options_description). */
    const FLUSH_FAILED = {
        retry_times: 3,
        chunk: "61a2b3c4d5e6f708",
        error:
            '#<Fluent::Plugin::ElasticsearchOutput::RecoverableRequestFailure: could not push logs to Elasticsearch cluster ' +
            '({:host=>"search.example.com", :port=>443, :scheme=>"https", :user=>"fluentd", :password=>"obfuscated"}): connect timeout>',
        message: "failed to flush the buffer.",
    };
    const run = (s: LogsSettings) => {
        const a = new FluentdAgent(agentConfigModel(s), READ, { NODE_NAME: "node-a" }, rootConfigModel(s));
        a.fluentLog("warn", FLUSH_FAILED);
        a.fluentLog("error", { message: "unexpected error" });
        a.tail("fluentd-containers.log", CONTAINER_LOG, [cri(WRITTEN, "F", "an app's line")]);
        a.shutdown();
        return a;
    };

    for (const release of LOG_AGENT_RELEASES.filter((r) => r.output.plugin === "elasticsearch")) {
        it(`line ${release.line}: dropped where fluentd routes them (${release.imageOwnLogs ? "the image's root config" : "the entry file's <label @FLUENT_LOG>"}), never shipped; an app's line still is`, () => {
            const a = run(onLine(release));
            assert.deepStrictEqual(
                a.documents().map((d) => d.source.message),
                ["an app's line\n"],
            );
            assert.deepStrictEqual(a.discarded.map((e) => e.tag), ["fluent.warn", "fluent.error"]);
            assert.deepStrictEqual(a.dumped, []);
        });
    }

    it("without the label the 1.19 entry file shipped them into the day's index, with the store's host and user (the bug)", () => {
        const s = onLine(LOG_AGENT_RELEASES.find((r) => r.line === "1.19-elasticsearch8")!);
        const root = rootConfigModel(s).filter((n) => !(n.kind === "section" && n.name === "label"));
        const a = new FluentdAgent(agentConfigModel(s), READ, { NODE_NAME: "node-a" }, root);
        a.fluentLog("warn", FLUSH_FAILED);
        a.shutdown();
        const [doc] = a.documents();
        assert.strictEqual(doc.index, "logstash-2026.03.01");
        assert.strictEqual(doc.source.tag, "fluent.warn");
        assert.match(String(doc.source.error), /:host=>"search\.example\.com".*:user=>"fluentd"/);
    });

    it("the opensearch line has the elasticsearch8 line's entry file, so its own events go the same way", () => {
        const entry = (line: string) => agentConfigFiles(onLine(LOG_AGENT_RELEASES.find((r) => r.line === line)!))["fluent.conf"];
        assert.strictEqual(entry("1.19-opensearch"), entry("1.19-elasticsearch8"));
        assert.ok(entry("1.19-opensearch").includes("<label @FLUENT_LOG>"));
    });

    it("line 1.6.3 keeps the spec's six files: no label of its own, its image routes them (a second route would be dead config)", () => {
        const files = agentConfigFiles(onLine(LOG_AGENT_RELEASES[0]));
        assert.deepStrictEqual(Object.keys(files).sort(), ["containers.input.conf", "forward.input.conf", "monitoring.conf", "output.conf", "system.conf", "system.input.conf"]);
        assert.ok(!Object.values(files).some((f) => f.includes("@FLUENT_LOG") || f.includes("fluent.**")));
    });

    it("every line routes them somewhere: its image does, or it has an entry file that does", () => {
        for (const release of LOG_AGENT_RELEASES) {
            assert.ok(release.imageOwnLogs !== undefined || release.entry !== undefined, release.line);
            const root = rootConfigModel(onLine(release));
            const routes = root.some((n) => n.kind === "section" && ((n.name === "label" && n.argument === "@FLUENT_LOG") || (n.name === "match" && n.argument === "fluent.**")));
            assert.ok(routes, release.line);
        }
    });
});
