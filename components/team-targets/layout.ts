/** The job labels of the two annotation jobs (docs/monitor-your-app.md). */
export const ANNOTATED_POD_JOB = "annotated-pods";
export const ANNOTATED_SERVICE_JOB = "annotated-services";

export const ANNOTATION_JOB_NAMES = [ANNOTATED_POD_JOB, ANNOTATED_SERVICE_JOB] as const;
