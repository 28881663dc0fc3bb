import * as k8s from "@pulumi/kubernetes";
import { HTTP_PORT, pushgatewayLabels } from "./layout";
import { PushgatewaySettings } from "./settings";

/**
 * Where batch jobs push (http://<name>.<namespace>.svc:9091/metrics/job/<job>) and Prometheus
 * scrapes: one port, named as the container's, which the scrape job keeps and the NetworkPolicy opens.
 */
export function pushgatewayService(p: PushgatewaySettings): k8s.types.input.core.v1.Service {
    const labels = pushgatewayLabels(p);
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: p.name, namespace: p.namespace, labels },
        spec: { type: "ClusterIP", selector: labels, ports: [{ name: HTTP_PORT.name, port: HTTP_PORT.number, targetPort: HTTP_PORT.name, protocol: "TCP" }] },
    };
}

/** The address batch jobs push to, as docs/pushgateway.md tells teams. */
export function pushUrl(p: PushgatewaySettings): string {
    return `http://${p.name}.${p.namespace}.svc:${HTTP_PORT.number}`;
}
