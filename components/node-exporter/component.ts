import { Component } from "../contribution";
import { nodeExporterNamespaceProblems } from "./namespace-check";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { NODE_EXPORTER_KEY } from "../../config";
import { nodeExporterRules } from "./rule-groups";
import { NODE_EXPORTER_FAMILY_TABLES, nodeExporterContribution } from "./contribution";
import { NodeExporter } from "./node-exporter";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/** node_exporter on every node; on by default and switchable per stack. */
export const nodeExporter: Component = {
    name: "node-exporter",
    jobNames: (s) => ({ cluster: [fixedJob(NODE_EXPORTER_JOB_NAME, claimKey(NODE_EXPORTER_KEY, "enabled"), s.nodeExporter.enabled)] }),
    // It joins the host network, so its port is bound on every node.
    hostPorts: (s) => ({ binds: s.nodeExporter.enabled ? [{ port: s.nodeExporter.port, key: claimKey(NODE_EXPORTER_KEY, "port"), who: "node-exporter" }] : [] }),
    contribute: nodeExporterContribution,
    checks: nodeExporterNamespaceProblems,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    rules: nodeExporterRules,
    familyTables: NODE_EXPORTER_FAMILY_TABLES,
    build({ settings, namespaces, opts }) {
        if (!settings.nodeExporter.enabled) {
            return {};
        }
        const exporter = new NodeExporter("node-exporter", { settings: settings.nodeExporter, namespaces }, opts);
        return { outputs: { nodeExporterDaemonSet: exporter.daemonSetName } };
    },
};
