import * as k8s from "@pulumi/kubernetes";
import { AuthenticatedIngressSettings } from "../../config";
import { gatewayName, HTTP_PORT } from "./layout";

/**
 * ingress-nginx's way of saying the backend speaks TLS; without it the controller sends plain
 * HTTP to a port that answers only TLS. Other controllers have their own setting (docs/security.md#prometheus-web-config).
 */
export const BACKEND_PROTOCOL_ANNOTATION = "nginx.ingress.kubernetes.io/backend-protocol";

/** ingress-nginx's basic-auth annotations (the optional adapter, ingress.auth.ingressNginx). */
export const INGRESS_NGINX_AUTH_ANNOTATIONS = {
    type: "nginx.ingress.kubernetes.io/auth-type",
    secret: "nginx.ingress.kubernetes.io/auth-secret",
    realm: "nginx.ingress.kubernetes.io/auth-realm",
} as const;

/** The server an Ingress publishes: its name (of the Ingress and the Service), namespace, web port and whether that port speaks TLS. */
export interface PublishedServer {
    /** "Prometheus", "Alertmanager": the realm of the ingress-nginx adapter. */
    product: string;
    name: string;
    namespace: string;
    port: number;
    webTls: boolean;
}

/**
 * The Ingress of a server that people reach from outside (networking.k8s.io/v1; extensions/v1beta1
 * from the spec was removed in Kubernetes 1.22). Under ingress.auth.proxy the backend is the auth
 * gateway, never the server; under auth.server the controller passes the person's Authorization on,
 * so the server asks for its own password; auth.public is printed as a warning by its component.
 */
export function serverIngress(server: PublishedServer, ingress: AuthenticatedIngressSettings): k8s.types.input.networking.v1.Ingress {
    const { host, className, tlsSecretName, auth } = ingress;
    const proxied = auth?.proxy !== undefined;
    const backend = proxied ? { name: gatewayName(server.name), port: { number: HTTP_PORT.number } } : { name: server.name, port: { number: server.port } };
    const annotations: Record<string, string> = {
        ...(server.webTls && !proxied ? { [BACKEND_PROTOCOL_ANNOTATION]: "HTTPS" } : {}),
        ...(auth?.ingressNginx
            ? {
                  [INGRESS_NGINX_AUTH_ANNOTATIONS.type]: "basic",
                  [INGRESS_NGINX_AUTH_ANNOTATIONS.secret]: auth.ingressNginx.basicAuthSecret,
                  [INGRESS_NGINX_AUTH_ANNOTATIONS.realm]: `${server.product} ${host}`,
              }
            : {}),
    };
    return {
        apiVersion: "networking.k8s.io/v1",
        kind: "Ingress",
        metadata: { name: server.name, namespace: server.namespace, ...(Object.keys(annotations).length > 0 ? { annotations } : {}) },
        spec: {
            ...(className ? { ingressClassName: className } : {}),
            ...(tlsSecretName ? { tls: [{ hosts: [host], secretName: tlsSecretName }] } : {}),
            rules: [{ host, http: { paths: [{ path: "/", pathType: "Prefix", backend: { service: backend } }] } }],
        },
    };
}
