import { Component } from "../contribution";
import { grafanaEndpoints } from "./endpoints";
import { waysInAt } from "../common/ways-in";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { GRAFANA_KEY } from "../../config";
import { grafanaRules } from "./rule-groups";
import { grafanaContribution } from "./contribution";
import { Grafana } from "./grafana";
import { grafanaModelOf } from "./stack-model";
import { GRAFANA_JOB_NAME } from "./layout";
import { grafanaHatchProblems } from "./hatch-checks";
import { grafanaDataSourceProblems } from "./data-source-checks";
import { grafanaTeamContract } from "./team-contract";

/** Grafana while it runs: it reads Prometheus, Alertmanager and the search store, with every component's dashboards. */
export const grafana: Component = {
    name: "grafana",
    jobNames: (s) => ({ own: [fixedJob(GRAFANA_JOB_NAME, claimKey(GRAFANA_KEY, "enabled"), s.grafana.enabled)] }),
    waysIn: (s) => waysInAt(GRAFANA_KEY, s.grafana.enabled, s.grafana.ingress, s.grafana.httpRoute),
    endpoints: grafanaEndpoints,
    // grafana.extra against its Deployment with every board the fold gives, then grafana.dataSources against its own.
    checks: (s, fold) => [...grafanaHatchProblems(s, fold), ...grafanaDataSourceProblems(s)],
    contribute: grafanaContribution,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    rules: grafanaRules,
    teamContract: grafanaTeamContract,
    build({ settings, namespaces, opts, composed, built }) {
        if (!settings.grafana.enabled) {
            return {};
        }
        const prometheus = built["prometheus"]?.web;
        const alertmanager = built["alertmanager"]?.web;
        const server = new Grafana(
            "grafana",
            {
                model: grafanaModelOf(settings, composed.dashboards()),
                namespaces,
                prometheusPassword: prometheus?.password,
                alertmanagerPassword: alertmanager?.password,
                passwordGenerations: { prometheus: prometheus?.generation, alertmanager: alertmanager?.generation },
            },
            opts,
        );
        return {
            outputs: {
                grafanaUrl: server.url,
                // Read with `pulumi stack output grafanaAdminPassword --show-secrets`; never printed by the scripts.
                grafanaAdminUser: server.adminUser,
                ...(server.adminPassword ? { grafanaAdminPassword: server.adminPassword } : {}),
            },
        };
    },
};
