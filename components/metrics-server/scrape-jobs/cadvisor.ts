import { MetricsSettings } from "../../../config";
import { RelabelConfig, ScrapeConfig } from "../prometheus-config-types";
import { CADVISOR_FAMILIES } from "./cadvisor-families";
import { kubeletTlsConfig, nodeLabels } from "./kubelet";
import { drop, SERVICE_ACCOUNT } from "./relabel";

/** The pause (sandbox) container under dockershim-style runtimes. */
export const PAUSE_CONTAINER = "POD";

function alternatives(names: string[]): string {
    return `(${names.join("|")})`;
}

/**
 * Spec 4.1 warns that most cAdvisor series are unneeded. These rules run after the scrape and
 * before storage:
 * 1. drop the families no common dashboard or rule queries (CADVISOR_FAMILIES);
 * 2. drop cgroup-level series (system slices, kubepods, the root cgroup), which carry an `id`
 *    but neither `container` nor `pod`;
 * 3. drop the pause container's series except network, because a pod's network counters are
 *    reported on its sandbox.
 */
export function cadvisorMetricRelabelRules(): RelabelConfig[] {
    const droppedFamilies = CADVISOR_FAMILIES.filter((f) => !f.keep).map((f) => f.name);
    const pauseFamilies = CADVISOR_FAMILIES.filter(
        (f) => f.keep && f.name.startsWith("container_") && !f.name.startsWith("container_network_"),
    ).map((f) => f.name);
    return [
        drop(["__name__"], alternatives(droppedFamilies)),
        { ...drop(["id", "container", "pod"], ".+;;"), separator: ";" },
        { ...drop(["__name__", "container"], `${alternatives(pauseFamilies)};${PAUSE_CONTAINER}`), separator: ";" },
    ];
}

export function cadvisorJob(s: MetricsSettings): ScrapeConfig {
    return {
        job_name: "cadvisor",
        // cAdvisor series carry their own namespace, pod and container labels; keep them as served.
        honor_labels: true,
        scheme: "https",
        metrics_path: "/metrics/cadvisor",
        bearer_token_file: SERVICE_ACCOUNT.token,
        tls_config: kubeletTlsConfig(s),
        kubernetes_sd_configs: [{ role: "node" }],
        relabel_configs: nodeLabels(),
        metric_relabel_configs: cadvisorMetricRelabelRules(),
    };
}
