import { MetricsSettings, Settings } from "../../config";
import { prometheusConfigMap, ruleFilesConfigMap } from "../../components/prometheus/config-maps";
import { prometheusInputsFor } from "./stack-config";

/**
 * The Prometheus files exactly as the ConfigMaps carry them into the pod, from a whole stack's
 * settings: with the rule files the composition root gives it, or, for the scrape tests
 * (withRules false), with only the empty k8s.yml beside the config.
 */
export function generatedPrometheusFiles(settings: Settings, { withRules = true }: { withRules?: boolean } = {}): { prometheusYml: string; ruleFiles: Record<string, string> } {
    const metrics = settings.metrics;
    const inputs = prometheusInputsFor(settings, withRules);
    return {
        prometheusYml: (prometheusConfigMap(metrics, inputs).data as Record<string, string>)["prometheus.yml"],
        ruleFiles: ruleFilesConfigMap(metrics, inputs.ruleFiles).data as Record<string, string>,
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

/** What the self-monitoring job finds for a Prometheus of `metrics` serving at `url`: its Service's endpoint on its pod, the Service labelled monitor=main. */
export function selfMonitoringTarget(url: string, metrics: { name: string; namespace: string }) {
    return discoveredTarget(new URL(url).host, {
        namespace: metrics.namespace,
        service_name: metrics.name,
        service_label_monitor: "main",
        endpoint_port_name: "web",
        endpoint_address_target_kind: "Pod",
        endpoint_address_target_name: `${metrics.name}-0`,
        pod_name: `${metrics.name}-0`,
    });
}
