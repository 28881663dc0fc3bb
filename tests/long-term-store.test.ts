import { longTermStoreServer } from "../components/long-term-store/server";
import * as assert from "assert";
import { parse } from "yaml";
import { LongTermStore } from "../components/long-term-store";
import { authKeySecret } from "../components/long-term-store/auth-keys";
import { AUTH_KEYS } from "../components/long-term-store/layout";
import { longTermStoreArgs, longTermStoreStatefulSet } from "../components/long-term-store/statefulset";
import { networkPolicyObjects } from "../components/network-policies";
import { ConfigError, ConfigProblem, Settings } from "../config";
import { scrapeJobsWithReach } from "../stack/scrape-jobs";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { EXISTING_NAMESPACES } from "./harness/namespaces";
import { captureResources, RegisteredResource } from "./harness/pulumi-mocks";
import { settingsWith, settingsWithGrafana } from "./harness/stack-config";
import { dataSourcesFile } from "../components/grafana/datasources";
import { grafanaModel } from "./harness/grafana-model";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { podSecurityLevel } from "../validate/pod-security";
import { runProgram } from "./harness/program";
import * as fs from "fs";
import * as path from "path";
import { engineConfigOf } from "../render";
import { runProgram as runStackFile } from "../render/run-program";
import { requiredConfig } from "./harness/stack-config";

/** Two replicas with per-replica volumes, as prod runs them. */
const HA = { replicas: 2, storage: { mode: "storageClass" } };

function storeSettings(longTermStore: Record<string, unknown> = {}, metrics: Record<string, unknown> = HA, more: Record<string, Record<string, unknown>> = {}): Settings {
    return settingsWith({ metrics, longTermStore: { enabled: true, ...longTermStore }, ...more });
}

function problemsOf(overrides: Record<string, Record<string, unknown>>): ConfigProblem[] {
    try {
        settingsWith(overrides);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.problems;
    }
    assert.fail("the settings were accepted");
}

function problemsOfWith(overrides: Record<string, Record<string, unknown>>, secrets: Record<string, string>): ConfigProblem[] {
    try {
        settingsWith(overrides, secrets);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.problems;
    }
    assert.fail("the settings were accepted");
}

function remoteWrite(s: Settings): any[] {
    return parse(generatedPrometheusFiles(s).prometheusYml).remote_write ?? [];
}

describe("longTermStore: the in-cluster VictoriaMetrics (docs/long-term-storage.md)", () => {
    it("is off by default, and off it adds no remote write target, job or object", () => {
        const s = settingsWith();
        assert.strictEqual(s.longTermStore.enabled, false);
        assert.deepStrictEqual(remoteWrite(s), []);
        assert.ok(!scrapeJobsWithReach(s).some((j) => j.config.job_name === "long-term-store"));
    });

    it("on: a hardened one-pod StatefulSet with its own ServiceAccount, no token, PSS restricted, a claim", () => {
        const s = longTermStoreServer(storeSettings());
        const sts = longTermStoreStatefulSet(s) as any;
        const pod = sts.spec.template.spec;
        assert.strictEqual(sts.spec.replicas, 1);
        assert.strictEqual(pod.serviceAccountName, "long-term-store");
        assert.strictEqual(pod.automountServiceAccountToken, false);
        assert.deepStrictEqual(pod.securityContext, { runAsNonRoot: true, runAsUser: 65534, runAsGroup: 65534, fsGroup: 65534, seccompProfile: { type: "RuntimeDefault" } });
        const c = pod.containers[0];
        assert.strictEqual(c.image, "docker.io/victoriametrics/victoria-metrics:v1.150.0");
        assert.deepStrictEqual(c.securityContext, {
            allowPrivilegeEscalation: false,
            capabilities: { drop: ["ALL"] },
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            runAsUser: 65534,
            runAsGroup: 65534,
        });
        assert.deepStrictEqual(sts.spec.volumeClaimTemplates.map((t: any) => t.spec.resources.requests.storage), ["200Gi"]);
    });

    it("its flags: retention, dedup at the global scrape interval, and the auth keys from the Secret through the environment only", () => {
        const s = longTermStoreServer(storeSettings({ retention: "400d" }));
        assert.deepStrictEqual(longTermStoreArgs(s), ["-storageDataPath=/storage", "-retentionPeriod=400d", "-dedup.minScrapeInterval=30s", "-httpListenAddr=:8428", "-envflag.enable"]);
        const c = (longTermStoreStatefulSet(s) as any).spec.template.spec.containers[0];
        assert.deepStrictEqual(
            c.env.map((e: any) => [e.name, e.valueFrom.secretKeyRef.name, e.valueFrom.secretKeyRef.key]),
            [
                ["deleteAuthKey", "long-term-store-auth-keys", "delete-auth-key"],
                ["snapshotAuthKey", "long-term-store-auth-keys", "snapshot-auth-key"],
                ["forceMergeAuthKey", "long-term-store-auth-keys", "force-merge-auth-key"],
                ["search_resetCacheAuthKey", "long-term-store-auth-keys", "reset-cache-auth-key"],
                ["forceFlushAuthKey", "long-term-store-auth-keys", "force-flush-auth-key"],
                ["flagsAuthKey", "long-term-store-auth-keys", "flags-auth-key"],
                ["pprofAuthKey", "long-term-store-auth-keys", "pprof-auth-key"],
                ["metricNamesStatsResetAuthKey", "long-term-store-auth-keys", "metric-names-stats-reset-auth-key"],
                ["logNewSeriesAuthKey", "long-term-store-auth-keys", "log-new-series-auth-key"],
                ["configAuthKey", "long-term-store-auth-keys", "config-auth-key"],
                ["reloadAuthKey", "long-term-store-auth-keys", "reload-auth-key"],
            ],
        );
        assert.ok(!c.args.some((a: string) => /AuthKey/.test(a)), "no key is an argument");
        assert.strictEqual(longTermStoreServer(storeSettings({}, { ...HA, scrapeInterval: "15s" })).dedupInterval, "15s", "dedup follows metrics.scrapeInterval");
    });

    it("registers the auth-key Secret with eleven generated keys, its ServiceAccount without a token, and the StatefulSet", async () => {
        const resources: RegisteredResource[] = await captureResources(() => new LongTermStore("long-term-store", { settings: longTermStoreServer(storeSettings()), namespaces: EXISTING_NAMESPACES }));
        assert.strictEqual(resources.filter((r) => r.type === "kubernetes:core/v1:Secret").length, 1);
        const values = Object.fromEntries(AUTH_KEYS.map((k, i) => [k.secretKey, `key-${i}`]));
        const built = authKeySecret(storeSettings().longTermStore, values) as any;
        assert.deepStrictEqual(built.stringData, values);
        assert.strictEqual(built.metadata.name, "long-term-store-auth-keys");
        assert.strictEqual(resources.filter((r) => r.type === "random:index/randomPassword:RandomPassword").length, 11);
        assert.ok(resources.some((r) => r.type === "kubernetes:apps/v1:StatefulSet"));
        assert.ok(resources.some((r) => r.type === "kubernetes:core/v1:ServiceAccount" && r.inputs.automountServiceAccountToken === false));
    });

    it("every replica writes to it and drops the replica label on the way; with one replica there is no label to drop", () => {
        const [entry] = remoteWrite(storeSettings());
        assert.deepStrictEqual(entry, { url: "http://long-term-store.monitoring.svc:8428/api/v1/write", write_relabel_configs: [{ action: "labeldrop", regex: "replica" }] });
        assert.deepStrictEqual(remoteWrite(storeSettings({}, { storage: { mode: "storageClass" } })), [{ url: "http://long-term-store.monitoring.svc:8428/api/v1/write" }]);
    });

    it("dropReplicaLabel is per target: off by default for external targets, after their own rules when on", () => {
        const mimir = { url: "https://mimir.example.com/api/v1/push" };
        const thanos = { url: "https://receive.example.com/api/v1/receive", dropReplicaLabel: true, writeRelabel: [{ action: "drop", sourceLabels: ["__name__"], regex: "go_.*" }] };
        const targets = remoteWrite(storeSettings({}, { ...HA, remoteWrite: [mimir, thanos] }));
        assert.deepStrictEqual(targets[0], { url: mimir.url }, "Mimir's HA tracker needs the replica label");
        assert.deepStrictEqual(targets[1].write_relabel_configs, [
            { source_labels: ["__name__"], regex: "go_.*", action: "drop" },
            { action: "labeldrop", regex: "replica" },
        ]);
        assert.strictEqual(targets[2].url, "http://long-term-store.monitoring.svc:8428/api/v1/write");
        const custom = remoteWrite(storeSettings({}, { ...HA, replicaLabel: "prometheus_replica" }));
        assert.deepStrictEqual(custom[0].write_relabel_configs, [{ action: "labeldrop", regex: "prometheus_replica" }]);
    });

    it("its own scrape job, on the Service's http port", () => {
        const job = scrapeJobsWithReach(storeSettings()).find((j) => j.config.job_name === "long-term-store");
        assert.ok(job);
        assert.deepStrictEqual(job!.reaches, [{ kind: "service", namespace: "monitoring", name: "long-term-store", port: "http" }]);
    });

    it("its NetworkPolicy admits Prometheus (write and scrape) and Grafana (queries) on http, nothing else; no egress but DNS", () => {
        const s = storeSettings({}, HA, { grafana: { enabled: true, generateAdminPassword: true } });
        const policy = networkPolicyObjects(s, scrapeJobsWithReach(s)).find((p: any) => p.metadata.name === "long-term-store") as any;
        assert.ok(policy);
        const from = policy.spec.ingress.map((r: any) => ({ pods: r.from.map((f: any) => f.podSelector.matchLabels["app.kubernetes.io/name"] ?? f.podSelector.matchLabels.app).sort(), ports: r.ports }));
        assert.deepStrictEqual(
            from.flatMap((r: any) => r.pods).sort(),
            ["grafana", "monitor"],
            JSON.stringify(policy.spec.ingress),
        );
        assert.ok(from.every((r: any) => r.ports.every((p: any) => p.port === "http" && p.protocol === "TCP")));
        assert.deepStrictEqual(policy.spec.egress.flatMap((r: any) => r.ports.map((p: any) => `${p.protocol}/${p.port}`)).sort(), ["TCP/53", "UDP/53"]);
        const prometheus = networkPolicyObjects(s, scrapeJobsWithReach(s)).find((p: any) => p.metadata.name === "monitor") as any;
        assert.ok(prometheus.spec.egress.some((r: any) => r.to?.some((t: any) => t.podSelector?.matchLabels?.["app.kubernetes.io/name"] === "long-term-store")));
    });

    it("Grafana reads it: a Prometheus-type data source on the store, the default while it runs; the Prometheus one stays", () => {
        const sources = (overrides: Record<string, Record<string, unknown>>) => {
            const m = grafanaModel(settingsWithGrafana(overrides));
            return dataSourcesFile(m.prometheus, m.logs, m.alertmanagerUrl, m.alertmanagerWeb, m.longTermStore).datasources;
        };
        const on = sources({ metrics: HA, longTermStore: { enabled: true } });
        assert.deepStrictEqual(on[0], {
            name: "Long-term store",
            uid: "long-term-store",
            type: "prometheus",
            access: "proxy",
            url: "http://long-term-store.monitoring.svc:8428",
            isDefault: true,
            editable: false,
            jsonData: { httpMethod: "POST", timeInterval: "30s" },
        });
        const prometheus = on.find((d) => d.uid === "prometheus")!;
        assert.strictEqual(prometheus.isDefault, false);
        assert.strictEqual(on.filter((d) => d.isDefault).length, 1);
        const off = sources({ metrics: HA });
        assert.ok(!off.some((d) => d.uid === "long-term-store"));
        assert.strictEqual(off.find((d) => d.uid === "prometheus")!.isDefault, true);
    });

    it("the whole program with the store on: its objects pass the Kubernetes schema and the consistency checks, and its pod is restricted", async () => {
        const config = { ...requiredConfig(), metrics: { ...requiredConfig().metrics, ...HA }, longTermStore: { enabled: true } };
        const objects = kubernetesObjects((await runProgram(config)).resources);
        const store = objects.filter((o: any) => o.metadata?.name?.startsWith("long-term-store"));
        assert.deepStrictEqual(store.map((o: any) => `${o.kind}/${o.metadata.name}`).sort(), [
            "NetworkPolicy/long-term-store",
            "Secret/long-term-store-auth-keys",
            "Service/long-term-store",
            "ServiceAccount/long-term-store",
            "StatefulSet/long-term-store",
        ]);
        const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects, [])];
        assert.deepStrictEqual(problems, [], formatProblems(problems));
        const sts = store.find((o: any) => o.kind === "StatefulSet") as any;
        assert.strictEqual(podSecurityLevel(sts.spec.template.spec).level, "restricted");
    });

    describe("a central store: vmauth for its edges (docs/long-term-storage.md#central-and-edge-stacks)", () => {
        const EDGES = [
            { cluster: "edge-a", passwordKey: "edgeAWritePassword" },
            { cluster: "edge-b", passwordKey: "edgeBWritePassword" },
        ];
        const SECRETS = { edgeAWritePassword: "a-password", edgeBWritePassword: "b-password" };
        /** A central stack names its own cluster, which the dashboards' cluster variable needs (components/long-term-store/central-cluster-label.ts). */
        const CENTRAL_METRICS = { ...requiredConfig().metrics, externalLabels: { cluster: "central" } };

        it("the whole program: vmauth's objects pass the schema and consistency checks, its pod is restricted, its policy admits the edges and reaches only the store", async () => {
            const config = { ...requiredConfig(), metrics: CENTRAL_METRICS, longTermStore: { enabled: true, edges: EDGES, ingress: { host: "metrics.central.example.com", tlsSecretName: "central-tls" } } };
            const objects = kubernetesObjects((await runProgram(config, SECRETS)).resources);
            const vmauth = objects.filter((o: any) => o.metadata?.name === "long-term-store-vmauth");
            assert.deepStrictEqual(vmauth.map((o: any) => o.kind).sort(), ["Deployment", "Ingress", "NetworkPolicy", "Secret", "Service", "ServiceAccount"]);
            const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects, [])];
            assert.deepStrictEqual(problems, [], formatProblems(problems));
            const deployment = vmauth.find((o: any) => o.kind === "Deployment") as any;
            assert.strictEqual(podSecurityLevel(deployment.spec.template.spec).level, "restricted");
            assert.deepStrictEqual(deployment.spec.template.spec.containers[0].args, ["-auth.config=/etc/vmauth/auth.yml", "-httpListenAddr=:8427", "-envflag.enable"]);
            const policy = vmauth.find((o: any) => o.kind === "NetworkPolicy") as any;
            assert.ok(policy.spec.ingress.every((r: any) => r.ports.every((p: any) => p.port === "http" && p.protocol === "TCP")), JSON.stringify(policy.spec.ingress));
            assert.ok(policy.spec.egress.some((r: any) => r.to?.some((t: any) => t.podSelector?.matchLabels?.["app.kubernetes.io/name"] === "long-term-store")));
            // Prometheus scrapes vmauth as its own job, and the policy admits it there.
            assert.ok(policy.spec.ingress.some((r: any) => r.from?.some((f: any) => f.podSelector?.matchLabels?.app === "monitor")), JSON.stringify(policy.spec.ingress));
            const prometheusYml = (objects.find((o: any) => o.kind === "ConfigMap" && o.metadata.name === "monitor") as any).data["prometheus.yml"];
            assert.ok(parse(prometheusYml).scrape_configs.some((j: any) => j.job_name === "long-term-store-vmauth"));
            const ingress = vmauth.find((o: any) => o.kind === "Ingress") as any;
            assert.deepStrictEqual(ingress.spec.rules[0].http.paths.map((p: any) => [p.path, p.pathType]), [["/api/v1/write", "Exact"]]);
        });

        it("an edge's remote write: the replica label dropped, the basic-auth user its cluster label", () => {
            const edge = settingsWith(
                {
                    metrics: {
                        ...HA,
                        externalLabels: { cluster: "edge-a" },
                        remoteWrite: [{ url: "https://metrics.central.example.com/api/v1/write", central: true, basicAuth: { username: "edge-a", passwordKey: "centralWritePassword" } }],
                    },
                },
                { centralWritePassword: "x" },
            );
            const [entry] = remoteWrite(edge);
            assert.deepStrictEqual(entry.write_relabel_configs, [{ action: "labeldrop", regex: "replica" }]);
            assert.strictEqual(entry.basic_auth.username, "edge-a");
        });

        it("bad input: two edges with one cluster label; an Ingress without edges (a write endpoint without auth); a missing or clear-text edge password; edges while the store is off", () => {
            const dup = problemsOfWith({ longTermStore: { enabled: true, edges: [EDGES[0], { ...EDGES[1], cluster: "edge-a" }] } }, SECRETS);
            assert.deepStrictEqual(dup.map((p) => p.key), ["cluster-monitoring:longTermStore.edges[1].cluster"]);
            const open = problemsOfWith({ longTermStore: { enabled: true, ingress: { host: "metrics.central.example.com" } } }, {});
            assert.deepStrictEqual(open.map((p) => p.key), ["cluster-monitoring:longTermStore.ingress"]);
            assert.match(open[0].expected, /authentication only through vmauth/);
            const missing = problemsOfWith({ metrics: CENTRAL_METRICS, longTermStore: { enabled: true, edges: EDGES } }, { edgeAWritePassword: "a" });
            assert.deepStrictEqual(missing.map((p) => p.key), ["cluster-monitoring:longTermStore.edges[1].passwordKey, cluster-monitoring:edgeBWritePassword"]);
            const clear = problemsOf({ metrics: CENTRAL_METRICS, longTermStore: { enabled: true, edges: [EDGES[0]] }, edgeAWritePassword: "a" } as any);
            assert.deepStrictEqual(clear.map((p) => p.key), ["cluster-monitoring:edgeAWritePassword, cluster-monitoring:longTermStore.edges[0].passwordKey"]);
            const off = problemsOfWith({ longTermStore: { edges: [EDGES[0]] } }, SECRETS);
            assert.ok(off.some((p) => p.key === "cluster-monitoring:longTermStore.edges"), JSON.stringify(off));
        });
    });

    describe("bad input, refused naming the key before any resource", () => {
        it("a dedup interval shorter than the scrape interval", () => {
            const [p] = problemsOf({ metrics: HA, longTermStore: { enabled: true, dedupInterval: "15s" } });
            assert.strictEqual(p.key, "cluster-monitoring:longTermStore.dedupInterval");
            assert.strictEqual(p.got, "15s");
            assert.match(p.expected, /at least cluster-monitoring:metrics\.scrapeInterval \(30s\)/);
        });

        it("a dedup interval longer than a job that scrapes more slowly than the global interval (prod's jmx-kafka at 1m)", () => {
            const services = [{ name: "jmx-kafka", namespace: "kafka", selector: { app: "kafka" }, port: "jmx", interval: "1m" }];
            const problems = problemsOf({ metrics: { ...HA, services }, longTermStore: { enabled: true, dedupInterval: "2m" } });
            assert.deepStrictEqual(problems.map((p) => p.key), ["cluster-monitoring:longTermStore.dedupInterval"]);
            assert.match(problems[0].expected, /at most 1m, the interval of job jmx-kafka \(cluster-monitoring:metrics\.services\[0\]\.interval\)/);
            assert.strictEqual(longTermStoreServer(storeSettings({ dedupInterval: "1m" }, { ...HA, services })).dedupInterval, "1m");
        });

        it("longTermStore sub-settings while it is off, each named", () => {
            const problems = problemsOf({ longTermStore: { retention: "2y", dedupInterval: "30s" } });
            assert.deepStrictEqual(problems.map((p) => p.key).sort(), ["cluster-monitoring:longTermStore.dedupInterval", "cluster-monitoring:longTermStore.retention"]);
            assert.match(problems[0].expected, /nothing while cluster-monitoring:longTermStore\.enabled is false/);
            assert.strictEqual(settingsWith({ longTermStore: { enabled: false } }).longTermStore.enabled, false);
            // Reported beside a problem of metrics itself, which the dedup checks need.
            const both = problemsOf({ metrics: { replicas: "two" }, longTermStore: { retention: "2y" } });
            assert.deepStrictEqual(both.map((p) => p.key).sort(), ["cluster-monitoring:longTermStore.retention", "cluster-monitoring:metrics.replicas"]);
        });

        it("a store URL with credentials in it (a remote write target's url)", () => {
            const problems = problemsOf({ metrics: { remoteWrite: [{ url: "https://user:secret@vm.example.com/api/v1/write" }] } });
            assert.deepStrictEqual(problems.map((p) => p.key), ["cluster-monitoring:metrics.remoteWrite[0].url"]);
            assert.match(problems[0].expected, /without a user name or password/);
        });

        it("a retention VictoriaMetrics would read as months, or minutes", () => {
            for (const retention of ["12", "1M", "30m", "0d"]) {
                assert.deepStrictEqual(problemsOf({ longTermStore: { enabled: true, retention } }).map((p) => p.key), ["cluster-monitoring:longTermStore.retention"], retention);
            }
        });

        it("an image older than the flags it gets", () => {
            assert.deepStrictEqual(problemsOf({ longTermStore: { enabled: true, image: "victoriametrics/victoria-metrics:v1.70.0" } }).map((p) => p.key), ["cluster-monitoring:longTermStore.image"]);
        });
    });
});
