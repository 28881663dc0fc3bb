import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerSettings } from "../../config";
import { alertmanagerLabels, alertmanagerServiceLabels, WEB_PORT } from "./layout";

/** Headless: Prometheus discovers the pod behind it and sends to it directly. */
export function alertmanagerService(a: AlertmanagerSettings): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: a.name, namespace: a.namespace, labels: alertmanagerServiceLabels(a) },
        spec: {
            clusterIP: "None",
            selector: alertmanagerLabels(a),
            ports: [{ name: WEB_PORT.name, port: WEB_PORT.number, targetPort: WEB_PORT.name, protocol: "TCP" }],
        },
    };
}

export function alertmanagerUrl(a: AlertmanagerSettings): string {
    return `http://${a.name}.${a.namespace}.svc:${WEB_PORT.number}`;
}
