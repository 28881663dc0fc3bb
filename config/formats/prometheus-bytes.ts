import { MAX_INT64 } from "./int64";

/**
 * --storage.tsdb.retention.size is a kingpin BytesVar: alecthomas/units ParseBase2Bytes, where
 * KB, MB, ... are powers of 1024 (docs/long-term-storage.md#retention-by-size). It also takes
 * fractions, compound values (1GB512MB) and iB units; only one whole number and one of the units
 * that every release from 2.11 to 3.x documents is accepted, so the value means the same on each.
 */
const PROMETHEUS_BYTES = /^([1-9][0-9]*)(B|KB|MB|GB|TB|PB|EB)$/;
const PROMETHEUS_BYTE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB", "EB"];

export function prometheusBytes(value: string): string | undefined {
    const match = PROMETHEUS_BYTES.exec(value);
    if (!match) {
        return (
            "a Prometheus byte size: a whole number above 0 and one of the units B, KB, MB, GB, TB, PB or EB (powers of 1024), " +
            "such as 512GB (not 512Gi, 0.5TB or 1GB512MB)"
        );
    }
    return prometheusBytesValue(value) <= MAX_INT64
        ? undefined
        : "a Prometheus byte size below 8EB: Prometheus holds it as a 64-bit integer and refuses a larger one";
}

/** Bytes of a size that matches the Prometheus byte format, as a bigint; -1n otherwise. */
export function prometheusBytesValue(value: string): bigint {
    const match = PROMETHEUS_BYTES.exec(value);
    if (!match) {
        return -1n;
    }
    return BigInt(match[1]) * 1024n ** BigInt(PROMETHEUS_BYTE_UNITS.indexOf(match[2]));
}
