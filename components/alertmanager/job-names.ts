import { ALERTMANAGER_KEY, OWN_JOB_NAMES, Settings } from "../../config";
import { chosenJob, claimKey, fixedJob } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";

/**
 * Alertmanager's job names: the alertmanager-web job while alertmanager.web is set, and its
 * Service's name, the job label the self-monitoring job gives its series (never a job_name).
 */
export function alertmanagerJobNames(s: Settings): JobNameClaims {
    const a = s.alertmanager;
    return {
        self: [
            fixedJob(OWN_JOB_NAMES.alertmanagerWeb, claimKey(ALERTMANAGER_KEY, "web"), a.enabled && a.web !== undefined),
            { ...chosenJob(a.name, claimKey(ALERTMANAGER_KEY, "name"), a.enabled), labelOnly: true },
        ],
    };
}
