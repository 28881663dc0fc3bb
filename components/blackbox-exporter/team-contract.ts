import { annotationDiscoveryOn, BLACKBOX_MODULES, Settings } from "../../config";
import type { TeamContractSections } from "../teams/contract";

/** The blackbox exporter's section of the team contract: where a Service annotated prometheus.io/probe is probed, and with which modules. */
export function blackboxTeamContract(s: Settings): Pick<TeamContractSections, "probes"> {
    return { probes: { namespaces: annotatedProbeNamespaces(s), modules: [...BLACKBOX_MODULES] } };
}

/** The namespaces whose Services annotated prometheus.io/probe the probe job discovers (probe-scrape-jobs.ts). */
function annotatedProbeNamespaces(s: Settings): string[] | "all" {
    const a = s.metrics.annotationDiscovery;
    if (!s.blackboxExporter.enabled || !s.blackboxExporter.probeAnnotated || !annotationDiscoveryOn(a)) {
        return [];
    }
    return a.clusterWide ? "all" : [...(a.namespaces ?? [])];
}
