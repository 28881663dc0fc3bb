import { ExistingSecretKey, GatewayProxySettings, SchedulingSettings } from "../../config";

/**
 * What the gateway needs to know, whichever server it stands in front of (Prometheus,
 * Alertmanager): the composition root (stack/auth-gateways.ts) fills it from the server's settings.
 */
export interface GatewayModel {
    /** `<server>-auth`. */
    name: string;
    namespace: string;
    /** "Prometheus", "Alertmanager": the realm people see, and the messages. */
    product: string;
    /** The server's stack key ("metrics", "alertmanager"): names the outputs and the settings in messages. */
    componentKey: string;
    /** The Ingress host and whether it serves TLS: oauth2-proxy's callback URL. */
    host: string;
    ingressTls: boolean;
    proxy: GatewayProxySettings;
    /**
     * oauth2Proxy mode with the OIDC client secret in an existing Secret of this namespace
     * (docs/existing-secrets.md): oauth2-proxy reads it from its environment, and the program's
     * own `<name>-oauth2` Secret holds the generated cookie secret only.
     */
    clientSecretRef?: ExistingSecretKey;
    replicas: number;
    upstream: GatewayUpstream;
    /** Where the server's pods run; the gateway follows it. */
    scheduling: Pick<SchedulingSettings, "nodeSelector" | "tolerations" | "priorityClassName">;
}

/** How the gateway reaches the server: the Service, its web TLS and its web basic auth. */
export interface GatewayUpstream {
    /** The server's Service, its namespace and its web port's number. */
    service: string;
    namespace: string;
    port: number;
    /** The kubernetes.io/tls Secret of the server's web.tls (the gateway mounts its ca.crt only); absent for plain http. */
    tlsSecretName?: string;
    /** The server's web.basicAuth user; absent when the server asks for no login. */
    basicAuthUser?: string;
    /** The labels of the server's pods, as its own Service selects them: the gateway's backend Service selects the same. */
    podSelector: Record<string, string>;
    /** The gateway's name, whose backend Service the gateway dials (layout.ts gatewayBackendServiceName). */
    gateway: string;
}
