import { MAX_INT64 } from "./int64";

// Prometheus 2.11 parses one number and one unit; compound durations such as 1h30m came in 2.23.
const PROMETHEUS_DURATION = /^([0-9]+)(ms|s|m|h|d|w|y)$/;

/** Milliseconds per unit, as prometheus/common model.ParseDuration counts them (a year is 365d). */
const PROMETHEUS_UNIT_MS: Record<string, bigint> = {
    ms: 1n,
    s: 1000n,
    m: 60_000n,
    h: 3_600_000n,
    d: 86_400_000n,
    w: 604_800_000n,
    y: 31_536_000_000n,
};

/**
 * The largest count of `unit` that fits a Go time.Duration (int64 nanoseconds): 292y, 15250w,
 * 106751d, 2562047h, 153722867m, 9223372036s, 9223372036854ms. It is the bound that
 * prometheus/common checks since v0.20.0 (Prometheus 2.26).
 */
export function prometheusDurationMax(unit: string): bigint {
    return MAX_INT64 / (PROMETHEUS_UNIT_MS[unit] * 1_000_000n);
}

const PROMETHEUS_DURATION_FORMAT =
    "a positive Prometheus duration: a whole number and one unit of ms, s, m, h, d, w or y, such as 30s or 20d";

export function prometheusDuration(value: string): string | undefined {
    const match = PROMETHEUS_DURATION.exec(value);
    if (!match || BigInt(match[1]) === 0n) {
        return PROMETHEUS_DURATION_FORMAT;
    }
    // Prometheus 2.11.1 vendors prometheus/common v0.4.1, whose ParseDuration ignores Atoi's range
    // error and multiplies in int64 without a check: a longer duration wraps around into a wrong
    // one, often negative (10000000000d becomes about -272 years), and no error is reported.
    const max = prometheusDurationMax(match[2]);
    return BigInt(match[1]) <= max
        ? undefined
        : `a Prometheus duration of at most ${max}${match[2]} (about 292 years, the range of Go's int64-nanosecond ` +
              "time.Duration): Prometheus 2.11 does not check for overflow and would silently wrap a longer one into a wrong, even negative, duration";
}

/** Seconds of a duration that passed prometheusDuration, to compare two of them; NaN otherwise. */
export function prometheusDurationSeconds(value: string): number {
    if (prometheusDuration(value) !== undefined) {
        return Number.NaN;
    }
    const match = PROMETHEUS_DURATION.exec(value)!;
    return (Number(match[1]) * Number(PROMETHEUS_UNIT_MS[match[2]])) / 1000;
}
