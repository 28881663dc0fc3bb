import { PanelLinkSpec } from "../../common/dashboards/links";
import { DashboardContext } from "../../common/dashboards/context";
import { PrometheusDashboardSpec } from "../../common/dashboards/panels";
import { namespaceUsage } from "./cluster";
import { podsNotRunningExpr } from "../../kube-state-metrics/pod-phase-rules";

const toCluster: PanelLinkSpec = { title: "Cluster", dashboard: "cm-cluster", fromLabels: {} };

/**
 * Home: what Grafana opens on (GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH, docs/grafana.md#home):
 * the alerts firing, the cluster at a glance, and a list of every dashboard of the program.
 * The Watchdog alert (severity none) always fires, so "Firing alerts" is never empty while rules
 * are evaluated; its absence there says they are not.
 */
export const homeDashboard = (ctx: DashboardContext): PrometheusDashboardSpec => ({
    uid: "cm-home",
    folder: "home",
    title: "Home",
    description: "Alerts firing, the cluster at a glance, and every dashboard of cluster-monitoring",
    needs: [],
    variables: [],
    panels: [
        {
            title: "Alerts firing",
            description: "Alerts firing now, the always-firing Watchdog (severity none) left out; 0 is the good state",
            unit: "short",
            kind: "stat",
            needs: ["prometheus"],
            queries: [{ expr: 'count(ALERTS{alertstate="firing", severity!="none"}) or vector(0)', legend: "firing" }],
        },
        {
            title: "Scrape targets down",
            links: [toCluster],
            description: "Targets whose last scrape failed, over every job; the Cluster dashboard has them per job",
            unit: "short",
            kind: "stat",
            needs: ["prometheus"],
            queries: [{ expr: "count(up == 0) or vector(0)", legend: "down" }],
        },
        {
            title: "Nodes",
            links: [toCluster],
            description: "Nodes the API server knows (kube-state-metrics)",
            unit: "short",
            kind: "stat",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: "count(kube_node_info)", legend: "nodes" }],
        },
        {
            title: "Pods not running",
            description: "Pods Pending, Failed or Unknown (kube-state-metrics); Succeeded pods (finished Jobs) are not counted",
            unit: "short",
            kind: "stat",
            needs: ["kubeStateMetrics"],
            queries: [{ expr: podsNotRunningExpr(ctx.computeRules), legend: "not running" }],
        },
        {
            title: "CPU used",
            links: [toCluster],
            description: "CPU cores all containers use (cAdvisor)",
            unit: "short",
            kind: "stat",
            needs: ["cadvisor"],
            queries: [{ expr: namespaceUsage(ctx.computeRules, "").cpu, legend: "cores" }],
        },
        {
            title: "Memory used",
            links: [toCluster],
            description: "Working set of all containers (cAdvisor)",
            unit: "bytes",
            kind: "stat",
            needs: ["cadvisor"],
            queries: [{ expr: namespaceUsage(ctx.computeRules, "").memory, legend: "working set" }],
        },
        {
            title: "Firing alerts",
            description: "Alerts firing, per alert and severity; Watchdog always fires, and its absence means rules are not evaluated",
            unit: "short",
            kind: "timeseries",
            needs: ["prometheus"],
            queries: [{ expr: 'count by (alertname, severity) (ALERTS{alertstate="firing"})', legend: "{{alertname}} ({{severity}})" }],
        },
        { kind: "dashboards", title: "Dashboards", needs: [] },
    ],
});
