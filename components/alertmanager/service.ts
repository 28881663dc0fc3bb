import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerSettings } from "../../config";
import { alertmanagerLabels, alertmanagerServiceLabels, CLUSTER_PORT, WEB_PORT, webScheme } from "./layout";
import { clustered } from "./statefulset";
import { AlertmanagerServer } from "./replicas";

/**
 * Headless: Prometheus discovers every pod behind it and sends to each directly. In a cluster it
 * also gives each peer its DNS name, published before the pod is ready, because a peer only
 * becomes ready once it has joined the others.
 */
export function alertmanagerService(a: AlertmanagerServer): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: a.name, namespace: a.namespace, labels: alertmanagerServiceLabels(a) },
        spec: {
            clusterIP: "None",
            selector: alertmanagerLabels(a),
            ports: [
                { name: WEB_PORT.name, port: WEB_PORT.number, targetPort: WEB_PORT.name, protocol: "TCP" },
                ...(clustered(a)
                    ? [
                          { name: CLUSTER_PORT.tcpName, port: CLUSTER_PORT.number, targetPort: CLUSTER_PORT.tcpName, protocol: "TCP" },
                          { name: CLUSTER_PORT.udpName, port: CLUSTER_PORT.number, targetPort: CLUSTER_PORT.udpName, protocol: "UDP" },
                      ]
                    : []),
            ],
            ...(clustered(a) ? { publishNotReadyAddresses: true } : {}),
        },
    };
}

export function alertmanagerUrl(a: AlertmanagerSettings): string {
    return `${webScheme(a)}://${a.name}.${a.namespace}.svc:${WEB_PORT.number}`;
}
