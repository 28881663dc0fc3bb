import { annotationDiscoveryOn, MetricsSettings, ProbeSettings } from "../../config";
import { prometheusRelease } from "../../prometheus-releases/release-lines";
import { RelabelConfig, ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { ScrapeReach } from "../common/scrape/reach";
import { annotationSd } from "../common/scrape/annotations";
import { constant, copy, keep } from "../common/scrape/relabel";
import { ANNOTATED_PROBE_JOB } from "./layout";
import { BlackboxTarget } from "./target";

/**
 * The blackbox exporter's multi-target pattern: Prometheus scrapes the exporter's /probe with
 * ?target=<what to probe>&module=<how>, and the probed target, not the exporter, becomes the
 * instance label (docs/monitor-your-app.md#probes).
 */
function probeRelabeling(exporter: string): RelabelConfig[] {
    return [
        copy("__param_target", "instance"),
        constant("__address__", exporter),
    ];
}

/** One job per listed probe, so each keeps its own interval (2.11 has no per-target interval). */
export function probeJob(p: ProbeSettings, t: BlackboxTarget): ScrapeConfig {
    return {
        job_name: p.name,
        metrics_path: "/probe",
        params: { module: [p.module] },
        ...(p.interval ? { scrape_interval: p.interval } : {}),
        static_configs: [{ targets: [p.target] }],
        relabel_configs: [copy("__address__", "__param_target"), ...probeRelabeling(t.address)],
    };
}

const svc = (name: string) => `__meta_kubernetes_service_annotation_prometheus_io_${name}`;
const ing = (name: string) => `__meta_kubernetes_ingress_annotation_prometheus_io_${name}`;

/**
 * Services and Ingresses annotated `prometheus.io/probe: "true"` in the annotation namespaces.
 * A Service is probed at <name>.<namespace>.svc:<port> with http_2xx (http, or the scheme
 * annotation) on its prometheus.io/path, or with the module prometheus.io/probe-module names; an
 * Ingress at its scheme, host and path. Ingress discovery reads networking.k8s.io/v1 on the
 * modern lines only: 2.11 reads extensions/v1beta1 Ingresses, which Kubernetes 1.22 removed.
 */
export function annotatedProbeJob(s: MetricsSettings, t: BlackboxTarget): ScrapeConfig {
    const ingresses = prometheusRelease(s).endpointSlice;
    return {
        job_name: ANNOTATED_PROBE_JOB,
        metrics_path: "/probe",
        params: { module: ["http_2xx"] },
        kubernetes_sd_configs: [annotationSd(s.annotationDiscovery, "service"), ...(ingresses ? [annotationSd(s.annotationDiscovery, "ingress")] : [])],
        relabel_configs: [
            keep([svc("probe"), ing("probe")], "true;|;true"),
            constant("__param_module", "http_2xx"),
            { action: "replace", source_labels: [svc("probe_module")], regex: "(http_2xx|http_post_2xx|tcp_connect)", target_label: "__param_module" },
            // A Service: host:port for tcp_connect, else a URL on the service address.
            { action: "replace", source_labels: ["__meta_kubernetes_service_name", "__address__"], separator: ";", regex: ".+;(.+)", replacement: "$1", target_label: "__param_target" },
            {
                action: "replace",
                source_labels: ["__meta_kubernetes_service_name", "__param_module", svc("scheme"), "__address__", svc("path")],
                separator: ";",
                regex: ".+;http_[^;]*;;([^;]+);(/.*)?",
                replacement: "http://$1$2",
                target_label: "__param_target",
            },
            {
                action: "replace",
                source_labels: ["__meta_kubernetes_service_name", "__param_module", svc("scheme"), "__address__", svc("path")],
                separator: ";",
                regex: ".+;http_[^;]*;(https?);([^;]+);(/.*)?",
                replacement: "$1://$2$3",
                target_label: "__param_target",
            },
            // An Ingress: its scheme, host and path.
            {
                action: "replace",
                source_labels: ["__meta_kubernetes_ingress_scheme", "__address__", "__meta_kubernetes_ingress_path"],
                separator: ";",
                regex: "(https?);([^;]+);(.*)",
                replacement: "$1://$2$3",
                target_label: "__param_target",
            },
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_service_name", "service"),
            copy("__meta_kubernetes_ingress_name", "ingress"),
            ...probeRelabeling(t.address),
        ],
    };
}

/** Every probe job while the exporter runs; each reaches the exporter, which reaches the target. */
export function probeJobs(s: MetricsSettings, t: BlackboxTarget): { config: ScrapeConfig; reaches: ScrapeReach[] }[] {
    const exporter: ScrapeReach[] = [{ kind: "service", namespace: t.namespace, name: t.serviceName, port: t.portName }];
    return [
        ...t.probes.map((p) => ({ config: probeJob(p, t), reaches: exporter })),
        ...(t.probeAnnotated && annotationDiscoveryOn(s.annotationDiscovery) ? [{ config: annotatedProbeJob(s, t), reaches: exporter }] : []),
    ];
}
