import { limitsOfJob, MetricsSettings } from "../../config";
import { prometheusRelease } from "../../prometheus-releases/release-lines";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";

/**
 * Adds the stack's limits to a job (docs/monitor-your-app.md#limits): sample_limit on every line
 * (Prometheus has read it since 1.x), the label limits only where the release line reads them,
 * since v2.11.1 refuses a config with a key it does not know.
 */
export function withLimits(job: ScrapeConfig, s: Pick<MetricsSettings, "limits" | "image" | "prometheusVersion">): ScrapeConfig {
    const l = limitsOfJob(s.limits, job.job_name);
    return {
        ...job,
        sample_limit: l.sampleLimit,
        ...(prometheusRelease(s).labelLimits
            ? { label_limit: l.labelLimit, label_name_length_limit: l.labelNameLengthLimit, label_value_length_limit: l.labelValueLengthLimit }
            : {}),
    };
}
