import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { MonitoringComponent } from "../common/monitoring-component";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { generatedWebPasswordArgs } from "../common/web-password";
import { GatewayModel } from "./model";
import { htpasswdFile, upstreamAuthorizationConf } from "./nginx-config";
import { gatewayBackendService, gatewayConfigMap, gatewayDisruptionBudget, gatewayDeployment, gatewayService, gatewayServiceAccount, oauth2Secret, upstreamSecret, usersSecret } from "./objects";

export interface AuthGatewayArgs {
    model: GatewayModel;
    namespaces: NamespaceReadiness;
    /** The server's generated web password, while its web.basicAuth is set: the gateway's own login to it. */
    serverPassword?: pulumi.Output<string>;
    /** Pod-template annotations that change with that password (components/common/web-password.ts). */
    podAnnotations?: Record<string, pulumi.Input<string>>;
    /** The OIDC client secret (a Pulumi secret), in oauth2Proxy mode unless the model names an existing Secret's key (clientSecretRef). */
    oidcClientSecret?: pulumi.Output<string>;
}

/**
 * The auth gateway between an Ingress and a server (docs/security.md#the-auth-gateway): nginx
 * that logs people in (htpasswd of generated passwords, or oauth2-proxy against the identity
 * provider) and logs in to the server with its own credentials. Every object from a pure builder.
 */
/** The type token of the component; part of every child's URN. */
export const AUTH_GATEWAY_TYPE = "cluster-monitoring:security:AuthGateway";

export class AuthGateway extends MonitoringComponent {
    public readonly serviceName: pulumi.Output<string>;
    /** basicAuth: each user's generated password, one Pulumi secret map. */
    public readonly passwords?: pulumi.Output<Record<string, string>>;

    constructor(name: string, args: AuthGatewayArgs, opts?: pulumi.ComponentResourceOptions) {
        super(AUTH_GATEWAY_TYPE, name, args.namespaces, opts);
        const m = args.model;
        const inNamespace = this.inNamespace(m.namespace);
        const account = new k8s.core.v1.ServiceAccount(`${name}-service-account`, gatewayServiceAccount(m), inNamespace);
        const config = new k8s.core.v1.ConfigMap(`${name}-config`, gatewayConfigMap(m), inNamespace);
        const service = new k8s.core.v1.Service(`${name}-service`, gatewayService(m), inNamespace);
        const backend = new k8s.core.v1.Service(`${name}-backend`, gatewayBackendService(m), inNamespace);
        const secrets: pulumi.Resource[] = [];

        const users = m.proxy.basicAuth?.users ?? [];
        if (users.length > 0) {
            // The provider computes the bcrypt hashes, so the program needs no bcrypt and a hash stays put between runs.
            const generated = users.map((user) => ({
                user,
                password: new random.RandomPassword(`${name}-user-${user}`, generatedWebPasswordArgs(), { parent: this, additionalSecretOutputs: ["result", "bcryptHash"] }),
            }));
            const htpasswd = pulumi.all(generated.map((g) => g.password.bcryptHash)).apply((hashes) => htpasswdFile(users.map((user, i) => ({ user, bcryptHash: hashes[i] }))));
            secrets.push(new k8s.core.v1.Secret(`${name}-users`, usersSecret(m, htpasswd), inNamespace));
            this.passwords = pulumi.secret(pulumi.all(generated.map((g) => g.password.result)).apply((pw) => Object.fromEntries(users.map((u, i) => [u, pw[i]]))));
        }
        if (m.upstream.basicAuthUser !== undefined) {
            if (args.serverPassword === undefined) {
                throw new Error(`the gateway of ${m.product} needs the server's web password`);
            }
            const user = m.upstream.basicAuthUser;
            secrets.push(new k8s.core.v1.Secret(`${name}-upstream`, upstreamSecret(m, args.serverPassword.apply((pw) => upstreamAuthorizationConf(user, pw))), inNamespace));
        }
        if (m.proxy.oauth2Proxy !== undefined) {
            if (args.oidcClientSecret === undefined && m.clientSecretRef === undefined) {
                throw new Error(`the gateway of ${m.product} needs the OIDC client secret`);
            }
            // 32 letters and digits: oauth2-proxy reads it as base64 (24 bytes) or raw, both AES key sizes (pkg/encryption/utils.go SecretBytes).
            const cookie = new random.RandomPassword(`${name}-cookie-secret`, { length: 32, special: false }, { parent: this, additionalSecretOutputs: ["result"] });
            secrets.push(new k8s.core.v1.Secret(`${name}-oauth2`, oauth2Secret(m, m.clientSecretRef ? undefined : args.oidcClientSecret, cookie.result), inNamespace));
        }
        new k8s.apps.v1.Deployment(`${name}-deployment`, gatewayDeployment(m, args.podAnnotations), this.inNamespace(m.namespace, account, config, backend, ...secrets));
        const budget = gatewayDisruptionBudget(m);
        if (budget) {
            new k8s.policy.v1.PodDisruptionBudget(`${name}-disruption-budget`, budget, inNamespace);
        }
        this.serviceName = service.metadata.name;
        this.registerOutputs({ serviceName: this.serviceName, ...(this.passwords ? { passwords: this.passwords } : {}) });
    }
}
