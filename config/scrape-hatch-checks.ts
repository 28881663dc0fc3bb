import { prometheusDuration, prometheusDurationSeconds } from "./formats";
import { METRICS_DEFAULTS, METRICS_KEY } from "./metrics";
import { keyAt, Problems } from "./problems";
import { ConfigSource, fullKey } from "./source";

/**
 * Checks of metrics.extraScrapeConfigs that read another metrics setting, on the raw stack value
 * so that each entry is judged even while another has problems (issue #41, class 9); a field with
 * a problem of its own is left alone.
 *
 * - scrape_timeout at most the job's interval (issue #41, class 1). Prometheus' Config
 *   UnmarshalYAML, the same at v2.11.1, v2.42.0, v2.53.0 and v3.5.0 (config/config.go at the tags):
 *   the job's scrape_interval, else the global one (metrics.scrapeInterval), then "scrape timeout
 *   greater than scrape interval" when an explicit scrape_timeout exceeds it. An unset timeout takes
 *   the global 10s, or the interval when that is shorter, so it never fails.
 * - a target label that the program writes itself (class 8): an external label (metrics.externalLabels,
 *   the cluster label of an edge among them) or, with 2 or more replicas, the replica label. Prometheus
 *   adds an external label only to series that lack it, so a target that sets it would send its own
 *   value to the long-term store and to Alertmanager under the program's name (a wrong cluster, a
 *   replica the deduplication does not know).
 */

const LISTS = ["relabel_configs", "metric_relabel_configs"] as const;

function record(v: unknown): Record<string, unknown> | undefined {
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** The labels the program writes on every series of this Prometheus, with the setting that names each. */
export function programLabels(rawMetrics: Record<string, unknown>): Map<string, string> {
    const labels = new Map<string, string>();
    const external = record(rawMetrics.externalLabels) ?? (rawMetrics.externalLabels === undefined ? METRICS_DEFAULTS.externalLabels : {});
    for (const name of Object.keys(external)) {
        labels.set(name, `${fullKey(METRICS_KEY)}.externalLabels.${name}`);
    }
    if (typeof rawMetrics.replicas === "number" && rawMetrics.replicas >= 2) {
        labels.set(typeof rawMetrics.replicaLabel === "string" ? rawMetrics.replicaLabel : METRICS_DEFAULTS.replicaLabel, `${fullKey(METRICS_KEY)}.replicaLabel`);
    }
    return labels;
}

export function checkScrapeHatches(source: ConfigSource, problems: Problems): void {
    const metrics = record(source.value(METRICS_KEY));
    const configs = metrics?.extraScrapeConfigs;
    if (metrics === undefined || !Array.isArray(configs)) {
        return;
    }
    const key = fullKey(METRICS_KEY);
    const seconds = (v: unknown) => (typeof v === "string" && prometheusDuration(v) === undefined ? prometheusDurationSeconds(v) : undefined);
    const globalInterval = metrics.scrapeInterval === undefined ? seconds(METRICS_DEFAULTS.scrapeInterval) : seconds(metrics.scrapeInterval);
    const labels = programLabels(metrics);
    configs.forEach((raw, i) => {
        const c = record(raw);
        if (c === undefined) {
            return;
        }
        const at = (...path: (string | number)[]) => keyAt(key, ["extraScrapeConfigs", i, ...path]);
        const timeout = seconds(c.scrape_timeout);
        const interval = c.scrape_interval === undefined ? globalInterval : seconds(c.scrape_interval);
        if (timeout !== undefined && interval !== undefined && timeout > interval && !problems.hasAtOrUnder(at("scrape_timeout"))) {
            const from = c.scrape_interval === undefined ? `${key}.scrapeInterval (${metrics.scrapeInterval ?? METRICS_DEFAULTS.scrapeInterval}), the global interval, since the job sets none` : `its scrape_interval (${c.scrape_interval})`;
            problems.add(at("scrape_timeout"), c.scrape_timeout, `a timeout no longer than the job's interval, ${from}: Prometheus refuses the config (scrape timeout greater than scrape interval)`);
        }
        const claim = (path: (string | number)[], name: unknown) => {
            const owner = typeof name === "string" ? labels.get(name) : undefined;
            if (owner !== undefined && !problems.hasAtOrUnder(at(...path))) {
                problems.add(
                    at(...path),
                    name,
                    `a label the program does not write: ${owner} sets ${name} on every series this Prometheus sends, and a target's own ${name} would be sent in its place (Prometheus adds an external label only where a series lacks it); use another name`,
                );
            }
        };
        (Array.isArray(c.static_configs) ? c.static_configs : []).forEach((g, j) => {
            for (const name of Object.keys(record(record(g)?.labels) ?? {})) {
                claim(["static_configs", j, "labels", name], name);
            }
        });
        for (const list of LISTS) {
            (Array.isArray(c[list]) ? (c[list] as unknown[]) : []).forEach((r, j) => claim([list, j, "target_label"], record(r)?.target_label));
        }
    });
}
