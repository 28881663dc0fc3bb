import * as k8s from "@pulumi/kubernetes";
import { AuthenticatedIngressSettings } from "../../config";
import { gatewayName, HTTP_PORT } from "./layout";

/**
 * ingress-nginx's way of saying the backend speaks TLS; without it the controller sends plain
 * HTTP to a port that answers only TLS. Other controllers have their own setting (docs/security.md#prometheus-web-config).
 */
export const BACKEND_PROTOCOL_ANNOTATION = "nginx.ingress.kubernetes.io/backend-protocol";

/** The server an Ingress publishes: its name (of the Ingress and the Service), namespace, web port and whether that port speaks TLS. */
export interface PublishedServer {
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
    return {
        apiVersion: "networking.k8s.io/v1",
        kind: "Ingress",
        metadata: { name: server.name, namespace: server.namespace, ...(server.webTls && !proxied ? { annotations: { [BACKEND_PROTOCOL_ANNOTATION]: "HTTPS" } } : {}) },
        spec: {
            ...(className ? { ingressClassName: className } : {}),
            ...(tlsSecretName ? { tls: [{ hosts: [host], secretName: tlsSecretName }] } : {}),
            rules: [{ host, http: { paths: [{ path: "/", pathType: "Prefix", backend: { service: backend } }] } }],
        },
    };
}
