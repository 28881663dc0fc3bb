import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { networkPolicyNames } from "./object-names";

/** The NetworkPolicies follow every workload and every job's reach, so their names come once the jobs are known. */
export function networkPoliciesContribution(s: Settings): Contribution {
    return { objectsOfFold: (fold) => networkPolicyNames(s, fold.scrapeJobs, fold.network) };
}
