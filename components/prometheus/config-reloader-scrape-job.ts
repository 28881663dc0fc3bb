import { MetricsSettings } from "../../config";
import { CONFIG_RELOADER_JOB_NAME, metricsLabels, RELOADER_PORT } from "./layout";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { constant, copy, keep, keepLabels, literal } from "../common/scrape/relabel";

/**
 * The config reloader beside each Prometheus pod serves its own metrics (reloads, failures) on
 * its container port, which the Prometheus Service does not name, so its pods are found
 * directly: the Prometheus pods' labels and only that port. Labelled as the monitor job labels.
 */
export function configReloaderJob(s: MetricsSettings): ScrapeConfig {
    return {
        job_name: CONFIG_RELOADER_JOB_NAME,
        kubernetes_sd_configs: [{ role: "pod", namespaces: { names: [s.namespace] } }],
        relabel_configs: [
            ...keepLabels("pod", metricsLabels(s)),
            keep(["__meta_kubernetes_pod_container_port_name"], literal(RELOADER_PORT.name)),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_pod_name", "pod"),
            constant("endpoint", RELOADER_PORT.name),
        ],
    };
}
