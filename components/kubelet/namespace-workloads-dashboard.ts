import { DashboardContext } from "../common/dashboards/context";
import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { podWorkload, workloadTypeVariableQuery } from "../kube-state-metrics/pod-workload";
import { networkPanels, resourcePanels, WorkloadSelection } from "./compute-panels";

const NAMESPACE = 'namespace="$namespace"';
const SELECTION: WorkloadSelection = { namespace: NAMESPACE, type: "$type", workload: ".+", by: "workload" };

/** The namespace's ResourceQuotas on one resource: the hard limits on requests and on limits, and what is counted against them. */
function quotaPanel(resource: "cpu" | "memory"): PanelSpec {
    const quota = (type: "hard" | "used", of: string) => `sum(kube_resourcequota{${NAMESPACE}, type="${type}", resource=~"${of}"})`;
    // A quota on plain cpu or memory limits requests, as requests.cpu does.
    const requests = `requests.${resource}|${resource}`;
    return {
        title: `${resource === "cpu" ? "CPU" : "Memory"} quota of the namespace`,
        description: "The namespace's ResourceQuotas: the most its pods may request and be limited to in total, and what they hold now; a pod that would pass a hard line is refused",
        unit: resource === "cpu" ? "short" : "bytes",
        kind: "timeseries",
        needs: ["kubeStateMetrics", "resourceQuotas"],
        queries: [
            { expr: quota("hard", requests), legend: "requests quota" },
            { expr: quota("used", requests), legend: "requested" },
            { expr: quota("hard", `limits.${resource}`), legend: "limits quota" },
            { expr: quota("used", `limits.${resource}`), legend: "limited" },
        ],
    };
}

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
            ...resourcePanels(SELECTION, "cpu"),
            quotaPanel("cpu"),
            ...resourcePanels(SELECTION, "memory"),
            quotaPanel("memory"),
            {
                title: "Pods per workload",
                description: "Pods each workload has now, whatever their phase",
                unit: "short",
                kind: "timeseries",
                needs: ["kubeStateMetrics"],
                queries: [{ expr: `count by (workload) (${podWorkload(NAMESPACE, SELECTION.type, SELECTION.workload)})`, legend: "{{workload}}" }],
            },
            ...networkPanels(SELECTION),
        ],
    };
}
