import * as k8s from "@pulumi/kubernetes";
import { ResourceMetricsSettings } from "../../config";
import { adapterLabels, SECURE_PORT } from "./layout";

/** The API server reaches the adapter through this Service on 443, as it does every aggregated API. */
export function adapterService(r: Pick<ResourceMetricsSettings, "name" | "namespace">): k8s.types.input.core.v1.Service {
    const labels = adapterLabels(r);
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: r.name, namespace: r.namespace, labels },
        spec: {
            type: "ClusterIP",
            selector: labels,
            ports: [{ name: SECURE_PORT.name, port: SECURE_PORT.servicePort, targetPort: SECURE_PORT.name, protocol: "TCP" }],
        },
    };
}
