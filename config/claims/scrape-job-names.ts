import { KUBE_STATE_METRICS_KEY } from "../kube-state-metrics";
import { jobName, METRICS_KEY, MetricsSettings } from "../metrics";
import { NODE_EXPORTER_KEY } from "../node-exporter";
import { Problems } from "../problems";
import { KUBE_STATE_METRICS_JOB_NAME, NODE_EXPORTER_JOB_NAME } from "../scrape-jobs";
import { fullKey } from "../source";

/** A scrape job's name and the stack key that brings it in. */
interface JobClaim {
    name: string;
    key: string;
    /** A name the stack chose (metrics.name, a service's name), rather than a fixed one that a switch turns on. */
    chosen: boolean;
}

/**
 * Every scrape job, from every source, by the key that brings it in. Prometheus refuses a config
 * in which two jobs share a name ("found multiple scrape configs with job name"), so the config
 * reloader would keep the old one and the new jobs would never run.
 */
function jobClaims(m: MetricsSettings, nodeExporter: boolean, kubeStateMetrics: boolean): JobClaim[] {
    const metrics = fullKey(METRICS_KEY);
    return [
        { name: m.name, key: `${metrics}.name`, chosen: true },
        ...Object.entries(m.jobs)
            .filter(([, on]) => on)
            .map(([job]) => ({ name: jobName(job), key: `${metrics}.jobs.${job}`, chosen: false })),
        ...(nodeExporter ? [{ name: NODE_EXPORTER_JOB_NAME, key: `${fullKey(NODE_EXPORTER_KEY)}.enabled`, chosen: false }] : []),
        ...(kubeStateMetrics ? [{ name: KUBE_STATE_METRICS_JOB_NAME, key: `${fullKey(KUBE_STATE_METRICS_KEY)}.enabled`, chosen: false }] : []),
        ...m.services.map((s, i) => ({ name: s.name, key: `${metrics}.services[${i}].name`, chosen: true })),
    ];
}

/**
 * Two jobs of one name are refused at the name the stack chose, naming the other claim. Pairs
 * that metrics' own schema already reports (a service against metrics.name or a built-in job, two
 * services) are left to it, so each problem is listed once.
 */
export function checkScrapeJobNames(m: MetricsSettings, nodeExporter: boolean, kubeStateMetrics: boolean, problems: Problems): void {
    const claims = jobClaims(m, nodeExporter, kubeStateMetrics);
    const exporterJobs = [NODE_EXPORTER_JOB_NAME, KUBE_STATE_METRICS_JOB_NAME];
    claims.forEach((claim, i) => {
        const earlier = claims.slice(0, i).find((c) => c.name === claim.name);
        if (earlier === undefined) {
            return;
        }
        // Two names of the stack's own, or one against a built-in job, are metrics' own problem.
        if (claim.chosen && earlier.chosen) {
            return;
        }
        if (!exporterJobs.includes(claim.name)) {
            return;
        }
        const [blamed, other] = claim.chosen ? [claim, earlier] : [earlier, claim];
        problems.add(
            blamed.key,
            blamed.name,
            `a scrape job name that no other job has: ${other.key} already brings in a job named ${other.name}, ` +
                "and Prometheus refuses a config with two jobs of one name",
        );
    });
}
