import { MAX_INT64 } from "./int64";

/**
 * A duration as prometheus/common's model.ParseDuration reads it since v0.15 (Prometheus 2.23 and
 * every later line): whole numbers, each with a unit, the units from the largest down and each at
 * most once (1h30m, 1m30s). Prometheus 2.11 (prometheus/common v0.4.1) parses one number and one
 * unit only; which line a field is read by decides (config/prometheus-durations.ts).
 */
const PROMETHEUS_DURATION = /^(?:([0-9]+)y)?(?:([0-9]+)w)?(?:([0-9]+)d)?(?:([0-9]+)h)?(?:([0-9]+)m)?(?:([0-9]+)s)?(?:([0-9]+)ms)?$/;
const UNITS = ["y", "w", "d", "h", "m", "s", "ms"] as const;

/** One number and one unit: what Prometheus 2.11 parses. */
const SINGLE_UNIT = /^([0-9]+)(ms|s|m|h|d|w|y)$/;

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
    "a positive Prometheus duration: whole numbers, each with a unit of y, w, d, h, m, s or ms, the largest first, such as 30s, 20d or 1m30s";

/** The parts of a duration the grammar takes, by unit, or undefined. */
function durationParts(value: string): { unit: string; count: bigint }[] | undefined {
    const match = value === "" ? null : PROMETHEUS_DURATION.exec(value);
    if (!match) {
        return undefined;
    }
    return UNITS.flatMap((unit, i) => (match[i + 1] === undefined ? [] : [{ unit, count: BigInt(match[i + 1]) }]));
}

export function prometheusDuration(value: string): string | undefined {
    const parts = durationParts(value);
    if (parts === undefined || parts.every((p) => p.count === 0n)) {
        return PROMETHEUS_DURATION_FORMAT;
    }
    // Prometheus 2.11.1 vendors prometheus/common v0.4.1, whose ParseDuration ignores Atoi's range
    // error and multiplies in int64 without a check: a longer duration wraps around into a wrong
    // one, often negative (10000000000d becomes about -272 years), and no error is reported. Later
    // lines refuse it.
    if (parts.length === 1) {
        const [{ unit, count }] = parts;
        const max = prometheusDurationMax(unit);
        return count <= max
            ? undefined
            : `a Prometheus duration of at most ${max}${unit} (about 292 years, the range of Go's int64-nanosecond ` +
                  "time.Duration): Prometheus 2.11 does not check for overflow and would silently wrap a longer one into a wrong, even negative, duration";
    }
    const total = parts.reduce((sum, p) => sum + p.count * PROMETHEUS_UNIT_MS[p.unit] * 1_000_000n, 0n);
    return total <= MAX_INT64 ? undefined : "a Prometheus duration of at most about 292 years, the range of Go's int64-nanosecond time.Duration";
}

/** Whether a duration that passed prometheusDuration has more than one unit (1m30s), which Prometheus 2.11 cannot parse. */
export function compoundDuration(value: string): boolean {
    return prometheusDuration(value) === undefined && !SINGLE_UNIT.test(value);
}

/** Seconds of a duration that passed prometheusDuration, to compare two of them; NaN otherwise. */
export function prometheusDurationSeconds(value: string): number {
    if (prometheusDuration(value) !== undefined) {
        return Number.NaN;
    }
    return durationParts(value)!.reduce((sum, p) => sum + (Number(p.count) * Number(PROMETHEUS_UNIT_MS[p.unit])) / 1000, 0);
}

/**
 * A duration that may also be zero, for the fields whose reader accepts none at all: Alertmanager's
 * group_wait (config.go's Route checks only group_interval and repeat_interval for zero; amtool
 * 0.25 and Alertmanager 0.34 both load `group_wait: 0s` and send a new group's first notification
 * at once). prometheus/common reads "0" alone as zero too.
 */
export function durationOrZero(value: string): string | undefined {
    if (value === "0" || (value !== "" && durationParts(value)?.every((p) => p.count === 0n))) {
        return undefined;
    }
    return prometheusDuration(value) === PROMETHEUS_DURATION_FORMAT
        ? "a Prometheus duration or zero: whole numbers, each with a unit of y, w, d, h, m, s or ms, the largest first, such as 0s, 30s or 1m30s"
        : prometheusDuration(value);
}
