import { stringify } from "yaml";
import { MetricsSettings } from "../../config";
import { PROMETHEUS_PATHS } from "./layout";
import { PrometheusConfig } from "./prometheus-config-types";
import { scrapeJobs } from "./scrape-jobs";

export function prometheusConfig(s: MetricsSettings): PrometheusConfig {
    return {
        global: {
            evaluation_interval: s.evaluationInterval,
            scrape_interval: s.scrapeInterval,
            external_labels: { ...s.externalLabels },
        },
        rule_files: [`${PROMETHEUS_PATHS.rulesDir}*.yml`],
        scrape_configs: scrapeJobs(s),
    };
}

/** Serialized with a YAML library, never templated, so quoting of `${1}` or `;` cannot go wrong. */
export function renderPrometheusConfig(config: PrometheusConfig): string {
    return stringify(config, { lineWidth: 0, sortMapEntries: false });
}
