import { annotationDiscoveryOn } from "./annotation-discovery";
import { ALERTMANAGER_KEY } from "./alertmanager";
import { ALERT_RULES_KEY } from "./alert-rules";
import { BLACKBOX_EXPORTER_KEY } from "./blackbox-exporter";
import { CONTROL_PLANE_KEY, ControlPlaneSettings } from "./control-plane";
import { GRAFANA_KEY } from "./grafana";
import { HATCH_NEEDS } from "./hatch-needs";
import type { Need, NeedContext } from "./need-types";
import { KUBE_STATE_METRICS_KEY } from "./kube-state-metrics";
import { METRICS_KEY, MetricsSettings, reloaderRuns } from "./metrics";
import { NETWORK_POLICIES_KEY } from "./network-policies";
import { NODE_EXPORTER_KEY } from "./node-exporter";
import { keyAt, Problems } from "./problems";
import { RESOURCE_METRICS_KEY } from "./resource-metrics";
import { SEARCH_STORE_KEY } from "./search-store";
import { ConfigSource, fullKey } from "./source";
import { PrometheusRelease, PROMETHEUS_RELEASES } from "../prometheus-releases/release-lines";

/**
 * A setting that does nothing is refused, naming it (issue #33, class 1): a sub-setting of a
 * switched-off feature, a list whose consumer is off, a limit the release line ignores. Each is
 * one declared "needs" relation below, not a check of its own: a path of the stack file ("*" for
 * any field, map key or list entry), and what the setting there needs in order to do anything.
 * The check walks what the stack file wrote, so it names exactly the key the user set, and a
 * setting under one that is already refused is not refused again.
 */

export type { Need, NeedContext } from "./need-types";

const switchOf = (c: NeedContext, key: string, path: readonly string[] = []): boolean | undefined => {
    let at: unknown = c.parsed[key];
    for (const part of [...path, "enabled"]) {
        at = typeof at === "object" && at !== null ? (at as Record<string, unknown>)[part] : undefined;
    }
    return typeof at === "boolean" ? at : undefined;
};

/** Every field of a component beside its `enabled`, while that switch is off. */
function switchedOff(key: string, path: readonly string[] = [], what = fullKey(key)): Need {
    const at = [fullKey(key), ...path, "enabled"].join(".");
    return {
        key,
        path: [...path, "*"],
        except: ["enabled"],
        idle: (c) => (switchOf(c, key, path) === false ? `nothing unless ${at} is true: while it is false, no ${what} runs to read this setting; remove it, or switch ${at} on` : undefined),
    };
}

/** A component's own key (config/own-keys.ts) switched off: every field of it but `enabled`. */
export function switchedOffNeed(key: string, what: string): Need {
    return switchedOff(key, [], what);
}

const CONTROL_PLANE_PARTS = ["coreDns", "scheduler", "controllerManager", "kubeProxy"] as const;

const LABEL_LIMITS = ["labelLimit", "labelNameLengthLimit", "labelValueLengthLimit"];

function labelLimitIdle(c: NeedContext): string | undefined {
    if (c.release === undefined || c.release.labelLimits) {
        return undefined;
    }
    const lines = PROMETHEUS_RELEASES.filter((r) => r.labelLimits).map((r) => r.line).join(", ");
    return `nothing on Prometheus ${c.release.line}: label limits came in 2.27 (the lines ${lines}), and the program leaves them out of an older line's scrape configs; remove it, or set ${fullKey(METRICS_KEY)}.image to one of those lines`;
}

/** The declared relations; a new switch or a new release-dependent setting is one more line. */
export const NEEDS: readonly Need[] = [
    // A switched-off component: everything else under its key.
    switchedOff(ALERTMANAGER_KEY, [], "Alertmanager"),
    switchedOff(GRAFANA_KEY, [], "Grafana"),
    switchedOff(SEARCH_STORE_KEY, [], "in-cluster Elasticsearch"),
    switchedOff(NODE_EXPORTER_KEY, [], "node-exporter"),
    switchedOff(KUBE_STATE_METRICS_KEY, [], "kube-state-metrics"),
    switchedOff(RESOURCE_METRICS_KEY, [], "prometheus-adapter"),
    switchedOff(BLACKBOX_EXPORTER_KEY, [], "blackbox exporter (and no probe)"),
    switchedOff(NETWORK_POLICIES_KEY, [], "NetworkPolicy"),
    // A switched-off part of a component that is on.
    switchedOff(SEARCH_STORE_KEY, ["exporter"], "elasticsearch_exporter"),
    switchedOff(SEARCH_STORE_KEY, ["kibana"], "Kibana"),
    switchedOff(SEARCH_STORE_KEY, ["retention"], "retention CronJob"),
    switchedOff(METRICS_KEY, ["otlp"], "OTLP receiver"),
    ...CONTROL_PLANE_PARTS.map((part): Need => ({
        key: CONTROL_PLANE_KEY,
        path: [part, "*"],
        except: ["enabled"],
        idle: (c) => {
            const cp = c.parsed[CONTROL_PLANE_KEY] as ControlPlaneSettings | undefined;
            const at = `${fullKey(CONTROL_PLANE_KEY)}.${part}.enabled`;
            return cp !== undefined && !cp[part].enabled ? `nothing while ${at} is false (set, or by controlPlane.kind ${cp.kind}): no job scrapes it; remove it, or switch ${at} on` : undefined;
        },
    })),
    // A list or setting whose consumer is off.
    {
        key: METRICS_KEY,
        path: ["etcd"],
        idle: (c) => (c.metrics !== undefined && !c.metrics.jobs.etcd ? `nothing unless ${fullKey(METRICS_KEY)}.jobs.etcd is true: no etcd job reads it; remove it, or switch the job on` : undefined),
    },
    {
        key: BLACKBOX_EXPORTER_KEY,
        path: ["probeAnnotated"],
        idle: (c) =>
            switchOf(c, BLACKBOX_EXPORTER_KEY) === true && c.metrics !== undefined && (c.parsed[BLACKBOX_EXPORTER_KEY] as { probeAnnotated: boolean }).probeAnnotated && !annotationDiscoveryOn(c.metrics.annotationDiscovery)
                ? `nothing while ${fullKey(METRICS_KEY)}.annotationDiscovery lists no namespace and is not clusterWide: no annotated Service is discovered to probe; remove it, or turn annotation discovery on`
                : undefined,
    },
    {
        key: METRICS_KEY,
        path: ["replicaLabel"],
        idle: (c) => (c.metrics !== undefined && c.metrics.replicas < 2 ? `nothing while ${fullKey(METRICS_KEY)}.replicas is below 2: only replicas carry the replica label; remove it, or run 2 or more replicas` : undefined),
    },
    {
        // One replica has one address: nothing to fan out to (docs/otlp.md#two-or-more-replicas).
        key: METRICS_KEY,
        path: ["otlp", "replicaFanOut"],
        idle: (c) => (c.metrics !== undefined && c.metrics.replicas < 2 ? `nothing while ${fullKey(METRICS_KEY)}.replicas is below 2: there is one address to push to; remove it, or run 2 or more replicas` : undefined),
    },
    {
        key: METRICS_KEY,
        path: ["reloader"],
        idle: (c) =>
            c.metrics !== undefined && !reloaderRuns(c.metrics) && c.metrics.replicas < 2
                ? `nothing while no config-reloader runs: it needs ${fullKey(METRICS_KEY)}.enableLifecycle without web.basicAuth, or 2 or more replicas; remove it`
                : undefined,
    },
    {
        // Read by the default alerts and by the team rules checker's TeamRuleFileRefused.
        key: ALERT_RULES_KEY,
        path: ["runbookBaseUrl"],
        idle: (c) => {
            const rules = c.parsed[ALERT_RULES_KEY] as { defaults?: boolean } | undefined;
            return rules !== undefined && rules.defaults === false && c.metrics !== undefined && c.metrics.teamRules === undefined
                ? `nothing while ${fullKey(ALERT_RULES_KEY)}.defaults is false and ${fullKey(METRICS_KEY)}.teamRules is unset: it links the default alerts' and TeamRuleFileRefused's runbooks, and neither is loaded; remove it`
                : undefined;
        },
    },
    // A limit the release line ignores.
    ...LABEL_LIMITS.map((field): Need => ({ key: METRICS_KEY, path: ["limits", field], idle: labelLimitIdle })),
    ...LABEL_LIMITS.map((field): Need => ({ key: METRICS_KEY, path: ["limits", "perJob", "*", field], idle: labelLimitIdle })),
    // An escape hatch's entry that nothing refers to: a receiver, a time interval, a volume.
    ...HATCH_NEEDS,
];

/** Every concrete path of the raw value that `pattern` matches ("*" expands to what is there; null counts as unset). */
export function matches(raw: unknown, pattern: readonly string[], except: readonly string[] = []): { path: (string | number)[]; value: unknown }[] {
    const walk = (at: unknown, i: number, path: (string | number)[]): { path: (string | number)[]; value: unknown }[] => {
        if (at === undefined || at === null) {
            return [];
        }
        if (i === pattern.length) {
            return [{ path, value: at }];
        }
        if (typeof at !== "object") {
            return [];
        }
        const part = pattern[i];
        const last = i === pattern.length - 1;
        if (part === "*") {
            const entries: [string | number, unknown][] = Array.isArray(at) ? at.map((v, n) => [n, v]) : Object.entries(at);
            return entries.filter(([k]) => !(last && except.includes(String(k)))).flatMap(([k, v]) => walk(v, i + 1, [...path, k]));
        }
        return Array.isArray(at) ? [] : walk((at as Record<string, unknown>)[part], i + 1, [...path, part]);
    };
    return walk(raw, 0, []);
}

/** Refuses every setting that the stack wrote and that does nothing now; one problem per setting, none under one already refused. */
export function checkNeeds(source: ConfigSource, context: NeedContext, problems: Problems, needs: readonly Need[] = NEEDS): void {
    const refused: string[] = [];
    const withRaw: NeedContext = { ...context, raw: context.raw ?? ((key) => source.value(key)) };
    for (const need of needs) {
        for (const { path, value } of matches(source.value(need.key), need.path, need.except)) {
            const reason = need.idle(withRaw, { path, value });
            if (reason === undefined) {
                continue;
            }
            const at = keyAt(fullKey(need.key), path);
            // A setting already refused for its own value is not refused again for doing nothing.
            if (refused.some((r) => at === r || at.startsWith(`${r}.`) || at.startsWith(`${r}[`)) || problems.hasAtOrUnder(at)) {
                continue;
            }
            refused.push(at);
            problems.add(at, value, reason);
        }
    }
}
