import { Component } from "../contribution";
import { switchedJob } from "../common/scrape/job-claims";
import { kubeletRules } from "./rule-groups";
import { KUBELET_FAMILY_TABLES, KUBELET_SERIES_TABLES, kubeletContribution } from "./contribution";

/** The kubelets and cAdvisor run on every node already: they contribute jobs, rules and boards, and no resource. */
export const kubelet: Component = {
    name: "kubelet",
    jobNames: (s) => ({ cluster: [switchedJob(s, "kubelet"), switchedJob(s, "cadvisor")] }),
    contribute: kubeletContribution,
    rules: kubeletRules,
    familyTables: KUBELET_FAMILY_TABLES,
    seriesTables: KUBELET_SERIES_TABLES,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
};
