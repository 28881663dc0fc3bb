import { MetricsSettings } from "../../config";
import type { KubeStateMetricsTarget } from "./target";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { dropFamilies } from "../common/scrape/family-rules";
import { KUBE_STATE_METRICS_FAMILIES, KUBE_STATE_METRICS_TELEMETRY_FAMILIES } from "./families";
import { EndpointDiscovery, endpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { copy, keep, literal } from "../common/scrape/relabel";
import { ScrapeReach } from "../common/scrape/reach";
import { RBAC_PROXY_SCRAPE } from "../common/scrape/behind-rbac-proxy";
import { KUBE_STATE_METRICS_JOB_NAME, KUBE_STATE_METRICS_TELEMETRY_JOB_NAME } from "./layout";

export const KUBE_STATE_METRICS_JOB = KUBE_STATE_METRICS_JOB_NAME;

/**
 * The endpoints of kube-state-metrics' Service, only its object-metrics port. honor_labels keeps
 * the namespace, pod, node and container of the object a series describes. The target adds only
 * job and instance (the exporter's pod): a target `namespace` or `node` would land on every
 * series that has none of its own (kube_node_info, kube_namespace_created...) and name the
 * exporter's rather than the object's.
 */
export function kubeStateMetricsJob(target: KubeStateMetricsTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: KUBE_STATE_METRICS_JOB,
        honor_labels: true,
        ...RBAC_PROXY_SCRAPE,
        kubernetes_sd_configs: [endpointSd(d, target.namespace)],
        relabel_configs: [
            keep(["__meta_kubernetes_service_name"], literal(target.serviceName)),
            keep([d.portName], literal(target.portName)),
            copy("__meta_kubernetes_pod_name", "instance"),
        ],
        metric_relabel_configs: [dropFamilies(KUBE_STATE_METRICS_FAMILIES)],
    };
}

/**
 * kube-state-metrics' own metrics through the second proxy, authorised as the first: whether it
 * can list and watch what it reports (KubeStateMetricsListErrors, KubeStateMetricsWatchErrors).
 * A job of its own, so its series never mix with the object metrics' honor_labels; the target
 * adds job and instance (the exporter's pod).
 */
export function kubeStateMetricsTelemetryJob(target: KubeStateMetricsTarget, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: KUBE_STATE_METRICS_TELEMETRY_JOB_NAME,
        ...RBAC_PROXY_SCRAPE,
        kubernetes_sd_configs: [endpointSd(d, target.namespace)],
        relabel_configs: [
            keep(["__meta_kubernetes_service_name"], literal(target.serviceName)),
            keep([d.portName], literal(target.telemetryPortName)),
            copy("__meta_kubernetes_pod_name", "instance"),
        ],
        metric_relabel_configs: [dropFamilies(KUBE_STATE_METRICS_TELEMETRY_FAMILIES)],
    };
}


export function kubeStateMetricsReach(target: KubeStateMetricsTarget): ScrapeReach[] {
    return [{ kind: "service", namespace: target.namespace, name: target.serviceName, port: target.portName }];
}

export function kubeStateMetricsTelemetryReach(target: KubeStateMetricsTarget): ScrapeReach[] {
    return [{ kind: "service", namespace: target.namespace, name: target.serviceName, port: target.telemetryPortName }];
}
