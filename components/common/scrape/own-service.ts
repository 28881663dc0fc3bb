import { RelabelConfig } from "./prometheus-config-types";
import { EndpointDiscovery, podFromEndpointTarget } from "./endpoint-discovery";
import { constant, copy, keep, literal } from "./relabel";
import { ServiceTarget } from "./service-target";

/**
 * One of our own Services, only its metrics port, labelled as the self-monitoring job labels
 * its targets (docs/design.md#discovery-relabel-rules): namespace, service, pod and endpoint.
 */
export function ownServiceRelabelRules(t: ServiceTarget, d: EndpointDiscovery): RelabelConfig[] {
    return [
        keep(["__meta_kubernetes_service_name", d.portName], `${literal(t.serviceName)};${literal(t.portName)}`),
        podFromEndpointTarget(d),
        copy("__meta_kubernetes_namespace", "namespace"),
        copy("__meta_kubernetes_service_name", "service"),
        constant("endpoint", t.portName),
    ].map((r, i) => (i === 0 ? { ...r, separator: ";" } : r));
}
