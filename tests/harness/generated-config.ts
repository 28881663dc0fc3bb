import { MetricsSettings } from "../../config";
import { prometheusConfigMap, ruleFilesConfigMap } from "../../components/metrics-server/config-maps";

/** The Prometheus files exactly as the ConfigMaps carry them into the pod. */
export function generatedPrometheusFiles(settings: MetricsSettings): { prometheusYml: string; ruleFiles: Record<string, string> } {
    return {
        prometheusYml: (prometheusConfigMap(settings).data as Record<string, string>)["prometheus.yml"],
        ruleFiles: ruleFilesConfigMap(settings).data as Record<string, string>,
    };
}

/** The meta labels that Kubernetes discovery gives one target, as a file_sd entry. */
export function discoveredTarget(address: string, meta: Record<string, string>) {
    const labels: Record<string, string> = { __address__: address };
    for (const [k, v] of Object.entries(meta)) {
        labels[`__meta_kubernetes_${k}`] = v;
    }
    return { targets: [address], labels };
}
