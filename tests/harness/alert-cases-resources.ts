import { AlertCase, AlertCases, byTwoKsmReplicas, s, text, twoKsmReplicas } from "./alert-case-format";
import type { RecordCase } from "./alert-cases-day-one";
import { JOB_PODS, REPLICASET_PODS } from "../../components/kube-state-metrics/workload-owner-rules";
import { NODE_ALLOCATABLE, UNMOVABLE_PODS } from "../../components/kube-state-metrics/overcommit-records";
import {
    ACTIVE_POD,
    CONTAINER_CPU_IRATE,
    CONTAINER_CPU_RATE5M,
    CONTAINER_MEMORY_CACHE,
    CONTAINER_MEMORY_RSS,
    CONTAINER_MEMORY_SWAP,
    CONTAINER_MEMORY_WORKING_SET,
    NAMESPACE_CPU_LIMITS,
    NAMESPACE_CPU_REQUESTS,
    NAMESPACE_MEMORY_LIMITS,
    NAMESPACE_MEMORY_REQUESTS,
    POD_CPU_LIMITS,
    POD_CPU_REQUESTS,
    POD_MEMORY_LIMITS,
    POD_MEMORY_REQUESTS,
    POD_SUM_CPU_LIMITS,
    POD_SUM_CPU_REQUESTS,
    POD_SUM_MEMORY_LIMITS,
    POD_SUM_MEMORY_REQUESTS,
    POD_WORKLOAD,
} from "../../components/common/rules/compute-resource-records";

/**
 * The cases of the kubernetes-resources alerts (components/kube-state-metrics/resource-alerts.ts)
 * at their boundaries, and the known inputs and outputs of the compute recording rules
 * (kubernetes-resources, kubernetes-workload-owners, kubernetes-container-usage). Every input is
 * constant from minute 0, so an alert is true from 0 and fires exactly when its `for` runs out.
 */
const ksm = 'job="kube-state-metrics"';
const flat = (value: number | string) => `${value}+0x30`;

// ---- the overcommit alerts: pods' requests against the nodes' allocatable ----

interface Pod {
    name: string;
    node: string;
    request: number;
    namespace?: string;
    /** The owner kind: DaemonSet and Node (static pods) stay with their node. */
    owner?: "DaemonSet" | "Node" | "ReplicaSet";
    phase?: "Running" | "Pending" | "Succeeded";
}

/** A pod's one container requesting `request` of `resource`, its phase series (1 for its phase, 0 for Failed) and its owner. */
function podSeries(resource: "cpu" | "memory", p: Pod) {
    const pod = `${ksm},namespace="${p.namespace ?? "shop"}",pod="${p.name}"`;
    const unit = resource === "cpu" ? "core" : "byte";
    // kube-state-metrics serves node="" for a pod not yet scheduled, which Prometheus stores as no label.
    const node = p.node === "" ? "" : `,node="${p.node}"`;
    const ownerName = { DaemonSet: "agent", Node: p.node, ReplicaSet: "web-5d8f" };
    return [
        s(`kube_pod_container_resource_requests{${pod},container="main"${node},resource="${resource}",unit="${unit}"}`, flat(p.request)),
        s(`kube_pod_status_phase{${pod},phase="${p.phase ?? "Running"}"}`, flat(1)),
        s(`kube_pod_status_phase{${pod},phase="Failed"}`, flat(0)),
        ...(p.owner ? [s(`kube_pod_owner{${pod},owner_kind="${p.owner}",owner_name="${ownerName[p.owner]}",owner_is_controller="true"}`, flat(1))] : []),
    ];
}

/** Nodes of `allocatable` each, each with a DaemonSet pod (or static pod) requesting `bound`, and application pods requesting `apps`, one on each node in turn. */
function cluster(resource: "cpu" | "memory", allocatable: number[], bound: number, apps: number[], when: string, extra: Pod[] = [], boundOwner: "DaemonSet" | "Node" = "DaemonSet"): AlertCase {
    const unit = resource === "cpu" ? "core" : "byte";
    const nodes = allocatable.map((a, i) => ({ name: `node-${i + 1}`, allocatable: a }));
    const pods: Pod[] = [
        ...nodes.map((n) => ({ name: `agent-${n.name}`, node: n.name, request: bound, owner: boundOwner, namespace: "kube-system" })),
        ...apps.map((request, i) => ({ name: `web-${i + 1}`, node: nodes[i % nodes.length].name, request, owner: "ReplicaSet" as const })),
        ...extra,
    ];
    return {
        series: [...nodes.map((n) => s(`kube_node_status_allocatable{${ksm},node="${n.name}",resource="${resource}",unit="${unit}"}`, flat(n.allocatable))), ...pods.flatMap((p) => podSeries(resource, p))],
        at: when,
        labels: {},
    };
}

/**
 * Three nodes of 4 cores, each with a DaemonSet pod of 0.5: losing a node frees 3.5 cores, so
 * the pods fit on the other two while they request 12 - 3.5 = 8.5 cores: 1.5 bound and 7 of
 * applications (values a double holds exactly). kube-prometheus's 12 - 4 = 8 would fire already.
 */
const cpuCluster = (apps: number[], when: string, extra: Pod[] = [], boundOwner?: "DaemonSet" | "Node") => cluster("cpu", [4, 4, 4], 0.5, apps, when, extra, boundOwner);
const CPU_AT_LIMIT = [2.25, 2.25, 2.5];
const CPU_OVER = [2.25, 2.25, 2.51];
/** The same in bytes: three nodes of 8e9, DaemonSet pods of 2e8: the limit is 16.2e9, 15.6e9 of applications. */
const memoryCluster = (apps: number[], when: string, extra: Pod[] = []) => cluster("memory", [8e9, 8e9, 8e9], 2e8, apps, when, extra);
const MEMORY_AT_LIMIT = [5.2e9, 5.2e9, 5.2e9];
const MEMORY_OVER = [5.2e9, 5.2e9, 5.2e9 + 1];

// ---- the quota overcommit alerts: quotas' hard limits against the nodes' allocatable ----

interface Quota {
    namespace: string;
    name: string;
    resource: string;
    hard: number;
    used?: number;
}

function quotas(resource: "cpu" | "memory", allocatable: number, list: Quota[], when: string): AlertCase {
    const unit = resource === "cpu" ? "core" : "byte";
    const q = (x: Quota, type: string, value: number) => s(`kube_resourcequota{${ksm},namespace="${x.namespace}",resourcequota="${x.name}",resource="${x.resource}",type="${type}"}`, flat(value));
    return {
        series: [
            ...["node-1", "node-2", "node-3"].map((n) => s(`kube_node_status_allocatable{${ksm},node="${n}",resource="${resource}",unit="${unit}"}`, flat(allocatable))),
            ...list.flatMap((x) => [q(x, "hard", x.hard), ...(x.used !== undefined ? [q(x, "used", x.used)] : [])]),
        ],
        at: when,
        labels: {},
    };
}

/**
 * 12 cores: 1.5 times is 18. team-a's quota allows 10; team-b has two quotas, 8 under one name
 * and 30 under the other, and the smaller binds; used amounts and limits.cpu do not count.
 */
const cpuQuotas = (teamB: number, when: string) =>
    quotas(
        "cpu",
        4,
        [
            { namespace: "team-a", name: "compute", resource: "cpu", hard: 10, used: 9 },
            { namespace: "team-b", name: "compute", resource: "requests.cpu", hard: teamB },
            { namespace: "team-b", name: "burst", resource: "cpu", hard: 30 },
            { namespace: "team-c", name: "compute", resource: "limits.cpu", hard: 100 },
        ],
        when,
    );
/** 24e9 bytes: 1.5 times is 36e9. */
const memoryQuotas = (teamB: number, when: string) =>
    quotas(
        "memory",
        8e9,
        [
            { namespace: "team-a", name: "compute", resource: "memory", hard: 20e9, used: 19e9 },
            { namespace: "team-b", name: "compute", resource: "requests.memory", hard: teamB },
            { namespace: "team-b", name: "burst", resource: "memory", hard: 40e9 },
            { namespace: "team-c", name: "compute", resource: "limits.memory", hard: 100e9 },
        ],
        when,
    );

// ---- a quota's use ----

const quotaLabels = { job: "kube-state-metrics", namespace: "team-a", resourcequota: "compute", resource: "pods" };
/** `used` of `hard` pods in team-a's quota. */
const quotaUse = (used: number, hard: number, when: string): AlertCase => ({
    series: [s(`kube_resourcequota{${text({ ...quotaLabels, type: "used" })}}`, flat(used)), s(`kube_resourcequota{${text({ ...quotaLabels, type: "hard" })}}`, flat(hard))],
    at: when,
    labels: quotaLabels,
});

export const RESOURCE_ALERT_CASES: Record<string, AlertCases> = {
    KubeCPUOvercommit: {
        fires: cpuCluster(CPU_OVER, "10m"),
        silent: cpuCluster(CPU_AT_LIMIT, "10m"),
        early: cpuCluster(CPU_OVER, "9m"),
        scenarios: [
            { name: "static pods stay with their node, as DaemonSet pods do", fires: false, case: cpuCluster(CPU_AT_LIMIT, "10m", [], "Node") },
            { name: "a Pending pod's requests count", fires: true, case: cpuCluster(CPU_AT_LIMIT, "10m", [{ name: "queued-1", node: "", request: 0.01, phase: "Pending" }]) },
            { name: "a Succeeded pod's requests do not", fires: false, case: cpuCluster(CPU_AT_LIMIT, "10m", [{ name: "done-1", node: "node-1", request: 1, phase: "Succeeded" }]) },
            { name: "one node: it cannot survive its own loss, so nothing to say", fires: false, case: cluster("cpu", [4], 0.5, [3.6], "10m") },
            { name: "two nodes: the requests must fit on one", fires: true, case: cluster("cpu", [4, 4], 0.5, [2, 1.51], "10m") },
            // #42, defect class 4: every kube-state-metrics series served by two replicas. Counted once, the boundary
            // holds both ways; the one-node guard still counts one node (counted twice: 2 nodes, and it fired at 3.6).
            { name: "two kube-state-metrics replicas, just over", fires: true, case: byTwoKsmReplicas(cpuCluster(CPU_OVER, "10m")) },
            { name: "two kube-state-metrics replicas, at the limit", fires: false, case: byTwoKsmReplicas(cpuCluster(CPU_AT_LIMIT, "10m")) },
            { name: "two kube-state-metrics replicas, one node", fires: false, case: byTwoKsmReplicas(cluster("cpu", [4], 0.5, [3.6], "10m")) },
        ],
    },
    KubeMemoryOvercommit: {
        fires: memoryCluster(MEMORY_OVER, "10m"),
        silent: memoryCluster(MEMORY_AT_LIMIT, "10m"),
        early: memoryCluster(MEMORY_OVER, "9m"),
        scenarios: [
            { name: "one node", fires: false, case: cluster("memory", [8e9], 2e8, [7e9], "10m") },
            { name: "two kube-state-metrics replicas, just over", fires: true, case: byTwoKsmReplicas(memoryCluster(MEMORY_OVER, "10m")) },
            { name: "two kube-state-metrics replicas, at the limit", fires: false, case: byTwoKsmReplicas(memoryCluster(MEMORY_AT_LIMIT, "10m")) },
            { name: "two kube-state-metrics replicas, one node", fires: false, case: byTwoKsmReplicas(cluster("memory", [8e9], 2e8, [7e9], "10m")) },
        ],
    },
    // 18.25 and 18 of 12 cores: 1.52 and 1.5 times. Served by two kube-state-metrics replicas (#42, defect class 4),
    // the nodes' allocatable counts once: summed twice it would read 0.76 and stay silent.
    KubeCPUQuotaOvercommit: {
        fires: cpuQuotas(8.25, "5m"),
        silent: cpuQuotas(8, "5m"),
        early: cpuQuotas(8.25, "4m"),
        scenarios: [
            { name: "two kube-state-metrics replicas, 1.52 times", fires: true, case: byTwoKsmReplicas(cpuQuotas(8.25, "5m")) },
            { name: "two kube-state-metrics replicas, 1.5 times", fires: false, case: byTwoKsmReplicas(cpuQuotas(8, "5m")) },
        ],
    },
    KubeMemoryQuotaOvercommit: {
        fires: memoryQuotas(16.5e9, "5m"),
        silent: memoryQuotas(16e9, "5m"),
        early: memoryQuotas(16.5e9, "4m"),
        scenarios: [
            { name: "two kube-state-metrics replicas, 1.52 times", fires: true, case: byTwoKsmReplicas(memoryQuotas(16.5e9, "5m")) },
            { name: "two kube-state-metrics replicas, 1.5 times", fires: false, case: byTwoKsmReplicas(memoryQuotas(16e9, "5m")) },
        ],
    },
    KubeQuotaAlmostFull: {
        fires: quotaUse(91, 100, "15m"),
        silent: quotaUse(90, 100, "15m"),
        early: quotaUse(91, 100, "14m"),
        scenarios: [{ name: "used up: KubeQuotaFullyUsed says so", fires: false, case: quotaUse(100, 100, "15m") }],
    },
    KubeQuotaFullyUsed: { fires: quotaUse(100, 100, "15m"), silent: quotaUse(99, 100, "15m"), early: quotaUse(100, 100, "14m") },
    KubeQuotaExceeded: {
        fires: quotaUse(101, 100, "15m"),
        silent: quotaUse(100, 100, "15m"),
        early: quotaUse(101, 100, "14m"),
        scenarios: [
            { name: "a quota of 0, which forbids the resource, under objects created before it", fires: false, case: quotaUse(1, 0, "15m") },
            { name: "a quota of 1 with 2 used", fires: true, case: quotaUse(2, 1, "15m") },
        ],
    },
};

// ---- the recording rules ----

const container = { node: "node-1", namespace: "shop", pod: "web-1", container: "web" };
/** A cAdvisor series of the web container under cgroup `id`, or of its pod's cgroup (container ""). */
const cadvisor = (family: string, id: string, containerName = "web") =>
    `${family}{${text({ job: "cadvisor", instance: "node-1", ...container, container: containerName, id, image: "shop/web:1" })}}`;

/**
 * A restarted container's two cgroups, the old one and the new one, and its pod's cgroup (which
 * the cadvisor job drops, and the rule must not read even where it passes): a gauge takes the
 * larger of the two, 300.
 */
const memoryCase = (family: string): RecordCase[] => [
    {
        series: [s(cadvisor(family, "/kubepods/pod1/old"), flat(100)), s(cadvisor(family, "/kubepods/pod1/new"), flat(300)), s(cadvisor(family, "/kubepods/pod1", ""), flat(1000))],
        at: "10m",
        expect: [{ labels: container, value: 300 }],
    },
];

/**
 * Counters of 30 and 15 CPU seconds a minute in the two cgroups: 0.5 + 0.25 cores, by rate and by
 * irate; the pod's cgroup not read. And the new cgroup's counter served a second time without its
 * image label (#42, defect class 4): one cgroup, counted once, still 0.75.
 */
const cpuCase: RecordCase[] = [
    {
        series: [s(cadvisor("container_cpu_usage_seconds_total", "/kubepods/pod1/old"), "0+30x10"), s(cadvisor("container_cpu_usage_seconds_total", "/kubepods/pod1/new"), "0+15x10"), s(cadvisor("container_cpu_usage_seconds_total", "/kubepods/pod1", ""), "0+60x10")],
        at: "10m",
        expect: [{ labels: container, value: 0.75 }],
    },
    {
        series: [
            s(cadvisor("container_cpu_usage_seconds_total", "/kubepods/pod1/old"), "0+30x10"),
            s(cadvisor("container_cpu_usage_seconds_total", "/kubepods/pod1/new"), "0+15x10"),
            s(cadvisor("container_cpu_usage_seconds_total", "/kubepods/pod1/new").replace(',image="shop/web:1"', ""), "0+15x10"),
        ],
        at: "10m",
        expect: [{ labels: container, value: 0.75 }],
    },
];

/**
 * Requests or limits of three pods: web-1 Running (0.25 in main, 0.125 in its sidecar), queued-1
 * Pending and not yet on a node (0.5), done-1 Succeeded (1, not counted); per container, per pod
 * (with its node: web-1's two containers added up) or per namespace.
 */
function activeCase(family: string, resource: "cpu" | "memory", scale: number, level: "container" | "pod" | "namespace"): RecordCase[] {
    const unit = resource === "cpu" ? "core" : "byte";
    const containers = [
        { pod: "web-1", container: "main", node: "node-1", phase: "Running", value: 0.25 * scale },
        { pod: "web-1", container: "sidecar", node: "node-1", phase: "Running", value: 0.125 * scale },
        { pod: "queued-1", container: "main", node: "", phase: "Pending", value: 0.5 * scale },
        { pod: "done-1", container: "main", node: "node-2", phase: "Succeeded", value: 1 * scale },
    ];
    const pods = containers.filter((c) => c.container === "main");
    // kube-state-metrics serves node="" for a pod not yet scheduled, which Prometheus stores as no label.
    const onNode = (c: (typeof containers)[number]): Record<string, string> => (c.node === "" ? {} : { node: c.node });
    const labels = (c: (typeof containers)[number]) => ({ job: "kube-state-metrics", namespace: "shop", pod: c.pod, container: c.container, ...onNode(c), resource, unit });
    const active = containers.filter((c) => c.phase !== "Succeeded");
    const expect: Record<typeof level, RecordCase["expect"]> = {
        container: active.map((c) => ({ labels: labels(c), value: c.value })),
        pod: pods
            .filter((p) => p.phase !== "Succeeded")
            .map((p) => ({ labels: { namespace: "shop", pod: p.pod, ...onNode(p) }, value: active.filter((c) => c.pod === p.pod).reduce((sum, c) => sum + c.value, 0) })),
        namespace: [{ labels: { namespace: "shop" }, value: 0.875 * scale }],
    };
    const series = [
        ...containers.map((c) => s(`${family}{${text(labels(c))}}`, flat(c.value))),
        ...pods.flatMap((p) => [
            s(`kube_pod_status_phase{${ksm},namespace="shop",pod="${p.pod}",phase="${p.phase}"}`, flat(1)),
            s(`kube_pod_status_phase{${ksm},namespace="shop",pod="${p.pod}",phase="Failed"}`, flat(0)),
        ]),
    ];
    // And the same served by two kube-state-metrics replicas (#42, defect class 4): each container once, without the
    // replica's instance, and the same sums (summed per replica they would double).
    return [
        { series, at: "5m", expect: expect[level] },
        { series: twoKsmReplicas(series), at: "5m", expect: expect[level] },
    ];
}

/**
 * The active pods (namespace_pod:kube_pod_status_phase:active): a pod in each of the five phases
 * kube-state-metrics serves (1 for the pod's phase, 0 for the others), and a pod deleted and
 * recreated under its name, whose old and new uid are both listed for a moment. Pending and
 * Running count, once each; served by two replicas, still once.
 */
const PHASES = ["Pending", "Running", "Succeeded", "Failed", "Unknown"] as const;
const phaseSeries = (pod: string, phase: (typeof PHASES)[number], uid: string) =>
    PHASES.map((p) => s(`kube_pod_status_phase{${ksm},namespace="shop",pod="${pod}",phase="${p}",uid="${uid}"}`, flat(p === phase ? 1 : 0)));
const activePodSeries = [
    ...phaseSeries("queued-1", "Pending", "u1"),
    ...phaseSeries("web-1", "Running", "u2"),
    ...phaseSeries("done-1", "Succeeded", "u3"),
    ...phaseSeries("crashed-1", "Failed", "u4"),
    ...phaseSeries("lost-1", "Unknown", "u5"),
    ...phaseSeries("db-0", "Running", "u6"),
    ...phaseSeries("db-0", "Pending", "u7"),
];
const activePodRows = ["db-0", "queued-1", "web-1"].map((pod) => ({ labels: { namespace: "shop", pod }, value: 1 }));
const activePodCase: RecordCase[] = [
    { series: activePodSeries, at: "5m", expect: activePodRows },
    { series: twoKsmReplicas(activePodSeries), at: "5m", expect: activePodRows },
];

/**
 * One pod of each kind of owner, as kube-state-metrics writes kube_pod_owner (with the pod's uid):
 * the built-in workloads, a bare ReplicaSet, a static pod (owned by its Node), a pod without
 * owner in both of kube-state-metrics' forms (owner_kind "" and "<none>"), a Job of KEDA's
 * ScaledJob, a ReplicaSet of an Argo Rollout and a pod of OpenKruise's CloneSet. Each pod has
 * exactly one row. (Until #42 the bare ReplicaSet, static and ownerless pods had none, and the
 * ScaledJob's pod was named after its Job.)
 */
let uid = 0;
const owner = (pod: string, kind: string, name: string, controller = kind === "" ? "" : kind === "<none>" ? "<none>" : "true") =>
    s(`kube_pod_owner{${ksm},namespace="shop",pod="${pod}",owner_kind="${kind}",owner_name="${name}",owner_is_controller="${controller}",uid="uid-${uid++}"}`, flat(1));
const rsOwner = (replicaset: string, kind: string, name: string) =>
    s(`kube_replicaset_owner{${ksm},namespace="shop",replicaset="${replicaset}",owner_kind="${kind}",owner_name="${name}",owner_is_controller="${kind === "" ? "" : "true"}"}`, flat(1));
const jobOwner = (job: string, kind: string, name: string) =>
    s(`kube_job_owner{${ksm},namespace="shop",job_name="${job}",owner_kind="${kind}",owner_name="${name}",owner_is_controller="${kind === "" || kind === "<none>" ? kind : "true"}"}`, flat(1));
const workloadRow = (pod: string, workload: string, workload_type: string) => ({ labels: { namespace: "shop", workload, workload_type, pod }, value: 1 });
const ownerCase: RecordCase[] = [
    {
        series: [
            owner("web-5d8f-abcde", "ReplicaSet", "web-5d8f"),
            rsOwner("web-5d8f", "Deployment", "web"),
            owner("bare-xyz12", "ReplicaSet", "bare"),
            rsOwner("bare", "", ""),
            owner("canary-6c7d-uvwxy", "ReplicaSet", "canary-6c7d"),
            rsOwner("canary-6c7d", "Rollout", "canary"),
            owner("agent-fghij", "DaemonSet", "agent"),
            owner("db-0", "StatefulSet", "db"),
            owner("migrate-klmno", "Job", "migrate"),
            jobOwner("migrate", "<none>", "<none>"),
            owner("backup-29000000-pqrst", "Job", "backup-29000000"),
            jobOwner("backup-29000000", "CronJob", "backup"),
            owner("queue-worker-7x2k9-ab12c", "Job", "queue-worker-7x2k9"),
            jobOwner("queue-worker-7x2k9", "ScaledJob", "queue-worker"),
            owner("kube-apiserver-node-1", "Node", "node-1"),
            owner("lonely", "", ""),
            owner("legacy", "<none>", "<none>"),
            owner("kruise-app-abcde", "CloneSet", "kruise-app"),
        ],
        at: "5m",
        expect: [
            workloadRow("web-5d8f-abcde", "web", "deployment"),
            workloadRow("bare-xyz12", "bare", "replicaset"),
            workloadRow("canary-6c7d-uvwxy", "canary", "Rollout"),
            workloadRow("agent-fghij", "agent", "daemonset"),
            workloadRow("db-0", "db", "statefulset"),
            workloadRow("migrate-klmno", "migrate", "job"),
            workloadRow("backup-29000000-pqrst", "backup", "cronjob"),
            workloadRow("queue-worker-7x2k9-ab12c", "queue-worker", "ScaledJob"),
            workloadRow("kube-apiserver-node-1", "kube-apiserver-node-1", "staticpod"),
            workloadRow("lonely", "lonely", "barepod"),
            workloadRow("legacy", "legacy", "barepod"),
            workloadRow("kruise-app-abcde", "kruise-app", "CloneSet"),
        ],
    },
];
/** The same owners served by two kube-state-metrics replicas (#42, defect class 4): still one row per pod, of value 1. */
ownerCase.push({ ...ownerCase[0], series: twoKsmReplicas(ownerCase[0].series) });

/**
 * The same owners: the records the workload rules read keep only the pods of a ReplicaSet, or of a
 * Job, each once under its owner's name whichever replica serves it, and no owner label of the pod's.
 */
const podsOf = (label: string, rows: [pod: string, owner: string][]): RecordCase[] =>
    ownerCase.map((c) => ({ ...c, expect: rows.map(([pod, name]) => ({ labels: { namespace: "shop", [label]: name, pod }, value: 1 })) }));
const replicaSetPodsCase = podsOf("replicaset", [
    ["web-5d8f-abcde", "web-5d8f"],
    ["bare-xyz12", "bare"],
    ["canary-6c7d-uvwxy", "canary-6c7d"],
]);
const jobPodsCase = podsOf("job_name", [
    ["migrate-klmno", "migrate"],
    ["backup-29000000-pqrst", "backup-29000000"],
    ["queue-worker-7x2k9-ab12c", "queue-worker-7x2k9"],
]);

/** The same owners: the overcommit alerts' unmovable pods are the DaemonSet's and the static pod alone, each once. */
const unmovablePodsCase: RecordCase[] = ownerCase.map((c) => ({
    ...c,
    expect: ["agent-fghij", "kube-apiserver-node-1"].map((pod) => ({ labels: { namespace: "shop", pod }, value: 1 })),
}));

/**
 * Two nodes' allocatable CPU and memory, one row per node and resource; their pods' allocatable and
 * another job's node left out. Served by two kube-state-metrics replicas, one still at node-2's
 * old 1.5 cores: still one row, the larger.
 */
const allocatable = (node: string, resource: string, unit: string, value: number, job = ksm) =>
    s(`kube_node_status_allocatable{${job},node="${node}",resource="${resource}",unit="${unit}"}`, flat(value));
const allocatableSeries = [
    allocatable("node-1", "cpu", "core", 4),
    allocatable("node-1", "memory", "byte", 8e9),
    allocatable("node-1", "pods", "integer", 110),
    allocatable("node-2", "cpu", "core", 2),
    allocatable("node-2", "memory", "byte", 4e9),
    allocatable("node-9", "cpu", "core", 64, 'job="other"'),
];
const allocatableExpect = [
    { labels: { node: "node-1", resource: "cpu" }, value: 4 },
    { labels: { node: "node-1", resource: "memory" }, value: 8e9 },
    { labels: { node: "node-2", resource: "cpu" }, value: 2 },
    { labels: { node: "node-2", resource: "memory" }, value: 4e9 },
];
const laggingReplica = s(`kube_node_status_allocatable{${ksm},instance="10.244.9.9:8080",node="node-2",resource="cpu",unit="core"}`, flat(1.5));
const allocatableCase: RecordCase[] = [
    { series: allocatableSeries, at: "5m", expect: allocatableExpect },
    { series: [...twoKsmReplicas(allocatableSeries), laggingReplica], at: "5m", expect: allocatableExpect },
];

export const RESOURCE_RECORD_CASES: Record<string, RecordCase[]> = {
    [CONTAINER_CPU_RATE5M]: cpuCase,
    [CONTAINER_CPU_IRATE]: cpuCase,
    [CONTAINER_MEMORY_WORKING_SET]: memoryCase("container_memory_working_set_bytes"),
    [CONTAINER_MEMORY_RSS]: memoryCase("container_memory_rss"),
    [CONTAINER_MEMORY_CACHE]: memoryCase("container_memory_cache"),
    [CONTAINER_MEMORY_SWAP]: memoryCase("container_memory_swap"),
    [ACTIVE_POD]: activePodCase,
    [POD_CPU_REQUESTS]: activeCase("kube_pod_container_resource_requests", "cpu", 1, "container"),
    [POD_MEMORY_REQUESTS]: activeCase("kube_pod_container_resource_requests", "memory", 2 ** 30, "container"),
    [POD_CPU_LIMITS]: activeCase("kube_pod_container_resource_limits", "cpu", 2, "container"),
    [POD_MEMORY_LIMITS]: activeCase("kube_pod_container_resource_limits", "memory", 2 ** 31, "container"),
    [POD_SUM_CPU_REQUESTS]: activeCase("kube_pod_container_resource_requests", "cpu", 1, "pod"),
    [POD_SUM_MEMORY_REQUESTS]: activeCase("kube_pod_container_resource_requests", "memory", 2 ** 30, "pod"),
    [POD_SUM_CPU_LIMITS]: activeCase("kube_pod_container_resource_limits", "cpu", 2, "pod"),
    [POD_SUM_MEMORY_LIMITS]: activeCase("kube_pod_container_resource_limits", "memory", 2 ** 31, "pod"),
    [NAMESPACE_CPU_REQUESTS]: activeCase("kube_pod_container_resource_requests", "cpu", 1, "namespace"),
    [NAMESPACE_MEMORY_REQUESTS]: activeCase("kube_pod_container_resource_requests", "memory", 2 ** 30, "namespace"),
    [NAMESPACE_CPU_LIMITS]: activeCase("kube_pod_container_resource_limits", "cpu", 2, "namespace"),
    [NAMESPACE_MEMORY_LIMITS]: activeCase("kube_pod_container_resource_limits", "memory", 2 ** 31, "namespace"),
    [POD_WORKLOAD]: ownerCase,
    [REPLICASET_PODS]: replicaSetPodsCase,
    [JOB_PODS]: jobPodsCase,
    [UNMOVABLE_PODS]: unmovablePodsCase,
    [NODE_ALLOCATABLE]: allocatableCase,
};
