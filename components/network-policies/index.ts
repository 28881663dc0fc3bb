export { NetworkPolicies, NetworkPoliciesArgs, networkPolicyObjects } from "./network-policies";
export { requiredFlows, urlPort } from "./flows";
export { networkPolicies, NAMESPACE_NAME_LABEL } from "./policies";
export { monitoringWorkloads } from "./workloads";
export * from "./model";
