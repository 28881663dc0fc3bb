import { AnnotationDiscoverySettings } from "../../../config";
import { KubernetesRole, KubernetesSdConfig, RelabelConfig } from "./prometheus-config-types";

/**
 * The `prometheus.io/*` annotation convention (the prometheus-community chart's), shared by the
 * annotated-pods and annotated-services jobs. Everything here is plain relabelling with the
 * actions Prometheus 2.11 has (keep, drop, replace, labelmap).
 */
export type AnnotatedKind = "pod" | "service";

export function annotation(kind: AnnotatedKind, name: "scrape" | "port" | "path" | "scheme"): string {
    return `__meta_kubernetes_${kind}_annotation_prometheus_io_${name}`;
}

/** Where the jobs discover: the listed namespaces, or every namespace when clusterWide. */
export function annotationSd(a: AnnotationDiscoverySettings, role: KubernetesRole): KubernetesSdConfig {
    return a.clusterWide ? { role } : { role, namespaces: { names: [...(a.namespaces ?? [])] } };
}

/** prometheus.io/scheme and prometheus.io/path, when given and well-formed. */
export function schemeAndPath(kind: AnnotatedKind): RelabelConfig[] {
    return [
        { action: "replace", source_labels: [annotation(kind, "scheme")], regex: "(https?)", target_label: "__scheme__" },
        { action: "replace", source_labels: [annotation(kind, "path")], regex: "(/.*)", target_label: "__metrics_path__" },
    ];
}

/**
 * prometheus.io/param_<name>: <value> becomes the URL parameter name=value. labelmap reads the
 * annotation's meta label name, in which Kubernetes discovery has already turned every character
 * outside [a-zA-Z0-9_] into '_'.
 */
export function urlParams(kind: AnnotatedKind): RelabelConfig {
    return { action: "labelmap", regex: `__meta_kubernetes_${kind}_annotation_prometheus_io_param_(.+)`, replacement: "__param_$1" };
}

/**
 * The container label, only while no prometheus.io/port is given. With the annotation every
 * discovered port of the pod is rewritten to that one port; leaving container out makes those
 * copies identical, and Prometheus keeps one target of identical ones. (Relabelling cannot
 * compare two labels, so it cannot tell which container declares the annotated port.)
 */
export function containerWithoutPortAnnotation(kind: AnnotatedKind): RelabelConfig {
    return {
        action: "replace",
        source_labels: [annotation(kind, "port"), "__meta_kubernetes_pod_container_name"],
        separator: ";",
        regex: ";(.+)",
        replacement: "$1",
        target_label: "container",
    };
}
