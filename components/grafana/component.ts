import { Component } from "../contribution";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { GRAFANA_KEY, OWN_JOB_NAMES } from "../../config";
import { grafanaRuleGroups } from "./rule-groups";
import { grafanaContribution } from "./contribution";
import { Grafana } from "./grafana";
import { grafanaModelOf } from "./stack-model";

/** Grafana while it runs: it reads Prometheus, Alertmanager and the search store, with every component's dashboards. */
export const grafana: Component = {
    name: "grafana",
    jobNames: (s) => ({ own: [fixedJob(OWN_JOB_NAMES.grafana, claimKey(GRAFANA_KEY, "enabled"), s.grafana.enabled)] }),
    contribute: grafanaContribution,
    rules: grafanaRuleGroups,
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
