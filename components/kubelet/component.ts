import { Component } from "../contribution";
import { switchedJob } from "../common/scrape/job-claims";
import { kubeletRuleGroups } from "./rule-groups";
import { KUBELET_FAMILY_TABLES, kubeletContribution } from "./contribution";

/** The kubelets and cAdvisor run on every node already: they contribute jobs, rules and boards, and no resource. */
export const kubelet: Component = { name: "kubelet", jobNames: (s) => ({ cluster: [switchedJob(s, "kubelet"), switchedJob(s, "cadvisor")] }), contribute: kubeletContribution, rules: kubeletRuleGroups, familyTables: KUBELET_FAMILY_TABLES };
