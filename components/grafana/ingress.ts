import * as k8s from "@pulumi/kubernetes";
import { GrafanaSettings } from "../../config";
import { HTTP_PORT } from "./layout";
import { httpRoute, HttpRouteObject } from "../auth-gateway/route";

/** The same settings and shape as the metrics server's Ingress (components/prometheus/ingress.ts). */
export function grafanaIngress(g: GrafanaSettings): k8s.types.input.networking.v1.Ingress | undefined {
    if (!g.ingress) {
        return undefined;
    }
    const { host, className, tlsSecretName } = g.ingress;
    return {
        apiVersion: "networking.k8s.io/v1",
        kind: "Ingress",
        metadata: { name: g.name, namespace: g.namespace },
        spec: {
            ...(className ? { ingressClassName: className } : {}),
            ...(tlsSecretName ? { tls: [{ hosts: [host], secretName: tlsSecretName }] } : {}),
            rules: [{ host, http: { paths: [{ path: "/", pathType: "Prefix", backend: { service: { name: g.name, port: { number: HTTP_PORT.number } } } }] } }],
        },
    };
}

/** Grafana's HTTPRoute, when grafana.httpRoute is set: to Grafana's own port, whose login authenticates. */
export function grafanaHttpRoute(g: GrafanaSettings): HttpRouteObject | undefined {
    return g.httpRoute ? httpRoute(g.name, g.namespace, g.httpRoute, { name: g.name, port: HTTP_PORT.number }) : undefined;
}
