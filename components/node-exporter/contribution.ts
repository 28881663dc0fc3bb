import { Settings } from "../../config";
import { Component, Contribution } from "../contribution";
import { NODE_EXPORTER_FAMILIES } from "./families";
import { nodeExporterObjects } from "./object-names";
import { nodeExporterJob, nodeExporterReach } from "./scrape-job";
import { nodeExporterTarget } from "./target";
import { NODE_EXPORTER_JOB_NAME } from "./layout";

/** node_exporter, while it runs: its pods on every node, on its metrics port. */
export function nodeExporterContribution(s: Settings): Contribution {
    const objects = nodeExporterObjects(s.nodeExporter);
    const t = nodeExporterTarget(s.nodeExporter);
    return t === undefined
        ? { objects }
        : {
              scrapeJobs: { cluster: [{ config: nodeExporterJob(t), reaches: nodeExporterReach(t) }] },
              objects,
              namespaceWorkloads: [{ namespace: t.namespace, name: `node-exporter's DaemonSet in ${t.namespace}`, workload: "node-exporter" }],
          };
}

export const NODE_EXPORTER_FAMILY_TABLES: Component["familyTables"] = { [NODE_EXPORTER_JOB_NAME]: NODE_EXPORTER_FAMILIES };
