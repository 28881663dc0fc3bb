import { CONTROL_PLANE_KEY, Settings } from "../../config";
import { claimKey, fixedJob, switchedJob } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/** etcd's job (metrics.jobs.etcd) and one job per control-plane component, each at its switch. */
export function controlPlaneJobNames(s: Settings): JobNameClaims {
    const components = Object.keys(CONTROL_PLANE_JOB_NAMES) as (keyof typeof CONTROL_PLANE_JOB_NAMES)[];
    return {
        cluster: [
            switchedJob(s, "etcd"),
            ...components.map((c) => fixedJob(CONTROL_PLANE_JOB_NAMES[c], claimKey(CONTROL_PLANE_KEY, `${c}.enabled`), s.controlPlane[c].enabled)),
        ],
    };
}
