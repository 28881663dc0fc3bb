import { StaticPodTarget } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { controlPlanePodJob } from "./control-plane-pods";
import { SCHEDULER_FAMILIES } from "./scheduler-families";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/** kube-scheduler's /metrics on its secure port (10259) on each control-plane node. */
export function schedulerJob(t: StaticPodTarget): ScrapeConfig {
    return controlPlanePodJob(CONTROL_PLANE_JOB_NAMES.scheduler, t, SCHEDULER_FAMILIES);
}
