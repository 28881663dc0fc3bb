import { StaticPodTarget } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { controlPlanePodJob } from "./control-plane-pods";
import { CONTROLLER_MANAGER_FAMILIES } from "./controller-manager-families";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/** kube-controller-manager's /metrics on its secure port (10257) on each control-plane node. */
export function controllerManagerJob(t: StaticPodTarget): ScrapeConfig {
    return controlPlanePodJob(CONTROL_PLANE_JOB_NAMES.controllerManager, t, CONTROLLER_MANAGER_FAMILIES);
}
