import { Component } from "../contribution";
import { blackboxJobNames } from "./job-names";
import { blackboxExporterRules } from "./rule-groups";
import { BlackboxExporter } from "./blackbox-exporter";
import { blackboxExporterContribution } from "./contribution";
import { blackboxTeamContract } from "./team-contract";

/** Probes from inside the cluster; off by default (docs/monitor-your-app.md#probes). */
export const blackboxExporter: Component = {
    name: "blackbox-exporter",
    jobNames: blackboxJobNames,
    contribute: blackboxExporterContribution,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    rules: blackboxExporterRules,
    teamContract: blackboxTeamContract,
    build({ settings, namespaces, opts }) {
        if (!settings.blackboxExporter.enabled) {
            return {};
        }
        const exporter = new BlackboxExporter("blackbox-exporter", { settings: settings.blackboxExporter, namespaces }, opts);
        return { outputs: { blackboxExporterService: exporter.serviceName } };
    },
};
