import { annotationDiscoveryOn, METRICS_KEY, serviceScrapeSchema, Settings } from "../../config";
import { chosenJob, claimKey, fixedJob, listedNames, RawKey } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";
import { ANNOTATION_JOB_NAMES } from "./layout";

/** The teams' jobs: one per metrics.services entry, named by it, and the two annotation-discovery jobs. */
export function teamTargetsJobNames(s: Settings, raw: RawKey): JobNameClaims {
    const m = s.metrics;
    return {
        teams: [
            ...ANNOTATION_JOB_NAMES.map((name) => fixedJob(name, claimKey(METRICS_KEY, "annotationDiscovery"), annotationDiscoveryOn(m.annotationDiscovery))),
            ...(listedNames(raw(METRICS_KEY), "services", "name", serviceScrapeSchema.shape.name) ?? m.services.map((svc) => svc.name)).flatMap((name, i) =>
                name === undefined ? [] : [chosenJob(name, claimKey(METRICS_KEY, `services[${i}].name`), true)],
            ),
        ],
    };
}
