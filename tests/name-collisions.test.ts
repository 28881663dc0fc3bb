import * as assert from "assert";
import * as path from "path";
import { nameCollisions, programObjects, providedSecretClashes } from "../stack/object-names";
import { ConfigError, pulumiConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { readStackConfig, stacksIn } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
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

    it("the stacks of the repository have none", () => {
        assert.deepStrictEqual(nameCollisions(programObjects(settingsWith())), []);
    });

    const cases: [string, Record<string, Record<string, unknown>>, string, RegExp][] = [
        [
            "two ClusterRoles: both components' service accounts named alike",
            { logs: { serviceAccountName: "monitor-main" } },
            "cluster-monitoring:metrics.serviceAccountName, cluster-monitoring:logs.serviceAccountName",
            /ClusterRole monitor-main/,
        ],
        [
            "two PersistentVolumes: the metrics server and the search store named alike on NFS",
            {
                searchStore: { enabled: true, name: "monitor", storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/es" } } },
                logs: { search: { host: "monitor" } },
            },
            "cluster-monitoring:metrics.name, cluster-monitoring:searchStore.name",
            /PersistentVolume monitor/,
        ],
        [
            "two ConfigMaps in a shared namespace",
            { logs: { namespace: "monitoring", configMapName: "monitor" } },
            "cluster-monitoring:metrics.name, cluster-monitoring:logs.configMapName",
            /ConfigMap monitor in namespace monitoring/,
        ],
        [
            "two Services: the etcd Service and the search store in kube-system",
            {
                metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http", discovery: "service", serviceName: "elasticsearch-logging" } },
                searchStore: { enabled: true },
            },
            "cluster-monitoring:metrics.etcd.serviceName, cluster-monitoring:searchStore.name",
            /Service elasticsearch-logging in namespace kube-system/,
        ],
    ];
    for (const [what, overrides, key, expected] of cases) {
        it(`refuses ${what}, naming both keys, before any resource`, async () => {
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
