import * as k8s from "@pulumi/kubernetes";
import { LongTermStoreSettings } from "../../config";
import { HTTP_PORT, longTermStoreLabels } from "./layout";

/** ClusterIP: Prometheus writes and Grafana reads through it; the scrape job finds the pod through its endpoints. */
export function longTermStoreService(s: LongTermStoreSettings): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: s.name, namespace: s.namespace, labels: longTermStoreLabels(s) },
        spec: {
            type: "ClusterIP",
            selector: longTermStoreLabels(s),
            ports: [{ name: HTTP_PORT.name, port: HTTP_PORT.number, targetPort: HTTP_PORT.name, protocol: "TCP" }],
        },
    };
}
