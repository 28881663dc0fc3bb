import * as k8s from "@pulumi/kubernetes";
import { SearchStoreSettings } from "../../config";
import { HTTP_PORT, searchStoreLabels } from "./layout";

/** Named after the store, which is the log agent's default host in the same namespace. */
export function searchStoreService(s: SearchStoreSettings): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: s.name, namespace: s.namespace, labels: searchStoreLabels(s) },
        spec: {
            type: "ClusterIP",
            selector: searchStoreLabels(s),
            ports: [{ name: HTTP_PORT.name, port: HTTP_PORT.number, protocol: "TCP", targetPort: HTTP_PORT.name }],
        },
    };
}

/** The URL the log agent and a person with `kubectl port-forward` use: HTTPS for OpenSearch, whose security plugin serves only that. */
export function searchStoreUrl(s: SearchStoreSettings): string {
    return `${s.kind === "opensearch" ? "https" : "http"}://${s.name}.${s.namespace}.svc:${HTTP_PORT.number}`;
}
