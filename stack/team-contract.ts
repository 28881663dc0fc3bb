import { PLATFORM_UID_PREFIX, platformDashboardUids, TEAM_DASHBOARD_LABEL_VALUE } from "../components/grafana/team-dashboards";
import { TEAM_CONTRACT_VERSION, TeamContract } from "../components/teams/contract";
import { TEAM_RULE_LABEL, TEAM_RULE_LABEL_VALUE } from "../components/prometheus/team-rules";
import { teamRulesSchema } from "../config/team-rules";
import { annotationDiscoveryOn, BLACKBOX_MODULES, Settings, TEAM_DASHBOARD_LABEL } from "../config";
import { prometheusRelease, resolveRelease } from "../prometheus-releases/release-lines";
import { promqlFeaturesOf } from "../prometheus-releases/promql-features";
import { KeptFamilies } from "./family-tables";
import { grafanaModel } from "./grafana-model";

/**
 * The stack output teamContract (docs/monitor-your-app.md#check-before-you-apply): what a team's
 * objects are checked against, from this stack's settings.
 */
export function teamContractOf(s: Settings, keptFamilies: Record<string, KeptFamilies>): TeamContract {
    const resolved = resolveRelease(s.metrics.image, s.metrics.prometheusVersion);
    const t = s.grafana.enabled ? s.grafana.teamDashboards : undefined;
    const r = s.metrics.teamRules;
    const defaults = teamRulesSchema.parse({ all: true });
    return {
        contractVersion: TEAM_CONTRACT_VERSION,
        prometheus: { version: "version" in resolved ? resolved.version : "", line: prometheusRelease(s.metrics).line, promqlFeatures: promqlFeaturesOf(s.metrics.extra?.args) },
        keptFamilies,
        dashboards: {
            label: TEAM_DASHBOARD_LABEL,
            value: TEAM_DASHBOARD_LABEL_VALUE,
            namespaces: t === undefined ? [] : t.all === true ? "all" : [...(t.namespaces ?? [])],
            platformUids: s.grafana.enabled ? platformDashboardUids(grafanaModel(s)).sort() : [],
            reservedUidPrefix: PLATFORM_UID_PREFIX,
        },
        rules: {
            label: TEAM_RULE_LABEL,
            value: TEAM_RULE_LABEL_VALUE,
            namespaces: r === undefined ? [] : r.all === true ? "all" : [...(r.namespaces ?? [])],
            // Off, the limits a stack would get by default, so a team can check before the platform turns it on.
            maxFilesPerNamespace: (r ?? defaults).maxFilesPerNamespace,
            maxRulesPerNamespace: (r ?? defaults).maxRulesPerNamespace,
        },
        probes: { namespaces: annotatedProbeNamespaces(s), modules: [...BLACKBOX_MODULES] },
    };
}

/** The namespaces whose Services annotated prometheus.io/probe the probe job discovers (components/blackbox-exporter/probe-scrape-jobs.ts). */
function annotatedProbeNamespaces(s: Settings): string[] | "all" {
    const a = s.metrics.annotationDiscovery;
    if (!s.blackboxExporter.enabled || !s.blackboxExporter.probeAnnotated || !annotationDiscoveryOn(a)) {
        return [];
    }
    return a.clusterWide ? "all" : [...(a.namespaces ?? [])];
}
