import { Component } from "../contribution";
import { nodeExporterRuleGroups } from "./rule-groups";
import { NODE_EXPORTER_FAMILY_TABLES, nodeExporterContribution } from "./contribution";
import { NodeExporter } from "./node-exporter";

/** node_exporter on every node; on by default and switchable per stack. */
export const nodeExporter: Component = {
    name: "node-exporter",
    contribute: nodeExporterContribution,
    rules: nodeExporterRuleGroups,
    familyTables: NODE_EXPORTER_FAMILY_TABLES,
    build({ settings, namespaces, opts }) {
        if (!settings.nodeExporter.enabled) {
            return {};
        }
        const exporter = new NodeExporter("node-exporter", { settings: settings.nodeExporter, namespaces }, opts);
        return { outputs: { nodeExporterDaemonSet: exporter.daemonSetName } };
    },
};
