import { METRICS_KEY, reloaderRuns, selfMonitoringJobLeftOut, Settings } from "../../config";
import { chosenJob, claimKey, fixedJob } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";
import { CONFIG_RELOADER_JOB_NAME, PROMETHEUS_WEB_JOB_NAME } from "./layout";

/**
 * The job names Prometheus brings: its own (metrics.name, which labels the self-monitoring job, or
 * only the prometheus-web job's series while that job is left out), the config reloader's and the
 * web job's, and the stack's extra scrape configs', which prometheus.yml lists last.
 */
export function prometheusJobNames(s: Settings): JobNameClaims {
    const m = s.metrics;
    const a = s.alertmanager;
    const self = chosenJob(m.name, claimKey(METRICS_KEY, "name"), true);
    const labelOnly = selfMonitoringJobLeftOut(m, a.enabled && a.web === undefined ? a : undefined);
    return {
        self: [
            labelOnly ? { ...self, labelOnly: true } : self,
            fixedJob(CONFIG_RELOADER_JOB_NAME, claimKey(METRICS_KEY, "enableLifecycle"), reloaderRuns(m)),
            fixedJob(PROMETHEUS_WEB_JOB_NAME, claimKey(METRICS_KEY, "web"), m.web !== undefined),
        ],
        extra: m.extraScrapeConfigs.map((c, i) => chosenJob(c.job_name, claimKey(METRICS_KEY, `extraScrapeConfigs[${i}].job_name`), true)),
    };
}
