import { Component } from "../contribution";
import { webGuard } from "../common/probe-guards";
import { fullKey } from "../../config";
import { serverEndpointAt } from "../auth-gateway/checklist-endpoints";
import { wayIn } from "../../config";
import { alertmanagerHatchProblems } from "./hatch-checks";
import { waysInAt } from "../common/ways-in";
import { ALERTMANAGER_KEY } from "../../config";
import { alertmanagerJobNames } from "./job-names";
import { alertmanagerRules } from "./rule-groups";
import { gatewayInFront } from "../auth-gateway/in-front";
import { Alertmanager } from "./alertmanager";
import { alertmanagerContribution } from "./contribution";
import { alertmanagerGatewayModel } from "./gateway";
import { defaultReplicasProblems } from "./default-replicas-check";
import { alertmanagerServer } from "./replicas";

/** Alertmanager while it runs, and the auth gateway in front of its Ingress. */
export const alertmanager: Component = {
    name: "alertmanager",
    jobNames: alertmanagerJobNames,
    // Its hatch against what it builds, and the default pod count against one NFS volume.
    checks: (s) => [...alertmanagerHatchProblems(s), ...defaultReplicasProblems(s)],
    // Its web port behind alertmanager.web while it runs, which a probe of it meets.
    probeGuards: (s) => ({
        guards: s.alertmanager.enabled ? webGuard(`${fullKey(ALERTMANAGER_KEY)}.web`, s.alertmanager.name, s.alertmanager.namespace, s.alertmanager.web, "Alertmanager") : [],
    }),
    endpoints: (s) => (s.alertmanager.enabled ? serverEndpointAt("Alertmanager", s.alertmanager.name, s.alertmanager.namespace, wayIn(ALERTMANAGER_KEY, s.alertmanager), s.alertmanager.web) : []),
    waysIn: (s) => waysInAt(ALERTMANAGER_KEY, s.alertmanager.enabled, s.alertmanager.ingress, s.alertmanager.httpRoute),
    authFacts: (s) => ({ serverLogin: { server: "Alertmanager", asks: s.alertmanager.web?.basicAuth !== undefined } }),
    contribute: alertmanagerContribution,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    rules: alertmanagerRules,
    build({ settings, namespaces, opts }) {
        if (!settings.alertmanager.enabled) {
            return {};
        }
        const server = new Alertmanager("alertmanager", { settings: alertmanagerServer(settings), namespaces }, opts);
        const gateway = gatewayInFront(
            alertmanagerGatewayModel(settings),
            { owner: "alertmanager", webPassword: server.webPassword, webPasswordGeneration: server.webPasswordGeneration, oidcClientSecret: settings.alertmanager.oidcClientSecret?.value },
            namespaces,
            opts,
        );
        return {
            web: { password: server.webPassword, generation: server.webPasswordGeneration },
            outputs: {
                alertmanagerUrl: server.inClusterUrl,
                // Alertmanager's basic-auth login while alertmanager.web.basicAuth is set: `pulumi stack output alertmanagerWebPassword --show-secrets`.
                alertmanagerWebUser: server.webUser,
                alertmanagerWebPassword: server.webPassword,
                // The people's passwords of alertmanager.ingress.auth.proxy.basicAuth: `pulumi stack output alertmanagerIngressPasswords --show-secrets`.
                alertmanagerIngressPasswords: gateway?.passwords,
            },
        };
    },
};
