import { Component } from "../contribution";
import { destinationProblems } from "./destinations";
import { networkPoliciesContribution } from "./contribution";
import { NetworkPolicies } from "./network-policies";

/** Denies every flow the program does not need, in both directions (docs/security.md#network-policies); last, as it follows every job. */
export const networkPolicies: Component = {
    name: "network-policies",
    contribute: networkPoliciesContribution,
    // The destinations outside the cluster that its egress rules would cut off.
    checks: destinationProblems,
    build({ settings, namespaces, opts, composed }) {
        if (!settings.networkPolicies.enabled) {
            return {};
        }
        const policies = new NetworkPolicies("network-policies", { settings, namespaces, scrapeJobs: composed.scrapeJobs, network: composed.network }, opts);
        return { outputs: { networkPolicyNames: policies.names } };
    },
};
