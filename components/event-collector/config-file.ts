import { EventCollectorSettings } from "../../config";
import { EVENT_COLLECTOR_PATHS, EVENT_TIME_KEY, EVENTS_TAG } from "./layout";

/** One section of fluent-bit's classic config: its name and its keys in order. */
export interface FluentBitSection {
    section: "SERVICE" | "INPUT" | "OUTPUT";
    keys: ReadonlyArray<readonly [string, string]>;
}

/**
 * The collector's config (docs/cluster-events.md#the-collector): the kubernetes_events input
 * watches every namespace's events with the pod's own token and CA (the plugin's defaults, the
 * ServiceAccount's files) and remembers what it wrote in a SQLite file; the stdout output prints
 * each event as one JSON line, its own time under event_time. No HTTP server: nothing scrapes it.
 */
export function eventCollectorSections(e: Pick<EventCollectorSettings, "retention">): FluentBitSection[] {
    return [
        {
            section: "SERVICE",
            keys: [
                ["Flush", "1"],
                ["Log_Level", "info"],
                ["HTTP_Server", "Off"],
            ],
        },
        {
            section: "INPUT",
            keys: [
                ["Name", "kubernetes_events"],
                ["Tag", EVENTS_TAG],
                ["kube_url", "https://kubernetes.default.svc"],
                ["kube_retention_time", e.retention],
                ["db", EVENT_COLLECTOR_PATHS.dbFile],
                ["db.sync", "normal"],
            ],
        },
        {
            section: "OUTPUT",
            keys: [
                ["Name", "stdout"],
                ["Match", EVENTS_TAG],
                ["Format", "json_lines"],
                ["json_date_key", EVENT_TIME_KEY],
                ["json_date_format", "iso8601"],
            ],
        },
    ];
}

export function eventCollectorConfigFile(e: Pick<EventCollectorSettings, "retention">): string {
    const width = (keys: FluentBitSection["keys"]) => Math.max(...keys.map(([k]) => k.length));
    return eventCollectorSections(e)
        .map((s) => [`[${s.section}]`, ...s.keys.map(([k, v]) => `    ${k.padEnd(width(s.keys))} ${v}`)].join("\n"))
        .join("\n\n")
        .concat("\n");
}
