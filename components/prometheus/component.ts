import { Component } from "../contribution";
import { webGuard } from "../common/probe-guards";
import { fullKey } from "../../config";
import { serverEndpointAt } from "../auth-gateway/checklist-endpoints";
import { wayIn } from "../../config";
import { prometheusHatchProblems } from "./hatch-checks";
import { otlpGuardProblems } from "./otlp-guard";
import { waysInAt } from "../common/ways-in";
import { METRICS_KEY } from "../../config";
import { prometheusJobNames } from "./job-names";
import { prometheusRules } from "./rule-groups";
import { gatewayInFront } from "../auth-gateway/in-front";
import { prometheusContribution } from "./contribution";
import { edgeWriteCredential } from "./edge-write-credential";
import { prometheusGatewayModel } from "./gateway";
import { Prometheus } from "./prometheus";
import { prometheusTeamContract } from "./team-contract";

/** Prometheus, the auth gateway in front of its Ingress (docs/security.md#the-auth-gateway), and an edge's generated write password. */
export const prometheus: Component = {
    name: "prometheus",
    jobNames: prometheusJobNames,
    // Its hatch against the objects it builds; its public OTLP receiver against the NetworkPolicies that guard it.
    checks: (s) => [...prometheusHatchProblems(s), ...otlpGuardProblems(s)],
    // Its web port behind metrics.web, which a probe of it meets.
    probeGuards: (s) => ({ guards: webGuard(`${fullKey(METRICS_KEY)}.web`, s.metrics.name, s.metrics.namespace, s.metrics.web, "Prometheus") }),
    endpoints: (s) => serverEndpointAt("Prometheus", s.metrics.name, s.metrics.namespace, wayIn(METRICS_KEY, s.metrics), s.metrics.web),
    waysIn: (s) => waysInAt(METRICS_KEY, true, s.metrics.ingress, s.metrics.httpRoute),
    authFacts: (s) => ({ serverLogin: { server: "Prometheus", asks: s.metrics.web?.basicAuth !== undefined } }),
    contribute: prometheusContribution,
    // Its boards' module loads on the call, which the fold makes only while Grafana is on.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    dashboards: () => (require("./boards") as typeof import("./boards")).boards,
    rules: prometheusRules,
    teamContract: prometheusTeamContract,
    build({ settings, namespaces, opts, composed }) {
        // An edge with a generated credential makes its write password (docs/long-term-storage.md#central-and-edge-stacks).
        const edge = edgeWriteCredential(settings.metrics);
        const metrics = { ...settings.metrics, ...(edge ? { remoteWriteSecrets: { ...(settings.metrics.remoteWriteSecrets ?? {}), ...edge.secrets } } : {}) };
        const server = new Prometheus(
            "monitor",
            {
                settings: metrics,
                namespaces,
                scrapeJobs: composed.scrapeConfigs,
                ruleFiles: composed.ruleFiles,
                alertmanager: composed.alertmanager,
                longTermStore: composed.longTermStore,
                namespaceWorkloads: composed.namespaceWorkloads,
                runbookBaseUrl: composed.runbookBaseUrl,
            },
            opts,
        );
        const gateway = gatewayInFront(
            prometheusGatewayModel(settings),
            { owner: "prometheus", webPassword: server.webPassword, webPasswordGeneration: server.webPasswordGeneration, oidcClientSecret: settings.metrics.oidcClientSecret?.value },
            namespaces,
            opts,
        );
        return {
            web: { password: server.webPassword, generation: server.webPasswordGeneration },
            outputs: {
                namespace: server.namespace,
                serviceName: server.serviceName,
                inClusterUrl: server.inClusterUrl,
                externalUrl: server.externalUrl,
                // Prometheus' basic-auth login while metrics.web.basicAuth is set: `pulumi stack output prometheusWebPassword --show-secrets`.
                prometheusWebUser: server.webUser,
                prometheusWebPassword: server.webPassword,
                // The people's passwords of metrics.ingress.auth.proxy.basicAuth, by user: `pulumi stack output prometheusIngressPasswords --show-secrets`.
                prometheusIngressPasswords: gateway?.passwords,
                // An edge's cluster label and generated write password, which its central stack reads through longTermStore.edges[].stack; a secret output.
                longTermStoreWriteCredential: edge?.credential,
            },
        };
    },
};
