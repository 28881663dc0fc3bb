import { Component } from "../contribution";
import { claimKey, fixedJob } from "../common/scrape/job-claims";
import { pushgatewayContribution } from "./contribution";
import { PUSHGATEWAY_FAMILIES } from "./families";
import { PUSHGATEWAY_JOB_NAME } from "./layout";
import { PUSHGATEWAY_POD_SECURITY } from "./pod-security";
import { pushgatewayRules } from "./rule-groups";
import { Pushgateway } from "./pushgateway";
import { PUSHGATEWAY_OWN_KEY, pushgatewaySettings } from "./settings";

/**
 * The Prometheus Pushgateway, for batch jobs that end before a scrape could reach them; off by
 * default (docs/pushgateway.md). Everything it adds to the stack is declared here and in its
 * folder: its stack key, its job and families, its rule group (one on every release line), its
 * board, its NetworkPolicy's workload and flows, its Pod Security claim and its resources.
 */
export const pushgateway: Component = {
    name: "pushgateway",
    jobNames: (s) => ({ own: [fixedJob(PUSHGATEWAY_JOB_NAME, claimKey(PUSHGATEWAY_OWN_KEY.key, "enabled"), pushgatewaySettings(s).enabled)] }),
    ownKey: PUSHGATEWAY_OWN_KEY,
    contribute: pushgatewayContribution,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    build({ settings, namespaces, opts }) {
        const p = pushgatewaySettings(settings);
        if (!p.enabled) {
            return {};
        }
        const gateway = new Pushgateway("pushgateway", { settings: p, namespaces }, opts);
        return { outputs: { pushgatewayUrl: gateway.pushUrl } };
    },
    familyTables: { [PUSHGATEWAY_JOB_NAME]: PUSHGATEWAY_FAMILIES },
    rules: pushgatewayRules,
    podSecurityClaims: PUSHGATEWAY_POD_SECURITY,
};
