import { StaticPodTarget } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { FamilyRule, dropFamilies } from "../common/scrape/family-rules";
import { addressAtPort, copy, keepLabels, SERVICE_ACCOUNT } from "../common/scrape/relabel";

/**
 * The scheduler and the controller manager run as kubeadm static pods on the control-plane
 * nodes, on the host network. Their mirror pods carry component=<name>, so the job finds them
 * the way node-exporter's job finds its pods, and scrapes the pod IP (the node's) at the
 * component's secure port. Their containers declare no ports, so discovery gives one target per
 * container with the bare IP, which the port is appended to.
 *
 * Both serve a certificate they sign themselves at start-up, which no CA vouches for, hence
 * insecure_skip_verify, as kube-prometheus does; the ServiceAccount token authenticates
 * Prometheus, and the ClusterRole's nonResourceURL /metrics authorises it (their delegated
 * authorisation asks the API server).
 */
export function controlPlanePodJob(jobName: string, t: StaticPodTarget, families: readonly FamilyRule[]): ScrapeConfig {
    return {
        job_name: jobName,
        scheme: "https",
        bearer_token_file: SERVICE_ACCOUNT.token,
        tls_config: { insecure_skip_verify: true },
        kubernetes_sd_configs: [{ role: "pod", namespaces: { names: [t.namespace] } }],
        relabel_configs: [
            ...keepLabels("pod", t.podLabels),
            ...addressAtPort("__meta_kubernetes_pod_ip", t.port),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_pod_name", "pod"),
            copy("__meta_kubernetes_pod_node_name", "node"),
            copy("__meta_kubernetes_pod_node_name", "instance"),
        ],
        metric_relabel_configs: [dropFamilies(families)],
    };
}
