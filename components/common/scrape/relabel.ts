import { RelabelConfig } from "./prometheus-config-types";

/** Small constructors for relabel rules, so each job reads as a list of intentions. */

/** Keeps targets whose joined source labels match `regex` (RE2, anchored by Prometheus). */
export function keep(sourceLabels: string[], regex: string): RelabelConfig {
    return { action: "keep", source_labels: sourceLabels, regex };
}

export function drop(sourceLabels: string[], regex: string): RelabelConfig {
    return { action: "drop", source_labels: sourceLabels, regex };
}

export function copy(sourceLabel: string, targetLabel: string): RelabelConfig {
    return { action: "replace", source_labels: [sourceLabel], target_label: targetLabel };
}

export function constant(targetLabel: string, value: string): RelabelConfig {
    return { action: "replace", replacement: value, target_label: targetLabel };
}

/**
 * __address__ as the IP in `sourceLabel` at `port`. An IPv6 address needs brackets
 * (`[fd00::1]:10259`), or the scrape would read its last group as the port; the two rules match
 * disjoint values, without and with a colon, so exactly one applies.
 */
export function addressAtPort(sourceLabel: string, port: number): RelabelConfig[] {
    return [
        { action: "replace", source_labels: [sourceLabel], regex: "([^:]+)", replacement: `\${1}:${port}`, target_label: "__address__" },
        { action: "replace", source_labels: [sourceLabel], regex: "(.+:.+)", replacement: `[\${1}]:${port}`, target_label: "__address__" },
    ];
}

/** The meta label under which discovery exposes a Kubernetes label: non-alphanumerics become '_'. */
export function metaLabel(kind: "service" | "pod" | "node", labelKey: string): string {
    return `__meta_kubernetes_${kind}_label_${labelKey.replace(/[^a-zA-Z0-9_]/g, "_")}`;
}

/** Escapes a literal for an RE2 regex, so a label value such as `a.b` matches only itself. */
export function literal(value: string): string {
    return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** One keep rule per selector label: a target must carry all of them. */
export function keepLabels(kind: "service" | "pod", labels: Record<string, string>): RelabelConfig[] {
    return Object.entries(labels)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, value]) => keep([metaLabel(kind, key)], literal(value)));
}

/** The in-pod paths of the ServiceAccount credentials that the kubelet mounts. */
export const SERVICE_ACCOUNT = {
    token: "/var/run/secrets/kubernetes.io/serviceaccount/token",
    ca: "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt",
} as const;
