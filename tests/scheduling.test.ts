import * as assert from "assert";
import { isDeepStrictEqual } from "util";
import { containerResources as ownResources } from "../components/common/resources";
import { podPlacement } from "../components/common/scheduling";
import { ConfigError, plainConfigSource, Settings } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { KubernetesObject } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { kubernetesSchemaProblems } from "../validate";
import { runProgram } from "./harness/program";
import { GRAFANA_SECRETS, requiredConfig, settingsWith } from "./harness/stack-config";

/**
 * Scheduling and resources of every workload (docs/scheduling.md): a stack that sets all of them,
 * with a different value for every component, must find each value in its component's pod
 * template, and every pod template the program renders must belong to a component. A workload
 * added without podPlacement fails here.
 */

/** Each component's stack key, and how its settings name its one workload. */
const COMPONENTS = {
    metrics: { kind: "StatefulSet", name: (s: Settings) => s.metrics.name },
    alertmanager: { kind: "StatefulSet", name: (s: Settings) => s.alertmanager.name },
    grafana: { kind: "Deployment", name: (s: Settings) => s.grafana.name },
    kubeStateMetrics: { kind: "Deployment", name: (s: Settings) => s.kubeStateMetrics.name },
    nodeExporter: { kind: "DaemonSet", name: (s: Settings) => s.nodeExporter.name },
    logs: { kind: "DaemonSet", name: (s: Settings) => s.logs.daemonSetName },
    searchStore: { kind: "StatefulSet", name: (s: Settings) => s.searchStore.name },
    resourceMetrics: { kind: "Deployment", name: (s: Settings) => s.resourceMetrics.name },
} as const;

/**
 * Workloads that run on another component's placement, with resources of their own: Kibana,
 * the store's jobs and its exporter run where the store runs (docs/scheduling.md).
 */
const FOLLOWERS = [
    { kind: "Deployment", name: (s: Settings) => s.searchStore.kibana.name, component: "searchStore", resources: (s: Settings) => s.searchStore.kibana.resources },
    { kind: "Job", name: (s: Settings) => `${s.searchStore.kibana.name}-index-pattern`, component: "searchStore", resources: (s: Settings) => s.searchStore.retention.resources },
    { kind: "CronJob", name: (s: Settings) => `${s.searchStore.name}-retention`, component: "searchStore", resources: (s: Settings) => s.searchStore.retention.resources },
    { kind: "Job", name: (s: Settings) => `${s.searchStore.name}-template`, component: "searchStore", resources: (s: Settings) => s.searchStore.retention.resources },
    { kind: "Deployment", name: (s: Settings) => `${s.searchStore.name}-exporter`, component: "searchStore", resources: (s: Settings) => s.searchStore.exporter.resources },
] as const;

type Component = keyof typeof COMPONENTS;
const COMPONENT_KEYS = Object.keys(COMPONENTS) as Component[];

/** Distinct scheduling and resources for one component, numbered so no two components share a value. */
function placementFor(component: Component, i: number) {
    return {
        nodeSelector: { "example.com/pool": `pool-${component.toLowerCase()}` },
        tolerations: [
            { key: "example.com/dedicated", operator: "Equal", value: component.toLowerCase(), effect: "NoSchedule" },
            { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 60 + i },
        ],
        affinity: {
            nodeAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: {
                    nodeSelectorTerms: [
                        { matchExpressions: [{ key: "kubernetes.io/arch", operator: "In", values: ["amd64", "arm64"] }] },
                        { matchExpressions: [{ key: "example.com/cores", operator: "Gt", values: [String(i + 2)] }] },
                        { matchFields: [{ key: "metadata.name", operator: "NotIn", values: [`broken-node-${i}`] }] },
                    ],
                },
                preferredDuringSchedulingIgnoredDuringExecution: [
                    { weight: 10 + i, preference: { matchExpressions: [{ key: "example.com/ssd", operator: "Exists" }] } },
                ],
            },
            podAffinity: {
                preferredDuringSchedulingIgnoredDuringExecution: [
                    {
                        weight: 50 + i,
                        podAffinityTerm: {
                            labelSelector: { matchLabels: { "app.kubernetes.io/name": `near-${component.toLowerCase()}` } },
                            namespaces: ["monitoring", "kube-system"],
                            topologyKey: "topology.kubernetes.io/zone",
                        },
                    },
                ],
            },
            podAntiAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: [
                    {
                        labelSelector: { matchExpressions: [{ key: "example.com/noisy", operator: "In", values: [`c${i}`] }] },
                        topologyKey: "kubernetes.io/hostname",
                    },
                ],
            },
        },
        priorityClassName: `monitoring-${component.toLowerCase()}`,
        resources: { cpuRequest: `${100 + i}m`, memoryRequest: `${200 + i}Mi`, cpuLimit: `${1 + i}`, memoryLimit: `${1 + i}Gi` },
        ...(component === "metrics" ? { reloader: { resources: { cpuRequest: "11m", memoryRequest: "31Mi", cpuLimit: "21m", memoryLimit: "41Mi" } } } : {}),
        ...(component === "nodeExporter" || component === "kubeStateMetrics"
            ? { rbacProxy: { resources: { cpuRequest: `${12 + i}m`, memoryRequest: `${32 + i}Mi`, cpuLimit: `${22 + i}m`, memoryLimit: `${42 + i}Mi` } } }
            : {}),
    };
}

/** Every component on, each with its own placement, as a stack file would set them. */
function fullConfig(): Record<string, any> {
    const config = requiredConfig();
    const extra: Record<string, Record<string, unknown>> = {
        grafana: { enabled: true },
        searchStore: { enabled: true },
        nodeExporter: { enabled: true },
        kubeStateMetrics: { enabled: true },
        alertmanager: { enabled: true },
        resourceMetrics: { enabled: true },
        // Replicated, so a stack's own podAntiAffinity must win over the default replica spread.
        metrics: { replicas: 2, storage: { mode: "storageClass" } },
    };
    COMPONENT_KEYS.forEach((c, i) => {
        config[c] = { ...(config[c] ?? {}), ...(extra[c] ?? {}), ...placementFor(c, i) };
    });
    return config;
}

/** The pod template of any object that has one, whatever its kind. */
function podTemplateOf(o: any): any | undefined {
    return o.spec?.template?.spec ? o.spec.template : o.spec?.jobTemplate?.spec?.template;
}

/** Containers whose resources a setting of their own gives, by component and container name. */
const OWN_RESOURCES: Partial<Record<Component, Record<string, (want: any) => any>>> = {
    metrics: { "config-reloader": (want) => want.reloader.resources, "init-config-reloader": (want) => want.reloader.resources },
    nodeExporter: { "kube-rbac-proxy": (want) => want.rbacProxy.resources },
    // Both proxies (object metrics, telemetry) take kubeStateMetrics.rbacProxy.
    kubeStateMetrics: { "kube-rbac-proxy": (want) => want.rbacProxy.resources, "kube-rbac-proxy-telemetry": (want) => want.rbacProxy.resources },
};

function containerResources(r: { cpuRequest: string; memoryRequest: string; cpuLimit: string; memoryLimit: string }) {
    return { requests: { cpu: r.cpuRequest, memory: r.memoryRequest }, limits: { cpu: r.cpuLimit, memory: r.memoryLimit } };
}

/**
 * What is wrong with the rendered pod templates: one that belongs to no component, a component
 * without one, or a setting that did not reach its template. Empty when all is well.
 */
function placementProblems(objects: readonly KubernetesObject[], settings: Settings): string[] {
    const problems: string[] = [];
    const found = new Set<Component>();
    for (const o of objects) {
        const template = podTemplateOf(o);
        if (!template) {
            continue;
        }
        const at = `${o.kind} ${o.metadata.name}`;
        const follower = FOLLOWERS.find((f) => f.kind === o.kind && f.name(settings) === o.metadata.name);
        if (follower) {
            const want = placementFor(follower.component, COMPONENT_KEYS.indexOf(follower.component));
            for (const field of ["nodeSelector", "tolerations", "affinity", "priorityClassName"] as const) {
                if (!isDeepStrictEqual(template.spec[field], want[field])) {
                    problems.push(`${at}: ${field} is ${JSON.stringify(template.spec[field])}, not ${follower.component}.${field}`);
                }
            }
            for (const c of template.spec.containers ?? []) {
                if (!isDeepStrictEqual(c.resources, ownResources(follower.resources(settings)))) {
                    problems.push(`${at}: container ${c.name} has resources ${JSON.stringify(c.resources)}, not its own setting`);
                }
            }
            continue;
        }
        const component = COMPONENT_KEYS.find((c) => COMPONENTS[c].kind === o.kind && COMPONENTS[c].name(settings) === o.metadata.name);
        if (!component) {
            problems.push(`${at}: a pod template of no known component; give it podPlacement and list it in COMPONENTS`);
            continue;
        }
        found.add(component);
        const want = placementFor(component, COMPONENT_KEYS.indexOf(component));
        const spec = template.spec;
        for (const field of ["nodeSelector", "tolerations", "affinity", "priorityClassName"] as const) {
            try {
                assert.deepStrictEqual(spec[field], want[field]);
            } catch {
                problems.push(`${at}: ${field} is ${JSON.stringify(spec[field])}, not ${component}.${field}`);
            }
        }
        for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
            const own: ((want: any) => any) | undefined = OWN_RESOURCES[component]?.[c.name];
            try {
                assert.deepStrictEqual(c.resources, containerResources(own ? own(want) : want.resources));
            } catch {
                problems.push(`${at}: container ${c.name} has resources ${JSON.stringify(c.resources)}, not ${component}.${own ? `${c.name}'s own resources` : "resources"}`);
            }
        }
    }
    for (const c of COMPONENT_KEYS.filter((k) => !found.has(k))) {
        problems.push(`${c}: no pod template rendered`);
    }
    return problems;
}

describe("scheduling and resources reach every pod template (docs/scheduling.md)", function () {
    let objects: KubernetesObject[] = [];
    let settings: Settings;

    before(async () => {
        const config = fullConfig();
        settings = loadSettings(plainConfigSource(config, GRAFANA_SECRETS));
        objects = kubernetesObjects((await runProgram(config, GRAFANA_SECRETS)).resources);
    });

    it("every component's nodeSelector, tolerations, affinity, priorityClassName and resources are in its pod template", () => {
        assert.deepStrictEqual(placementProblems(objects, settings), []);
        assert.strictEqual(objects.filter(podTemplateOf).length, COMPONENT_KEYS.length + FOLLOWERS.length, "one pod template per component and follower");
    });

    it("the rendered pod specs pass the Kubernetes schema", () => {
        assert.deepStrictEqual(kubernetesSchemaProblems(objects), []);
    });

    it("the check catches a workload whose wiring is missing, one field at a time", () => {
        const copy: KubernetesObject[] = JSON.parse(JSON.stringify(objects));
        const grafana: any = copy.find((o) => o.kind === "Deployment" && o.metadata.name === settings.grafana.name);
        delete grafana.spec.template.spec.affinity;
        delete grafana.spec.template.spec.priorityClassName;
        const problems = placementProblems(copy, settings);
        assert.strictEqual(problems.length, 2, problems.join("\n"));
        assert.match(problems[0], /^Deployment grafana: affinity is undefined, not grafana\.affinity$/);
    });

    it("the check catches a pod template of a workload nobody listed, whatever its kind", () => {
        const stray = { apiVersion: "batch/v1", kind: "CronJob", metadata: { name: "compactor", namespace: "monitoring" }, spec: { jobTemplate: { spec: { template: { spec: { containers: [] } } } } } };
        assert.deepStrictEqual(placementProblems([...objects, stray], settings), [
            "CronJob compactor: a pod template of no known component; give it podPlacement and list it in COMPONENTS",
        ]);
    });
});

describe("scheduling defaults keep today's pods", () => {
    const s = settingsWith({ grafana: { enabled: true } }, GRAFANA_SECRETS);

    it("node-exporter: Linux nodes and every taint; the log agent: both control-plane taints and system-node-critical; kube-state-metrics: Linux nodes", () => {
        assert.deepStrictEqual(podPlacement(s.nodeExporter), { nodeSelector: { "kubernetes.io/os": "linux" }, tolerations: [{ operator: "Exists" }] });
        assert.deepStrictEqual(podPlacement(s.logs), {
            tolerations: [
                { key: "node-role.kubernetes.io/master", operator: "Exists", effect: "NoSchedule" },
                { key: "node-role.kubernetes.io/control-plane", operator: "Exists", effect: "NoSchedule" },
            ],
            priorityClassName: "system-node-critical",
        });
        assert.deepStrictEqual(podPlacement(s.kubeStateMetrics), { nodeSelector: { "kubernetes.io/os": "linux" } });
    });

    it("Prometheus, Alertmanager, Grafana and the search store: nothing, so the scheduler decides", () => {
        for (const c of [s.metrics, s.alertmanager, s.grafana, s.searchStore]) {
            assert.deepStrictEqual(podPlacement(c), {});
        }
    });

    it("Prometheus keeps the spec's memory request alone: no CPU request, no limit", () => {
        assert.deepStrictEqual(s.metrics.resources, { cpuRequest: undefined, memoryRequest: "400Mi", memoryLimit: undefined, cpuLimit: undefined });
    });

    it("a stack's nodeSelector and tolerations replace the defaults; {} and [] remove them", () => {
        const t = settingsWith({ nodeExporter: { nodeSelector: { "example.com/pool": "infra" }, tolerations: [] }, kubeStateMetrics: { nodeSelector: {} } });
        assert.deepStrictEqual(podPlacement(t.nodeExporter), { nodeSelector: { "example.com/pool": "infra" } });
        assert.deepStrictEqual(podPlacement(t.kubeStateMetrics), {});
    });

    it("a YAML number in a Gt value is the text Kubernetes expects", () => {
        const t = settingsWith({
            metrics: { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: "example.com/cores", operator: "Gt", values: [4] }] }] } } } },
        });
        assert.deepStrictEqual(t.metrics.affinity!.nodeAffinity!.requiredDuringSchedulingIgnoredDuringExecution!.nodeSelectorTerms[0].matchExpressions![0].values, ["4"]);
    });
});

describe("podPlacement with a workload's replica spread", () => {
    const spreadAnti = { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 100, podAffinityTerm: { labelSelector: { matchLabels: { app: "x" } }, topologyKey: "kubernetes.io/hostname" } }] };
    const constraints = [{ maxSkew: 1, topologyKey: "topology.kubernetes.io/zone", whenUnsatisfiable: "ScheduleAnyway", labelSelector: { matchLabels: { app: "x" } } }];

    it("uses the spread's podAntiAffinity when the stack sets none, beside the stack's node affinity", () => {
        const nodeAffinity = { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [{ key: "a", operator: "Exists" as const }] }] } };
        const p = podPlacement({ affinity: { nodeAffinity } }, { affinity: { podAntiAffinity: spreadAnti }, topologySpreadConstraints: constraints });
        assert.deepStrictEqual(p, { affinity: { nodeAffinity, podAntiAffinity: spreadAnti }, topologySpreadConstraints: constraints });
    });

    it("a stack's own podAntiAffinity replaces the spread's; the spread constraints stay", () => {
        const own = { requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: {}, topologyKey: "kubernetes.io/hostname" }] };
        const p = podPlacement({ affinity: { podAntiAffinity: own } }, { affinity: { podAntiAffinity: spreadAnti }, topologySpreadConstraints: constraints });
        assert.deepStrictEqual(p, { affinity: { podAntiAffinity: own }, topologySpreadConstraints: constraints });
    });

    it("leaves out every field that says nothing", () => {
        assert.deepStrictEqual(podPlacement({ nodeSelector: {}, tolerations: [], affinity: {} }, { topologySpreadConstraints: [] }), {});
    });
});

/** Grafana is off in the smallest stack, and on only with its admin password. */
function settingsFor(component: Component, patch: Record<string, unknown>): Settings {
    return component === "grafana" ? settingsWith({ grafana: { enabled: true, ...patch } }, GRAFANA_SECRETS) : settingsWith({ [component]: patch });
}

/** Every wrong value is refused with its full key. */
describe("scheduling settings that Kubernetes would refuse", () => {
    const term = (expr: object) => ({ nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchExpressions: [expr] }] } } });
    const required = "affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
    const pod = (t: object) => ({ podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [t] } });
    const podAt = "affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]";
    const hostname = { topologyKey: "kubernetes.io/hostname" };

    const CASES: [string, Component, Record<string, unknown>, string, RegExp][] = [
        ["a nodeSelector key with two slashes", "metrics", { nodeSelector: { "a/b/c": "x" } }, "nodeSelector.a/b/c", /label key/],
        ["a nodeSelector value with a space", "alertmanager", { nodeSelector: { pool: "big pool" } }, "nodeSelector.pool", /label value/],
        ["a nodeSelector that is a list", "grafana", { nodeSelector: ["pool=infra"] }, "nodeSelector", /map/],
        ["a toleration of Equal without a key", "kubeStateMetrics", { tolerations: [{ operator: "Equal", value: "x" }] }, "tolerations[0].key", /taint key/],
        ["a toleration of Exists with a value", "searchStore", { tolerations: [{ key: "k", operator: "Exists", value: "x" }] }, "tolerations[0].value", /Exists matches any value/],
        ["tolerationSeconds without NoExecute", "logs", { tolerations: [{ key: "k", operator: "Exists", effect: "NoSchedule", tolerationSeconds: 30 }] }, "tolerations[0].tolerationSeconds", /NoExecute/],
        ["an effect Kubernetes does not know", "nodeExporter", { tolerations: [{ operator: "Exists", effect: "NoEvict" }] }, "tolerations[0].effect", /NoSchedule, PreferNoSchedule, NoExecute/],
        ["an upper-case priority class", "metrics", { priorityClassName: "High" }, "priorityClassName", /DNS name/],
        ["a misspelt affinity key", "alertmanager", { affinity: { nodeAffinity: { requiredDuringScheduling: {} } } }, "affinity.nodeAffinity.requiredDuringScheduling", /known keys: requiredDuringSchedulingIgnoredDuringExecution/],
        ["no node selector terms", "grafana", { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [] } } } }, `${required}.nodeSelectorTerms`, /at least one node selector term/],
        ["an empty node selector term", "kubeStateMetrics", { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{}] } } } }, `${required}.nodeSelectorTerms[0]`, /matches no node/],
        ["In without values", "nodeExporter", { affinity: term({ key: "a", operator: "In" }) }, `${required}.nodeSelectorTerms[0].matchExpressions[0].values`, /non-empty list/],
        ["Exists with values", "logs", { affinity: term({ key: "a", operator: "Exists", values: ["x"] }) }, `${required}.nodeSelectorTerms[0].matchExpressions[0].values`, /no values/],
        ["Gt with a word", "searchStore", { affinity: term({ key: "a", operator: "Gt", values: ["four"] }) }, `${required}.nodeSelectorTerms[0].matchExpressions[0].values`, /whole number/],
        ["Lt with two values", "metrics", { affinity: term({ key: "a", operator: "Lt", values: ["1", "2"] }) }, `${required}.nodeSelectorTerms[0].matchExpressions[0].values`, /exactly one value/],
        ["Gt beyond 64 bits", "alertmanager", { affinity: term({ key: "a", operator: "Gt", values: ["9223372036854775808"] }) }, `${required}.nodeSelectorTerms[0].matchExpressions[0].values`, /64-bit/],
        ["an operator Kubernetes does not know", "grafana", { affinity: term({ key: "a", operator: "Equals", values: ["x"] }) }, `${required}.nodeSelectorTerms[0].matchExpressions[0].operator`, /In, NotIn, Exists, DoesNotExist, Gt, Lt/],
        ["an In value no label can hold", "kubeStateMetrics", { affinity: term({ key: "a", operator: "In", values: ["ok", "not ok"] }) }, `${required}.nodeSelectorTerms[0].matchExpressions[0].values[1]`, /label value/],
        [
            "a field requirement on a label",
            "nodeExporter",
            { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: "metadata.labels", operator: "In", values: ["x"] }] }] } } } },
            `${required}.nodeSelectorTerms[0].matchFields[0].key`,
            /metadata\.name/,
        ],
        [
            "a field requirement with two node names",
            "logs",
            { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "In", values: ["a", "b"] }] }] } } } },
            `${required}.nodeSelectorTerms[0].matchFields[0].values`,
            /exactly one node name/,
        ],
        [
            "a field requirement with Exists",
            "searchStore",
            { affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "Exists", values: ["a"] }] }] } } } },
            `${required}.nodeSelectorTerms[0].matchFields[0].operator`,
            /In, NotIn/,
        ],
        ["a preferred weight of 0", "metrics", { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 0, preference: { matchExpressions: [{ key: "a", operator: "Exists" }] } }] } } }, "affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight", /1 to 100/],
        ["a preferred weight of 101", "alertmanager", { affinity: { podAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 101, podAffinityTerm: { labelSelector: { matchLabels: { app: "x" } }, ...hostname } }] } } }, "affinity.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight", /1 to 100/],
        ["a preferred term without its preference", "grafana", { affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 5 }] } } }, "affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].preference", /node selector term/],
        ["a pod term without topologyKey", "kubeStateMetrics", { affinity: pod({ labelSelector: { matchLabels: { app: "x" } } }) }, `${podAt}.topologyKey`, /required/],
        ["a pod term without labelSelector", "nodeExporter", { affinity: pod(hostname) }, `${podAt}.labelSelector`, /matches no pod/],
        ["Gt in a label selector", "logs", { affinity: pod({ labelSelector: { matchExpressions: [{ key: "a", operator: "Gt", values: ["1"] }] }, ...hostname }) }, `${podAt}.labelSelector.matchExpressions[0].operator`, /In, NotIn, Exists, DoesNotExist/],
        ["NotIn without values in a label selector", "searchStore", { affinity: pod({ labelSelector: { matchExpressions: [{ key: "a", operator: "NotIn", values: [] }] }, ...hostname }) }, `${podAt}.labelSelector.matchExpressions[0].values`, /non-empty/],
        ["a matchLabels value with a slash", "metrics", { affinity: pod({ labelSelector: { matchLabels: { app: "a/b" } }, ...hostname }) }, `${podAt}.labelSelector.matchLabels.app`, /label value/],
        ["an upper-case namespace", "alertmanager", { affinity: pod({ labelSelector: { matchLabels: { app: "x" } }, namespaces: ["Monitoring"], ...hostname }) }, `${podAt}.namespaces[0]`, /DNS label/],
        ["an empty labelSelector, which matches every pod", "metrics", { affinity: pod({ labelSelector: {}, ...hostname }) }, `${podAt}.labelSelector`, /every pod/],
        ["a labelSelector with empty matchLabels", "grafana", { affinity: pod({ labelSelector: { matchLabels: {} }, ...hostname }) }, `${podAt}.labelSelector`, /every pod/],
        ["an empty nodeSelector without a default to drop", "alertmanager", { nodeSelector: {} }, "nodeSelector", /constrains nothing/],
        ["a topologyKey with a space", "grafana", { affinity: pod({ labelSelector: { matchLabels: { app: "x" } }, topologyKey: "kubernetes.io/host name" }) }, `${podAt}.topologyKey`, /label key/],
        ["a CPU limit below Prometheus' CPU request", "metrics", { resources: { cpuRequest: "2", cpuLimit: "1" } }, "resources.cpuLimit", /at least cpuRequest/],
        ["Prometheus' old flat memoryRequest", "metrics", { memoryRequest: "1Gi" }, "memoryRequest", /known keys: .*resources/],
    ];

    for (const [what, component, patch, key, expected] of CASES) {
        it(`${what} (${component}.${key})`, () => {
            const full = `cluster-monitoring:${component}.${key}`;
            let error: unknown;
            try {
                settingsFor(component, patch);
            } catch (e) {
                error = e;
            }
            assert.ok(error instanceof ConfigError, `expected a ConfigError, got ${error}`);
            const problem = error.problems.find((p) => p.key === full);
            assert.ok(problem, `no problem at ${full}:\n${error.message}`);
            assert.match(problem.expected, expected);
            assert.strictEqual(error.problems.length, 1, error.message);
        });
    }

    it("every component takes the four scheduling keys", () => {
        for (const c of COMPONENT_KEYS) {
            assert.throws(() => settingsFor(c, { priorityClassName: "Bad" }), (e: ConfigError) =>
                e.problems.some((p) => p.key === `cluster-monitoring:${c}.priorityClassName`),
            );
        }
    });
});
