import { ALERTMANAGER_KEY, Settings } from "../../config";
import { chosenJob, claimKey, fixedJob } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";
import { ALERTMANAGER_WEB_JOB_NAME } from "./layout";

/**
 * Alertmanager's job names: the alertmanager-web job while alertmanager.web is set, and its
 * Service's name, the job label the self-monitoring job gives its series (never a job_name).
 */
export function alertmanagerJobNames(s: Settings): JobNameClaims {
    const a = s.alertmanager;
    return {
        self: [
            fixedJob(ALERTMANAGER_WEB_JOB_NAME, claimKey(ALERTMANAGER_KEY, "web"), a.enabled && a.web !== undefined),
            { ...chosenJob(a.name, claimKey(ALERTMANAGER_KEY, "name"), a.enabled), labelOnly: true },
        ],
    };
}
