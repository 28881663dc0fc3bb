import { MetricsSettings } from "../../../config";
import { prometheusRelease } from "../../../prometheus-releases/release-lines";
import { KubernetesSdConfig, RelabelConfig } from "./prometheus-config-types";

/**
 * How a job finds a Service's endpoints on the stack's release line: core/v1 Endpoints (role
 * endpoints) on 2.11, discovery.k8s.io/v1 EndpointSlices (role endpointslice) on the modern
 * lines. Both roles give the Service's and the Pod's meta labels under the same names; only the
 * port and the address target change prefix (discovery/kubernetes/endpointslice.go).
 */
export interface EndpointDiscovery {
    role: "endpoints" | "endpointslice";
    portName: string;
    targetKind: string;
    targetName: string;
}

const ENDPOINTS: EndpointDiscovery = {
    role: "endpoints",
    portName: "__meta_kubernetes_endpoint_port_name",
    targetKind: "__meta_kubernetes_endpoint_address_target_kind",
    targetName: "__meta_kubernetes_endpoint_address_target_name",
};

const ENDPOINT_SLICES: EndpointDiscovery = {
    role: "endpointslice",
    portName: "__meta_kubernetes_endpointslice_port_name",
    targetKind: "__meta_kubernetes_endpointslice_address_target_kind",
    targetName: "__meta_kubernetes_endpointslice_address_target_name",
};

export function endpointDiscovery(s: Pick<MetricsSettings, "image" | "prometheusVersion">): EndpointDiscovery {
    return prometheusRelease(s).endpointSlice ? ENDPOINT_SLICES : ENDPOINTS;
}

export function endpointSd(d: EndpointDiscovery, namespace: string | string[]): KubernetesSdConfig {
    return { role: d.role, namespaces: { names: Array.isArray(namespace) ? [...namespace] : [namespace] } };
}

/** Rule 2 of docs/design.md#discovery-relabel-rules: the pod label, only when the endpoint address belongs to a Pod. */
export function podFromEndpointTarget(d: EndpointDiscovery): RelabelConfig {
    return {
        action: "replace",
        source_labels: [d.targetKind, d.targetName],
        separator: ";",
        regex: "Pod;(.*)",
        replacement: "${1}",
        target_label: "pod",
    };
}
