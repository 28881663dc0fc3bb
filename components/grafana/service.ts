import * as k8s from "@pulumi/kubernetes";
import { GRAFANA_KEY, GrafanaSettings, wayIn, wayInUrl } from "../../config";
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

/** What `kubectl port-forward` and the Ingress or HTTPRoute reach (an HTTPRoute's listener is HTTPS). */
export function grafanaUrl(g: GrafanaSettings): string {
    const way = wayIn(GRAFANA_KEY, g);
    return way ? wayInUrl(way) : `http://${g.name}.${g.namespace}.svc:${HTTP_PORT.number}/`;
}
