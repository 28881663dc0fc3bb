// fluentd 1.6's Config.size_value: a whole number with an optional k, m, g or t suffix (powers of
// 1024, either case). Its regexps are unanchored ("2MB" reads as 2M, "1.5M" as 5M), so only the
// exact form is accepted here.
const FLUENTD_SIZE = /^([1-9][0-9]*)([kKmMgGtT])?$/;
const SIZE_FACTORS: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/**
 * The largest fluentd size accepted: 1T. Ruby has no integer overflow, so fluentd would take any
 * number, but no node keeps a larger buffer (the file buffer's default total_limit_size is 64GB),
 * a larger value is nearly always a slip of the unit, and it keeps byte arithmetic here exact.
 */
export const MAX_FLUENTD_SIZE = "1T";

export function fluentdSize(value: string): string | undefined {
    if (!FLUENTD_SIZE.test(value)) {
        return "a fluentd size: a whole number of bytes with an optional K, M, G or T suffix, such as 512K, 2M or 1G (not 2MB or 1.5M)";
    }
    return fluentdSizeBytes(value) <= SIZE_FACTORS.t
        ? undefined
        : `a fluentd size of at most ${MAX_FLUENTD_SIZE}: no node keeps a larger log buffer, so a larger value is a slip of the unit`;
}

/** Bytes of a size that matches fluentd's size format; NaN otherwise. */
export function fluentdSizeBytes(value: string): number {
    const match = FLUENTD_SIZE.exec(value);
    if (!match) {
        return Number.NaN;
    }
    return Number(match[1]) * (match[2] ? SIZE_FACTORS[match[2].toLowerCase()] : 1);
}

/** The shortest fluentd size text for a byte count, so a derived limit reads like a hand-written one. */
export function formatFluentdSize(bytes: number): string {
    for (const unit of ["T", "G", "M", "K"]) {
        const factor = SIZE_FACTORS[unit.toLowerCase()];
        if (bytes % factor === 0) {
            return `${bytes / factor}${unit}`;
        }
    }
    return String(bytes);
}

// fluentd 1.6's Config.time_value: /([0-9]+)s/ and the like, unanchored, take the digits right
// before the unit, so "1.5m" is read as 5m; plain seconds go through to_f, so "0.5" is half a
// second. Hence: a fraction only without a unit.
const FLUENTD_DURATION = /^(?:([0-9]+)(s|m|h|d)|([0-9]+(?:\.[0-9]+)?))$/;
const FLUENTD_UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/**
 * The longest fluentd duration accepted: a day. fluentd (Ruby floats and bignums) would take any
 * number, but a flush or retry wait of more than a day holds logs back for days, and such a
 * number is nearly always milliseconds written where fluentd counts seconds.
 */
export const MAX_FLUENTD_DURATION_SECONDS = 86400;

/** Seconds of a duration in the form fluentdDuration accepts; NaN otherwise. */
export function fluentdDurationSeconds(value: string): number {
    const match = FLUENTD_DURATION.exec(value);
    return match ? (match[1] !== undefined ? Number(match[1]) * FLUENTD_UNIT_SECONDS[match[2]] : Number(match[3])) : Number.NaN;
}

export function fluentdDuration(value: string): string | undefined {
    const seconds = fluentdDurationSeconds(value);
    if (!(seconds > 0)) {
        return (
            "a positive fluentd duration: seconds (a fraction such as 0.5 is fine), or a whole number with an s, m, h or d suffix, " +
            "such as 5s, 30 or 1m (not 1.5m, which fluentd reads as 5m)"
        );
    }
    return seconds <= MAX_FLUENTD_DURATION_SECONDS
        ? undefined
        : `a fluentd duration of at most 1d (${MAX_FLUENTD_DURATION_SECONDS} seconds): a longer flush or retry wait holds logs back ` +
              "for days, and such a number is usually milliseconds written where fluentd counts seconds";
}
