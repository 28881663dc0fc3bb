import * as assert from "assert";
import { ConfigError } from "../config";
import { agentConfigModel } from "../components/log-agent/config-map";
import { eventCollectorConfigFile, eventCollectorSections } from "../components/event-collector/config-file";
import { eventCollectorClusterRole, eventCollectorDeployment } from "../components/event-collector/objects";
import { CONTAINER_NAME, EVENT_COLLECTOR_PATHS, EVENT_TIME_KEY } from "../components/event-collector/layout";
import { FluentdAgent } from "./harness/fluentd-sim/agent";
import { eventTime, seconds } from "./harness/fluentd-sim/event-time";
import { settingsWith } from "./harness/stack-config";
import { EVENT_WARNINGS_QUERY, logsDashboard } from "../components/log-agent/logs-dashboard";
import { dashboardContext } from "../components/common/dashboards/context";

/** A field of a shipped document by its dotted path, as Elasticsearch indexes it: "payload.involvedObject" holding { namespace } is payload.involvedObject.namespace. */
function fieldOf(source: Record<string, unknown>, path: string): unknown {
    const parts = path.split(".");
    for (let i = parts.length; i > 0; i--) {
        const head = parts.slice(0, i).join(".");
        if (head in source) {
            return parts.slice(i).reduce<unknown>((v, k) => (v !== null && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), source[head]);
        }
    }
    return undefined;
}

/** Whether a document matches a conjunction of field:"value" terms, the only Lucene the events panel writes. */
function matches(query: string, source: Record<string, unknown>): boolean {
    return query.split(" AND ").every((term) => {
        const m = /^([A-Za-z0-9_.@]+):"([^"]*)"$/.exec(term);
        assert.ok(m, `a field:"value" term: ${term}`);
        return fieldOf(source, m[1]) === m[2];
    });
}

/**
 * The keys fluent-bit v5.1.1 declares, restated from its source at that tag: the [SERVICE] keys
 * of src/flb_config.c (service_configs, FLB_CONF_STR_* in include/fluent-bit/flb_config.h), the
 * properties every input and output instance takes (src/flb_input.c, src/flb_output.c), the
 * config_map of plugins/in_kubernetes_events/kubernetes_events.c and of plugins/out_stdout/stdout.c.
 * fluent-bit matches keys without regard to case.
 */
const FLUENT_BIT_5_1_1 = {
    SERVICE: ["flush", "grace", "daemon", "log_file", "log_level", "parsers_file", "plugins_file", "http_server", "http_listen", "http_port", "storage.path"],
    INPUT: [
        "name", "tag", "alias",
        "kube_url", "interval_sec", "interval_nsec", "kube_watch_timeout", "tls.debug", "tls.verify", "tls.vhost", "kube_ca_file", "kube_ca_path",
        "kube_token_file", "kube_token_ttl", "kube_request_limit", "kube_retention_time", "kube_namespace", "db", "db.sync", "db.locking", "db.journal_mode",
    ],
    OUTPUT: ["name", "match", "match_regex", "alias", "format", "json_date_format", "json_date_key"],
} as const;

/** Values of the enumerated keys, from the same sources: flb_pack_to_json_format_type, flb_pack_to_json_date_type, the db.sync parser. */
const ENUMS: Record<string, readonly string[]> = {
    format: ["msgpack", "json", "json_lines", "json_stream", "otlp_json", "otlp_json_pretty"],
    json_date_format: ["double", "java_sql_timestamp", "iso8601", "epoch", "epoch_ms"],
    "db.sync": ["extra", "full", "normal", "off"],
    name: ["kubernetes_events", "stdout"],
};

function problemsOf(eventCollector: Record<string, unknown>): { key: string; got: unknown; expected: string }[] {
    try {
        settingsWith({ eventCollector });
        return [];
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return (e as ConfigError).problems;
    }
}

describe("event collector: fluent-bit's kubernetes_events input to JSON lines on stdout", () => {
    const settings = settingsWith({ eventCollector: { enabled: true } }).eventCollector;

    it("every key of the generated config is one fluent-bit v5.1.1 declares, with a value it accepts", () => {
        for (const section of eventCollectorSections(settings)) {
            for (const [key, value] of section.keys) {
                assert.ok((FLUENT_BIT_5_1_1[section.section] as readonly string[]).includes(key.toLowerCase()), `[${section.section}] ${key}`);
                const allowed = ENUMS[key.toLowerCase()];
                assert.ok(allowed === undefined || allowed.includes(value.toLowerCase()), `[${section.section}] ${key} ${value}`);
            }
        }
        assert.match(eventCollectorConfigFile(settings), /^\[SERVICE\]\n {4}Flush +1\n/);
    });

    it("the SQLite file of written events sits on the writable emptyDir, and the config where the image's CMD reads it", () => {
        const pod = (eventCollectorDeployment(settings) as any).spec.template.spec;
        const container = pod.containers.find((c: any) => c.name === CONTAINER_NAME);
        const mounts = Object.fromEntries(container.volumeMounts.map((m: any) => [m.mountPath, m]));
        assert.ok(EVENT_COLLECTOR_PATHS.dbFile.startsWith(`${EVENT_COLLECTOR_PATHS.stateDir}/`));
        assert.strictEqual(pod.volumes.find((v: any) => v.name === mounts[EVENT_COLLECTOR_PATHS.stateDir].name).emptyDir !== undefined, true);
        assert.strictEqual(container.securityContext.readOnlyRootFilesystem, true);
        // The image's CMD is /fluent-bit/bin/fluent-bit -c /fluent-bit/etc/fluent-bit.conf (dockerfiles/Dockerfile at v5.1.1).
        assert.strictEqual(`${EVENT_COLLECTOR_PATHS.configDir}/${EVENT_COLLECTOR_PATHS.configFile}`, "/fluent-bit/etc/fluent-bit.conf");
        assert.strictEqual(container.args, undefined);
        assert.strictEqual(pod.automountServiceAccountToken, undefined, "the input reads the pod's token and CA at their default paths");
        assert.deepStrictEqual((eventCollectorDeployment(settings) as any).spec.replicas, 1);
    });

    it("reads only events: list and watch at /api/v1/events, nothing else", () => {
        assert.deepStrictEqual(eventCollectorClusterRole(settings).rules, [{ apiGroups: [""], resources: ["events"], verbs: ["list", "watch"] }]);
    });

    it("bad input: a retention fluent-bit would misread, and a name that is no DNS label, are refused naming the key", () => {
        const problems = problemsOf({ enabled: true, retention: "1h30m", name: "Events" });
        assert.deepStrictEqual(
            problems.map((p) => [p.key, p.got]),
            [
                ["cluster-monitoring:eventCollector.name", "Events"],
                ["cluster-monitoring:eventCollector.retention", "1h30m"],
            ],
        );
        assert.match(problems[1].expected, /fluent-bit reads only the first number and the last unit/);
        assert.deepStrictEqual(problemsOf({ enabled: true, retention: "90m" }), []);
    });
});

describe("event collector: an event's line through the log agent (fluentd model)", () => {
    const CONTAINER_ID = "e".repeat(64);
    const LOG = `/var/log/containers/event-collector-6c9d7-x2k4p_kube-system_${CONTAINER_NAME}-${CONTAINER_ID}.log`;
    const WRITTEN = "2026-03-01T10:00:00.250000000Z";
    /** One event as the stdout output writes it with format json_lines: its time under event_time, then the Event object. */
    const event = (reason: string, uid: string) =>
        JSON.stringify({
            [EVENT_TIME_KEY]: "2026-03-01T09:59:58.000000Z",
            kind: "Event",
            apiVersion: "v1",
            metadata: { name: `web-1.${uid}`, namespace: "shop", uid, resourceVersion: "48213" },
            involvedObject: { kind: "Pod", namespace: "shop", name: "web-1" },
            reason,
            message: "Back-off restarting failed container app in pod web-1",
            type: "Warning",
            count: 5,
            source: { component: "kubelet", host: "node-a" },
        });
    const ship = (lines: string[]) => {
        const a = new FluentdAgent(agentConfigModel(settingsWith().logs), eventTime(WRITTEN) + seconds(5), { NODE_NAME: "node-a" });
        a.tail("fluentd-containers.log", LOG, lines);
        a.advance(10);
        a.shutdown();
        assert.deepStrictEqual(a.dumped, []);
        return a.documents();
    };

    it("arrives as one document: the event's fields under payload., the collector's pod as its source", () => {
        const [doc] = ship([`${WRITTEN} stdout F ${event("BackOff", "u-1")}`]);
        assert.deepStrictEqual(
            [doc.source["payload.reason"], doc.source["payload.type"], doc.source["payload.involvedObject"], doc.source[`payload.${EVENT_TIME_KEY}`]],
            ["BackOff", "Warning", { kind: "Pod", namespace: "shop", name: "web-1" }, "2026-03-01T09:59:58.000000Z"],
        );
        assert.deepStrictEqual(doc.source.kubernetes, { container_name: CONTAINER_NAME, namespace_name: "kube-system", pod_name: "event-collector-6c9d7-x2k4p" });
    });

    it("the same line read again after the agent's restart keeps its document id; another event gets another", () => {
        const line = `${WRITTEN} stdout F ${event("BackOff", "u-1")}`;
        const [first] = ship([line]);
        const [again] = ship([line]);
        const [other] = ship([`${WRITTEN} stdout F ${event("OOMKilling", "u-2")}`]);
        assert.strictEqual(again.id, first.id);
        assert.notStrictEqual(other.id, first.id);
    });

    it("the Logs dashboard's Cluster events panel finds it: its query holds for the shipped document, for the event's namespace only", () => {
        const dashboard = logsDashboard(dashboardContext(settingsWith({ eventCollector: { enabled: true }, searchStore: { enabled: true } })), "cluster-monitoring") as any;
        const panel = dashboard.panels.find((p: any) => p.title === "Cluster events: warnings");
        assert.strictEqual(panel.targets[0].query, EVENT_WARNINGS_QUERY);
        const [doc] = ship([`${WRITTEN} stdout F ${event("FailedScheduling", "u-3")}`]);
        assert.strictEqual(matches(EVENT_WARNINGS_QUERY.replace("$namespace", "shop"), doc.source), true);
        assert.strictEqual(matches(EVENT_WARNINGS_QUERY.replace("$namespace", "payments"), doc.source), false);
        const [normal] = ship([`${WRITTEN} stdout F ${event("Scheduled", "u-4").replace('"type":"Warning"', '"type":"Normal"')}`]);
        assert.strictEqual(matches(EVENT_WARNINGS_QUERY.replace("$namespace", "shop"), normal.source), false);
        // Without the collector, no panel looks for its lines.
        const without = logsDashboard(dashboardContext(settingsWith({ searchStore: { enabled: true } })), "cluster-monitoring") as any;
        assert.deepStrictEqual(without.panels.map((p: any) => p.title), ["Logs"]);
    });
});
