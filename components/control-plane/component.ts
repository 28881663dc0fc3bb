import { Component } from "../contribution";
import { etcdHiddenProblems } from "./etcd-check";
import { controlPlaneJobNames } from "./job-names";
import { controlPlaneHostPorts } from "./host-ports";
import { controlPlaneRules } from "./rule-groups";
import { CONTROL_PLANE_FAMILY_TABLES, controlPlaneContribution } from "./contribution";

/** etcd, CoreDNS, the scheduler, the controller manager and kube-proxy are the cluster's own: jobs, rules and boards; etcd's client Secret and Service are Prometheus' (components/prometheus). */
export const controlPlane: Component = {
    name: "control-plane",
    jobNames: controlPlaneJobNames,
    hostPorts: controlPlaneHostPorts,
    checks: etcdHiddenProblems,
    contribute: controlPlaneContribution,
    rules: controlPlaneRules,
    familyTables: CONTROL_PLANE_FAMILY_TABLES,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
};
