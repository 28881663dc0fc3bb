import { COMPONENT_BASE_FAMILIES } from "../common/scrape/component-base-families";
import { droppedFamily, FamilyRule } from "../common/scrape/family-rules";

const CONTROLLER_DETAIL = "one controller's internal timings; the work-queue depth of every controller is kept";

/** The kube-controller-manager job's families (docs/scrape-jobs.md#control-plane-families). */
export const CONTROLLER_MANAGER_OWN_FAMILIES: readonly FamilyRule[] = [
    droppedFamily("endpoint_slice_controller_*", CONTROLLER_DETAIL),
    droppedFamily("endpoint_slice_mirroring_controller_*", CONTROLLER_DETAIL),
    droppedFamily("root_ca_cert_publisher_*", CONTROLLER_DETAIL),
    droppedFamily("ttl_after_finished_controller_*", CONTROLLER_DETAIL),
    droppedFamily("cronjob_controller_*", CONTROLLER_DETAIL),
    droppedFamily("ephemeral_volume_controller_*", CONTROLLER_DETAIL),
];

export const CONTROLLER_MANAGER_FAMILIES: readonly FamilyRule[] = [...CONTROLLER_MANAGER_OWN_FAMILIES, ...COMPONENT_BASE_FAMILIES];
