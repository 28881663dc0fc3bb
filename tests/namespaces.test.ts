import * as assert from "assert";
import { ConfigError } from "../config";
import { KubernetesObject } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { runProgram } from "./harness/program";
import { allRegistered, waitForRegistrations } from "./harness/pulumi-mocks";
import { requiredConfig } from "./harness/stack-config";

type Overrides = { metrics?: Record<string, unknown>; logs?: Record<string, unknown>; searchStore?: Record<string, unknown> };

function configWith(o: Overrides): Record<string, any> {
    const config = requiredConfig();
    config.metrics = { ...config.metrics, ...o.metrics };
    config.logs = { ...config.logs, ...o.logs };
    if (o.searchStore) {
        config.searchStore = o.searchStore;
    }
    return config;
}

async function objects(o: Overrides): Promise<KubernetesObject[]> {
    return kubernetesObjects((await runProgram(configWith(o))).resources);
}

async function configError(o: Overrides): Promise<ConfigError> {
    const before = allRegistered().length;
    let thrown: unknown;
    await runProgram(configWith(o)).catch((e) => (thrown = e));
    await waitForRegistrations();
    assert.ok(thrown instanceof ConfigError, `expected a ConfigError, got ${thrown}`);
    assert.strictEqual(allRegistered().length, before, "nothing may be registered");
    return thrown as ConfigError;
}

const namespaces = (list: KubernetesObject[]) => list.filter((o) => o.kind === "Namespace").map((o) => o.metadata.name);
const prometheusYaml = (list: KubernetesObject[]) =>
    String((list.find((o) => o.kind === "ConfigMap" && o.metadata.name === "monitor") as any).data["prometheus.yml"]);

describe("namespaces (metrics.namespace, logs.namespace, createNamespace)", () => {
    it("moving metrics.namespace moves every namespaced object, Role and the self-monitoring job with it", async () => {
        const list = await objects({ metrics: { namespace: "observability" } });
        assert.deepStrictEqual(namespaces(list), ["observability"]);
        const left = list.filter((o) => o.metadata.namespace === "monitoring").map((o) => `${o.kind} ${o.metadata.name}`);
        assert.deepStrictEqual(left, [], "nothing stays in monitoring");
        const roles = list.filter((o) => o.kind === "Role" && o.metadata.name === "monitor-main").map((o) => o.metadata.namespace);
        assert.deepStrictEqual(roles.sort(), ["default", "kube-system", "observability"]);
        assert.match(prometheusYaml(list), /job_name: monitor\n[\s\S]*?names:\n\s+- observability\n/);
    });

    it("a log agent moved out of kube-system gets its own namespace, labelled for the privileged agent", async () => {
        const list = await objects({ logs: { namespace: "logging" } });
        const ns = list.find((o) => o.kind === "Namespace" && o.metadata.name === "logging") as any;
        assert.ok(ns, `namespaces: ${namespaces(list)}`);
        assert.strictEqual(ns.metadata.labels["pod-security.kubernetes.io/enforce"], "privileged");
        const agent = ["DaemonSet fluentd-es-v2.7.0", "ServiceAccount fluentd-es", "ConfigMap log-agent-config-v0.2.0"];
        for (const object of agent) {
            const found = list.find((o) => `${o.kind} ${o.metadata.name}` === object);
            assert.strictEqual(found?.metadata.namespace, "logging", object);
        }
        assert.match(prometheusYaml(list), /job_name: log-agent\n[\s\S]*?names:\n\s+- logging\n/);
    });

    it("never creates a system namespace, and refuses createNamespace true for one, naming the key", async () => {
        const list = await objects({ metrics: { namespace: "kube-system", discoveryNamespaces: ["default", "kube-system"] } });
        assert.deepStrictEqual(namespaces(list), []);
        assert.ok(list.some((o) => o.kind === "StatefulSet" && o.metadata.namespace === "kube-system"));
        for (const [component, key] of [["metrics", "metrics"], ["logs", "logs"]] as const) {
            const e = await configError({ [component]: { namespace: "kube-public", createNamespace: true } });
            const p = e.problems.find((x) => x.key === `cluster-monitoring:${key}.createNamespace`);
            assert.ok(p, e.message);
            assert.match(p!.expected, /system namespace/);
        }
        assert.deepStrictEqual(namespaces(await objects({})), ["monitoring"], "kube-system, the log agent's default, is not created");
    });

    it("createNamespace false declares a namespace that exists already: nothing creates or labels it", async () => {
        const list = await objects({ metrics: { namespace: "observability", createNamespace: false } });
        assert.deepStrictEqual(namespaces(list), []);
        assert.ok(list.some((o) => o.kind === "StatefulSet" && o.metadata.namespace === "observability"));
    });

    it("a namespace shared by both components is created once, by the metrics server, and admits the agent", async () => {
        const list = await objects({ logs: { namespace: "monitoring" } });
        assert.deepStrictEqual(namespaces(list), ["monitoring"]);
        const ns = list.find((o) => o.kind === "Namespace") as any;
        assert.strictEqual(ns.metadata.labels["pod-security.kubernetes.io/enforce"], "privileged");
        const e = await configError({ logs: { namespace: "monitoring", createNamespace: true } });
        const p = e.problems.find((x) => x.key === "cluster-monitoring:logs.createNamespace");
        assert.ok(p, e.message);
        assert.match(p!.expected, /metrics\.createNamespace already creates namespace monitoring/);
    });
});
