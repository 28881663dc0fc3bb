import { DashboardContext } from "../common/dashboards/context";
import { PrometheusDashboardSpec } from "../common/dashboards/panels";
import { podWorkload, workloadTypeVariableQuery } from "../kube-state-metrics/pod-workload";
import { namespaceQuotaPanel, resourcePanels, WorkloadSelection, workloadGrouping, workloadNetworkPanels } from "./compute-panels";

const NAMESPACE = 'namespace="$namespace"';
const SELECTION: WorkloadSelection = { namespace: NAMESPACE, type: "$type", workload: ".+", by: "workload" };

/**
 * Compute Resources / Namespace (Workloads): CPU and memory used against requests, limits and
 * the namespace's quota, pods, and network, per workload of one namespace. Workloads are the
 * owners kube-state-metrics reports (pod-workload.ts), so the board needs it; usage comes from
 * cAdvisor.
 */
export function namespaceWorkloadsDashboard(_ctx: DashboardContext): PrometheusDashboardSpec {
    return {
        uid: "cm-namespace-workloads",
        title: "Namespace workloads",
        description: "CPU, memory and network of each workload (Deployment, StatefulSet, DaemonSet, Job) of one namespace, against its requests, limits and the namespace's quota",
        needs: ["kubeStateMetrics"],
        variables: [
            { name: "namespace", label: "Namespace", query: "label_values(kube_pod_owner, namespace)" },
            { name: "type", label: "Workload kind", query: workloadTypeVariableQuery(NAMESPACE), includeAll: true },
        ],
        panels: [
            ...resourcePanels(workloadGrouping(SELECTION), "cpu"),
            namespaceQuotaPanel("cpu", NAMESPACE),
            ...resourcePanels(workloadGrouping(SELECTION), "memory"),
            namespaceQuotaPanel("memory", NAMESPACE),
            {
                title: "Pods per workload",
                description: "Pods each workload has now, whatever their phase",
                unit: "short",
                kind: "timeseries",
                needs: ["kubeStateMetrics"],
                queries: [{ expr: `count by (workload) (${podWorkload(NAMESPACE, SELECTION.type, SELECTION.workload)})`, legend: "{{workload}}" }],
            },
            ...workloadNetworkPanels(SELECTION),
        ],
    };
}
