import * as assert from "assert";
import { testCredentials } from "./harness/prometheus";
import { parse } from "yaml";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { prometheusConfig } from "../components/prometheus/prometheus-config";
import { remoteWriteSecret } from "../components/prometheus/remote-write-secret";
import { configAnnotation, prometheusArgs, statefulSet } from "../components/prometheus/statefulset";
import { programObjects } from "../stack/object-names";
import { prometheusObjects } from "../components/prometheus/object-names";
import { metricsWarnings } from "../components/prometheus/warnings";
import { unwrapSecret } from "../render/engine-mocks";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { SECRET_MARKER } from "../render/secret-marker";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { podSecurityLevel } from "../validate/pod-security";
import { runProgram } from "./harness/program";
import { findOne } from "./harness/pulumi-mocks";
import { requiredConfig, settingsWith, configErrorOf, problemAt } from "./harness/stack-config";
import { prometheusInputsFor as prometheusInputsFor } from "./harness/stack-config";
import { scrapeJobs } from "../stack/scrape-jobs";

/**
 * docs/long-term-storage.md: metrics.remoteWrite and metrics.retentionSize, their validation, the
 * remote_write block, the Secret with the credential files and its mount.
 */

const SECRETS = { remoteWritePassword: "rw-password-51ab", remoteWriteToken: "rw-token-77cd", remoteWriteCa: testCredentials().cert };

/** A target with every option set, so every key the builder can write is written. */
const FULL_TARGET = {
    url: "https://metrics.example.com/api/v1/write",
    remoteTimeout: "20s",
    basicAuth: { username: "writer", passwordKey: "remoteWritePassword" },
    tls: { caKey: "remoteWriteCa", serverName: "metrics.example.com", insecureSkipVerify: false },
    queue: { capacity: 2500, maxShards: 200, minShards: 1, maxSamplesPerSend: 500, batchSendDeadline: "5s", minBackoff: "30ms", maxBackoff: "5s" },
    writeRelabel: [
        { action: "drop", sourceLabels: ["__name__"], separator: ";", regex: "go_.*" },
        { sourceLabels: ["namespace"], targetLabel: "tenant", replacement: "t-$1" },
        { action: "hashmod", sourceLabels: ["instance"], targetLabel: "__tmp_shard", modulus: 4 },
        { action: "labelmap", regex: "__meta_(.+)", replacement: "meta_$1" },
    ],
};
const TOKEN_TARGET = { url: "http://receiver.monitoring.svc:8080/write", bearerTokenKey: "remoteWriteToken", allowPlaintextCredentials: true };

function fullSettings() {
    return settingsWith({ metrics: { remoteWrite: [FULL_TARGET, TOKEN_TARGET] } }, SECRETS);
}

/**
 * The keys Prometheus v2.11.1 reads, from its source at tag v2.11.1: config/config.go
 * (RemoteWriteConfig, QueueConfig), pkg/relabel/relabel.go (Config) and the vendored
 * prometheus/common v0.4.1 config/http_config.go (HTTPClientConfig, BasicAuth, TLSConfig).
 */
const V2_11_1_KEYS: Record<string, readonly string[]> = {
    remote_write: ["url", "remote_timeout", "write_relabel_configs", "basic_auth", "bearer_token", "bearer_token_file", "proxy_url", "tls_config", "queue_config"],
    queue_config: ["capacity", "max_shards", "min_shards", "max_samples_per_send", "batch_send_deadline", "min_backoff", "max_backoff"],
    basic_auth: ["username", "password", "password_file"],
    tls_config: ["ca_file", "cert_file", "key_file", "server_name", "insecure_skip_verify"],
    write_relabel_configs: ["source_labels", "separator", "regex", "modulus", "target_label", "replacement", "action"],
};

/** Every key of `value` that v2.11.1 does not know, as a path. */
function keysOutside(value: any, table: string, at: string): string[] {
    const unknown: string[] = [];
    for (const [key, child] of Object.entries(value)) {
        const here = `${at}.${key}`;
        if (!V2_11_1_KEYS[table].includes(key)) {
            unknown.push(here);
        } else if (key in V2_11_1_KEYS && key !== table) {
            const children = Array.isArray(child) ? child : [child];
            children.forEach((c, i) => unknown.push(...keysOutside(c, key, Array.isArray(child) ? `${here}[${i}]` : here)));
        }
    }
    return unknown;
}

function configError(metrics: Record<string, unknown>, secrets: Record<string, string> = {}): ConfigError {
    return configErrorOf({ metrics }, secrets);
}


const M = "cluster-monitoring:metrics";

describe("remote write and retention size (docs/long-term-storage.md)", () => {
    describe("the remote_write block", () => {
        it("is absent without targets, and so are the Secret and its volume", () => {
            const stack = settingsWith();
            const m = stack.metrics;
            assert.strictEqual(prometheusConfig(m, prometheusInputsFor(stack, false)).remote_write, undefined);
            assert.strictEqual(remoteWriteSecret(m), undefined);
            const spec = (statefulSet(m, { scrapeJobs: scrapeJobs(stack), ruleFiles: {} }).spec as any).template.spec;
            assert.ok(!spec.volumes.some((v: any) => v.name === "secret-remote-write"));
        });

        it("writes only keys that Prometheus v2.11.1 reads", () => {
            const blocks = prometheusConfig(fullSettings().metrics, prometheusInputsFor(fullSettings(), false)).remote_write!;
            const outside = blocks.flatMap((b, i) => keysOutside(b, "remote_write", `remote_write[${i}]`));
            assert.deepStrictEqual(outside, []);
            // The check can fail: a key from a later release is caught.
            assert.deepStrictEqual(keysOutside({ ...blocks[0], name: "x", queue_config: { retry_on_http_429: true } }, "remote_write", "rw").sort(), [
                "rw.name",
                "rw.queue_config.retry_on_http_429",
            ]);
        });

        it("translates every setting, credentials as files in the mounted Secret", () => {
            const [full, token] = prometheusConfig(fullSettings().metrics, prometheusInputsFor(fullSettings(), false)).remote_write!;
            const dir = "/etc/prometheus/secrets/monitor-remote-write";
            assert.deepStrictEqual(full, {
                url: FULL_TARGET.url,
                remote_timeout: "20s",
                write_relabel_configs: [
                    { source_labels: ["__name__"], separator: ";", regex: "go_.*", action: "drop" },
                    { source_labels: ["namespace"], target_label: "tenant", replacement: "t-$1", action: "replace" },
                    { source_labels: ["instance"], modulus: 4, target_label: "__tmp_shard", action: "hashmod" },
                    { regex: "__meta_(.+)", replacement: "meta_$1", action: "labelmap" },
                ],
                basic_auth: { username: "writer", password_file: `${dir}/remoteWritePassword` },
                tls_config: { ca_file: `${dir}/remoteWriteCa`, server_name: "metrics.example.com", insecure_skip_verify: false },
                queue_config: { capacity: 2500, max_shards: 200, min_shards: 1, max_samples_per_send: 500, batch_send_deadline: "5s", min_backoff: "30ms", max_backoff: "5s" },
            });
            assert.deepStrictEqual(token, { url: TOKEN_TARGET.url, bearer_token_file: `${dir}/remoteWriteToken` });
        });

        it("mounts the Secret read-only, readable by Prometheus' group only", () => {
            const m = fullSettings().metrics;
            const spec = (statefulSet(m, { scrapeJobs: scrapeJobs(fullSettings()), ruleFiles: {} }).spec as any).template.spec;
            const volume = spec.volumes.find((v: any) => v.name === "secret-remote-write");
            assert.deepStrictEqual(volume.secret, { secretName: "monitor-remote-write", defaultMode: 0o440 });
            assert.strictEqual(spec.securityContext.fsGroup, 65534);
            const mount = spec.containers[0].volumeMounts.find((v: any) => v.name === "secret-remote-write");
            assert.deepStrictEqual(mount, { name: "secret-remote-write", mountPath: "/etc/prometheus/secrets/monitor-remote-write", readOnly: true });
            assert.deepStrictEqual(Object.keys(remoteWriteSecret(m)!.stringData as object), ["remoteWriteCa", "remoteWritePassword", "remoteWriteToken"]);
            assert.ok(prometheusObjects(m, prometheusInputsFor(fullSettings(), false)).some((o) => o.kind === "Secret" && o.name === "monitor-remote-write"));
        });

        it("keeps secret values out of the pod checksum: a rotated secret leaves it as it is", () => {
            // Without the lifecycle API the pod rolls on this checksum; with it there is none to compare.
            const settings = (secrets: Record<string, string>) =>
                settingsWith({ metrics: { enableLifecycle: false, remoteWrite: [FULL_TARGET, TOKEN_TARGET] } }, secrets);
            const a = configAnnotation(settings(SECRETS).metrics, { scrapeJobs: scrapeJobs(settings(SECRETS)), ruleFiles: {} });
            assert.match(a["checksum/config"] ?? "", /^[0-9a-f]{64}$/);
            const b = configAnnotation(settings({ ...SECRETS, remoteWritePassword: "rotated", remoteWriteToken: "rotated-too" }).metrics, { scrapeJobs: scrapeJobs(settings({ ...SECRETS, remoteWritePassword: "rotated", remoteWriteToken: "rotated-too" })), ruleFiles: {} });
            assert.deepStrictEqual(a, b);
        });
    });

    it("warns when credentials go over plain http, and only then", () => {
        const warnings = metricsWarnings(fullSettings().metrics);
        assert.strictEqual(warnings.length, 1, warnings.join("\n"));
        assert.match(warnings[0], /remoteWrite\[1\] sends a bearer token to http:\/\/receiver/);
        assert.ok(!warnings[0].includes(SECRETS.remoteWriteToken));
    });

    describe("retention size", () => {
        it("adds --storage.tsdb.retention.size beside the time retention", () => {
            const args = prometheusArgs(settingsWith({ metrics: { retentionSize: "500GB", storage: { mode: "storageClass", size: "1Ti" } } }).metrics);
            assert.ok(args.includes("--storage.tsdb.retention.time=20d"));
            assert.ok(args.includes("--storage.tsdb.retention.size=500GB"));
            assert.ok(!prometheusArgs(settingsWith().metrics).some((a) => a.startsWith("--storage.tsdb.retention.size")));
        });

        it("refuses units 2.11 does not read, fractions, and a size the volume cannot hold", () => {
            for (const bad of ["500Gi", "500", "0.5TB", "1GB512MB", "0GB", "500gb", "8EB"]) {
                assert.strictEqual(problemAt(configError({ retentionSize: bad }), `${M}.retentionSize`).got, bad);
            }
            const e = configError({ retentionSize: "1TB", storage: { mode: "storageClass", size: "1Ti" } });
            assert.match(problemAt(e, `${M}.retentionSize`).expected, /less than storage.size/);
        });
    });

    describe("settings", () => {
        it("refuses credentials or a query in the URL", () => {
            assert.match(problemAt(configError({ remoteWrite: [{ url: "https://u:p@m.example.com/w" }] }), `${M}.remoteWrite[0].url`).expected, /without a user name or password/);
            assert.match(problemAt(configError({ remoteWrite: [{ url: "https://m.example.com/w?api_key=x" }] }), `${M}.remoteWrite[0].url`).expected, /without a \?query/);
        });

        it("refuses basic auth together with a bearer token, tls on http, and a URL used twice", () => {
            const e = configError({ remoteWrite: [{ ...TOKEN_TARGET, basicAuth: FULL_TARGET.basicAuth, tls: { insecureSkipVerify: true } }, TOKEN_TARGET] }, SECRETS);
            problemAt(e, `${M}.remoteWrite[0].bearerTokenKey`);
            problemAt(e, `${M}.remoteWrite[0].tls`);
            problemAt(e, `${M}.remoteWrite[1].url`);
        });

        it("refuses queue settings that contradict each other, or a zero", () => {
            const e = configError({ remoteWrite: [{ url: FULL_TARGET.url, queue: { minShards: 10, maxShards: 2, minBackoff: "1m", maxBackoff: "1s", capacity: 0 } }] });
            assert.match(problemAt(e, `${M}.remoteWrite[0].queue.minShards`).expected, /at most maxShards/);
            assert.match(problemAt(e, `${M}.remoteWrite[0].queue.minBackoff`).expected, /at most maxBackoff/);
            problemAt(e, `${M}.remoteWrite[0].queue.capacity`);
            assert.ok(configError({ remoteWrite: [{ url: FULL_TARGET.url, queue: { maxRetries: 3 } }] }).problems.some((p) => p.key === `${M}.remoteWrite[0].queue.maxRetries`));
        });

        it("refuses relabel rules Prometheus would refuse or silently misread", () => {
            const rules = [
                { action: "keep", sourceLabels: ["__name__"], regex: "a(?=b)" },
                { action: "keep", sourceLabels: ["__name__"], regex: "(?<x>a)" },
                { action: "keep", regex: "a" },
                { action: "hashmod", sourceLabels: ["a"], targetLabel: "b" },
                { action: "labeldrop", regex: "x", sourceLabels: ["a"] },
                { targetLabel: "not-a-label" },
                { action: "keepequal", sourceLabels: ["a"] },
            ];
            const e = configError({ remoteWrite: [{ url: FULL_TARGET.url, writeRelabel: rules }] });
            const at = (i: number, f: string) => `${M}.remoteWrite[0].writeRelabel[${i}].${f}`;
            assert.match(problemAt(e, at(0, "regex")).expected, /RE2/);
            assert.match(problemAt(e, at(1, "regex")).expected, /\(\?P<name>/);
            assert.match(problemAt(e, at(2, "sourceLabels")).expected, /required by action keep/);
            assert.match(problemAt(e, at(3, "modulus")).expected, /required by action hashmod/);
            assert.match(problemAt(e, at(4, "sourceLabels")).expected, /reads only regex/);
            problemAt(e, at(5, "targetLabel"));
            problemAt(e, at(6, "action"));
        });

        it("needs each referenced secret key set, naming the reference and the key", () => {
            assert.doesNotThrow(() => settingsWith({ metrics: { remoteWrite: [FULL_TARGET] } }, { remoteWritePassword: "x", remoteWriteCa: testCredentials().cert }));
            problemAt(configError({ remoteWrite: [FULL_TARGET] }, { remoteWritePassword: "x" }), `${M}.remoteWrite[0].tls.caKey, cluster-monitoring:remoteWriteCa`);
            const missing = configError({ remoteWrite: [TOKEN_TARGET] });
            const p = problemAt(missing, `${M}.remoteWrite[0].bearerTokenKey, cluster-monitoring:remoteWriteToken`);
            assert.match(p.expected, /pulumi config set --secret cluster-monitoring:remoteWriteToken/);
        });

        it("refuses a referenced key in clear text, without echoing it", () => {
            const config = requiredConfig();
            config.metrics.remoteWrite = [TOKEN_TARGET];
            config.remoteWriteToken = "clear-token-value";
            try {
                loadSettings(plainConfigSource(config));
                assert.fail("expected a ConfigError");
            } catch (e) {
                assert.ok(e instanceof ConfigError, String(e));
                const p = problemAt(e, `cluster-monitoring:remoteWriteToken, ${M}.remoteWrite[0].bearerTokenKey`);
                assert.match(p.expected, /pulumi config set --secret cluster-monitoring:remoteWriteToken/);
                assert.ok(!e.message.includes("clear-token-value"));
            }
        });

        it("refuses a key the program reads for something else, and an unreferenced secret key", () => {
            const e = configError({ remoteWrite: [{ ...TOKEN_TARGET, bearerTokenKey: "grafanaAdminPassword" }] });
            assert.match(problemAt(e, `${M}.remoteWrite[0].bearerTokenKey`).expected, /another purpose/);
            const stray = configError({}, { remoteWriteToken: "x" });
            problemAt(stray, "cluster-monitoring:remoteWriteToken");
        });
    });

    describe("registered by the program, secrets never in clear", function () {
        let resources: Awaited<ReturnType<typeof runProgram>>["resources"];
        const config = requiredConfig();
        config.metrics = { ...config.metrics, remoteWrite: [FULL_TARGET, TOKEN_TARGET], retentionSize: "100GB" };
        before(async () => {
            resources = (await runProgram(config, SECRETS)).resources;
        });

        it("lists every object it renders in components/object-names, the Secret included", () => {
            const rendered = kubernetesObjects(resources).map((o) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`);
            const listed = programObjects(loadSettings(plainConfigSource(config, SECRETS))).map((o) => `${o.kind}/${o.namespace ?? ""}/${o.name}`);
            assert.deepStrictEqual([...new Set(listed)].sort(), [...rendered].sort());
            assert.ok(rendered.includes("Secret/monitoring/monitor-remote-write"));
        });

        it("puts each referenced key into the Secret as a Pulumi secret", () => {
            const secret = findOne(resources, "kubernetes:core/v1:Secret", "monitor-remote-write").inputs;
            assert.deepStrictEqual(unwrapSecret(secret.stringData), SECRETS);
        });

        it("no secret value in any other resource: ConfigMaps, arguments, annotations", () => {
            for (const r of resources) {
                if (r.type === "kubernetes:core/v1:Secret" && r.inputs.metadata?.name === "monitor-remote-write") {
                    continue;
                }
                const text = JSON.stringify(r.inputs);
                for (const value of Object.values(SECRETS)) {
                    assert.ok(!text.includes(value), `${r.type} ${r.name} holds a secret`);
                }
            }
            const cm = findOne(resources, "kubernetes:core/v1:ConfigMap", "monitor").inputs;
            assert.strictEqual(parse(cm.data["prometheus.yml"]).remote_write.length, 2);
        });

        it("renders the Secret as [secret], and the objects pass the schema, reference and pod-security checks", () => {
            const objects = kubernetesObjects(resources);
            const secret = objects.find((o: any) => o.kind === "Secret" && o.metadata.name === "monitor-remote-write") as any;
            assert.deepStrictEqual(secret.stringData, { remoteWriteCa: SECRET_MARKER, remoteWritePassword: SECRET_MARKER, remoteWriteToken: SECRET_MARKER });
            const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects)];
            assert.deepStrictEqual(problems, [], formatProblems(problems));
            const sts = objects.find((o: any) => o.kind === "StatefulSet" && o.metadata.name === "monitor") as any;
            assert.strictEqual(podSecurityLevel(sts.spec.template.spec).level, "restricted");
            assert.ok(sts.spec.template.spec.containers[0].args.includes("--storage.tsdb.retention.size=100GB"));
        });
    });
});
