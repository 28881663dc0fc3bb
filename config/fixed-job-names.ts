/**
 * The job labels that follow a component rather than metrics.jobs: the scrape config names its
 * jobs with them and the default alerts select on them, so both read them here.
 */
export const NODE_EXPORTER_JOB_NAME = "node-exporter";
export const KUBE_STATE_METRICS_JOB_NAME = "kube-state-metrics";
