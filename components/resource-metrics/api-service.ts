import * as k8s from "@pulumi/kubernetes";
import { ResourceMetricsSettings } from "../../config";
import { adapterLabels, API_SERVICE_NAME, METRICS_API, SECURE_PORT } from "./layout";

/**
 * Registers the adapter as the cluster's metrics.k8s.io. The priorities are metrics-server's, so
 * discovery orders the group as it would for metrics-server. The cluster holds one APIService of
 * this name: a cluster that runs metrics-server must drop one of the two (docs/resource-metrics.md#metrics-server).
 *
 * insecureSkipTLSVerify, as metrics-server's and upstream's manifests do: the adapter serves a
 * certificate it signs itself at start, so there is no CA to pin. The API server still
 * authenticates to the adapter, and the adapter delegates every authorization decision back; what is
 * lost is the API server's proof that the Service's endpoint is the adapter
 * (docs/resource-metrics.md#tls).
 */
export function metricsApiService(r: Pick<ResourceMetricsSettings, "name" | "namespace">): k8s.types.input.apiregistration.v1.APIService {
    return {
        apiVersion: "apiregistration.k8s.io/v1",
        kind: "APIService",
        metadata: { name: API_SERVICE_NAME, labels: adapterLabels(r) },
        spec: {
            group: METRICS_API.group,
            version: METRICS_API.version,
            groupPriorityMinimum: 100,
            versionPriority: 100,
            insecureSkipTLSVerify: true,
            service: { name: r.name, namespace: r.namespace, port: SECURE_PORT.servicePort },
        },
    };
}
