import { ScrapeConfig } from "../common/scrape/prometheus-config-types";

/**
 * What the rest of the stack contributes to Prometheus, composed by stack/index.ts: every
 * component's scrape jobs, and the rule files of the enabled default groups and the stack's own.
 */
export interface PrometheusInputs {
    scrapeJobs: readonly ScrapeConfig[];
    /** File name → YAML, beside the spec's empty k8s.yml. */
    ruleFiles: Record<string, string>;
}
