import { fullKey, METRICS_KEY, Settings } from "../config";
import { prometheusDurationSeconds } from "../config/formats";
import { LaterProblem } from "../components/common/later-problem";
import { COMPONENTS } from "./components";

/**
 * Every dedup window the components claim (Component.dedup) against the stack's scrape intervals
 * (docs/long-term-storage.md#deduplication), checked while the stack loads with every other problem:
 * - a window is at least the global scrape interval, or two replicas' samples of one scrape would
 *   both be kept;
 * - it is at most the interval of every job that scrapes more slowly than the global interval,
 *   so dedup never thins such a job (prod's jmx-kafka at 1m).
 */
export function dedupProblems(s: Settings): LaterProblem[] {
    const claims = COMPONENTS.map((c) => c.dedup?.(s) ?? {});
    const scrapeInterval = s.metrics.scrapeInterval;
    const globalKey = `${fullKey(METRICS_KEY)}.scrapeInterval`;
    const global = prometheusDurationSeconds(scrapeInterval);
    const slower = claims.flatMap((c) => c.intervals ?? []).filter((j) => prometheusDurationSeconds(j.interval) > global);
    return claims
        .flatMap((c) => c.windows ?? [])
        .flatMap((w): LaterProblem[] => {
            const dedup = prometheusDurationSeconds(w.interval);
            if (dedup < global) {
                return [
                    {
                        key: w.key,
                        got: w.interval,
                        expected: `a duration of at least ${fullKey("metrics")}.scrapeInterval (${scrapeInterval}): with a shorter one both replicas' samples of one scrape are kept, and nothing is deduplicated`,
                        reads: [globalKey],
                    },
                ];
            }
            return slower
                .filter((j) => dedup > prometheusDurationSeconds(j.interval))
                .map((j) => ({
                    key: w.key,
                    got: w.interval,
                    expected: `a duration of at most ${j.interval}, the interval of job ${j.job} (${j.key}): a longer one keeps one sample per ${w.interval} and thins that job`,
                    reads: [globalKey, j.key],
                }));
        });
}
