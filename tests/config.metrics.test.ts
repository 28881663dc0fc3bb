import * as assert from "assert";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { requiredConfig, settingsWith } from "./harness/stack-config";

/** Loads config and returns the ConfigError it throws; fails the test when nothing is thrown. */
function configErrorFor(config: Record<string, any>, secrets: Record<string, string> = {}): ConfigError {
    try {
        loadSettings(plainConfigSource(config, secrets));
    } catch (e) {
        assert.ok(e instanceof ConfigError, `expected a ConfigError, got ${e}`);
        return e;
    }
    assert.fail("expected the config to be rejected");
}

function withMetrics(overrides: Record<string, unknown>): Record<string, any> {
    const config = requiredConfig();
    config.metrics = { ...config.metrics, ...overrides };
    return config;
}

function problemFor(error: ConfigError, key: string) {
    const problem = error.problems.find((p) => p.key === key);
    assert.ok(problem, `no problem reported for ${key}; got: ${error.message}`);
    return problem;
}

describe("metrics settings", () => {
    it("applies the spec's defaults when only the required keys are set", () => {
        const m = settingsWith().metrics;
        assert.deepStrictEqual(
            {
                namespace: m.namespace,
                name: m.name,
                serviceAccountName: m.serviceAccountName,
                image: m.image,
                replicas: m.replicas,
                retention: m.retention,
                scrapeInterval: m.scrapeInterval,
                evaluationInterval: m.evaluationInterval,
                resources: m.resources,
                storage: m.storage,
                routePrefix: m.routePrefix,
                enableAdminApi: m.enableAdminApi,
                enableLifecycle: m.enableLifecycle,
                discoveryNamespaces: m.discoveryNamespaces,
                scrapeNamespaces: m.scrapeNamespaces,
                externalLabels: m.externalLabels,
                ingress: m.ingress,
                etcdClient: m.etcdClient,
            },
            {
                namespace: "monitoring",
                name: "monitor",
                serviceAccountName: "monitor-main",
                image: "quay.io/prometheus/prometheus:v2.11.1",
                replicas: 1,
                retention: "20d",
                scrapeInterval: "30s",
                evaluationInterval: "30s",
                resources: { cpuRequest: undefined, memoryRequest: "400Mi", memoryLimit: undefined, cpuLimit: undefined },
                storage: { mode: "nfs", size: "1Ti", nfs: { server: "10.0.0.10", path: "/exports/monitor" } },
                routePrefix: "/",
                enableAdminApi: true,
                enableLifecycle: true,
                discoveryNamespaces: ["default", "kube-system", "monitoring"],
                scrapeNamespaces: ["monitoring"],
                externalLabels: { monitor: "monitoring/main" },
                ingress: undefined,
                etcdClient: undefined,
            },
        );
    });

    describe("rejects", () => {
        it("a missing external URL", () => {
            const config = requiredConfig();
            delete config.metrics.externalUrl;
            const p = problemFor(configErrorFor(config), "cluster-monitoring:metrics.externalUrl");
            assert.match(p.expected, /required/);
        });

        for (const url of ["monitor.example.com", "/prometheus", "ftp://monitor.example.com/"]) {
            it(`an external URL that is not absolute http(s): ${url}`, () => {
                const e = configErrorFor(withMetrics({ externalUrl: url }));
                const p = problemFor(e, "cluster-monitoring:metrics.externalUrl");
                assert.strictEqual(p.got, url);
                assert.match(e.message, /cluster-monitoring:metrics\.externalUrl: got ".*", expected an absolute http/);
            });
        }

        it("a bad duration such as 20days", () => {
            const e = configErrorFor(withMetrics({ retention: "20days" }));
            const p = problemFor(e, "cluster-monitoring:metrics.retention");
            assert.strictEqual(p.got, "20days");
            assert.match(p.expected, /Prometheus duration/);
        });

        it("a compound duration that Prometheus 2.11 cannot parse", () => {
            problemFor(configErrorFor(withMetrics({ scrapeInterval: "1m30s" })), "cluster-monitoring:metrics.scrapeInterval");
        });

        for (const [field, value] of [
            ["memoryRequest", "400MB"],
            ["cpuRequest", "1 core"],
        ]) {
            it(`a bad quantity resources.${field}=${value}`, () => {
                const p = problemFor(configErrorFor(withMetrics({ resources: { [field]: value } })), `cluster-monitoring:metrics.resources.${field}`);
                assert.strictEqual(p.got, value);
                assert.match(p.expected, /Kubernetes quantity/);
            });
        }

        for (const key of ["memoryRequest", "memoryLimit"]) {
            it(`the old flat key metrics.${key}, now under metrics.resources`, () => {
                const p = problemFor(configErrorFor(withMetrics({ [key]: "1Gi" })), `cluster-monitoring:metrics.${key}`);
                assert.match(p.expected, /one of the known keys: .*resources/);
            });
        }

        for (const [field, value] of [
            ["namespace", "Monitoring"],
            ["name", "monitor_main"],
        ]) {
            it(`a name that is not a DNS label: ${field}=${value}`, () => {
                const p = problemFor(configErrorFor(withMetrics({ [field]: value })), `cluster-monitoring:metrics.${field}`);
                assert.match(p.expected, /DNS label/);
            });
        }

        it("a discovery namespace that is not a DNS label", () => {
            const e = configErrorFor(withMetrics({ discoveryNamespaces: ["default", "Kube_System"] }));
            problemFor(e, "cluster-monitoring:metrics.discoveryNamespaces[1]");
        });

        it("a scrape namespace that has no discovery Role", () => {
            const e = configErrorFor(withMetrics({ scrapeNamespaces: ["monitoring", "apps"] }));
            const p = problemFor(e, "cluster-monitoring:metrics.scrapeNamespaces");
            assert.strictEqual(p.got, "apps");
            assert.match(p.expected, /discoveryNamespaces/);
        });

        it("an unknown key under metrics, which is usually a typo", () => {
            const e = configErrorFor(withMetrics({ retension: "30d" }));
            const p = problemFor(e, "cluster-monitoring:metrics.retension");
            assert.match(p.expected, /retention/);
        });

        it("an unknown key without echoing its value, which may be a misplaced secret", () => {
            const config = requiredConfig();
            config.logs.search.password = "hunter2-SECRET";
            const e = configErrorFor(config);
            problemFor(e, "cluster-monitoring:logs.search.password");
            assert.doesNotMatch(e.message, /hunter2/);
            assert.match(e.message, /cluster-monitoring:logs\.search\.password: got a value \(not shown\), expected one of the known keys/);
        });

        it("an unknown top-level key in the project namespace, such as a misspelt metrics", () => {
            const config = requiredConfig();
            config.metric = { retention: "30d" };
            const p = problemFor(configErrorFor(config), "cluster-monitoring:metric");
            assert.match(p.expected, /metrics, controlPlane, logs, searchStore, longTermStore, nodeExporter, kubeStateMetrics, grafana, alertRules, alertmanager, resourceMetrics, blackboxExporter, eventCollector, networkPolicies, searchPassword/);
        });

        it("more than one replica on the one NFS volume", () => {
            const p = problemFor(configErrorFor(withMetrics({ replicas: 2 })), "cluster-monitoring:metrics.replicas");
            assert.match(p.expected, /one NFS PersistentVolume backs one replica; 2 or more need storage\.mode storageClass/);
        });

        it("a bad external label name", () => {
            problemFor(
                configErrorFor(withMetrics({ externalLabels: { "cluster-name": "dev" } })),
                "cluster-monitoring:metrics.externalLabels.cluster-name",
            );
        });

        it("an ingress without a host", () => {
            problemFor(configErrorFor(withMetrics({ ingress: { className: "nginx" } })), "cluster-monitoring:metrics.ingress.host");
        });

        it("a non-boolean API switch", () => {
            problemFor(configErrorFor(withMetrics({ enableAdminApi: "no" })), "cluster-monitoring:metrics.enableAdminApi");
        });

        it("only some of the etcd client files when the etcd job scrapes over https", () => {
            const config = withMetrics({ jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"] } });
            const e = configErrorFor(config, { etcdClientKey: "-----BEGIN KEY----- very secret" });
            assert.match(e.message, /cluster-monitoring:etcdCaCert, cluster-monitoring:etcdClientCert: got nothing/);
            assert.doesNotMatch(e.message, /very secret/);
        });

        it("etcd client files when no job reads them, without echoing the secret", () => {
            const e = configErrorFor(requiredConfig(), { etcdCaCert: "CA", etcdClientCert: "CERT", etcdClientKey: "very secret" });
            assert.match(e.message, /etcdCaCert, cluster-monitoring:etcdClientCert, cluster-monitoring:etcdClientKey: got a secret value/);
            assert.match(e.message, /metrics\.jobs\.etcd is true/);
            assert.doesNotMatch(e.message, /very secret/);
        });

        it("several problems at once, all in one error", () => {
            const config = requiredConfig();
            config.metrics = { retention: "20days", storage: { mode: "nfs", size: "1TB", nfs: { server: "10.0.0.10", path: "rel" } }, typo: 1 };
            const e = configErrorFor(config);
            for (const key of ["externalUrl", "retention", "storage.size", "storage.nfs.path", "typo"]) {
                problemFor(e, `cluster-monitoring:metrics.${key}`);
            }
            assert.strictEqual(e.problems.length, 5);
            assert.match(e.message, /5 problems/);
        });
    });

    it("accepts every override the spec's values allow", () => {
        const m = settingsWith({
            metrics: {
                namespace: "observability",
                retention: "45d",
                scrapeInterval: "15s",
                evaluationInterval: "1m",
                resources: { memoryRequest: "2Gi" },
                storage: { mode: "storageClass", size: "500Gi" },
                discoveryNamespaces: ["observability", "apps"],
                scrapeNamespaces: ["observability", "apps"],
                externalLabels: { cluster: "prod" },
                ingress: { host: "monitor.example.com", className: "nginx", auth: { proxy: { basicAuth: { users: ["alice"] } } } },
                enableAdminApi: false,
            },
        }).metrics;
        assert.strictEqual(m.retention, "45d");
        assert.deepStrictEqual(m.scrapeNamespaces, ["observability", "apps"]);
        assert.deepStrictEqual(m.ingress?.host, "monitor.example.com");
        assert.deepStrictEqual(m.ingress?.auth?.proxy?.basicAuth, { users: ["alice"] });
        assert.strictEqual(m.enableAdminApi, false);
    });
});
