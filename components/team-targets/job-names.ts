import { annotationDiscoveryOn, METRICS_KEY, Settings } from "../../config";
import { chosenJob, claimKey, fixedJob } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";
import { ANNOTATION_JOB_NAMES } from "./layout";

/** The teams' jobs: one per metrics.services entry, named by it, and the two annotation-discovery jobs. */
export function teamTargetsJobNames(s: Settings): JobNameClaims {
    const m = s.metrics;
    return {
        teams: [
            ...ANNOTATION_JOB_NAMES.map((name) => fixedJob(name, claimKey(METRICS_KEY, "annotationDiscovery"), annotationDiscoveryOn(m.annotationDiscovery))),
            ...m.services.map((svc, i) => chosenJob(svc.name, claimKey(METRICS_KEY, `services[${i}].name`), true)),
        ],
    };
}
