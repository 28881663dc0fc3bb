import { Component } from "../contribution";
import { logAgentSettings } from "./agent-settings";
import { switchedJob } from "../common/scrape/job-claims";
import { logAgentRules } from "./rule-groups";
import { logAgentContribution } from "./contribution";
import { LogAgent } from "./log-agent";

/** The log agent always runs: a DaemonSet that ships every node's logs (docs/log-agent.md). */
export const logAgent: Component = {
    name: "log-agent",
    jobNames: (s) => ({ cluster: [switchedJob(s, "logAgent")] }),
    contribute: logAgentContribution,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    rules: logAgentRules,
    build({ settings, namespaces, opts, built }) {
        // The agent of an in-cluster OpenSearch reads its password from the store's Secret, so it rolls with that password's generation.
        const agent = new LogAgent("log-agent", { settings: logAgentSettings(settings), namespaces, storeAgentPasswordGeneration: built["search-store"]?.logStore?.agentPasswordGeneration }, opts);
        return { outputs: { logAgentNamespace: agent.namespace, logAgentDaemonSet: agent.daemonSetName, searchUrl: agent.searchUrl } };
    },
};
