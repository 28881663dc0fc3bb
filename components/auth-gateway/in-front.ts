import * as pulumi from "@pulumi/pulumi";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { credentialsAnnotations, PasswordGenerations } from "../common/web-password";
import { AuthGateway } from "./auth-gateway";
import { GatewayModel } from "./model";

/** The server a gateway logs in to: its generated web password, and the generation its pods roll on. */
export interface GatedServer {
    /** The server's password generations' key; none for a server without a web password (Kibana). */
    owner?: keyof PasswordGenerations;
    webPassword?: pulumi.Output<string>;
    webPasswordGeneration?: pulumi.Output<string>;
    oidcClientSecret?: pulumi.Output<string>;
}

/** The auth gateway in front of a server's Ingress, while its model says so (docs/security.md#the-auth-gateway): one for Prometheus and Alertmanager alike. */
export function gatewayInFront(model: GatewayModel | undefined, server: GatedServer, namespaces: NamespaceReadiness, opts: pulumi.ComponentResourceOptions): AuthGateway | undefined {
    if (model === undefined) {
        return undefined;
    }
    return new AuthGateway(
        model.name,
        {
            model,
            namespaces,
            serverPassword: server.webPassword,
            podAnnotations: credentialsAnnotations(server.owner ? { [server.owner]: server.webPasswordGeneration } : {}),
            oidcClientSecret: server.oidcClientSecret,
        },
        opts,
    );
}
