/**
 * The job labels that follow a component rather than metrics.jobs: the scrape config names its
 * jobs with them and the default alerts select on them, so both read them here.
 */
export const NODE_EXPORTER_JOB_NAME = "node-exporter";
export const KUBE_STATE_METRICS_JOB_NAME = "kube-state-metrics";
/** kube-state-metrics' own metrics (its telemetry port), a job of their own: they describe the exporter, not the objects. */
export const KUBE_STATE_METRICS_TELEMETRY_JOB_NAME = "kube-state-metrics-telemetry";
