import { ALERT_RULES_KEY } from "./alert-rules";
import { BLACKBOX_EXPORTER_KEY } from "./blackbox-exporter";
import { compoundDuration } from "./formats";
import { METRICS_KEY } from "./metrics";
import { matches } from "./needs";
import { keyAt, Problems } from "./problems";
import { RESOURCE_METRICS_KEY } from "./resource-metrics";
import { ConfigSource, fullKey } from "./source";
import { PrometheusRelease } from "../prometheus-releases/release-lines";

/**
 * Durations follow the release line (issue #41, class 10): every Prometheus duration field takes
 * the grammar of the newest lines (1m30s, 1h30m: config/formats/prometheus-duration.ts), and the
 * fields Prometheus itself reads refuse a compound one where the stack's line cannot parse it
 * (2.11, whose prometheus/common v0.4.1 reads one number and one unit). Durations that other
 * programs read (Alertmanager's, VictoriaMetrics' dedup interval) are not held to Prometheus' line.
 */

/** The fields Prometheus reads as durations (its config, its flags, its rule files, PromQL ranges), by stack key; "*" is any list entry or map key. */
export const PROMETHEUS_READ_DURATIONS: Readonly<Record<string, readonly (readonly string[])[]>> = {
    [METRICS_KEY]: [
        ["retention"],
        ["scrapeInterval"],
        ["evaluationInterval"],
        ["services", "*", "interval"],
        ["remoteWrite", "*", "remoteTimeout"],
        ["remoteWrite", "*", "queue", "batchSendDeadline"],
        ["remoteWrite", "*", "queue", "minBackoff"],
        ["remoteWrite", "*", "queue", "maxBackoff"],
        ["extraScrapeConfigs", "*", "scrape_interval"],
        ["extraScrapeConfigs", "*", "scrape_timeout"],
        ["extraScrapeConfigs", "*", "http_sd_configs", "*", "refresh_interval"],
    ],
    [BLACKBOX_EXPORTER_KEY]: [["probes", "*", "interval"]],
    [ALERT_RULES_KEY]: [
        ["groups", "*", "interval"],
        ["groups", "*", "rules", "*", "for"],
        ["overrides", "*", "for"],
    ],
    // The adapter's rate() window, which Prometheus parses as a PromQL range.
    [RESOURCE_METRICS_KEY]: [["window"]],
};

/** Whether the line parses a compound duration: its PromQL dialect says, as its config parser came with it. */
function readsCompound(release: PrometheusRelease): boolean {
    return release.promql.duration.test("1m30s");
}

/** Refuses each compound duration of a field Prometheus reads, where `release` cannot parse it; a field with a problem of its own is left alone. */
export function checkDurationsOnLine(source: ConfigSource, release: PrometheusRelease, problems: Problems): void {
    if (readsCompound(release)) {
        return;
    }
    for (const [key, paths] of Object.entries(PROMETHEUS_READ_DURATIONS)) {
        for (const path of paths) {
            for (const { path: at, value } of matches(source.value(key), path)) {
                const where = keyAt(fullKey(key), at);
                if (typeof value === "string" && compoundDuration(value) && !problems.hasAtOrUnder(where)) {
                    problems.add(
                        where,
                        value,
                        `a duration of one number and one unit, such as 90s: Prometheus ${release.line} parses no compound duration ` +
                            `(they came in 2.23); write it in one unit, or set ${fullKey(METRICS_KEY)}.image to a newer line`,
                    );
                }
            }
        }
    }
}
