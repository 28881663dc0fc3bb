import { EventCollectorSettings } from "../../config";

/** Names and paths shared by the builders, written once. */

export function eventCollectorLabels(e: Pick<EventCollectorSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": e.name, "app.kubernetes.io/component": "event-collector" };
}

/** nobody: the distroless image sets no USER, so the pod names one (docs/cluster-events.md#security). */
export const EVENT_COLLECTOR_UID = 65534;

export const CONTAINER_NAME = "fluent-bit";

export const EVENT_COLLECTOR_PATHS = {
    /** The image's CMD reads /fluent-bit/etc/fluent-bit.conf; the ConfigMap is mounted there. */
    configDir: "/fluent-bit/etc",
    configFile: "fluent-bit.conf",
    /** The input's SQLite file of the events already written, on an emptyDir that outlives a container restart. */
    stateDir: "/var/lib/fluent-bit",
    dbFile: "/var/lib/fluent-bit/events.db",
} as const;

/** The tag of the events inside fluent-bit; the stdout output matches it. */
export const EVENTS_TAG = "kube_events";

/** The field of each line that carries the event's own time (lastTimestamp, or its creation time). */
export const EVENT_TIME_KEY = "event_time";
