import { CONTAINER_LABEL, RESOURCE_LABELS } from "../../components/resource-metrics/rules";

/**
 * Fills a resource rule's query template the way prometheus-adapter v0.12.0 does for one request
 * (pkg/naming/metrics_query.go, Build, called from pkg/resourceprovider/provider.go):
 * - LabelMatchers: the namespace matcher first (pods only), then the resource label, `="name"`
 *   for one object and `=~"a|b"` for several, values quoted with Go's %q, joined by commas;
 * - GroupBy: the resource label, then the container label for pod queries.
 * Only the two template fields our rules use are supported; any other `<<...>>` is an error.
 */
export interface AdapterRequest {
    kind: "pods" | "nodes";
    /** Pods: the namespace the pods are in. */
    namespace?: string;
    names: string[];
}

/** Go's %q for the names Kubernetes allows (DNS labels and subdomains): JSON's quoting agrees on them. */
function goQuote(value: string): string {
    if (!/^[a-z0-9.|-]+$/.test(value)) {
        throw new Error(`not a Kubernetes object name: ${value}`);
    }
    return JSON.stringify(value);
}

export function fillAdapterTemplate(template: string, request: AdapterRequest): string {
    const resourceLabel = request.kind === "pods" ? RESOURCE_LABELS.pod : RESOURCE_LABELS.node;
    const matchers: string[] = [];
    if (request.kind === "pods") {
        matchers.push(`${RESOURCE_LABELS.namespace}=${goQuote(request.namespace!)}`);
    }
    const target = request.names.join("|");
    matchers.push(`${resourceLabel}${request.names.length > 1 ? "=~" : "="}${goQuote(target)}`);
    const groupBy = request.kind === "pods" ? [resourceLabel, CONTAINER_LABEL] : [resourceLabel];
    const filled = template.replace(/<<\s*\.(\w+)\s*>>/g, (_, field: string) => {
        if (field === "LabelMatchers") return matchers.join(",");
        if (field === "GroupBy") return groupBy.join(",");
        throw new Error(`template field .${field} is not one our rules use`);
    });
    if (filled.includes("<<") || filled.includes(">>")) {
        throw new Error(`unfilled template action in ${template}`);
    }
    return filled;
}
