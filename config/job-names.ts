import { ANNOTATION_JOB_NAMES } from "./annotation-discovery";
import { ANNOTATED_PROBE_JOB, BLACKBOX_EXPORTER_KEY, ProbeSettings } from "./blackbox-exporter";
import { CONTROL_PLANE_JOB_NAMES } from "./control-plane";
import { jobName, METRICS_KEY, MetricsSettings } from "./metrics";
import { OWN_JOB_NAMES } from "./own-targets";
import { Problems } from "./problems";
import { KUBE_STATE_METRICS_JOB_NAME, NODE_EXPORTER_JOB_NAME } from "./scrape-jobs";
import { fullKey } from "./source";

/**
 * Every job name that a source other than the probes claims, switched on or not: a name is a
 * job label, and two sources under one label would mix their up and their alerts.
 */
export function reservedJobNames(m: MetricsSettings): string[] {
    return [
        m.name,
        ...Object.keys(m.jobs).map(jobName),
        NODE_EXPORTER_JOB_NAME,
        KUBE_STATE_METRICS_JOB_NAME,
        ...Object.values(CONTROL_PLANE_JOB_NAMES),
        ...Object.values(OWN_JOB_NAMES),
        ...ANNOTATION_JOB_NAMES,
        ANNOTATED_PROBE_JOB,
        ...m.services.map((s) => s.name),
    ];
}

/**
 * A probe's name is its job's: refused when another source has it or another probe does. A
 * metrics.limits.perJob entry must name a job, or a typo would silently leave the limit as it was.
 */
export function checkJobNames(m: MetricsSettings, probes: readonly ProbeSettings[], problems: Problems): void {
    const taken = reservedJobNames(m);
    probes.forEach((p, i) => {
        if (taken.includes(p.name)) {
            problems.add(
                `${fullKey(BLACKBOX_EXPORTER_KEY)}.probes[${i}].name`,
                p.name,
                `a job name no other source uses (taken: ${[...new Set(taken)].join(", ")})`,
            );
        }
        taken.push(p.name);
    });
    for (const job of Object.keys(m.limits.perJob)) {
        if (!taken.includes(job)) {
            problems.add(`${fullKey(METRICS_KEY)}.limits.perJob.${job}`, m.limits.perJob[job], `the name of a scrape job: one of ${[...new Set(taken)].join(", ")}`);
        }
    }
}
