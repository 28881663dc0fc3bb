import * as assert from "assert";
import { testCredentials } from "./harness/prometheus";
import * as fs from "fs";
import * as path from "path";
import { nameCollisions, programObjects, providedSecretClashes } from "../stack/object-names";
import { ConfigError, pulumiConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { readStackConfig, stacksIn } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { consistencyProblems, formatProblems } from "../validate";
import { runProgram as runEngine } from "../render/run-program";
import { runProgram } from "./harness/program";
import { allRegistered, waitForRegistrations } from "./harness/pulumi-mocks";
import { requiredConfig, settingsWith } from "./harness/stack-config";

const ROOT = path.resolve(__dirname, "..");

async function collisionError(config: Record<string, unknown>, secrets: Record<string, string> = {}): Promise<ConfigError> {
    const before = allRegistered().length;
    let thrown: unknown;
    await runProgram(config, secrets).catch((e) => (thrown = e));
    await waitForRegistrations();
    assert.ok(thrown instanceof ConfigError, `expected a ConfigError, got ${thrown}`);
    assert.strictEqual(allRegistered().length, before, "nothing may be registered");
    return thrown as ConfigError;
}

function withOverrides(o: Record<string, Record<string, unknown>>): Record<string, any> {
    const config = requiredConfig();
    for (const [k, v] of Object.entries(o)) {
        config[k] = { ...(config[k] ?? {}), ...v };
    }
    return config;
}

describe("name collisions between objects the program creates", () => {
    for (const stack of stacksIn(ROOT)) {
        it(`lists exactly the objects that stack ${stack} renders, so the check cannot drift from the builders`, async () => {
            const { resources } = await runEngine(readStackConfig(ROOT, stack), stack);
            const rendered = kubernetesObjects(resources).map((o) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`);
            const listed = programObjects(loadSettings(pulumiConfigSource())).map((o) => `${o.kind}/${o.namespace ?? ""}/${o.name}`);
            assert.deepStrictEqual([...new Set(listed)].sort(), [...rendered].sort());
        });
    }

    /**
     * The shipped stacks leave out objects that only some features write (the adapter's Secret
     * for Prometheus' login, the web Secrets, the receivers' secrets): each of these stacks turns
     * a set of them on, so the registry cannot miss an object that some stack renders (issue #33, class 3).
     */
    const FEATURES: [string, Record<string, any>, Record<string, string>][] = [
        [
            "3.x with web auth and TLS, two replicas, the adapter, Alertmanager's web, remote write, etcd over https, every receiver, Grafana, the store and probes",
            {
                ...requiredConfig(),
                metrics: {
                    externalUrl: "https://monitor.example.com/",
                    image: "quay.io/prometheus/prometheus:v3.5.0",
                    replicas: 2,
                    storage: { mode: "storageClass", size: "20Gi" },
                    web: { tls: { secretName: "monitor-tls" }, basicAuth: { username: "ops" } },
                    ingress: { host: "monitor.example.com", tlsSecretName: "monitor-ingress-tls" },
                    remoteWrite: [{ url: "https://metrics.example.com/api/v1/write", basicAuth: { username: "writer", passwordKey: "remoteWritePassword" } }],
                    jobs: { etcd: true },
                    etcd: { endpoints: ["10.0.0.11"], scheme: "https" },
                    annotationDiscovery: { namespaces: ["shop"] },
                    services: [{ name: "jmx", namespace: "kube-system", selector: { app: "kafka" }, port: "jmx" }],
                },
                searchStore: { enabled: true },
                grafana: { enabled: true, ingress: { host: "grafana.example.com" } },
                alertmanager: {
                    web: { basicAuth: { username: "am" } },
                    slack: { channel: "#alerts" },
                    email: { to: "oncall@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", authUsername: "am" },
                    pagerduty: {},
                    teams: [{ name: "payments", matchers: { team: "payments" }, slackChannel: "#payments" }],
                },
                resourceMetrics: { enabled: true, replicas: 2 },
                blackboxExporter: { enabled: true, probes: [{ name: "shop", target: "https://shop.example.com/" }] },
                eventCollector: { enabled: true },
            },
            {
                remoteWritePassword: "x",
                etcdCaCert: testCredentials().cert,
                etcdClientCert: testCredentials().cert,
                etcdClientKey: testCredentials().key,
                grafanaAdminPassword: "x",
                alertSlackUrl: "https://hooks.slack.com/x",
                alertSmtpPassword: "x",
                alertPagerdutyKey: "x",
                alertWebhookUrl: "https://hooks.example.com/x",
                alertWatchdogUrl: "https://wd.example.com/x",
            },
        ],
        [
            "2.53 with basic auth, the auth gateway with its own users, the adapter in kube-system, and an external store with a login",
            {
                ...requiredConfig(),
                metrics: {
                    externalUrl: "https://monitor.example.com/",
                    image: "quay.io/prometheus/prometheus:v2.53.5",
                    storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/m" } },
                    web: { basicAuth: { username: "ops" } },
                    // People log in at the auth gateway with its own users (Secret <name>-users).
                    ingress: { host: "monitor.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } },
                },
                logs: { search: { host: "search.example.com", scheme: "https", user: "fluentd", port: 443 } },
                resourceMetrics: { enabled: true, namespace: "kube-system" },
            },
            { searchPassword: "x" },
        ],
        [
            "the in-cluster OpenSearch store with Dashboards, its template, retention and index pattern Jobs, on the log agent's opensearch line",
            {
                ...requiredConfig(),
                logs: { image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1", search: { host: "elasticsearch-logging", scheme: "https" } },
                searchStore: { enabled: true, kind: "opensearch", tls: { secretName: "logs-store-tls" } },
            },
            {},
        ],
        [
            "the long-term store as a central store, with two edges writing through vmauth and its Ingress, backed up to S3 with keys",
            {
                ...requiredConfig(),
                metrics: { ...requiredConfig().metrics, externalLabels: { cluster: "central" } },
                longTermStore: {
                    enabled: true,
                    storage: { mode: "storageClass", size: "10Gi" },
                    edges: [
                        { cluster: "edge-eu", passwordKey: "edgeEuWritePassword" },
                        { cluster: "edge-us", passwordKey: "edgeUsWritePassword" },
                    ],
                    ingress: { host: "metrics.central.example.com", tlsSecretName: "metrics-central-tls" },
                    backup: { destination: "s3://metrics-backups/central", accessKeyIdKey: "storeBackupKeyId", secretAccessKeyKey: "storeBackupSecretKey" },
                },
            },
            { edgeEuWritePassword: "x", edgeUsWritePassword: "y", storeBackupKeyId: "k", storeBackupSecretKey: "s" },
        ],
        [
            "team dashboards and team rules from every namespace (their ClusterRoles), beside Grafana's and Prometheus' hatches",
            {
                ...requiredConfig(),
                metrics: {
                    ...requiredConfig().metrics,
                    teamRules: { all: true },
                    extra: { env: [{ name: "TZ", value: "UTC" }], volumes: [{ name: "extra-scratch", emptyDir: {} }], volumeMounts: [{ name: "extra-scratch", mountPath: "/scratch" }] },
                },
                grafana: {
                    enabled: true,
                    teamDashboards: { all: true },
                    extra: { volumes: [{ name: "extra-scratch", emptyDir: {} }], volumeMounts: [{ name: "extra-scratch", mountPath: "/opt/extra" }] },
                },
            },
            {},
        ],
    ];
    /** Every Kubernetes resource any checked stack registered, as "<type> <name>", for the coverage check below. */
    const seen = new Set<string>();
    for (const [what, config, secrets] of FEATURES) {
        it(`lists exactly the objects that a stack with ${what} renders`, async () => {
            const { resources } = await runProgram(config, secrets);
            resources.forEach((r) => seen.add(`${r.type} ${r.name}`));
            const rendered = kubernetesObjects(resources).map((o) => `${o.kind}/${o.metadata.namespace ?? ""}/${o.metadata.name}`);
            const listed = programObjects(loadSettings(pulumiConfigSource())).map((o) => `${o.kind}/${o.namespace ?? ""}/${o.name}`);
            assert.deepStrictEqual([...new Set(listed)].sort(), [...rendered].sort());
            // And their optional objects resolve, as the shipped stacks' do (tests/kubernetes-consistency.test.ts).
            const problems = consistencyProblems(kubernetesObjects(resources), ["default", "kube-system", "shop"]);
            assert.deepStrictEqual(problems, [], formatProblems(problems));
        });
    }

    it("those stacks render every Kubernetes object a component can create, so the agreement above covers each", async () => {
        for (const stack of stacksIn(ROOT)) {
            (await runEngine(readStackConfig(ROOT, stack), stack)).resources.forEach((r) => seen.add(`${r.type} ${r.name}`));
        }
        // TeamMonitoring (components/teams/) runs in a team's own program, not in the platform's:
        // tests/team-program.test.ts renders its objects.
        const sources = fs
            .readdirSync(path.join(ROOT, "components"), { recursive: true, encoding: "utf8" })
            .filter((f) => f.endsWith(".ts") && !f.startsWith(`teams${path.sep}`));
        const missing: string[] = [];
        let checked = 0;
        for (const file of sources) {
            const text = fs.readFileSync(path.join(ROOT, "components", file), "utf8");
            for (const m of text.matchAll(/new k8s\.([a-zA-Z0-9]+)\.([a-zA-Z0-9]+)\.([A-Za-z]+)\(`\$\{name\}-([^`]*)`/g)) {
                const [, group, version, kind, suffix] = m;
                checked += 1;
                const apiGroup = ["core", "apps", "batch", "policy"].includes(group) ? group : group === "rbac" ? "rbac.authorization.k8s.io" : `${group}.k8s.io`;
                const type = `kubernetes:${apiGroup}/${version}:${kind}`;
                const name = new RegExp(`-${suffix.replace(/[.*+?^()|[\]\\]/g, "\\$&").replace(/\$\{[^}]*\}/g, ".+")}$`);
                if (![...seen].some((r) => r.startsWith(`${type} `) && name.test(r.slice(type.length + 1)))) {
                    missing.push(`${file}: ${kind} \`\${name}-${suffix}\``);
                }
            }
        }
        assert.ok(checked >= 40, `${checked} object constructors found under components/`);
        assert.deepStrictEqual(missing, [], "objects no checked stack renders: add a stack to FEATURES that turns them on");
    });

    it("the stacks of the repository have none", () => {
        assert.deepStrictEqual(nameCollisions(programObjects(settingsWith())), []);
    });

    const cases: [string, Record<string, Record<string, unknown>>, string, RegExp][] = [
        [
            "two ClusterRoles: both components' service accounts named alike",
            { logs: { serviceAccountName: "monitor-main" } },
            "cluster-monitoring:logs.serviceAccountName",
            /ClusterRole monitor-main/,
        ],
        [
            "two PersistentVolumes: the metrics server and the search store named alike on NFS",
            {
                searchStore: { enabled: true, name: "monitor", storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/es" } } },
                logs: { search: { host: "monitor" } },
            },
            "cluster-monitoring:searchStore.name",
            /PersistentVolume monitor/,
        ],
        [
            "two ConfigMaps in a shared namespace",
            { logs: { namespace: "monitoring", configMapName: "monitor" } },
            "cluster-monitoring:logs.configMapName",
            /ConfigMap monitor in namespace monitoring/,
        ],
        [
            "two Services: the etcd Service and the search store in kube-system",
            {
                metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http", discovery: "service", serviceName: "elasticsearch-logging" } },
                searchStore: { enabled: true },
            },
            "cluster-monitoring:metrics.etcd.serviceName",
            /Service elasticsearch-logging in namespace kube-system/,
        ],
    ];
    for (const [what, overrides, key, expected] of cases) {
        it(`refuses ${what}, naming the key the stack wrote, before any resource`, async () => {
            const e = await collisionError(withOverrides(overrides));
            const p = e.problems.find((x) => x.key === key);
            assert.ok(p, e.message);
            assert.match(p!.expected, expected);
        });
    }
});

describe("a Secret the stack says the cluster provides is not one the program writes", () => {
    const MODERN = "quay.io/prometheus/prometheus:v3.5.0";
    const cases: [string, Record<string, Record<string, unknown>>, string, RegExp][] = [
        [
            "Prometheus' TLS Secret named as its own web Secret",
            { metrics: { image: MODERN, web: { tls: { secretName: "monitor-web" }, basicAuth: {} } } },
            "cluster-monitoring:metrics.web.tls.secretName",
            /not Secret monitor-web in namespace monitoring, which the program writes \(named by cluster-monitoring:metrics\.name\)/,
        ],
        [
            "Alertmanager's TLS Secret named as its config Secret",
            { alertmanager: { web: { tls: { secretName: "alertmanager-config" } } } },
            "cluster-monitoring:alertmanager.web.tls.secretName",
            /not Secret alertmanager-config in namespace monitoring/,
        ],
        [
            "Prometheus' Ingress TLS Secret named as the remote-write Secret",
            {
                metrics: {
                    ingress: { host: "monitor.example.com", tlsSecretName: "monitor-remote-write", auth: { proxy: { basicAuth: { users: ["alice"] } } } },
                    remoteWrite: [{ url: "https://metrics.example.com/api/v1/write", basicAuth: { username: "writer", passwordKey: "remoteWritePassword" } }],
                },
            },
            "cluster-monitoring:metrics.ingress.tlsSecretName",
            /not Secret monitor-remote-write/,
        ],
    ];
    for (const [what, overrides, key, expected] of cases) {
        it(`refuses ${what}, naming the key, before any resource`, async () => {
            const e = await collisionError(withOverrides(overrides), overrides.metrics?.remoteWrite ? { remoteWritePassword: "x" } : {});
            const p = e.problems.find((x) => x.key === key);
            assert.ok(p, e.message);
            assert.match(p!.expected, expected);
        });
    }

    it("accepts a TLS Secret of its own name", () => {
        const s = settingsWith({ metrics: { image: MODERN, web: { tls: { secretName: "monitor-web-tls" } } }, alertmanager: { web: { tls: { secretName: "alertmanager-web-tls" } } } });
        assert.deepStrictEqual(providedSecretClashes(s, programObjects(s)), []);
    });
});
