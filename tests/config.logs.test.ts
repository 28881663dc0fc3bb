import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { ConfigError, ConfigProblem, plainConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import "./harness/pulumi-mocks";
import { requiredConfig, settingsWith } from "./harness/stack-config";

const PASSWORD = "s3cr3t-Pa55word";

/** The problems a stack config produces; fails the test when it loads cleanly. */
function problemsOf(logs: unknown, secrets: Record<string, string> = {}): ConfigProblem[] {
    const config = { ...requiredConfig(), logs };
    try {
        loadSettings(plainConfigSource(config, secrets));
    } catch (e) {
        assert.ok(e instanceof ConfigError, `expected a ConfigError, got ${e}`);
        return e.problems;
    }
    assert.fail("expected the stack config to be rejected");
}

function problemAt(problems: ConfigProblem[], key: string): ConfigProblem {
    const found = problems.filter((p) => p.key === key);
    assert.strictEqual(found.length, 1, `expected one problem at ${key}, got: ${JSON.stringify(problems)}`);
    return found[0];
}

function messageOf(logs: unknown, secrets: Record<string, string> = {}): string {
    const config = { ...requiredConfig(), logs };
    try {
        loadSettings(plainConfigSource(config, secrets));
    } catch (e) {
        return (e as Error).message;
    }
    assert.fail("expected the stack config to be rejected");
}

describe("config: logs", () => {
    describe("defaults", () => {
        const s = settingsWith().logs;

        it("names the resources as the spec and the upstream add-on do", () => {
            assert.strictEqual(s.namespace, "kube-system");
            assert.strictEqual(s.daemonSetName, "fluentd-es-v2.7.0");
            assert.strictEqual(s.configMapName, "log-agent-config-v0.2.0");
            assert.strictEqual(s.serviceAccountName, "fluentd-es");
            assert.strictEqual(s.image, "quay.io/fluentd_elasticsearch/fluentd:v2.7.0");
            assert.deepStrictEqual(s.labels, { "k8s-app": "fluentd-es", version: "v2.7.0" });
        });

        it("uses the spec's search store, log level and runtime defaults", () => {
            assert.deepStrictEqual(s.search, { host: "elasticsearch-logging", port: 9200, scheme: "http", sslVerify: true, allowPlaintextCredentials: false });
            assert.strictEqual(s.logLevel, "info");
            assert.strictEqual(s.containerRuntimeService, "containerd");
        });

        it("uses the spec's buffer values, except a 2M chunk, and derives the total limit", () => {
            assert.deepStrictEqual(s.buffer, {
                flushInterval: "5s",
                flushThreadCount: 2,
                retryMaxInterval: "30",
                chunkLimitSize: "2M",
                queueLimitLength: 8,
                totalLimitSize: "16M",
                overflowAction: "block",
            });
        });

        it("tolerates both control-plane taints so master machines are watched too", () => {
            assert.deepStrictEqual(s.tolerations, [
                { key: "node-role.kubernetes.io/master", operator: "Exists", effect: "NoSchedule" },
                { key: "node-role.kubernetes.io/control-plane", operator: "Exists", effect: "NoSchedule" },
            ]);
        });

        it("uses the add-on's resources", () => {
            assert.deepStrictEqual(s.resources, { cpuRequest: "100m", memoryRequest: "200Mi", memoryLimit: "500Mi", cpuLimit: undefined });
        });

        it("takes CPU written as a YAML number, as Kubernetes does (cpuLimit: 1)", () => {
            const r = settingsWith({ logs: { search: { host: "elasticsearch-logging" }, resources: { cpuRequest: 0.5, cpuLimit: 1 } } }).logs.resources;
            assert.strictEqual(r.cpuRequest, "0.5");
            assert.strictEqual(r.cpuLimit, "1");
        });
    });

    describe("overrides", () => {
        it("reads every search setting", () => {
            const s = settingsWith(
                { logs: { search: { host: "es.example.com", port: 443, scheme: "https", sslVerify: false, user: "fluentd" } } },
                { searchPassword: PASSWORD },
            ).logs;
            assert.strictEqual(s.search.host, "es.example.com");
            assert.strictEqual(s.search.port, 443);
            assert.strictEqual(s.search.scheme, "https");
            assert.strictEqual(s.search.sslVerify, false);
            assert.strictEqual(s.search.user, "fluentd");
            assert.ok(s.search.password);
        });

        it("keeps the password a Pulumi secret", async () => {
            const s = settingsWith({ logs: { search: { host: "es", scheme: "https", user: "fluentd" } } }, { searchPassword: PASSWORD }).logs;
            assert.strictEqual(await pulumi.isSecret(s.search.password!), true);
        });

        it("reads every buffer setting, with durations given as numbers", () => {
            const s = settingsWith({
                logs: {
                    buffer: {
                        flushInterval: "10s",
                        flushThreadCount: 4,
                        retryMaxInterval: 60,
                        chunkLimitSize: "8M",
                        queueLimitLength: 16,
                        overflowAction: "drop_oldest_chunk",
                    },
                },
            }).logs;
            assert.deepStrictEqual(s.buffer, {
                flushInterval: "10s",
                flushThreadCount: 4,
                retryMaxInterval: "60",
                chunkLimitSize: "8M",
                queueLimitLength: 16,
                totalLimitSize: "128M",
                overflowAction: "drop_oldest_chunk",
            });
        });

        it("accepts a chunk of exactly 100M, the spec's demo value", () => {
            assert.strictEqual(settingsWith({ logs: { buffer: { chunkLimitSize: "100M" } } }).logs.buffer.chunkLimitSize, "100M");
        });

        it("drops queue_limit_length when only totalLimitSize is given, because fluentd would override the total", () => {
            const b = settingsWith({ logs: { buffer: { totalLimitSize: "512M" } } }).logs.buffer;
            assert.strictEqual(b.totalLimitSize, "512M");
            assert.strictEqual(b.queueLimitLength, undefined);
        });

        it("accepts both limits when they agree", () => {
            const b = settingsWith({ logs: { buffer: { chunkLimitSize: "4M", queueLimitLength: 4, totalLimitSize: "16M" } } }).logs.buffer;
            assert.strictEqual(b.totalLimitSize, "16M");
            assert.strictEqual(b.queueLimitLength, 4);
        });

        it("accepts an empty toleration list, meaning untainted nodes only", () => {
            assert.deepStrictEqual(settingsWith({ logs: { tolerations: [] } }).logs.tolerations, []);
        });

        it("reads a renamed agent and runtime", () => {
            const s = settingsWith({ logs: { daemonSetName: "log-shipper", containerRuntimeService: "crio" } }).logs;
            assert.strictEqual(s.daemonSetName, "log-shipper");
            assert.strictEqual(s.containerRuntimeService, "crio");
        });
    });

    describe("validation", () => {
        it("rejects a missing search host, naming the full key", () => {
            const p = problemAt(problemsOf({ search: { port: 9200 } }), "cluster-monitoring:logs.search.host");
            assert.match(p.expected, /required/);
        });

        it("rejects a missing logs key, because the search host is required", () => {
            const config = requiredConfig();
            delete config.logs;
            assert.throws(() => loadSettings(plainConfigSource(config)), /cluster-monitoring:logs\.search\.host: got nothing/);
        });

        it("rejects a bad port with the value and the range", () => {
            const message = messageOf({ search: { host: "es", port: 70000 } });
            assert.match(message, /cluster-monitoring:logs\.search\.port: got 70000, expected an integer from 1 to 65535/);
        });

        it("rejects a port given as text", () => {
            problemAt(problemsOf({ search: { host: "es", port: "9200" } }), "cluster-monitoring:logs.search.port");
        });

        it("rejects a bad scheme", () => {
            const p = problemAt(problemsOf({ search: { host: "es", scheme: "ftp" } }), "cluster-monitoring:logs.search.scheme");
            assert.match(p.expected, /http, https/);
        });

        it("rejects a host that is not a host name", () => {
            problemAt(problemsOf({ search: { host: "http://es:9200" } }), "cluster-monitoring:logs.search.host");
        });

        it("rejects a bad size and says what a fluentd size looks like", () => {
            const message = messageOf({ search: { host: "es" }, buffer: { chunkLimitSize: "2MB" } });
            assert.match(message, /cluster-monitoring:logs\.buffer\.chunkLimitSize: got "2MB", expected a fluentd size/);
        });

        it("rejects a fractional size, which fluentd would truncate", () => {
            problemAt(problemsOf({ search: { host: "es" }, buffer: { totalLimitSize: "1.5G" } }), "cluster-monitoring:logs.buffer.totalLimitSize");
        });

        it("rejects a chunk over 100M and says why", () => {
            const p = problemAt(problemsOf({ search: { host: "es" }, buffer: { chunkLimitSize: "101M" } }), "cluster-monitoring:logs.buffer.chunkLimitSize");
            assert.strictEqual(p.got, "101M");
            assert.match(p.expected, /at most 100M/);
            assert.match(p.expected, /http\.max_content_length of 100mb/);
        });

        it("rejects a chunk over 100M written in another unit", () => {
            problemAt(problemsOf({ search: { host: "es" }, buffer: { chunkLimitSize: "1G" } }), "cluster-monitoring:logs.buffer.chunkLimitSize");
        });

        it("rejects a total limit smaller than one chunk", () => {
            const p = problemAt(
                problemsOf({ search: { host: "es" }, buffer: { chunkLimitSize: "8M", totalLimitSize: "4M" } }),
                "cluster-monitoring:logs.buffer.totalLimitSize",
            );
            assert.match(p.expected, /at least chunkLimitSize \(8M\)/);
        });

        it("rejects a total limit that queue_limit_length would silently override", () => {
            const p = problemAt(
                problemsOf({ search: { host: "es" }, buffer: { queueLimitLength: 8, totalLimitSize: "512M" } }),
                "cluster-monitoring:logs.buffer.totalLimitSize",
            );
            assert.match(p.expected, /16M/);
            assert.match(p.expected, /fluentd 1\.6 replaces total_limit_size/);
        });

        it("rejects a bad duration", () => {
            problemAt(problemsOf({ search: { host: "es" }, buffer: { flushInterval: "5 seconds" } }), "cluster-monitoring:logs.buffer.flushInterval");
            problemAt(problemsOf({ search: { host: "es" }, buffer: { retryMaxInterval: 0 } }), "cluster-monitoring:logs.buffer.retryMaxInterval");
        });

        it("rejects a bad overflow action and log level", () => {
            const problems = problemsOf({ search: { host: "es" }, logLevel: "verbose", buffer: { overflowAction: "wait" } });
            problemAt(problems, "cluster-monitoring:logs.logLevel");
            problemAt(problems, "cluster-monitoring:logs.buffer.overflowAction");
        });

        it("rejects a password without a user, without echoing the password", () => {
            const message = messageOf({ search: { host: "es" } }, { searchPassword: PASSWORD });
            assert.match(message, /cluster-monitoring:searchPassword: got a secret value, expected no value unless cluster-monitoring:logs\.search\.user is set/);
            assert.ok(!message.includes(PASSWORD), "the error must not contain the password");
        });

        it("rejects a user without a password", () => {
            const p = problemAt(problemsOf({ search: { host: "es", scheme: "https", user: "fluentd" } }), "cluster-monitoring:searchPassword");
            assert.match(p.expected, /pulumi config set --secret searchPassword/);
            assert.match(p.expected, /cluster-monitoring:logs\.search\.user is set/);
        });

        it("rejects a user that would break out of its quotes", () => {
            problemAt(problemsOf({ search: { host: "es", user: 'a" b' } }, { searchPassword: PASSWORD }), "cluster-monitoring:logs.search.user");
        });

        it("rejects an unknown key at every level, naming it", () => {
            const problems = problemsOf({ search: { host: "es", hostname: "x" }, bufer: {}, buffer: { chunkSize: "2M" } });
            problemAt(problems, "cluster-monitoring:logs.search.hostname");
            problemAt(problems, "cluster-monitoring:logs.bufer");
            problemAt(problems, "cluster-monitoring:logs.buffer.chunkSize");
        });

        it("rejects a DaemonSet name too long for the derived exclude_path to match its pods", () => {
            const p = problemAt(problemsOf({ search: { host: "es" }, daemonSetName: "a".repeat(58) }), "cluster-monitoring:logs.daemonSetName");
            assert.match(p.expected, /at most 57 characters/);
            assert.doesNotThrow(() => settingsWith({ logs: { daemonSetName: "a".repeat(57) } }));
        });

        it("rejects a runtime unit given with its .service suffix", () => {
            problemAt(problemsOf({ search: { host: "es" }, containerRuntimeService: "containerd.service" }), "cluster-monitoring:logs.containerRuntimeService");
        });

        it("rejects inconsistent tolerations", () => {
            const problems = problemsOf({
                search: { host: "es" },
                tolerations: [
                    { key: "a", operator: "Exists", value: "x" },
                    { operator: "Equal", value: "y" },
                    { key: "b", operator: "Exists", effect: "NoSchedule", tolerationSeconds: 30 },
                    { key: "c", effect: "Sometimes" },
                ],
            });
            problemAt(problems, "cluster-monitoring:logs.tolerations[0].value");
            problemAt(problems, "cluster-monitoring:logs.tolerations[1].key");
            problemAt(problems, "cluster-monitoring:logs.tolerations[2].tolerationSeconds");
            problemAt(problems, "cluster-monitoring:logs.tolerations[3].effect");
        });

        it("rejects bad resources and labels", () => {
            const problems = problemsOf({ search: { host: "es" }, resources: { memoryLimit: "500MB" }, labels: { "k8s-app": "bad value" } });
            problemAt(problems, "cluster-monitoring:logs.resources.memoryLimit");
            problemAt(problems, "cluster-monitoring:logs.labels.k8s-app");
        });

        it("reports every problem at once", () => {
            const problems = problemsOf({ search: { port: 0 }, buffer: { chunkLimitSize: "200M" } });
            assert.deepStrictEqual(
                problems.map((p) => p.key).sort(),
                ["cluster-monitoring:logs.buffer.chunkLimitSize", "cluster-monitoring:logs.search.host", "cluster-monitoring:logs.search.port"],
            );
        });
    });
});
