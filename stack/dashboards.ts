import { Settings } from "../config";
import { clusterDashboard } from "../components/grafana/dashboards/cluster";
import { homeDashboard } from "../components/grafana/dashboards/home";
import { DashboardContext, dashboardContext } from "../components/common/dashboards/context";
import { controlPlaneDashboard } from "../components/control-plane/dashboard";
import { coreDnsDashboard } from "../components/control-plane/coredns-dashboard";
import { etcdDashboard } from "../components/control-plane/etcd-dashboard";
import { logAgentDashboard } from "../components/log-agent/dashboard";
import { logsDashboard } from "../components/log-agent/logs-dashboard";
import { nodeDashboard } from "../components/node-exporter/dashboard";
import { useClusterDashboard, useNodeDashboard } from "../components/node-exporter/use-dashboards";
import { buildPrometheusDashboard, PrometheusDashboardSpec, renders, variableNames } from "../components/common/dashboards/panels";
import { DashboardFolder, folderOf } from "../components/common/dashboards/folders";
import { probesDashboard } from "../components/blackbox-exporter/dashboard";
import { prometheusDashboard } from "../components/prometheus/dashboard";
import { searchStoreDashboard } from "../components/search-store/dashboard";
import { longTermStoreDashboard } from "../components/long-term-store/dashboard";
import { workloadsDashboard } from "../components/kubelet/workloads-dashboard";
import { namespaceWorkloadsDashboard } from "../components/kubelet/namespace-workloads-dashboard";
import { workloadDashboard } from "../components/kubelet/workload-dashboard";
import { nodePodsDashboard } from "../components/kubelet/node-pods-dashboard";
import { networkDashboard } from "../components/grafana/dashboards/network";
import { alertmanagerDashboard } from "../components/alertmanager/dashboard";
import { grafanaDashboard } from "../components/grafana/dashboard";
import { kubeletDashboard } from "../components/kubelet/dashboard";
import { volumesDashboard } from "../components/kubelet/volumes-dashboard";
import { remoteWriteDashboard } from "../components/prometheus/remote-write-dashboard";

import { contributionsOf } from "./contributions";

export { DashboardContext, dashboardContext } from "../components/common/dashboards/context";

export { GeneratedDashboard } from "../components/common/dashboards/generated-dashboard";
import { GeneratedDashboard } from "../components/common/dashboards/generated-dashboard";

/**
 * Every dashboard the stack can fill, each with the panels whose sources are on: the built-in
 * boards, then those the component list contributes (components/contribution.ts).
 */
export function generatedDashboards(ctx: DashboardContext, folderTag: string, contributed: readonly PrometheusDashboardSpec[] = []): GeneratedDashboard[] {
    const prometheusSpecs = [
        homeDashboard(ctx),
        clusterDashboard(ctx),
        nodeDashboard(ctx),
        useClusterDashboard,
        useNodeDashboard,
        workloadsDashboard(ctx),
        namespaceWorkloadsDashboard(ctx),
        workloadDashboard(ctx),
        nodePodsDashboard(ctx),
        networkDashboard(ctx),
        prometheusDashboard(ctx),
        logAgentDashboard(ctx),
        controlPlaneDashboard(ctx),
        coreDnsDashboard,
        etcdDashboard,
        probesDashboard,
        searchStoreDashboard,
        alertmanagerDashboard(ctx),
        grafanaDashboard(ctx),
        kubeletDashboard(ctx),
        volumesDashboard(ctx),
        remoteWriteDashboard(ctx),
        longTermStoreDashboard,
        ...contributed,
    ];
    // Where links may point: the boards this stack renders, with their variables (components/common/dashboards/links.ts).
    const boards = new Map(prometheusSpecs.filter((spec) => renders(spec, ctx)).map((spec) => [spec.uid, variableNames(spec)] as const));
    const built: Array<[string, DashboardFolder, object | undefined]> = [
        ...prometheusSpecs.map((spec): [string, DashboardFolder, object | undefined] => [spec.uid.replace(/^cm-/, ""), folderOf(spec), buildPrometheusDashboard(spec, ctx, folderTag, boards)]),
        ["logs", "logs", logsDashboard(ctx, folderTag)],
    ];
    return built.filter(([, , json]) => json !== undefined).map(([slug, folder, json]) => ({ slug, folder, json: json as GeneratedDashboard["json"] }));
}

export function dashboardsFor(s: Settings, folderTag: string): GeneratedDashboard[] {
    return generatedDashboards(dashboardContext(s), folderTag, contributionsOf(s).flatMap((c) => c.dashboards ?? []));
}
