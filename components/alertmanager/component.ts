import { Component } from "../contribution";
import { alertmanagerRuleGroups } from "./rule-groups";
import { AuthGateway } from "../auth-gateway/auth-gateway";
import { credentialsAnnotations } from "../common/web-password";
import { Alertmanager } from "./alertmanager";
import { alertmanagerContribution } from "./contribution";
import { alertmanagerGatewayModel } from "./gateway";

/** Alertmanager while it runs, and the auth gateway in front of its Ingress. */
export const alertmanager: Component = {
    name: "alertmanager",
    contribute: alertmanagerContribution,
    rules: alertmanagerRuleGroups,
    build({ settings, namespaces, opts }) {
        if (!settings.alertmanager.enabled) {
            return {};
        }
        const server = new Alertmanager("alertmanager", { settings: settings.alertmanager, namespaces }, opts);
        const model = alertmanagerGatewayModel(settings);
        const gateway = model
            ? new AuthGateway(
                  model.name,
                  {
                      model,
                      namespaces,
                      serverPassword: server.webPassword,
                      podAnnotations: credentialsAnnotations({ alertmanager: server.webPasswordGeneration }),
                      oidcClientSecret: settings.alertmanager.oidcClientSecret,
                  },
                  opts,
              )
            : undefined;
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
