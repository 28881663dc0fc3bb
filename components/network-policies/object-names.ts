import { Settings } from "../../config";
import { ContributedNetwork, NO_CONTRIBUTED_NETWORK } from "../contribution";
import { NamedObject, namedBy } from "../common/named-object";
import { ScrapeJob } from "../common/scrape/scrape-job";
import { networkPolicyObjects } from "./network-policies";
import { monitoringWorkloads } from "./workloads";

/**
 * The NetworkPolicies, from their builder; none when networkPolicies.enabled is false. The builder
 * writes one per workload, in the workloads' order, so each is blamed on its workload's name key.
 */
export function networkPolicyNames(s: Settings, scrapeJobs: readonly ScrapeJob[], network: ContributedNetwork = NO_CONTRIBUTED_NETWORK): NamedObject[] {
    if (!s.networkPolicies.enabled) {
        return [];
    }
    const workloads = [...monitoringWorkloads(s), ...network.workloads];
    const policies = networkPolicyObjects(s, scrapeJobs, network);
    if (policies.length !== workloads.length) {
        throw new Error(`${policies.length} NetworkPolicies for ${workloads.length} workloads: the registry blames each on its workload's key`);
    }
    return policies.flatMap((p, i) => namedBy(workloads[i].nameKey, p));
}
