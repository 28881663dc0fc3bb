import { DashboardContext } from "../common/dashboards/context";
import { PanelLinkSpec } from "../common/dashboards/links";
import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { memoryDetailPanel, podGrouping, Reference, resourcePanels } from "./compute-panels";

const NODE = 'node="$node"';

/** From a pod's series to the Namespace and pod board with its namespace and that pod chosen (node → pod, docs/grafana.md#links-between-dashboards). */
const toPod: PanelLinkSpec = { title: "Pod ${__field.labels.pod}", dashboard: "cm-namespace-pod", fromLabels: { namespace: "namespace", pod: "pod" } };

/** The link on every panel whose series are all one per pod; the usage panels carry the node's capacity lines too. */
const withPodLink = (p: PanelSpec): PanelSpec => (p.queries.every((q) => q.legend.startsWith("{{pod}}")) ? { ...p, links: [...(p.links ?? []), toPod] } : p);

/** The node's capacity and allocatable (capacity less what the kubelet reserves for the system) of one resource, from kube-state-metrics. */
function nodeCapacity(resource: "cpu" | "memory"): Reference {
    return {
        needs: ["kubeStateMetrics"],
        queries: [
            { expr: `sum(kube_node_status_capacity{${NODE}, resource="${resource}"})`, legend: "capacity" },
            { expr: `sum(kube_node_status_allocatable{${NODE}, resource="${resource}"})`, legend: "allocatable" },
        ],
    };
}

/**
 * Compute Resources / Node (Pods): CPU and memory of each pod on one node, against their
 * requests and limits and the node's capacity and allocatable. cAdvisor and kube-state-metrics
 * both label a pod's series with its node, and so do the compute recording rules, which the board
 * reads where the stack evaluates them (ctx.computeRules); capacity and allocatable are read raw
 * (one series per node and resource, no rule records them). The node variable comes from kube-state-metrics when it
 * is on (every node, even one whose kubelet does not answer), else from cAdvisor.
 */
export function nodePodsDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const ksm = ctx.sources.has("kubeStateMetrics");
    // Raw, the phase of a pod, which says whether its requests still hold, carries no node label: it is read for every pod.
    // The recording rules carry the node on the requests and limits of active pods alone.
    // Its requests and limits read the per-pod rules as they are; raw, its share of them adds up only
    // the pods with usage: a node lists many more with requests (compute-panels.ts).
    const pods = podGrouping(ctx.computeRules, NODE, "", { shareOfUsedPodsOnly: true, podTotals: true });
    return {
        uid: "cm-node-pods",
        folder: "nodes",
        title: "Node pods",
        description: "CPU and memory of each pod on one node, against its requests and limits and the node's capacity",
        needs: ["cadvisor"],
        variables: [{ name: "node", label: "Node", query: `label_values(${ksm ? "kube_node_info" : "machine_cpu_cores"}, node)` }],
        panels: [
            ...resourcePanels(pods, "cpu", ksm ? nodeCapacity("cpu") : undefined),
            ...resourcePanels(pods, "memory", ksm ? nodeCapacity("memory") : undefined),
            memoryDetailPanel(pods),
        ].map(withPodLink),
    };
}
