import { ResourceMetricsSettings } from "../../config";

/** The port name the metrics adapter's Service gives its metrics port. */
export const RESOURCE_METRICS_PORT_NAME = "https";

/** The metrics adapter's job label. */
export const RESOURCE_METRICS_JOB_NAME = "prometheus-adapter";

/**
 * Names, ports and paths shared by several builders, so a cross-reference (label, selector,
 * port, mount, object name) is written once and cannot drift between two files.
 */

/** Labels shared by the Deployment's selector, its pods, the Service and the PodDisruptionBudget. */
export function adapterLabels(r: Pick<ResourceMetricsSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": r.name, "app.kubernetes.io/component": "metrics-adapter" };
}

/** The image's user (USER 65534 in its Dockerfile), set explicitly so runAsNonRoot can be checked. */
export const ADAPTER_UID = 65534;

export const CONTAINER_NAME = "prometheus-adapter";

/** An unprivileged port, as the adapter runs as a non-root user; the Service maps 443 onto it. */
export const SECURE_PORT = { name: RESOURCE_METRICS_PORT_NAME, number: 6443, servicePort: 443 } as const;

export const ADAPTER_PATHS = {
    configDir: "/etc/adapter",
    configFile: "config.yaml",
    /** The adapter writes its self-signed serving certificate here when it is given none. */
    certDir: "/var/run/serving-cert",
    tmp: "/tmp",
} as const;

/** The one group and version the adapter serves here: the resource metrics API of kubectl top and the HPA. */
export const METRICS_API = { group: "metrics.k8s.io", version: "v1beta1" } as const;
export const API_SERVICE_NAME = `${METRICS_API.version}.${METRICS_API.group}`;

/** Kubernetes' own roles that an aggregated API server binds to (docs/resource-metrics.md#permissions). */
export const AUTH_READER_ROLE = { name: "extension-apiserver-authentication-reader", namespace: "kube-system" } as const;
export const AUTH_DELEGATOR_CLUSTER_ROLE = "system:auth-delegator";

/** Names of the objects beyond the Deployment, Service, ServiceAccount, ConfigMap and ClusterRole named `name`. */
export function adapterObjectNames(r: Pick<ResourceMetricsSettings, "name">) {
    return {
        authReaderBinding: `${r.name}-auth-reader`,
        authDelegatorBinding: `${r.name}-auth-delegator`,
        /** Not metrics-server's system:aggregated-metrics-reader, so neither overwrites the other's. */
        aggregatedReader: `${r.name}-metrics-reader`,
    };
}
