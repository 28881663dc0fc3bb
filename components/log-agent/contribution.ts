import { logsNamespaceCreated, Settings } from "../../config";
import { Contribution } from "../contribution";
import { logAgentObjects } from "./object-names";
import { logAgentSettings } from "./agent-settings";
import { logAgentJob, logAgentReach } from "./scrape-job";
import { logAgentTarget } from "./target";

/** The log agent always runs: its job follows its pods, while metrics.jobs.logAgent says so. */
export function logAgentContribution(s: Settings): Contribution {
    const t = logAgentTarget(s.logs);
    return {
        scrapeJobs: { cluster: s.metrics.jobs.logAgent ? [{ config: logAgentJob(t), reaches: logAgentReach(t) }] : [] },
        objects: logAgentObjects(logAgentSettings(s), s.searchStore, logsNamespaceCreated(s)),
        namespaceWorkloads: [{ namespace: t.namespace, name: `the log agent's DaemonSet in ${t.namespace}`, workload: "fluentd" }],
    };
}
