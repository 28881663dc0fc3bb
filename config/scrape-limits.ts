import { z } from "zod";
import { closedObject, integer } from "./fields";

/** Go's int on the 64-bit builds is wider, but a limit above a billion protects nothing. */
export const MAX_SCRAPE_LIMIT = 1_000_000_000;

function limit() {
    return integer(1, MAX_SCRAPE_LIMIT, "a positive integer");
}

/**
 * What one scrape may bring: beyond it the scrape fails (up == 0) and nothing of it is stored,
 * so one target's cardinality explosion costs that target and not the server
 * (docs/monitor-your-app.md#limits). label_* limits exist from Prometheus 2.27.
 */
export const SCRAPE_LIMIT_DEFAULTS = {
    sampleLimit: 50_000,
    labelLimit: 64,
    labelNameLengthLimit: 256,
    labelValueLengthLimit: 4096,
};

/**
 * Built-in jobs whose one target legitimately serves more than a team's exporter: the API server's
 * histograms, and kube-state-metrics and cAdvisor, which grow with the cluster.
 */
export const LARGE_SOURCE_SAMPLE_LIMITS: Readonly<Record<string, number>> = {
    apiserver: 500_000,
    "kube-state-metrics": 500_000,
    cadvisor: 200_000,
    kubelet: 200_000,
};

const d = SCRAPE_LIMIT_DEFAULTS;

const jobLimitsSchema = closedObject({
    sampleLimit: limit().optional().meta({ description: "sample_limit of this job" }),
    labelLimit: limit().optional().meta({ description: "label_limit of this job (2.27+)" }),
    labelNameLengthLimit: limit().optional().meta({ description: "label_name_length_limit of this job (2.27+)" }),
    labelValueLengthLimit: limit().optional().meta({ description: "label_value_length_limit of this job (2.27+)" }),
});

export type JobLimits = z.output<typeof jobLimitsSchema>;

/** `metrics.limits`. */
export const scrapeLimitsSchema = closedObject({
    sampleLimit: limit().default(d.sampleLimit).meta({ description: "sample_limit of every job without a larger built-in or perJob limit" }),
    labelLimit: limit().default(d.labelLimit).meta({ description: "label_limit of every job, on release lines 2.27 and later" }),
    labelNameLengthLimit: limit().default(d.labelNameLengthLimit).meta({ description: "label_name_length_limit of every job, on 2.27 and later" }),
    labelValueLengthLimit: limit().default(d.labelValueLengthLimit).meta({ description: "label_value_length_limit of every job, on 2.27 and later" }),
    perJob: z
        .record(z.string(), jobLimitsSchema, { error: "a map from job name to { sampleLimit, labelLimit, labelNameLengthLimit, labelValueLengthLimit }" })
        .default({})
        .meta({ description: "limits of one job, by job name, such as { annotated-pods: { sampleLimit: 200000 } }" }),
}).default({ ...d, perJob: {} });

export type ScrapeLimitsSettings = z.output<typeof scrapeLimitsSchema>;

/** The limits one job gets: its perJob entry, else a built-in source's own, else the stack's. */
export function limitsOfJob(s: ScrapeLimitsSettings, job: string): Required<JobLimits> {
    const own = s.perJob[job] ?? {};
    return {
        sampleLimit: own.sampleLimit ?? LARGE_SOURCE_SAMPLE_LIMITS[job] ?? s.sampleLimit,
        labelLimit: own.labelLimit ?? s.labelLimit,
        labelNameLengthLimit: own.labelNameLengthLimit ?? s.labelNameLengthLimit,
        labelValueLengthLimit: own.labelValueLengthLimit ?? s.labelValueLengthLimit,
    };
}
