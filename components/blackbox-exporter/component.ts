import { Component } from "../contribution";
import { BLACKBOX_EXPORTER_KEY, fullKey } from "../../config";
import { blackboxJobNames } from "./job-names";
import { blackboxExporterRules } from "./rule-groups";
import { BlackboxExporter } from "./blackbox-exporter";
import { blackboxExporterContribution } from "./contribution";
import { blackboxTeamContract } from "./team-contract";

/** Probes from inside the cluster; off by default (docs/monitor-your-app.md#probes). */
export const blackboxExporter: Component = {
    name: "blackbox-exporter",
    jobNames: blackboxJobNames,
    // Its probes go without credentials; those with an interval of their own are jobs a dedup window must not thin.
    probeGuards: (s) => ({
        probes: s.blackboxExporter.enabled
            ? s.blackboxExporter.probes.map((p, i) => ({ key: `${fullKey(BLACKBOX_EXPORTER_KEY)}.probes[${i}].target`, target: p.target, module: p.module, namespace: s.blackboxExporter.namespace }))
            : [],
    }),
    dedup: (s) => ({
        intervals: s.blackboxExporter.enabled
            ? s.blackboxExporter.probes.flatMap((p, i) => (p.interval ? [{ key: `${fullKey(BLACKBOX_EXPORTER_KEY)}.probes[${i}].interval`, job: p.name, interval: p.interval }] : []))
            : [],
    }),
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
