import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { DISCOVERY_LABEL, metricsLabels, WEB_PORT, webScheme, webServerName } from "./layout";

/**
 * Headless, as the StatefulSet's serviceName requires. The monitor=main label is what makes the
 * self-monitoring job keep these endpoints (rule 1 of docs/design.md#discovery-relabel-rules).
 */
export function headlessService(s: MetricsSettings): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: {
            name: s.name,
            namespace: s.namespace,
            labels: { [DISCOVERY_LABEL.key]: DISCOVERY_LABEL.value },
        },
        spec: {
            type: "ClusterIP",
            clusterIP: "None",
            selector: { app: metricsLabels(s).app },
            ports: [{ name: WEB_PORT.name, port: WEB_PORT.number, protocol: "TCP", targetPort: WEB_PORT.name }],
        },
    };
}

/** How pods in the cluster reach the server, through the headless Service's DNS name. */
export function inClusterUrl(s: MetricsSettings): string {
    return `${webScheme(s)}://${webServerName(s)}:${WEB_PORT.number}${s.routePrefix === "/" ? "" : s.routePrefix}`;
}
