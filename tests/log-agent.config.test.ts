import * as assert from "assert";
import { LogAgent } from "../components/log-agent";
import { agentConfigModel } from "../components/log-agent/config-map";
import { DOCUMENT_ID_EXPRESSION } from "../components/log-agent/document-id";
import { CRI_LINE_PATTERN, JSON_TEXT_EXPRESSION, UNPARSED_TEXT_EXPRESSION } from "../components/log-agent/containers-input";
import { FluentdNode, paramOf } from "../components/log-agent/fluentd-model";
import { renderFluentd } from "../components/log-agent/fluentd-serializer";
import { Settings } from "../config";
import { captureResources, findOne } from "./harness/pulumi-mocks";
import { settingsWith } from "./harness/stack-config";
import { EXISTING_NAMESPACES } from "./harness/namespaces";

const CONFIG_MAP = "kubernetes:core/v1:ConfigMap";

/** The ConfigMap data as the engine receives it from a LogAgent built with these settings. */
async function configFiles(settings: Settings = settingsWith()): Promise<Record<string, string>> {
    const resources = await captureResources(() => new LogAgent("log-agent", { settings: settings.logs, namespaces: EXISTING_NAMESPACES }));
    return findOne(resources, CONFIG_MAP, settings.logs.configMapName).inputs.data;
}

/**
 * The lines of the directive that carries `@id <id>` (at any depth, such as inside a <label>),
 * without indentation, so a test checks a setting inside the directive it belongs to rather than
 * anywhere in the file.
 */
function directive(file: string, id: string): string[] {
    const blocks: string[][] = [];
    const open: number[] = [];
    const lines = file.split("\n");
    lines.forEach((line, i) => {
        if (/^\s*<[a-z]/.test(line)) {
            open.push(i);
        } else if (/^\s*<\/[a-z]+>$/.test(line)) {
            blocks.push(lines.slice(open.pop()!, i + 1));
        }
    });
    const found = blocks.filter((b) => b[1]?.trim() === `@id ${id}`);
    assert.strictEqual(found.length, 1, `expected one directive with @id ${id}, found ${found.length} in:\n${file}`);
    return found[0].map((l) => l.trim());
}

/** Asserts that `expected` lines appear in this order (other lines may sit between them). */
function assertInOrder(lines: string[], expected: string[]): void {
    let from = 0;
    for (const want of expected) {
        const at = lines.indexOf(want, from);
        assert.ok(at >= 0, `expected line ${JSON.stringify(want)} after line ${from} in:\n${lines.join("\n")}`);
        from = at + 1;
    }
}

describe("log agent: config files (docs/design.md#log-agent-configuration)", () => {
    let files: Record<string, string>;
    before(async () => {
        files = await configFiles();
    });

    it("has exactly the six keys of the spec, all ending in .conf", () => {
        assert.deepStrictEqual(Object.keys(files).sort(), [
            "containers.input.conf",
            "forward.input.conf",
            "monitoring.conf",
            "output.conf",
            "system.conf",
            "system.input.conf",
        ]);
    });

    it("system.conf: root_dir for buffers", () => {
        assert.strictEqual(files["system.conf"], "<system>\n  root_dir /tmp/fluentd-buffers/\n</system>\n");
    });

    describe("containers.input.conf", () => {
        it("container log input: id, type, path, pos_file, exclude_path, tag, read_from_head", () => {
            const lines = directive(files["containers.input.conf"], "fluentd-containers.log");
            assert.strictEqual(lines[0], "<source>");
            assertInOrder(lines, [
                "@id fluentd-containers.log",
                "@type tail",
                "path /var/log/containers/*.log",
                "pos_file /var/lib/cluster-monitoring/kube-system/fluentd-es/es-containers.log.pos",
                'exclude_path ["/var/log/containers/fluentd-es-v2.7.0-*_kube-system_*.log"]',
                "tag raw.kubernetes.*",
                "read_from_head true",
            ]);
        });

        it("parser: multi_format with JSON, then CRI text, each with its time format", () => {
            const lines = directive(files["containers.input.conf"], "fluentd-containers.log");
            assertInOrder(lines, [
                "<parse>",
                "@type multi_format",
                "<pattern>",
                "format json",
                "time_key time",
                "time_format %Y-%m-%dT%H:%M:%S.%NZ",
                "</pattern>",
                "<pattern>",
                `format ${CRI_LINE_PATTERN}`,
                "time_format %Y-%m-%dT%H:%M:%S.%N%:z",
                "</pattern>",
                "</parse>",
            ]);
        });

        it("the CRI pattern reads time, stream, the partial-line flag and log", () => {
            const lines = directive(files["containers.input.conf"], "fluentd-containers.log");
            const format = lines.find((l) => l.startsWith("format /"))!.slice("format ".length);
            const regexp = new RegExp(format.slice(1, -1));
            const m = regexp.exec("2016-02-17T00:04:05.931087621Z stdout F [info] Some log text here");
            assert.deepStrictEqual({ ...m!.groups }, {
                time: "2016-02-17T00:04:05.931087621Z",
                stream: "stdout",
                logtag: "F",
                log: "[info] Some log text here",
            });
        });

        it("filter 1: concat joins CRI partial lines on raw.kubernetes.** only, shipping a part that waits too long", () => {
            assert.deepStrictEqual(directive(files["containers.input.conf"], "filter_concat"), [
                "<filter raw.kubernetes.**>",
                "@id filter_concat",
                "@type concat",
                "key log",
                "partial_key logtag",
                "partial_value P",
                'separator ""',
                "stream_identity_key stream",
                "use_first_timestamp true",
                "flush_interval 5",
                "timeout_label @SEARCH_OUTPUT",
                "</filter>",
            ]);
        });

        it("filter 2: every container line ends with a line break before exceptions are joined", () => {
            assert.deepStrictEqual(directive(files["containers.input.conf"], "filter_line_break"), [
                "<filter raw.kubernetes.**>",
                "@id filter_line_break",
                "@type record_transformer",
                "enable_ruby true",
                "<record>",
                'log ${record["log"].end_with?("\\n") ? record["log"] : record["log"] + "\\n"}',
                "</record>",
                "</filter>",
            ]);
        });

        it("filter 3: detect_exceptions on raw.kubernetes.** with its settings", () => {
            const lines = directive(files["containers.input.conf"], "raw.kubernetes");
            assert.deepStrictEqual(lines, [
                "<match raw.kubernetes.**>",
                "@id raw.kubernetes",
                "@type detect_exceptions",
                "remove_tag_prefix raw",
                "message log",
                "stream stream",
                "multiline_flush_interval 5",
                "max_bytes 500000",
                "max_lines 1000",
                "</match>",
            ]);
        });

        it("filter 4: kubernetes_metadata on kubernetes.**", () => {
            assert.deepStrictEqual(directive(files["containers.input.conf"], "filter_kubernetes_metadata"), [
                "<filter kubernetes.**>",
                "@id filter_kubernetes_metadata",
                "@type kubernetes_metadata",
                "</filter>",
            ]);
        });

        it("filters 5 to 8: a JSON object line's keys under payload., any other line as message, each step keeping the record", () => {
            const text = files["containers.input.conf"];
            assert.deepStrictEqual(directive(text, "filter_payload_split"), [
                "<filter kubernetes.**>",
                "@id filter_payload_split",
                "@type record_transformer",
                "enable_ruby true",
                "<record>",
                `_hash \${${DOCUMENT_ID_EXPRESSION}}`,
                `_json \${${JSON_TEXT_EXPRESSION}}`,
                `_text \${${UNPARSED_TEXT_EXPRESSION}}`,
                "</record>",
                "remove_keys log",
                "</filter>",
            ]);
            assert.deepStrictEqual(directive(text, "filter_parser"), [
                "<filter kubernetes.**>",
                "@id filter_parser",
                "@type parser",
                "key_name _json",
                "reserve_data true",
                "reserve_time true",
                "remove_key_name_field true",
                "emit_invalid_record_to_error false",
                "inject_key_prefix payload.",
                "<parse>",
                "@type multi_format",
                "<pattern>",
                "format json",
                "keep_time_key true",
                "</pattern>",
                "</parse>",
                "</filter>",
            ]);
            assert.deepStrictEqual(directive(text, "filter_payload_fallback"), [
                "<filter kubernetes.**>",
                "@id filter_payload_fallback",
                "@type record_transformer",
                "enable_ruby true",
                "<record>",
                '_text ${record["_text"] || record["_json"]}',
                "</record>",
                "remove_keys _json",
                "</filter>",
            ]);
            assert.deepStrictEqual(directive(text, "filter_message"), [
                "<filter kubernetes.**>",
                "@id filter_message",
                "@type parser",
                "key_name _text",
                "reserve_data true",
                "reserve_time true",
                "remove_key_name_field true",
                "emit_invalid_record_to_error false",
                "<parse>",
                "@type none",
                "</parse>",
                "</filter>",
            ]);
        });

        it("runs the filter chain in order: partial lines joined before exceptions are detected", () => {
            const text = files["containers.input.conf"];
            const order = [
                "@id fluentd-containers.log",
                "@id filter_concat",
                "@id filter_line_break",
                "@id raw.kubernetes",
                "@id filter_kubernetes_metadata",
                "@id filter_payload_split",
                "@id filter_parser",
                "@id filter_payload_fallback",
                "@id filter_message",
            ].map(
                (id) => text.indexOf(id),
            );
            assert.ok(order.every((at) => at >= 0), "every step is present");
            assert.deepStrictEqual([...order].sort((a, b) => a - b), order);
        });
    });

    describe("system.input.conf", () => {
        it("salt minion: tail, path, regex with time, severity and message, time_format, tag, pos file", () => {
            const lines = directive(files["system.input.conf"], "minion");
            assert.strictEqual(lines[0], "<source>");
            assertInOrder(lines, ["@id minion", "@type tail", "<parse>", "@type regexp"]);
            const expression = lines.find((l) => l.startsWith("expression "))!;
            for (const field of ["time", "severity", "message"]) {
                assert.ok(expression.includes(`(?<${field}>`), `the regex captures ${field}`);
            }
            const regexp = new RegExp(expression.slice("expression /".length, -1));
            const m = regexp.exec("2015-12-21 23:17:22,066 [salt.state       ][INFO    ] Completed state [net.ipv4.ip_forward]");
            assert.strictEqual(m?.groups?.severity, "INFO");
            assert.strictEqual(m?.groups?.time, "2015-12-21 23:17:22");
            for (const line of ["time_format %Y-%m-%d %H:%M:%S", "path /var/log/salt/minion", "pos_file /var/lib/cluster-monitoring/kube-system/fluentd-es/salt.pos", "tag salt"]) {
                assert.ok(lines.includes(line), `minion has ${line}`);
            }
        });

        const journals: [string, string, string, string][] = [
            ["journald-docker", '[{"_SYSTEMD_UNIT":"docker.service"}]', "docker", "/var/lib/cluster-monitoring/kube-system/fluentd-es/journald-docker.pos"],
            ["journald-container-runtime", '[{"_SYSTEMD_UNIT":"containerd.service"}]', "container-runtime", "/var/lib/cluster-monitoring/kube-system/fluentd-es/journald-container-runtime.pos"],
            ["journald-kubelet", '[{"_SYSTEMD_UNIT":"kubelet.service"}]', "kubelet", "/var/lib/cluster-monitoring/kube-system/fluentd-es/journald-kubelet.pos"],
            [
                "journald-node-problem-detector",
                '[{"_SYSTEMD_UNIT":"node-problem-detector.service"}]',
                "node-problem-detector",
                "/var/lib/cluster-monitoring/kube-system/fluentd-es/journald-node-problem-detector.pos",
            ],
            ["kernel", '[{"_TRANSPORT":"kernel"}]', "kernel", "/var/lib/cluster-monitoring/kube-system/fluentd-es/kernel.pos"],
        ];
        for (const [id, matches, tag, pos] of journals) {
            it(`${id}: systemd, selection, tag ${tag}, persistent pos file ${pos}, read_from_head`, () => {
                const lines = directive(files["system.input.conf"], id);
                assertInOrder(lines, [`@id ${id}`, "@type systemd", `matches ${matches}`]);
                assertInOrder(lines, ["<storage>", "@type local", "persistent true", `path ${pos}`, "</storage>"]);
                assert.ok(lines.includes("read_from_head true"));
                assert.ok(lines.includes(`tag ${tag}`));
            });
        }

        it("every position file and journal cursor, disabled inputs' too, is in the state directory, none under the read-only /var/log", () => {
            const all = Object.values(files).join("\n");
            const positions = [...all.matchAll(/(?:pos_file|path) (\S+\.pos)\b/g)].map((m) => m[1]);
            assert.strictEqual(positions.length, 17, positions.join("\n"));
            for (const p of positions) {
                assert.ok(p.startsWith("/var/lib/cluster-monitoring/kube-system/fluentd-es/"), p);
            }
        });

        it("every file input, the disabled ones too, reads a file from its start when it has no position yet", () => {
            const tails: string[][] = [];
            for (const [key, file] of Object.entries(agentConfigModel(settingsWith().logs))) {
                const walk = (n: FluentdNode, shipped: boolean): void => {
                    if (n.kind === "disabled") {
                        walk(n.section, false);
                    } else if (n.kind === "section") {
                        const type = paramOf(n, "@type")?.value;
                        if (n.name === "source" && type?.kind === "text" && type.text === "tail") {
                            const lines = renderFluentd([n]).split("\n").map((l) => l.trim());
                            tails.push(lines);
                            assert.ok(lines.includes("read_from_head true"), `${key} ${shipped ? "" : "(disabled) "}${lines[1]} has read_from_head true`);
                            assert.ok(lines.some((l) => l.startsWith("pos_file /var/lib/cluster-monitoring/")), `${lines[1]} keeps a position file`);
                        }
                        n.body.forEach((c) => walk(c, shipped));
                    }
                };
                file.forEach((n) => walk(n, true));
            }
            // the container input, salt, and the ten disabled file inputs
            assert.strictEqual(tails.length, 12, tails.map((t) => t[1]).join(", "));
            for (const id of ["fluentd-containers.log", "minion"]) {
                assert.ok(directive(files[id === "minion" ? "system.input.conf" : "containers.input.conf"], id).includes("read_from_head true"), id);
            }
        });

        it("kernel: strips underscores and lowercases field names", () => {
            assertInOrder(directive(files["system.input.conf"], "kernel"), [
                "<entry>",
                "fields_strip_underscores true",
                "fields_lowercase true",
                "</entry>",
            ]);
        });

        it("reads the container runtime unit from the setting", async () => {
            const crio = await configFiles(settingsWith({ logs: { containerRuntimeService: "crio" } }));
            assert.ok(directive(crio["system.input.conf"], "journald-container-runtime").includes('matches [{"_SYSTEMD_UNIT":"crio.service"}]'));
            assert.ok(!crio["system.input.conf"].includes("containerd.service"));
        });

        it("keeps the ten disabled inputs only as comments", () => {
            const text = files["system.input.conf"];
            const disabled = [
                "startupscript.log",
                "docker.log",
                "etcd.log",
                "kubelet.log",
                "kube-proxy.log",
                "kube-apiserver.log",
                "kube-controller-manager.log",
                "kube-scheduler.log",
                "glbc.log",
                "cluster-autoscaler.log",
            ];
            for (const id of disabled) {
                const lines = text.split("\n").filter((l) => l.includes(`@id ${id}`));
                assert.deepStrictEqual(lines, [`#   @id ${id}`], `${id} appears once, commented out`);
            }
            const active = text.split("\n").filter((l) => /^\s*@id /.test(l)).map((l) => l.trim());
            assert.deepStrictEqual(active, [
                "@id minion",
                "@id journald-docker",
                "@id journald-container-runtime",
                "@id journald-kubelet",
                "@id journald-node-problem-detector",
                "@id kernel",
            ]);
        });
    });

    it("forward.input.conf: one forward input with id forward", () => {
        assert.strictEqual(files["forward.input.conf"], "<source>\n  @id forward\n  @type forward\n</source>\n");
    });

    describe("monitoring.conf", () => {
        it("has the five metric inputs in order, ids equal to types", () => {
            const ids = files["monitoring.conf"].split("\n").filter((l) => l.startsWith("  @id ")).map((l) => l.trim());
            const types = files["monitoring.conf"].split("\n").filter((l) => l.startsWith("  @type ")).map((l) => l.trim());
            const expected = ["prometheus", "monitor_agent", "prometheus_monitor", "prometheus_output_monitor", "prometheus_tail_monitor"];
            assert.deepStrictEqual(ids, expected.map((t) => `@id ${t}`));
            assert.deepStrictEqual(types, expected.map((t) => `@type ${t}`));
        });

        it("labels the last three with host ${hostname}, and only those", () => {
            for (const id of ["prometheus_monitor", "prometheus_output_monitor", "prometheus_tail_monitor"]) {
                assertInOrder(directive(files["monitoring.conf"], id), ["<labels>", "host ${hostname}", "</labels>"]);
            }
            for (const id of ["prometheus", "monitor_agent"]) {
                assert.ok(!directive(files["monitoring.conf"], id).includes("<labels>"));
            }
        });

        it("serves metrics on 24231, the port the DaemonSet exposes", () => {
            assert.ok(directive(files["monitoring.conf"], "prometheus").includes("port 24231"));
        });
    });

    describe("output.conf", () => {
        it("matches ** with id and type elasticsearch and every output row of the spec", () => {
            const lines = directive(files["output.conf"], "elasticsearch");
            assert.strictEqual(lines[0], "<match **>");
            assertInOrder(lines, [
                "@id elasticsearch",
                "@type elasticsearch",
                "@log_level info",
                "type_name _doc",
                "include_tag_key true",
                "host elasticsearch-logging",
                "port 9200",
                "scheme http",
                "logstash_format true",
            ]);
        });

        it("sends every record to the output label, where each gets a document id before the buffer", () => {
            assert.deepStrictEqual(directive(files["output.conf"], "search_output"), ["<match **>", "@id search_output", "@type relabel", "@label @SEARCH_OUTPUT", "</match>"]);
            assert.deepStrictEqual(directive(files["output.conf"], "filter_document_id"), [
                "<filter **>",
                "@id filter_document_id",
                "@type record_transformer",
                "enable_ruby true",
                "<record>",
                `_hash \${${DOCUMENT_ID_EXPRESSION}}`,
                "</record>",
                "</filter>",
            ]);
            assertInOrder(directive(files["output.conf"], "elasticsearch"), ["id_key _hash", "remove_keys _hash,_text", "<buffer>"]);
        });

        it("starts without asking the store for its version, and never swaps the host for sniffed node addresses", () => {
            assertInOrder(directive(files["output.conf"], "elasticsearch"), [
                "verify_es_version_at_startup false",
                "default_elasticsearch_version 7",
                "reconnect_on_error true",
                "reload_connections false",
            ]);
        });

        it("has every buffer row of the spec, with the 2M chunk and a total limit", () => {
            const lines = directive(files["output.conf"], "elasticsearch");
            assertInOrder(lines, [
                "<buffer>",
                "@type file",
                "path /var/lib/cluster-monitoring/kube-system/fluentd-es/fluentd-buffers/kubernetes.system.buffer",
                "flush_at_shutdown false",
                "flush_mode interval",
                "flush_interval 5s",
                "flush_thread_count 2",
                "retry_type exponential_backoff",
                "retry_forever",
                "retry_max_interval 30",
                "chunk_limit_size 2M",
                "queue_limit_length 8",
                "total_limit_size 16M",
                "overflow_action block",
                "</buffer>",
            ]);
        });

        it("writes no user, password or TLS setting by default", () => {
            const lines = directive(files["output.conf"], "elasticsearch");
            assert.ok(!lines.some((l) => /^(user|password|ssl_verify|ssl_version) /.test(l)), lines.join("\n"));
        });

        it("speaks TLS 1.2 to an https search store by default, not the plugin's TLSv1", async () => {
            const https = settingsWith({ logs: { search: { host: "es.example.com", scheme: "https" } } });
            const lines = directive((await configFiles(https))["output.conf"], "elasticsearch");
            assertInOrder(lines, ["scheme https", "ssl_verify true", "ssl_version TLSv1_2"]);
            const pinned = settingsWith({ logs: { search: { host: "es.example.com", scheme: "https", sslVersion: "TLSv1_1" } } });
            assert.ok(directive((await configFiles(pinned))["output.conf"], "elasticsearch").includes("ssl_version TLSv1_1"));
        });

        it("takes host, port, scheme, TLS verification, user, log level and buffer values from settings", async () => {
            const s = settingsWith(
                {
                    logs: {
                        search: { host: "es.example.com", port: 443, scheme: "https", sslVerify: false, user: "fluentd" },
                        logLevel: "debug",
                        buffer: {
                            flushInterval: "10s",
                            flushThreadCount: 4,
                            retryMaxInterval: "1m",
                            chunkLimitSize: "8M",
                            queueLimitLength: 32,
                            overflowAction: "drop_oldest_chunk",
                        },
                    },
                },
                { searchPassword: "hunter2-password" },
            );
            const lines = directive((await configFiles(s))["output.conf"], "elasticsearch");
            assertInOrder(lines, [
                "@log_level debug",
                "host es.example.com",
                "port 443",
                "scheme https",
                "ssl_verify false",
                "ssl_version TLSv1_2",
                'user "fluentd"',
                `password "#{ENV['OUTPUT_PASSWORD']}"`,
                "flush_interval 10s",
                "flush_thread_count 4",
                "retry_max_interval 1m",
                "chunk_limit_size 8M",
                "queue_limit_length 32",
                "total_limit_size 256M",
                "overflow_action drop_oldest_chunk",
            ]);
        });

        it("writes only total_limit_size when a stack sets it alone, so fluentd does not override it", async () => {
            const lines = directive(
                (await configFiles(settingsWith({ logs: { buffer: { totalLimitSize: "512M" } } })))["output.conf"],
                "elasticsearch",
            );
            assert.ok(lines.includes("total_limit_size 512M"));
            assert.ok(!lines.some((l) => l.startsWith("queue_limit_length")));
        });
    });

    describe("a renamed agent", () => {
        it("excludes its own log files, derived from the new DaemonSet name and namespace", async () => {
            const renamed = await configFiles(settingsWith({ logs: { daemonSetName: "log-shipper", namespace: "logging" } }));
            const lines = directive(renamed["containers.input.conf"], "fluentd-containers.log");
            assert.ok(lines.includes('exclude_path ["/var/log/containers/log-shipper-*_logging_*.log"]'), lines.join("\n"));
            assert.ok(!renamed["containers.input.conf"].includes("fluentd-es-v2.7.0"), "no trace of the default DaemonSet name");
            assert.ok(!renamed["containers.input.conf"].includes("kube-system"), "no trace of the default namespace");
        });

        it("keeps its positions and buffer in a state directory of its own, by namespace and ServiceAccount", async () => {
            const renamed = await configFiles(settingsWith({ logs: { namespace: "logging", serviceAccountName: "log-shipper" } }));
            const dir = "/var/lib/cluster-monitoring/logging/log-shipper";
            assert.ok(directive(renamed["containers.input.conf"], "fluentd-containers.log").includes(`pos_file ${dir}/es-containers.log.pos`));
            assert.ok(directive(renamed["system.input.conf"], "kernel").includes(`path ${dir}/kernel.pos`));
            assert.ok(directive(renamed["output.conf"], "elasticsearch").includes(`path ${dir}/fluentd-buffers/kubernetes.system.buffer`));
        });

        it("the exclude glob matches the agent's own log file and not another pod's", async () => {
            const renamed = await configFiles(settingsWith({ logs: { daemonSetName: "log-shipper" } }));
            const line = directive(renamed["containers.input.conf"], "fluentd-containers.log").find((l) => l.startsWith("exclude_path "))!;
            const [glob] = JSON.parse(line.slice("exclude_path ".length)) as string[];
            const regexp = new RegExp(`^${glob.split("*").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")}$`);
            const id = "997599971ee6366d4a5920d25b79286ad45ff37a74494f262e3bc98d909d0a7b";
            assert.ok(regexp.test(`/var/log/containers/log-shipper-x7k2p_kube-system_fluentd-es-${id}.log`));
            assert.ok(!regexp.test(`/var/log/containers/fluentd-es-v2.7.0-x7k2p_kube-system_fluentd-es-${id}.log`));
            assert.ok(!regexp.test(`/var/log/containers/log-shipper-x7k2p_default_app-${id}.log`));
        });
    });
});
