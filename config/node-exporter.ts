import { z } from "zod";
import { closedObject, flag, integer, text } from "./fields";
import { dnsLabel } from "./formats";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { rbacProxySchema } from "./rbac-proxy";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields, TolerationSettings } from "./scheduling";

export const NODE_EXPORTER_KEY = "nodeExporter";

/** The namespace that every cluster has and that already holds the node agents (docs/node-exporter.md#namespace). */
export const NODE_EXPORTER_DEFAULT_NAMESPACE = "kube-system";

/**
 * kube-prometheus' values for v1.12.1, the current release: its requests and limits, and every
 * taint tolerated, because the spec wants control-plane machines watched too and a node that an
 * operator tainted is still a machine to watch.
 */
export const NODE_EXPORTER_DEFAULTS = {
    enabled: true,
    name: "node-exporter",
    namespace: NODE_EXPORTER_DEFAULT_NAMESPACE,
    image: "quay.io/prometheus/node-exporter:v1.12.1",
    port: 9100,
    resources: { cpuRequest: "102m", memoryRequest: "180Mi", memoryLimit: "180Mi", cpuLimit: "250m" } as ResourceSettings,
    nodeSelector: { "kubernetes.io/os": "linux" } as Record<string, string>,
    tolerations: [{ operator: "Exists" }] as TolerationSettings[],
    collectorArgs: [] as string[],
};

/** Only collector switches and collector options; paths and the listen address belong to the program. */
function collectorArg(value: string): string | undefined {
    return /^--(no-)?collector\.[a-z0-9_]+(\.[a-z0-9_.-]+)?(=.*)?$/.test(value)
        ? undefined
        : "a collector flag such as --collector.systemd, --no-collector.nfs or --collector.diskstats.device-exclude=^ram; " +
              "--path.* and --web.* are set by the program";
}

const d = NODE_EXPORTER_DEFAULTS;

/** `cluster-monitoring:nodeExporter`: Prometheus' node_exporter on every node (docs/node-exporter.md). */
export const nodeExporterSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy node-exporter and its scrape job" }),
    name: text(dnsLabel).default(d.name).meta({ description: "DaemonSet name and the app.kubernetes.io/name label" }),
    namespace: text(dnsLabel)
        .default(d.namespace)
        .meta({
            description:
                "kube-system, or the metrics or log agent namespace: the pods use the host's network, PID namespace and " +
                "filesystems, which only a privileged Pod Security level admits",
        }),
    image: text(imageAtLeast(OLDEST_IMAGES.nodeExporter)).default(d.image).meta({ description: "the node_exporter image" }),
    port: integer(1024, 65535, "an unprivileged port, as the exporter runs as uid 65534")
        .default(d.port)
        .meta({ description: "the port it listens on at the node's IP address (host network)" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    rbacProxy: rbacProxySchema.meta({ description: "the kube-rbac-proxy sidecar that serves the metrics over TLS to authorised callers: { image, resources }" }),
    ...schedulingFields({
        nodeSelector: { value: d.nodeSelector, why: "the image is built for Linux only" },
        tolerations: { value: d.tolerations, why: "every taint, so control-plane and tainted nodes are watched too" },
    }),
    collectorArgs: z
        .array(text(collectorArg), { error: "a list of collector flags" })
        .default([])
        .meta({ description: "extra collector flags appended to the program's, such as --collector.systemd" }),
});

export type NodeExporterSettings = z.output<typeof nodeExporterSchema>;

