/**
 * Writes tests/fixtures/kube-state-metrics-metrics.txt: what kube-state-metrics v2.20.0 would
 * serve for a small cluster, built from the families it documents for its default resources
 * (tests/fixtures/kube-state-metrics-families.json, read from its docs/metrics/*.md by
 * scripts/extract-kube-state-metrics-families.ts). No binary runs here, so each family's HELP
 * line names the docs page it comes from. Deterministic, so the fixture diffs cleanly.
 *
 *   npm run fixture:kube-state-metrics
 */
import * as fs from "fs";
import * as path from "path";
import { PVCS as KUBELET_PVCS } from "./generate-kubelet-fixture";

export const KSM_FAMILIES_FILE = path.join(__dirname, "..", "tests", "fixtures", "kube-state-metrics-families.json");
export const KSM_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "kube-state-metrics-metrics.txt");

interface DocumentedFamily {
    name: string;
    type: string;
    labels: string[];
    source: string;
}

/**
 * A cluster's objects, from which each family's series follow. A Deployment's pods belong to its
 * current ReplicaSet, `<name>-<hash>`; its older ReplicaSets, kept for rollback, own none. A pod
 * is `<ReplicaSet>-<suffix>`, a DaemonSet's `<name>-<suffix>`, the suffix its index unless given.
 */
export interface KsmCluster {
    nodes: readonly string[];
    namespaces: readonly string[];
    deployments: ReadonlyArray<{ namespace: string; name: string; pods: number; revisions: number; hash?: string; podSuffixes?: readonly string[] }>;
    daemonPods: ReadonlyArray<{ namespace: string; name: string; hostNetwork?: boolean }>;
    /** Pods of Jobs, `<job>-<suffix>`, each in its phase; every other pod is Running. */
    jobPods?: ReadonlyArray<{ namespace: string; job: string; suffix: string; node: string; phase: string }>;
    tolerations: readonly string[];
    /** Namespaces with a ResourceQuota on compute resources. */
    quotaNamespaces?: readonly string[];
}

const DEFAULT_HASH = "7d9c6c8b9f";

/**
 * A small cluster: 3 nodes, 2 Deployments each with 3 ReplicaSets kept for rollback, 8 pods, a
 * compute quota in the namespaces with pods. Node node-1 is the node of the cAdvisor fixture
 * (generate-cadvisor-fixture.ts): its Deployment pods carry the same names, so boards that join
 * cAdvisor's usage to kube-state-metrics' owners and requests find them.
 */
export const SMALL_KSM_CLUSTER: KsmCluster = {
    nodes: ["node-1", "node-2", "node-3"],
    namespaces: ["default", "kube-system", "monitoring", "shop"],
    deployments: [
        { namespace: "shop", name: "web", pods: 3, revisions: 3, hash: "7d9c6c8b9f", podSuffixes: ["q2w4e", "r5t6y", "u7i8o"] },
        { namespace: "kube-system", name: "coredns", pods: 2, revisions: 3, hash: "558bd4d5db", podSuffixes: ["x7k2p", "z9m3n"] },
    ],
    daemonPods: [{ namespace: "kube-system", name: "kube-proxy", hostNetwork: true }],
    // A finished Job's pod: kube-state-metrics still reports its requests, which hold nothing any more.
    jobPods: [{ namespace: "shop", job: "nightly-report-28910400", suffix: "k4d2x", node: "node-2", phase: "Succeeded" }],
    quotaNamespaces: ["kube-system", "shop"],
    /** Every pod carries the two default tolerations, not-ready and unreachable. */
    tolerations: ["node.kubernetes.io/not-ready", "node.kubernetes.io/unreachable"],
};

function currentReplicaSet(d: KsmCluster["deployments"][number]): string {
    return `${d.name}-${d.hash ?? DEFAULT_HASH}`;
}

/** The kind of object a family describes, from its name: kube_<kind>_... */
function kindOf(name: string): string {
    return name.split("_")[1];
}

/** How many objects of a kind the small cluster has, each a set of identity labels. */
function objects(kind: string, CLUSTER: KsmCluster): Record<string, string>[] {
    const owner = (owner_kind: string, owner_name: string) => ({ owner_kind, owner_name, owner_is_controller: "true" });
    const pods = [
        ...CLUSTER.deployments.flatMap((d) =>
            Array.from({ length: d.pods }, (_, i) => ({
                namespace: d.namespace,
                pod: `${currentReplicaSet(d)}-${d.podSuffixes?.[i] ?? i}`,
                node: CLUSTER.nodes[i % CLUSTER.nodes.length],
                host_network: "false",
                phase: "Running",
                ...owner("ReplicaSet", currentReplicaSet(d)),
            })),
        ),
        ...CLUSTER.nodes.flatMap((node, i) =>
            CLUSTER.daemonPods.map((p) => ({
                namespace: p.namespace,
                pod: `${p.name}-${i}`,
                node,
                host_network: String(p.hostNetwork ?? false),
                phase: "Running",
                ...owner("DaemonSet", p.name),
            })),
        ),
        ...(CLUSTER.jobPods ?? []).map((j) => ({ namespace: j.namespace, pod: `${j.job}-${j.suffix}`, node: j.node, host_network: "false", phase: j.phase, ...owner("Job", j.job) })),
    ];
    switch (kind) {
        case "node":
            return CLUSTER.nodes.map((node) => ({ node }));
        case "namespace":
            return CLUSTER.namespaces.map((namespace) => ({ namespace }));
        case "pod":
            return pods.map((p, i) => ({ ...p, uid: `uid-${i}`, container: p.pod.replace(/-.*/, "") }));
        case "deployment":
            return CLUSTER.deployments.map((d) => ({ namespace: d.namespace, deployment: d.name }));
        case "replicaset":
            return CLUSTER.deployments.flatMap((d) =>
                Array.from({ length: d.revisions }, (_, r) => ({ namespace: d.namespace, replicaset: r === 0 ? currentReplicaSet(d) : `${d.name}-rev${r}`, ...owner("Deployment", d.name) })),
            );
        case "resourcequota":
            return (CLUSTER.quotaNamespaces ?? []).map((namespace) => ({ namespace, resourcequota: "compute" }));
        case "daemonset":
            return CLUSTER.daemonPods.map((p) => ({ namespace: p.namespace, daemonset: p.name }));
        case "job":
            // The Jobs the Job pods name, none owned: kube-state-metrics writes a Job without ownerReferences as
            // kube_job_owner{owner_kind="<none>",owner_name="<none>",owner_is_controller="<none>"} (internal/store/job.go),
            // which the workload-owner rule reads to make the Job its own workload.
            return (CLUSTER.jobPods ?? []).map((j) => ({ namespace: j.namespace, job_name: j.job, owner_kind: "<none>", owner_name: "<none>", owner_is_controller: "<none>" }));
        case "endpointslice":
            return CLUSTER.deployments.map((d) => ({ namespace: d.namespace, endpointslice: `${d.name}-abcde` }));
        case "service":
            return [...CLUSTER.deployments.map((d) => ({ namespace: d.namespace, service: d.name })), { namespace: "default", service: "kubernetes" }];
        case "configmap":
            return CLUSTER.namespaces.map((namespace) => ({ namespace, configmap: "kube-root-ca.crt" }));
        case "lease":
            return CLUSTER.nodes.map((node) => ({ namespace: "kube-node-lease", lease: node }));
        case "persistentvolumeclaim":
            // The claims the kubelet fixture mounts (generate-kubelet-fixture.ts), so the Persistent volumes board joins them.
            return KUBELET_PVCS.namespace.flatMap((namespace) => KUBELET_PVCS.persistentvolumeclaim.map((persistentvolumeclaim) => ({ namespace, persistentvolumeclaim })));
        case "certificatesigningrequest":
            return CLUSTER.nodes.map((node) => ({ certificatesigningrequest: `csr-${node}` }));
        default:
            return [{ namespace: "default", [kind]: `${kind}-1` }];
    }
}

/** Values for labels that vary within one object: one series per value. */
const variants = (CLUSTER: KsmCluster): Record<string, readonly string[]> => ({
    phase: ["Pending", "Running", "Succeeded", "Failed", "Unknown"],
    condition: ["true", "false", "unknown"],
    resource: ["cpu", "memory"],
    key: CLUSTER.tolerations,
    address: ["10.244.1.10", "10.244.2.11", "10.244.3.12"],
});

/** Families whose per-object label takes one value per series (an object in one phase has one 1 and four 0s). */
function variantLabel(f: DocumentedFamily): string | undefined {
    if (f.name === "kube_pod_tolerations") return "key";
    if (f.name === "kube_endpointslice_endpoints" || f.name === "kube_endpointslice_endpoints_hints") return "address";
    return ["phase", "condition", "resource"].find((l) => f.labels.includes(l) && f.name !== "kube_pod_status_reason");
}

/** A compute quota's series: each resource it limits, as its hard limit and as what the namespace uses. */
const QUOTA_SERIES = ["requests.cpu", "limits.cpu", "requests.memory", "limits.memory", "pods"].flatMap((resource) => ["hard", "used"].map((type) => ({ resource, type })));

/** The label values that vary within one object, one entry per series. */
function seriesVariants(f: DocumentedFamily, VARIANTS: Record<string, readonly string[]>): ReadonlyArray<Record<string, string>> {
    if (f.name === "kube_resourcequota") return QUOTA_SERIES;
    const variant = variantLabel(f);
    return variant ? VARIANTS[variant].map((value) => ({ [variant]: value })) : [{}];
}

function escape(value: string): string {
    return value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n");
}

export function kubeStateMetricsFixture(cluster: KsmCluster = SMALL_KSM_CLUSTER, header?: string): string {
    const { version, families } = JSON.parse(fs.readFileSync(KSM_FAMILIES_FILE, "utf8")) as { version: string; families: DocumentedFamily[] };
    const lines: string[] = header === undefined ? [] : header.split("\n").map((l) => `# ${l}`);
    const VARIANTS = variants(cluster);
    for (const f of families) {
        lines.push(`# HELP ${f.name} kube-state-metrics ${version}, from ${f.source}`, `# TYPE ${f.name} ${f.type === "counter" ? "counter" : "gauge"}`);
        for (const object of objects(kindOf(f.name), cluster)) {
            for (const variant of seriesVariants(f, VARIANTS)) {
                const labels = f.labels.map((l) => [l, variant[l] ?? object[l] ?? `${l}-value`]);
                const text = labels.map(([k, v]) => `${k}="${escape(v)}"`).join(",");
                // A pod is in one phase: 1 for it, 0 for the others.
                const value = variant.phase !== undefined && object.phase !== undefined && variant.phase !== object.phase ? 0 : 1;
                lines.push(`${f.name}${text ? `{${text}}` : ""} ${value}`);
            }
        }
    }
    return `${lines.join("\n")}\n`;
}

if (require.main === module) {
    fs.writeFileSync(KSM_FIXTURE, kubeStateMetricsFixture());
    console.log(`wrote ${KSM_FIXTURE}`);
}
