import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { WEB_PORT } from "./layout";
import { gatewayName, HTTP_PORT as GATEWAY_PORT } from "../auth-gateway/layout";

/**
 * ingress-nginx's way of saying the backend speaks TLS; without it the controller sends plain
 * HTTP to a port that answers only TLS. Other controllers have their own setting (docs/security.md#prometheus-web-config).
 */
export const BACKEND_PROTOCOL_ANNOTATION = "nginx.ingress.kubernetes.io/backend-protocol";

/**
 * networking.k8s.io/v1: extensions/v1beta1 from the spec was removed in Kubernetes 1.22. Under
 * ingress.auth.proxy the backend is the auth gateway (components/auth-gateway), never the server;
 * under auth.server the controller passes the client's Authorization header on, so Prometheus
 * asks whoever comes through the Ingress for its password; auth.public is printed as a warning.
 */
export function ingress(s: MetricsSettings): k8s.types.input.networking.v1.Ingress | undefined {
    if (!s.ingress) {
        return undefined;
    }
    const { host, className, tlsSecretName, auth } = s.ingress;
    const proxied = auth?.proxy !== undefined;
    const backend = proxied ? { name: gatewayName(s.name), port: { number: GATEWAY_PORT.number } } : { name: s.name, port: { number: WEB_PORT.number } };
    return {
        apiVersion: "networking.k8s.io/v1",
        kind: "Ingress",
        metadata: { name: s.name, namespace: s.namespace, ...(s.web?.tls && !proxied ? { annotations: { [BACKEND_PROTOCOL_ANNOTATION]: "HTTPS" } } : {}) },
        spec: {
            ...(className ? { ingressClassName: className } : {}),
            ...(tlsSecretName ? { tls: [{ hosts: [host], secretName: tlsSecretName }] } : {}),
            rules: [
                {
                    host,
                    http: {
                        paths: [
                            {
                                path: "/",
                                pathType: "Prefix",
                                backend: { service: backend },
                            },
                        ],
                    },
                },
            ],
        },
    };
}
