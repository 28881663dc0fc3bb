import { z } from "zod";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { closedObject, flag, text } from "./fields";
import { dnsLabel } from "./formats";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";

export const EVENT_COLLECTOR_KEY = "eventCollector";

/**
 * fluent-bit v5.1.1 (cr.fluentbit.io, distroless) with only its kubernetes_events input and its
 * stdout output: it writes each Kubernetes event as one JSON line on its stdout, so the log agent
 * ships events like any container's lines, through its buffer and with its guarantees
 * (docs/cluster-events.md#why-fluent-bit). Small requests: it holds one watch and a SQLite file.
 */
export const EVENT_COLLECTOR_DEFAULTS = {
    enabled: false,
    name: "event-collector",
    image: "cr.fluentbit.io/fluent/fluent-bit:5.1.1",
    retention: "1h",
    resources: { cpuRequest: "10m", memoryRequest: "32Mi", memoryLimit: "128Mi" } as ResourceSettings,
};

const d = EVENT_COLLECTOR_DEFAULTS;

/**
 * A time as fluent-bit reads a FLB_CONFIG_MAP_TIME key (flb_utils_time_to_seconds in src/flb_utils.c
 * at v5.1.1): the leading integer, times the last character's unit (d, h or m; seconds otherwise).
 * So "1h30m" would silently be 60 s: only one integer and one unit are taken.
 */
export function fluentBitTime(value: string): string | undefined {
    const m = /^([1-9][0-9]{0,5})(s|m|h|d)$/.exec(value);
    if (!m) {
        return "one whole number and one unit (s, m, h or d), such as 1h or 90m: fluent-bit reads only the first number and the last unit";
    }
    return undefined;
}

/** `cluster-monitoring:eventCollector`: Kubernetes events to the log store (docs/cluster-events.md). */
export const eventCollectorSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy the event collector: every Kubernetes event of the cluster, as a JSON line the log agent ships" }),
    name: text(dnsLabel).default(d.name).meta({ description: "Deployment, ServiceAccount, ConfigMap, ClusterRole and ClusterRoleBinding name, in the log agent's namespace" }),
    image: text(imageAtLeast(OLDEST_IMAGES.eventCollector)).default(d.image).meta({ description: "the fluent-bit image; its config keeps to v5.1's keys" }),
    retention: text(fluentBitTime)
        .default(d.retention)
        .meta({ description: "how old an event may be and still be collected when the collector starts (kube_retention_time); a replaced pod writes again the events of this window" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    ...schedulingFields(),
});

export type EventCollectorSettings = z.output<typeof eventCollectorSchema> & {
    /** The log agent's namespace, whose DaemonSet ships the collector's lines. */
    namespace: string;
};
