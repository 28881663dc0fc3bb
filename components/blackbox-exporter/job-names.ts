import { BLACKBOX_EXPORTER_KEY, Settings } from "../../config";
import { chosenJob, claimKey, fixedJob } from "../common/scrape/job-claims";
import { JobNameClaims } from "../contribution";
import { ANNOTATED_PROBE_JOB } from "./layout";

/** The probe jobs: the annotated-probe job while probeAnnotated is on, and one per probe, named by it. */
export function blackboxJobNames(s: Settings): JobNameClaims {
    const b = s.blackboxExporter;
    return {
        teams: [
            fixedJob(ANNOTATED_PROBE_JOB, claimKey(BLACKBOX_EXPORTER_KEY, "probeAnnotated"), b.enabled && b.probeAnnotated),
            ...b.probes.map((p, i) => chosenJob(p.name, claimKey(BLACKBOX_EXPORTER_KEY, `probes[${i}].name`), b.enabled)),
        ],
    };
}
