import { stringify } from "yaml";
import { jobName, ResourceMetricsSettings } from "../../config";
import { NODE_EXPORTER_JOB_NAME } from "../node-exporter/layout";

/**
 * The adapter's resourceRules (its configuration documentation): one container query and one node query for
 * CPU and for memory, Go templates with `<<` `>>` delimiters that the adapter fills per request.
 * `<<.LabelMatchers>>` becomes `namespace="ns",pod=~"a|b"` or `node="n"`, and `<<.GroupBy>>`
 * `pod,container` or `node` (its pkg/naming/metrics_query.go); every other part is ours.
 *
 * What our scrape jobs store decides the series (docs/resource-metrics.md#the-rules):
 * - pods: cAdvisor's per-container series, which carry namespace, pod and container as cAdvisor
 *   serves them (honor_labels); the cadvisor job already drops pod-level and pause series, and
 *   `container!=""` keeps a query right even where another job left them in;
 * - nodes: node-exporter's, whose job adds the node label; cAdvisor's root cgroup (`id="/"`),
 *   which upstream's example reads, never reaches storage under our cadvisor drop rules.
 * Every function and aggregation is one Prometheus v2.11.1 evaluates (tests check it).
 */

/** A label on our series mapped to the Kubernetes resource it names. */
export const RESOURCE_LABELS = { namespace: "namespace", pod: "pod", node: "node" } as const;

/** The label that names a pod's container in the container queries' results. */
export const CONTAINER_LABEL = "container";

const CADVISOR_JOB = jobName("cadvisor");

export interface ResourceRule {
    containerQuery: string;
    nodeQuery: string;
    resources: { overrides: Record<string, { resource: string }> };
    containerLabel: string;
}

export interface ResourceRules {
    cpu: ResourceRule;
    memory: ResourceRule;
    window: string;
}

function rule(containerQuery: string, nodeQuery: string): ResourceRule {
    const overrides = Object.fromEntries(Object.entries(RESOURCE_LABELS).map(([label, resource]) => [label, { resource }]));
    return { containerQuery, nodeQuery, resources: { overrides }, containerLabel: CONTAINER_LABEL };
}

const containers = `job="${CADVISOR_JOB}",container!="",pod!=""`;
const nodes = `job="${NODE_EXPORTER_JOB_NAME}"`;

export function resourceRules(r: Pick<ResourceMetricsSettings, "window">): ResourceRules {
    const w = r.window;
    return {
        cpu: rule(
            `sum by (<<.GroupBy>>) (rate(container_cpu_usage_seconds_total{<<.LabelMatchers>>,${containers}}[${w}]))`,
            // Busy cores: per CPU, one minus the share of time idle.
            `sum by (<<.GroupBy>>) (1 - rate(node_cpu_seconds_total{<<.LabelMatchers>>,${nodes},mode="idle"}[${w}]))`,
        ),
        memory: rule(
            `sum by (<<.GroupBy>>) (container_memory_working_set_bytes{<<.LabelMatchers>>,${containers}})`,
            // What the kernel could not hand out without reclaiming: the node's counterpart of a working set.
            `sum by (<<.GroupBy>>) (node_memory_MemTotal_bytes{<<.LabelMatchers>>,${nodes}} - node_memory_MemAvailable_bytes{<<.LabelMatchers>>,${nodes}})`,
        ),
        window: w,
    };
}

/** The adapter's --config file: resource rules only, so it serves metrics.k8s.io and no custom metrics API. */
export function adapterConfigFile(r: Pick<ResourceMetricsSettings, "window">): string {
    return stringify({ resourceRules: resourceRules(r) }, { lineWidth: 0, sortMapEntries: false });
}
