import * as k8s from "@pulumi/kubernetes";
import { GrafanaSettings } from "../../config";
import { grafanaLabels, HTTP_PORT } from "./layout";

export function grafanaService(g: GrafanaSettings): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: g.name, namespace: g.namespace, labels: grafanaLabels(g) },
        spec: {
            type: "ClusterIP",
            selector: grafanaLabels(g),
            ports: [{ name: HTTP_PORT.name, port: HTTP_PORT.number, protocol: "TCP", targetPort: HTTP_PORT.name }],
        },
    };
}

/** What `kubectl port-forward` and the Ingress reach. */
export function grafanaUrl(g: GrafanaSettings): string {
    return g.ingress ? `${g.ingress.tlsSecretName ? "https" : "http"}://${g.ingress.host}/` : `http://${g.name}.${g.namespace}.svc:${HTTP_PORT.number}/`;
}
