import * as assert from "assert";
import { agentConfigFiles, agentConfigModel, entryFileModel } from "../components/log-agent/config-map";
import { daemonSet } from "../components/log-agent/daemonset";
import { logAgentSettings } from "../components/log-agent/agent-settings";
import { FluentdFile, FluentdNode, FluentdSection, paramOf, param, sectionsOf } from "../components/log-agent/fluentd-model";
import { logAgentLineOf, LogsSettings, plainConfigSource, Settings } from "../config";
import { DECLARED_PARAMETERS } from "../log-agent-releases/declared-parameters";
import { LOG_AGENT_RELEASES, LogAgentRelease } from "../log-agent-releases/release-lines";
import { loadStackSettings } from "../stack";
import { requiredConfig, settingsWith, problemsOfConfig, problemAt } from "./harness/stack-config";

const LINE_1_19 = LOG_AGENT_RELEASES.find((r) => r.line === "1.19-elasticsearch8")!;
const LINE_OPENSEARCH = LOG_AGENT_RELEASES.find((r) => r.line === "1.19-opensearch")!;
const HOSTED = { host: "search.example.com", port: 443, scheme: "https", user: "fluentd" };
const SECRETS = { searchPassword: "pw-for-the-hosted-store" };

function onLine(release: LogAgentRelease, logs: Record<string, unknown> = {}): Settings {
    return settingsWith({ logs: { image: release.image, search: HOSTED, ...logs } }, SECRETS);
}

/** Parameters every directive takes from fluentd itself (Fluent::PluginId, PluginLoggerMixin, PluginLabelMixin). */
const SYSTEM_PARAMETERS = ["@id", "@type", "@log_level", "@label"];
/** Sections whose keys are the user's own names, not parameters: record_transformer's <record>, fluent-plugin-prometheus' <labels>. */
const FREE_FORM = ["record", "labels"];

function typeOf(s: FluentdSection): string {
    const t = paramOf(s, "@type");
    assert.ok(t && t.value.kind === "text", `<${s.name}> has a @type`);
    return t.value.text;
}

/**
 * Every parameter of `file` that the line's plugins do not declare, as "<where>: <name>": each
 * directive against its plugin's config_params at the line's tags, each nested section against
 * the section the plugin (or the helper or base class it includes) declares, a <parse> against
 * its parser, a multi_format <pattern> against the parser it names, a <buffer> against the output's
 * buffer section and the buffer plugin, a <storage> against the storage plugin.
 */
function undeclared(line: string, file: FluentdFile): string[] {
    const declared = DECLARED_PARAMETERS[line];
    const plugin = (key: string): Record<string, readonly string[]> => {
        assert.ok(declared[key], `line ${line} has no declared parameters for ${key}; add it to pluginFiles in log-agent-releases/release-lines.ts`);
        return declared[key];
    };
    const found: string[] = [];
    // nested: a child section's parameters, "checked" when the caller checks it, undefined when the plugin has no such section.
    const check = (where: string, s: FluentdSection, allowed: readonly string[], nested: (child: FluentdSection) => readonly string[] | "checked" | undefined) => {
        for (const n of s.body) {
            if (n.kind === "param" && !allowed.includes(n.name) && !SYSTEM_PARAMETERS.includes(n.name)) {
                found.push(`${where}: ${n.name}`);
            } else if (n.kind === "section" || n.kind === "disabled") {
                const child = n.kind === "section" ? n : n.section;
                if (FREE_FORM.includes(child.name)) {
                    continue;
                }
                const inner = nested(child);
                if (inner === undefined) {
                    found.push(`${where}: <${child.name}>`);
                } else if (inner !== "checked") {
                    // A <parse> of multi_format holds <pattern>s, which parser() has checked; nothing else nests deeper.
                    check(`${where} <${child.name}>`, child, inner, (c) => (child.name === "parse" && c.name === "pattern" ? "checked" : undefined));
                }
            }
        }
    };
    const parser = (p: FluentdSection): readonly string[] => {
        const type = typeOf(p);
        if (type === "multi_format") {
            for (const pattern of sectionsOf(p, "pattern")) {
                const format = paramOf(pattern, "format")!.value;
                const parserOf = format.kind === "text" && format.text.startsWith("/") ? "regexp" : (format as { text: string }).text;
                check(`<parse multi_format> <pattern ${parserOf}>`, pattern, ["format", ...(plugin(`parser:${parserOf}`)[""] ?? [])], () => undefined);
            }
            return [...(plugin("parser:multi_format")[""] ?? [])];
        }
        return plugin(`parser:${type}`)[""] ?? [];
    };
    const directive = (d: FluentdSection): void => {
        if (d.name === "label") {
            d.body.forEach((n) => n.kind === "section" && directive(n));
            return;
        }
        if (d.name === "system") {
            check("<system>", d, plugin("system")[""], () => undefined);
            return;
        }
        const kind = { source: "source", filter: "filter", match: "output" }[d.name];
        assert.ok(kind, `a top-level <${d.name}>`);
        const key = `${kind}:${typeOf(d)}`;
        const own = plugin(key);
        check(`<${d.name} ${key}>`, d, own[""] ?? [], (child) => {
            switch (child.name) {
                case "parse":
                    return [...parser(child), "@type"];
                case "buffer":
                    return own.buffer === undefined ? undefined : [...own.buffer, ...plugin(`buffer:${typeOf(child)}`)[""], "@type"];
                case "storage":
                    return own.storage === undefined ? undefined : [...own.storage, ...plugin(`storage:${typeOf(child)}`)[""], "@type"];
                case "pattern":
                    return undefined;
                default:
                    return own[child.name];
            }
        });
    };
    const walk = (n: FluentdNode) => {
        if (n.kind === "section") {
            directive(n);
        } else if (n.kind === "disabled") {
            directive(n.section);
        }
    };
    file.forEach(walk);
    return found;
}



function lines(text: string): string[] {
    return text.split("\n").map((l) => l.trim());
}

describe("log agent release lines (docs/log-agent.md#release-lines)", () => {
    describe("every generated parameter is one the line's plugins declare at its pinned tags", () => {
        const variants: [string, (r: LogAgentRelease) => Settings][] = [
            ["defaults", (r) => settingsWith({ logs: { image: r.image, ...(r.stores["elasticsearch-oss"].speaks ? {} : { search: HOSTED }) } }, r.stores["elasticsearch-oss"].speaks ? {} : SECRETS)],
            ["https with a user and every buffer key", (r) => onLine(r, { buffer: { chunkLimitSize: "8M", queueLimitLength: 16, flushThreadCount: 4 } })],
            ["a total limit alone", (r) => onLine(r, { buffer: { totalLimitSize: "64M" } })],
        ];
        for (const release of LOG_AGENT_RELEASES) {
            for (const [name, settings] of variants) {
                it(`line ${release.line}, ${name}: every file, the commented-out inputs and the entry file too`, () => {
                    const model = { ...agentConfigModel(settings(release).logs), ...entryFileModel(settings(release).logs) };
                    const found = Object.entries(model).flatMap(([key, file]) => undeclared(release.line, file).map((u) => `${key} ${u}`));
                    assert.deepStrictEqual(found, []);
                });
            }
        }

        it("line 1.19-opensearch towards the in-cluster OpenSearch (user, password, ca_file): every file", () => {
            const s = settingsWith({
                logs: { image: LINE_OPENSEARCH.image, search: { host: "elasticsearch-logging", scheme: "https" } },
                searchStore: { enabled: true, kind: "opensearch", tls: { secretName: "logs-store-tls" } },
            });
            // The agent's settings as its component builds them, with where it finds the in-cluster store.
            const agent = logAgentSettings(s);
            const model = agentConfigModel(agent);
            assert.ok(agentConfigFiles(agent)["output.conf"].includes("ca_file "), "the variant writes ca_file");
            const found = Object.entries(model).flatMap(([key, file]) => undeclared("1.19-opensearch", file).map((u) => `${key} ${u}`));
            assert.deepStrictEqual(found, []);
        });

        it("the check refuses what a line's plugins lack: detect_exceptions' force_line_breaks (0.0.14) on 1.6.3, ssl_min_version (5.x) on 1.6.3", () => {
            const model = agentConfigModel(onLine(LOG_AGENT_RELEASES[0]).logs);
            const detect = (model["containers.input.conf"] as FluentdSection[]).find((n) => n.kind === "section" && paramOf(n, "@id")?.value.kind === "text" && (paramOf(n, "@id")!.value as { text: string }).text === "raw.kubernetes")!;
            detect.body.push(param("force_line_breaks", true));
            assert.deepStrictEqual(undeclared("1.6.3", model["containers.input.conf"]), ["<match output:detect_exceptions>: force_line_breaks"]);
            assert.deepStrictEqual(undeclared("1.19-elasticsearch8", model["containers.input.conf"]), [], "0.0.16 declares it");
            const output = agentConfigModel(onLine(LOG_AGENT_RELEASES[0]).logs)["output.conf"];
            const es = sectionsOf(output[1] as FluentdSection, "match")[0];
            es.body.push(param("ssl_min_version", "TLSv1_2"));
            sectionsOf(es, "buffer")[0].body.push(param("flush_at_shutdown_typo", true));
            assert.deepStrictEqual(undeclared("1.6.3", output).sort(), ["<match output:elasticsearch> <buffer>: flush_at_shutdown_typo", "<match output:elasticsearch>: ssl_min_version"]);
        });
    });

    it("line 1.19's output would not load on line 1.6.3: fluent-plugin-elasticsearch 3.5.3 has no suppress_type_name", () => {
        const output = agentConfigModel(onLine(LINE_1_19).logs)["output.conf"];
        assert.deepStrictEqual(undeclared("1.6.3", output), ["<match output:elasticsearch>: suppress_type_name"]);
        assert.deepStrictEqual(undeclared("1.19-elasticsearch8", output), []);
    });

    it("the elasticsearch output would not load on the opensearch line, nor the opensearch output on the elasticsearch8 line: each names its own plugin and version keys", () => {
        const es8 = agentConfigModel(onLine(LINE_1_19).logs)["output.conf"];
        const os = agentConfigModel(onLine(LINE_OPENSEARCH).logs)["output.conf"];
        assert.throws(() => undeclared("1.19-opensearch", es8), /line 1\.19-opensearch has no declared parameters for output:elasticsearch/);
        assert.throws(() => undeclared("1.19-elasticsearch8", os), /line 1\.19-elasticsearch8 has no declared parameters for output:opensearch/);
        // Were the opensearch section given the elasticsearch output's version keys, 1.1.6 would not know them.
        const renamed = agentConfigModel(onLine(LINE_OPENSEARCH).logs)["output.conf"];
        const out = sectionsOf(renamed[1] as FluentdSection, "match")[0];
        out.body.push(param("verify_es_version_at_startup", false), param("default_elasticsearch_version", 8));
        assert.deepStrictEqual(undeclared("1.19-opensearch", renamed).sort(), [
            "<match output:opensearch>: default_elasticsearch_version",
            "<match output:opensearch>: verify_es_version_at_startup",
        ]);
    });

    describe("the config and the pod follow the line", () => {
        it("1.19-opensearch: the opensearch output, no mapping type key, OpenSearch 3 assumed without asking, the same document id and remove_keys", () => {
            const s = onLine(LINE_OPENSEARCH).logs;
            const output = lines(agentConfigFiles(s)["output.conf"]);
            for (const l of ["@type opensearch", "verify_os_version_at_startup false", "default_opensearch_version 3", "ssl_verify true", "id_key _hash", "remove_keys _hash,_text"]) {
                assert.ok(output.includes(l), `${l}\n${output.join("\n")}`);
            }
            assert.ok(!output.some((l) => /^(type_name|suppress_type_name|ssl_version|default_elasticsearch_version|verify_es_version_at_startup) /.test(l)), output.join("\n"));
            const es8 = agentConfigFiles(onLine(LINE_1_19).logs)["output.conf"];
            const idFilter = (text: string) => text.slice(text.indexOf("<filter **>"), text.indexOf("</filter>"));
            assert.strictEqual(idFilter(agentConfigFiles(s)["output.conf"]), idFilter(es8));
            const container = (daemonSet(s).spec as any).template.spec.containers[0];
            assert.strictEqual(container.image, "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1");
            assert.ok(container.env.some((e: any) => e.name === "FLUENTD_CONF" && e.value === "config.d/fluent.conf"));
        });


        it("1.19-elasticsearch8: no mapping type for Elasticsearch 8, version 8 assumed, TLS left to the plugin's 1.2 to 1.3", () => {
            const output = lines(agentConfigFiles(onLine(LINE_1_19).logs)["output.conf"]);
            assert.ok(output.includes("suppress_type_name true"), output.join("\n"));
            assert.ok(output.includes("default_elasticsearch_version 8"));
            assert.ok(output.includes("ssl_verify true"));
            assert.ok(!output.some((l) => /^(type_name|ssl_version) /.test(l)), output.join("\n"));
        });

        it("1.6.3 keeps type_name _doc, version 7 and ssl_version TLSv1_2", () => {
            const output = lines(agentConfigFiles(onLine(LOG_AGENT_RELEASES[0]).logs)["output.conf"]);
            for (const l of ["type_name _doc", "default_elasticsearch_version 7", "ssl_version TLSv1_2"]) {
                assert.ok(output.includes(l), l);
            }
            assert.ok(!output.includes("suppress_type_name true"));
        });

        it("1.19-elasticsearch8: the image loads the ConfigMap's entry file, which routes fluentd's own events and includes the six files in the add-on's glob order", () => {
            const s = onLine(LINE_1_19).logs;
            const files = agentConfigFiles(s);
            const [label, includes] = files["fluent.conf"].split("\n\n");
            assert.match(label, /^# .*\n<label @FLUENT_LOG>\n  <match fluent\.\*\*>\n    @id fluent_log\n    @type null\n  <\/match>\n<\/label>$/);
            assert.strictEqual(
                includes,
                ["containers.input.conf", "forward.input.conf", "monitoring.conf", "output.conf", "system.conf", "system.input.conf"].map((f) => `@include ${f}\n`).join(""),
            );
            const container = (daemonSet(s).spec as any).template.spec.containers[0];
            assert.strictEqual(container.image, "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-elasticsearch8-1.1");
            const env = Object.fromEntries(container.env.filter((e: any) => e.value !== undefined).map((e: any) => [e.name, e.value]));
            assert.deepStrictEqual(env, { FLUENTD_OPT: "--no-supervisor -q", FLUENTD_CONF: "config.d/fluent.conf" });
            const mount = container.volumeMounts.find((m: any) => m.name === "config-volume");
            // The start script runs fluentd -c /fluentd/etc/${FLUENTD_CONF}: the entry file must be at that path.
            assert.strictEqual(`/fluentd/etc/${env.FLUENTD_CONF}`, `${mount.mountPath}/fluent.conf`);
        });

        it("1.6.3 has no entry file (its image includes config.d/*.conf, which would load one twice)", () => {
            const s = onLine(LOG_AGENT_RELEASES[0]).logs;
            assert.deepStrictEqual(Object.keys(agentConfigFiles(s)).sort(), ["containers.input.conf", "forward.input.conf", "monitoring.conf", "output.conf", "system.conf", "system.input.conf"]);
            const container = (daemonSet(s).spec as any).template.spec.containers[0];
            assert.deepStrictEqual(container.env.filter((e: any) => e.value !== undefined).map((e: any) => e.name), ["FLUENTD_ARGS"]);
            assert.strictEqual(container.volumeMounts.find((m: any) => m.name === "config-volume").mountPath, "/etc/fluent/config.d");
        });

        it("a mirror of the 1.19 image is of that line when logs.release says so", () => {
            const s = onLine(LINE_1_19, { image: "registry.example.com/mirror/fluentd:1.19", release: "1.19-elasticsearch8" }).logs;
            assert.strictEqual(logAgentLineOf(s).line, "1.19-elasticsearch8");
            assert.ok(lines(agentConfigFiles(s)["output.conf"]).includes("suppress_type_name true"));
        });
    });

    describe("switching a stack between lines loses and duplicates nothing (docs/log-agent.md#switching-lines)", () => {
        const from = onLine(LOG_AGENT_RELEASES[0]).logs;
        const to = onLine(LINE_1_19).logs;
        const ds = (s: LogsSettings) => daemonSet(s) as any;

        it("the same DaemonSet, updated in place: same name, same labels and selector, one pod per node at a time", () => {
            for (const s of [from, to]) {
                assert.deepStrictEqual(ds(s).spec.updateStrategy, { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } }, "no maxSurge: a node's old pod is gone before its new one starts");
            }
            assert.strictEqual(ds(to).metadata.name, ds(from).metadata.name);
            assert.deepStrictEqual(ds(to).spec.selector, ds(from).spec.selector, "a changed selector would replace the DaemonSet (delete and create), not roll it");
        });

        it("the new line's pods find the old ones' positions, journal cursors and buffer: the same host paths", () => {
            const paths = (s: LogsSettings) => {
                const all = Object.values(agentConfigFiles(s)).join("\n");
                return [...all.matchAll(/^#?\s*(?:pos_file|path) (\/var\/lib\/\S+)$/gm)].map((m) => m[1]).sort();
            };
            assert.strictEqual(paths(from).length, 18, paths(from).join("\n"));
            assert.deepStrictEqual(paths(to), paths(from));
            const state = (s: LogsSettings) => ds(s).spec.template.spec.volumes.find((v: any) => v.name === "fluentd-state").hostPath;
            assert.deepStrictEqual(state(to), state(from));
        });

        it("a line read again across the switch gets the same document id: the inputs, the container chain and the id filter are the same, on the opensearch line too", () => {
            const a = agentConfigFiles(from);
            for (const b of [agentConfigFiles(to), agentConfigFiles(onLine(LINE_OPENSEARCH).logs)]) {
                for (const key of ["containers.input.conf", "system.input.conf", "forward.input.conf", "monitoring.conf", "system.conf"]) {
                    assert.strictEqual(b[key], a[key], key);
                }
                const idFilter = (text: string) => text.slice(text.indexOf("<filter **>"), text.indexOf("</filter>"));
                assert.strictEqual(idFilter(b["output.conf"]), idFilter(a["output.conf"]));
            }
        });

        it("the opensearch line keeps the DaemonSet's name, selector, host paths and rollout, as the elasticsearch8 line does", () => {
            const os = onLine(LINE_OPENSEARCH).logs;
            assert.strictEqual(ds(os).metadata.name, ds(from).metadata.name);
            assert.deepStrictEqual(ds(os).spec.selector, ds(from).spec.selector);
            assert.deepStrictEqual(ds(os).spec.updateStrategy, ds(from).spec.updateStrategy);
            const state = (s: LogsSettings) => ds(s).spec.template.spec.volumes.find((v: any) => v.name === "fluentd-state").hostPath;
            assert.deepStrictEqual(state(os), state(from));
        });
    });

    describe("bad input: a line that cannot work is refused at load, naming the key", () => {
        const withLogs = (logs: Record<string, unknown>, store?: Record<string, unknown>) => {
            const c = requiredConfig();
            c.logs = { ...(c.logs ?? {}), ...logs };
            if (store) {
                c.searchStore = store;
            }
            return c;
        };

        it("the 1.19 line with the in-cluster OSS store: logs.image, naming the store and the client's product check", () => {
            const p = problemAt(problemsOfConfig(withLogs({ image: LINE_1_19.image }, { enabled: true })), "cluster-monitoring:logs.image");
            assert.match(p.expected, /X-Elastic-Product/);
            assert.match(p.expected, /searchStore\.enabled is true/);
        });

        it("a mirror stated as the 1.19 line with the in-cluster store: logs.release", () => {
            problemAt(problemsOfConfig(withLogs({ image: "registry.example.com/fluentd:mine", release: "1.19-elasticsearch8" }, { enabled: true })), "cluster-monitoring:logs.release");
        });

        it("a release that contradicts the image's tag: logs.release", () => {
            const p = problemAt(problemsOfConfig(withLogs({ image: LINE_1_19.image, release: "1.6.3", search: HOSTED }), SECRETS), "cluster-monitoring:logs.release");
            assert.match(p.expected, /^1\.19-elasticsearch8, the line of image/);
        });

        it("a release stated for another line's image repository (a newer add-on image as line 1.19): logs.release", () => {
            const p = problemAt(
                problemsOfConfig(withLogs({ image: "quay.io/fluentd_elasticsearch/fluentd:v3.0.2", release: "1.19-elasticsearch8", search: HOSTED }), SECRETS),
                "cluster-monitoring:logs.release",
            );
            assert.match(p.expected, /^1\.6\.3, the line of image/);
        });

        it("a daemonset image of a flavour or version no line has: logs.image", () => {
            for (const image of ["fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-elasticsearch7-1.1", "fluent/fluentd-kubernetes-daemonset:v1.16.10-debian-elasticsearch8-1.0"]) {
                problemAt(problemsOfConfig(withLogs({ image, search: HOSTED }), SECRETS), "cluster-monitoring:logs.image");
            }
        });

        it("the opensearch line with the in-cluster Elasticsearch OSS store: logs.image, naming the store and the output", () => {
            const p = problemAt(problemsOfConfig(withLogs({ image: LINE_OPENSEARCH.image }, { enabled: true })), "cluster-monitoring:logs.image");
            assert.match(p.expected, /OpenSearch output/);
            assert.match(p.expected, /searchStore\.enabled is true/);
            assert.match(p.expected, /line 1\.6\.3/);
        });

        it("a release stated as the opensearch line for the elasticsearch8 image: logs.release", () => {
            const p = problemAt(problemsOfConfig(withLogs({ image: LINE_1_19.image, release: "1.19-opensearch", search: HOSTED }), SECRETS), "cluster-monitoring:logs.release");
            assert.match(p.expected, /^1\.19-elasticsearch8, the line of image/);
        });

        it("ssl_version on the opensearch line, whose plugin ignores it too: logs.search.sslVersion", () => {
            const p = problemAt(problemsOfConfig(withLogs({ image: LINE_OPENSEARCH.image, search: { ...HOSTED, sslVersion: "TLSv1_2" } }), SECRETS), "cluster-monitoring:logs.search.sslVersion");
            assert.match(p.expected, /^nothing on line 1\.19-opensearch/);
        });

        it("ssl_version on the 1.19 line, whose plugin ignores it: logs.search.sslVersion", () => {
            const p = problemAt(problemsOfConfig(withLogs({ image: LINE_1_19.image, search: { ...HOSTED, sslVersion: "TLSv1_2" } }), SECRETS), "cluster-monitoring:logs.search.sslVersion");
            assert.match(p.expected, /^nothing on line 1\.19-elasticsearch8/);
        });

        it("the 1.6.3 line still takes the in-cluster store and an ssl_version", () => {
            assert.doesNotThrow(() => loadStackSettings(plainConfigSource(withLogs({}, { enabled: true }))));
            assert.doesNotThrow(() => loadStackSettings(plainConfigSource(withLogs({ search: { ...HOSTED, sslVersion: "TLSv1_1" } }), SECRETS)));
        });
    });
});
