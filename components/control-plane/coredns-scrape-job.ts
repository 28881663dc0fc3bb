import { CoreDnsTarget } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { COREDNS_FAMILIES } from "./coredns-families";
import { EndpointDiscovery, endpointSd, podFromEndpointTarget } from "../common/scrape/endpoint-discovery";
import { dropFamilies } from "../common/scrape/family-rules";
import { copy, keep, literal } from "../common/scrape/relabel";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/**
 * CoreDNS behind the cluster's DNS Service (kube-dns on kubeadm, kind and EKS), only the
 * endpoints on its metrics port. Several CoreDNS pods may share a node, so instance is the pod
 * (as for kube-state-metrics) and node the node it runs on.
 */
export function coreDnsJob(t: CoreDnsTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: CONTROL_PLANE_JOB_NAMES.coreDns,
        kubernetes_sd_configs: [endpointSd(d, t.namespace)],
        relabel_configs: [
            keep(["__meta_kubernetes_service_name"], literal(t.serviceName)),
            keep(["__address__"], `.*:${t.port}`),
            podFromEndpointTarget(d),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_service_name", "service"),
            copy("__meta_kubernetes_pod_node_name", "node"),
            copy("__meta_kubernetes_pod_name", "instance"),
        ],
        metric_relabel_configs: [dropFamilies(COREDNS_FAMILIES)],
    };
}
