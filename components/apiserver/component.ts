import { Component } from "../contribution";
import { switchedJob } from "../common/scrape/job-claims";
import { apiserverRules } from "./rule-groups";
import { APISERVER_FAMILY_TABLES, APISERVER_SERIES_TABLES, apiserverContribution } from "./contribution";

/** The API servers are the cluster's own: they contribute a job, rules and boards, and no resource. */
export const apiserver: Component = { name: "apiserver", jobNames: (s) => ({ cluster: [switchedJob(s, "apiserver")] }), contribute: apiserverContribution, rules: apiserverRules, familyTables: APISERVER_FAMILY_TABLES, seriesTables: APISERVER_SERIES_TABLES };
