import { fullKey, LOGS_KEY, METRICS_KEY, MIN_SCRAPES_PER_WINDOW, NODE_EXPORTER_DEFAULT_NAMESPACE, NODE_EXPORTER_KEY, RESOURCE_METRICS_KEY, Settings } from "../../config";
import { prometheusDurationSeconds } from "../../config/formats";
import { Problems } from "../../config/problems";
import { LaterProblem, reading } from "../common/later-problem";

/**
 * The adapter's queries read cAdvisor's container series and node-exporter's node series as our
 * scrape jobs store them (docs/resource-metrics.md#the-rules): the cadvisor job drops the root
 * cgroup, so node figures come from node-exporter. Its rate() window must span several scrapes,
 * and it runs where the program creates the namespace or one that always exists. Run while the
 * stack loads, with every other problem (Component.checks).
 */
export function resourceMetricsProblems(s: Settings): LaterProblem[] {
    const r = s.resourceMetrics;
    const m = s.metrics;
    if (!r.enabled) {
        return [];
    }
    const [switches, namespace, window] = [new Problems(), new Problems(), new Problems()];
    const key = fullKey(RESOURCE_METRICS_KEY);
    const mk = fullKey(METRICS_KEY);
    const missing = [
        ...(m.replicas > 0 ? [] : [`${fullKey(METRICS_KEY)}.replicas of 1 or more (the Prometheus it queries)`]),
        ...(m.jobs.cadvisor ? [] : [`${fullKey(METRICS_KEY)}.jobs.cadvisor (pod CPU and memory)`]),
        ...(s.nodeExporter.enabled ? [] : [`${fullKey(NODE_EXPORTER_KEY)}.enabled (node CPU and memory)`]),
    ];
    if (missing.length > 0) {
        switches.add(`${key}.enabled`, true, `false, or switch on ${missing.join(" and ")}: the adapter's queries read those series`);
    }
    const allowed = [...new Set([m.namespace, s.logs.namespace, NODE_EXPORTER_DEFAULT_NAMESPACE])];
    if (!allowed.includes(r.namespace)) {
        namespace.add(`${key}.namespace`, r.namespace, `one of ${allowed.join(", ")}: a namespace the program creates, or kube-system`);
    } else if (m.web?.tls !== undefined && r.namespace !== m.namespace) {
        // A pod mounts Secrets of its own namespace only, and the adapter verifies Prometheus against ca.crt of that Secret.
        namespace.add(
            `${key}.namespace`,
            r.namespace,
            `${m.namespace}, the metrics namespace, while ${fullKey(METRICS_KEY)}.web.tls is set: the adapter reads ca.crt from Secret ${m.web.tls.secretName} there`,
        );
    }
    const minimum = MIN_SCRAPES_PER_WINDOW * prometheusDurationSeconds(m.scrapeInterval);
    if (prometheusDurationSeconds(r.window) < minimum) {
        window.add(
            `${key}.window`,
            r.window,
            `a duration of at least ${minimum}s, ${MIN_SCRAPES_PER_WINDOW} times ${fullKey(METRICS_KEY)}.scrapeInterval (${m.scrapeInterval}): ` +
                "with fewer scrapes in the window a missed scrape leaves rate() without two samples, and kubectl top without a value",
        );
    }
    return [
        ...reading([`${mk}.replicas`, `${mk}.jobs.cadvisor`, `${fullKey(NODE_EXPORTER_KEY)}.enabled`], switches.all()),
        ...reading([`${mk}.namespace`, `${fullKey(LOGS_KEY)}.namespace`, `${mk}.web.tls`], namespace.all()),
        ...reading([`${mk}.scrapeInterval`], window.all()),
    ];
}
