import { DashboardContext } from "../common/dashboards/context";
import { PanelLinkSpec } from "../common/dashboards/links";
import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { workloadOwners } from "../kube-state-metrics/pod-workload";
import { namespaceQuotaPanel, resourcePanels, WorkloadSelection, workloadGrouping, workloadNetworkPanels } from "./compute-panels";

const NAMESPACE = 'namespace="$namespace"';

/**
 * From a workload's series to the Workload board with that workload chosen; the namespace, the
 * kind, the cluster and the time stay (docs/grafana.md#links-between-dashboards).
 */
const toWorkload: PanelLinkSpec = { title: "Workload ${__field.labels.workload}", dashboard: "cm-workload", fromLabels: { workload: "workload" } };

/** The link on every panel whose series are one per workload; the quota panels' are the namespace's. */
const withWorkloadLink = (p: PanelSpec): PanelSpec => (p.queries.every((q) => q.legend.startsWith("{{workload}}")) ? { ...p, links: [...(p.links ?? []), toWorkload] } : p);

/**
 * Compute Resources / Namespace (Workloads): CPU and memory used against requests, limits and
 * the namespace's quota, pods, and network, per workload of one namespace. Workloads are the
 * owners kube-state-metrics reports (pod-workload.ts), so the board needs it; usage comes from
 * cAdvisor. CPU, memory, requests, limits and the workloads come from the compute recording
 * rules where the stack evaluates them (ctx.computeRules); network and quota are read raw (no
 * rule records them).
 */
export function namespaceWorkloadsDashboard(ctx: DashboardContext): PrometheusDashboardSpec {
    const owners = workloadOwners(ctx.computeRules);
    const selection: WorkloadSelection = { rules: ctx.computeRules, namespace: NAMESPACE, type: "$type", workload: ".+", by: "workload" };
    const panels: PanelSpec[] = [
        ...resourcePanels(workloadGrouping(selection), "cpu"),
        namespaceQuotaPanel("cpu", NAMESPACE),
        ...resourcePanels(workloadGrouping(selection), "memory"),
        namespaceQuotaPanel("memory", NAMESPACE),
        {
            title: "Pods per workload",
            description: "Pods each workload has now, whatever their phase",
            unit: "short",
            kind: "timeseries",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: `count by (workload) (${owners.podWorkload(NAMESPACE, selection.type, selection.workload)})`, legend: "{{workload}}" }],
        },
        ...workloadNetworkPanels(selection),
    ];
    return {
        uid: "cm-namespace-workloads",
        folder: "workloads",
        title: "Namespace workloads",
        // The owner families make a CronJob's Jobs workloads each; the rule makes the CronJob one (pod-workload.ts).
        description: `CPU, memory and network of each workload (Deployment, StatefulSet, DaemonSet, ${ctx.computeRules ? "CronJob, " : ""}Job) of one namespace, against its requests, limits and the namespace's quota`,
        needs: ["kubeStateMetrics"],
        variables: [
            { name: "namespace", label: "Namespace", query: owners.namespaceVariable },
            { name: "type", label: "Workload kind", query: owners.typeVariable(NAMESPACE), includeAll: true },
        ],
        panels: panels.map(withWorkloadLink),
    };
}
