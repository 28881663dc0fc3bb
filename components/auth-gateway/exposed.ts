import { ExistingSecretKey, SchedulingSettings, WayIn } from "../../config";
import { isReplicated } from "../common/replica-spread";
import { gatewayName } from "./layout";
import { GatewayModel } from "./model";

/** What a server puts in front of its Ingress or HTTPRoute (its one way in), when its auth is proxy: each server builds its own (components/prometheus/gateway.ts, components/alertmanager/gateway.ts). */
export interface Exposed {
    product: string;
    componentKey: string;
    name: string;
    namespace: string;
    replicas: number;
    /** The Ingress or the HTTPRoute (config/gateway-route.ts wayIn): the gateway's host and callback URL. */
    way?: WayIn;
    web?: { tls?: { secretName: string }; basicAuth?: { username: string } };
    port: number;
    /** The selector of the server's own Service. */
    podSelector: Record<string, string>;
    scheduling: SchedulingSettings;
    /** The OIDC client secret's key in an existing Secret of the gateway's namespace, when the stack names one (docs/existing-secrets.md). */
    clientSecretRef?: ExistingSecretKey;
}

/** The selector of a Service the program builds (a plain object, never an Output). */
export function selectorOf(service: { spec?: unknown }): Record<string, string> {
    return { ...((service.spec as { selector: Record<string, string> }).selector) };
}

export function exposedGatewayModel(e: Exposed): GatewayModel | undefined {
    const proxy = e.way?.auth?.proxy;
    if (e.way === undefined || proxy === undefined) {
        return undefined;
    }
    return {
        name: gatewayName(e.name),
        namespace: e.namespace,
        product: e.product,
        componentKey: e.componentKey,
        host: e.way.host,
        ingressTls: e.way.https,
        proxy,
        ...(e.clientSecretRef && proxy.oauth2Proxy ? { clientSecretRef: e.clientSecretRef } : {}),
        replicas: proxy.replicas ?? (isReplicated(e.replicas) ? 2 : 1),
        upstream: {
            service: e.name,
            namespace: e.namespace,
            port: e.port,
            podSelector: e.podSelector,
            gateway: gatewayName(e.name),
            ...(e.web?.tls ? { tlsSecretName: e.web.tls.secretName } : {}),
            ...(e.web?.basicAuth ? { basicAuthUser: e.web.basicAuth.username } : {}),
        },
        scheduling: { nodeSelector: e.scheduling.nodeSelector, tolerations: e.scheduling.tolerations, priorityClassName: e.scheduling.priorityClassName },
    };
}

