/**
 * fluentd's event time (Fluent::EventTime: seconds and nanoseconds) as nanoseconds since the
 * epoch, and the subset of Ruby's strptime that the agent's time_format values use. fluentd 1.6's
 * TimeParser reads a format without a zone as local time; the agent's container runs in UTC, so
 * this model reads it as UTC.
 */
export type EventTime = bigint;

export function eventTime(iso: string): EventTime {
    const m = /^(.*?)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/.exec(iso);
    if (!m) {
        throw new Error(`not an ISO time: ${iso}`);
    }
    const ms = Date.parse(`${m[1]}${m[3]}`);
    if (Number.isNaN(ms)) {
        throw new Error(`not an ISO time: ${iso}`);
    }
    return BigInt(ms) * 1_000_000n + BigInt((m[2] ?? "").padEnd(9, "0"));
}

export function seconds(n: number): EventTime {
    return BigInt(Math.round(n * 1e9));
}

/** Ruby's DateTime#iso8601(9) in UTC, as fluent-plugin-elasticsearch 3.5 writes @timestamp (time_precision 9). */
export function iso8601(t: EventTime): string {
    const ms = Number(t / 1_000_000n);
    const ns = (t % 1_000_000_000n).toString().padStart(9, "0");
    return `${new Date(ms).toISOString().slice(0, 19)}.${ns}+00:00`;
}

const FIELDS: Record<string, string> = {
    "%Y": "(?<Y>\\d{4})",
    "%m": "(?<m>\\d{1,2})",
    "%d": "(?<d>\\d{1,2})",
    "%H": "(?<H>\\d{1,2})",
    "%M": "(?<M>\\d{1,2})",
    "%S": "(?<S>\\d{1,2})",
    "%N": "(?<N>\\d+)",
    // Ruby's %z and %:z both accept Z as well as an offset.
    "%z": "(?<z>Z|[+-]\\d\\d:?\\d\\d)",
    "%:z": "(?<z>Z|[+-]\\d\\d:?\\d\\d)",
};

/** Parses `text` with a strptime format of %Y %m %d %H %M %S %N %z %:z and literal characters; throws as fluentd's parser raises. */
export function strptime(format: string, text: string): EventTime {
    let pattern = "";
    for (let i = 0; i < format.length; ) {
        const directive = format.startsWith("%:z", i) ? "%:z" : format.slice(i, i + 2);
        if (format[i] === "%" && FIELDS[directive]) {
            pattern += FIELDS[directive];
            i += directive.length;
        } else if (format[i] === "%") {
            throw new Error(`the fluentd model does not implement ${directive} in time_format ${format}`);
        } else {
            pattern += format[i].replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
            i += 1;
        }
    }
    const m = new RegExp(`^${pattern}$`).exec(text);
    if (!m?.groups) {
        throw new Error(`invalid time format: value = ${text}, format = ${format}`);
    }
    const g = m.groups;
    const ms = Date.UTC(Number(g.Y), Number(g.m) - 1, Number(g.d), Number(g.H ?? 0), Number(g.M ?? 0), Number(g.S ?? 0));
    let offsetMinutes = 0;
    if (g.z && g.z !== "Z") {
        const z = g.z.replace(":", "");
        offsetMinutes = (z[0] === "-" ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5)));
    }
    const nanos = BigInt((g.N ?? "").slice(0, 9).padEnd(9, "0"));
    return (BigInt(ms) - BigInt(offsetMinutes) * 60_000n) * 1_000_000n + nanos;
}
