import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";
import { workloadTypeVariableQuery, workloadVariableQuery } from "../kube-state-metrics/pod-workload";
import { resourcePanels, WorkloadSelection, workloadGrouping, workloadNetworkPanels } from "./compute-panels";

const NAMESPACE = 'namespace="$namespace"';
const SELECTION: WorkloadSelection = { namespace: NAMESPACE, type: "$type", workload: "$workload", by: "pod" };

/**
 * Compute Resources / Workload and Networking / Workload: CPU and memory used against requests
 * and limits, and network, per pod of one workload (pod-workload.ts says which pods are its).
 */
export function workloadDashboard(_ctx: DashboardContext): PrometheusDashboardSpec {
    return {
        uid: "cm-workload",
        title: "Workload",
        description: "CPU, memory and network of each pod of one workload, against its requests and limits",
        needs: ["kubeStateMetrics"],
        variables: [
            { name: "namespace", label: "Namespace", query: "label_values(kube_pod_owner, namespace)" },
            { name: "type", label: "Workload kind", query: workloadTypeVariableQuery(NAMESPACE), includeAll: true },
            { name: "workload", label: "Workload", query: workloadVariableQuery(NAMESPACE, "$type") },
        ],
        panels: [...resourcePanels(workloadGrouping(SELECTION), "cpu"), ...resourcePanels(workloadGrouping(SELECTION), "memory"), ...workloadNetworkPanels(SELECTION)],
    };
}
