import { DashboardContext } from "../common/dashboards/context";
import { PanelLinkSpec } from "../common/dashboards/links";
import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { workloadOwners } from "../kube-state-metrics/pod-workload";
import { resourcePanels, WorkloadSelection, workloadGrouping, workloadNetworkPanels } from "./compute-panels";

const NAMESPACE = 'namespace="$namespace"';

/** From a pod's series to the Namespace and pod board with that pod chosen; the namespace, the cluster and the time stay (docs/grafana.md#links-between-dashboards). */
const toPod: PanelLinkSpec = { title: "Pod ${__field.labels.pod}", dashboard: "cm-namespace-pod", fromLabels: { pod: "pod" } };

/** The link on every panel whose series are one per pod; the average pod's bandwidth is the workload's. */
const withPodLink = (p: PanelSpec): PanelSpec => (p.queries.every((q) => q.legend.startsWith("{{pod}}")) ? { ...p, links: [...(p.links ?? []), toPod] } : p);

/**
 * Compute Resources / Workload and Networking / Workload: CPU and memory used against requests
 * and limits, and network, per pod of one workload (pod-workload.ts says which pods are its).
 * Reads the compute recording rules as Namespace workloads does. At the top, a link back up to
 * the namespace's workloads; each pod's series leads down to the pod.
 */
export function workloadDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const owners = workloadOwners(ctx.computeRules);
    const selection: WorkloadSelection = { rules: ctx.computeRules, namespace: NAMESPACE, type: "$type", workload: "$workload", by: "pod" };
    return {
        uid: "cm-workload",
        folder: "workloads",
        title: "Workload",
        description: "CPU, memory and network of each pod of one workload, against its requests and limits",
        needs: ["kubeStateMetrics"],
        variables: [
            { name: "namespace", label: "Namespace", query: owners.namespaceVariable },
            { name: "type", label: "Workload kind", query: owners.typeVariable(NAMESPACE), includeAll: true },
            { name: "workload", label: "Workload", query: owners.workloadVariable(NAMESPACE, "$type") },
        ],
        links: [{ title: "Namespace workloads", dashboard: "cm-namespace-workloads" }],
        panels: [...resourcePanels(workloadGrouping(selection), "cpu"), ...resourcePanels(workloadGrouping(selection), "memory"), ...workloadNetworkPanels(selection)].map(withPodLink),
    };
}
