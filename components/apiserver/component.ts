import { Component } from "../contribution";
import { switchedJob } from "../common/scrape/job-claims";
import { apiserverRuleGroups } from "./rule-groups";
import { APISERVER_FAMILY_TABLES, apiserverContribution } from "./contribution";

/** The API servers are the cluster's own: they contribute a job, rules and boards, and no resource. */
export const apiserver: Component = { name: "apiserver", jobNames: (s) => ({ cluster: [switchedJob(s, "apiserver")] }), contribute: apiserverContribution, rules: apiserverRuleGroups, familyTables: APISERVER_FAMILY_TABLES };
