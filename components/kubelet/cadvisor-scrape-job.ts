import { MetricsSettings } from "../../config";
import { RelabelConfig, ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { CADVISOR_FAMILIES } from "./cadvisor-families";
import { kubeletTlsConfig, nodeLabels } from "./scrape-job";
import { drop, SERVICE_ACCOUNT } from "../common/scrape/relabel";

/** The pause (sandbox) container's name under dockershim; containerd and CRI-O leave it empty. */
export const PAUSE_CONTAINER = "POD";

function alternatives(names: string[]): string {
    return `(${names.join("|")})`;
}

/** Marks network series for the pause-container rule; removed again before storage. */
const NETWORK_MARK = "__tmp_network_series";

/**
 * The spec warns that most cAdvisor series are unneeded (docs/design.md#scrape-targets). These rules run after the scrape and
 * before storage:
 * 1. drop the families no common dashboard or rule queries (CADVISOR_FAMILIES);
 * 2. drop cgroup-level series (system slices, kubepods, the root cgroup), which carry an `id`
 *    but neither `container` nor `pod`;
 * 3. drop the pod-level series that are not a container's: the pod cgroup and the pause
 *    sandbox, which carry a `pod` but an empty `container` (containerd, CRI-O) or `POD`
 *    (dockershim). Network is kept, because a pod's network counters exist only on its sandbox.
 *    RE2 has no negative lookahead, so network series are marked first, the unmarked pod-level
 *    series dropped, and the mark removed.
 */
export function cadvisorMetricRelabelRules(): RelabelConfig[] {
    const droppedFamilies = CADVISOR_FAMILIES.filter((f) => !f.keep).map((f) => f.name);
    return [
        drop(["__name__"], alternatives(droppedFamilies)),
        { ...drop(["id", "container", "pod"], ".+;;"), separator: ";" },
        { action: "replace", source_labels: ["__name__"], regex: "container_network_.*", target_label: NETWORK_MARK, replacement: "true" },
        { ...drop(["container", "pod", NETWORK_MARK], `(${PAUSE_CONTAINER})?;.+;`), separator: ";" },
        { action: "labeldrop", regex: NETWORK_MARK },
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
