import { Component } from "../contribution";
import { fullKey, METRICS_KEY } from "../../config";
import { teamTargetsJobNames } from "./job-names";
import { teamTargetsContribution } from "./contribution";

/** The teams' own targets: jobs only; the teams deploy what they serve. */
export const teamTargets: Component = {
    name: "team-targets",
    jobNames: teamTargetsJobNames,
    // A service with an interval of its own is a job a dedup window must not thin.
    dedup: (s) => ({
        intervals: s.metrics.services.flatMap((svc, i) => (svc.interval ? [{ key: `${fullKey(METRICS_KEY)}.services[${i}].interval`, job: svc.name, interval: svc.interval }] : [])),
    }),
    contribute: teamTargetsContribution,
};
