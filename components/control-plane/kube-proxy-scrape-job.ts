import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { dropFamilies } from "../common/scrape/family-rules";
import { KUBE_PROXY_FAMILIES } from "./kube-proxy-families";
import { nodeLabels } from "../kubelet/scrape-job";
import { addressAtPort } from "../common/scrape/relabel";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

/**
 * kube-proxy on every node, over plain HTTP at its metricsBindAddress port (10249). Node
 * discovery points __address__ at the kubelet; the node's InternalIP at kube-proxy's port
 * replaces it. kube-proxy binds 127.0.0.1 unless told otherwise (docs/control-plane.md).
 */
export function kubeProxyJob(port: number): ScrapeConfig {
    return {
        job_name: CONTROL_PLANE_JOB_NAMES.kubeProxy,
        kubernetes_sd_configs: [{ role: "node" }],
        relabel_configs: [
            ...addressAtPort("__meta_kubernetes_node_address_InternalIP", port),
            ...nodeLabels(),
        ],
        metric_relabel_configs: [dropFamilies(KUBE_PROXY_FAMILIES)],
    };
}
