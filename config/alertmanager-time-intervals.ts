import { z } from "zod";
import { closedObject, text } from "./fields";

/**
 * alertmanager.timeIntervals[].time_intervals[] as Alertmanager reads them (issue #41, classes 1
 * and 7). The rules are those of package timeinterval (timeinterval/timeinterval.go), the same at
 * tags v0.25.0 (Debian's amtool) and v0.34.0 (the pinned image), read from the tags:
 * - times: both start_time and end_time, each HH:MM (00:00 to 23:59, or 24:00), start before end;
 * - weekdays: sunday to saturday, or a range of them, start not after end (lower case or not:
 *   Alertmanager lower-cases first);
 * - days_of_month: 1 to 31 or -31 to -1 (counted from the month's end), a range's end negative if
 *   its start is, and not always before its start (counted on a 28-day month);
 * - months: january to december or 1 to 12, start not after end;
 * - years: a year or a range, start not after end;
 * - location: a name time.LoadLocation finds in the tz database.
 * Alertmanager takes month 13 or year 0 and then never matches them: refused here as impossible.
 * A time zone is checked against Node's ICU time zone data (Intl), the nearest copy of the tz
 * database the build has; Go reads the image's /usr/share/zoneinfo by exact file name, so a name
 * is also held to the case the database writes (europe/berlin is refused, Europe/Berlin taken).
 */

export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"] as const;

type Member = (s: string) => number | string;

/** A value or a range a:b of `member`s, as stringableRangeFromString splits it; the problem, or the range. */
function range(value: string, member: Member): { begin: number; end: number } | string {
    const parts = value.toLowerCase().split(":");
    if (parts.length > 2) {
        return "one value or one range start:end";
    }
    const [b, e] = [member(parts[0]), member(parts[parts.length - 1])];
    if (typeof b === "string") return b;
    if (typeof e === "string") return e;
    return { begin: b, end: e };
}

const integer = (s: string) => (/^[+-]?[0-9]+$/.test(s) ? Number(s) : undefined);

function weekday(value: string): string | undefined {
    const r = range(value, (s) => {
        const i = (WEEKDAYS as readonly string[]).indexOf(s);
        return i >= 0 ? i : `a weekday (${WEEKDAYS.join(", ")}) or a range such as monday:friday; ${s} is none`;
    });
    if (typeof r === "string") return r;
    return r.begin > r.end ? `a range whose start is not after its end, such as monday:friday (the week runs sunday to saturday; write saturday and sunday as two entries)` : undefined;
}

function dayOfMonth(value: string): string | undefined {
    const r = range(value, (s) => {
        const n = integer(s);
        return n !== undefined && n !== 0 && n >= -31 && n <= 31 ? n : `a day of the month, 1 to 31 or -31 to -1 from the month's end, or a range such as 1:7 or -7:-1; ${s} is none`;
    });
    if (typeof r === "string") return r;
    if (r.begin < 0 && r.end > 0) return "a range whose end is negative when its start is (-7:-1): Alertmanager refuses a start from the month's end with an end from its beginning";
    const [b, e] = [r.begin < 0 ? 28 + r.begin : r.begin, r.end < 0 ? 28 + r.end : r.end];
    return b > e ? `a range whose end is not always before its start (Alertmanager refuses ${value})` : undefined;
}

function month(value: string): string | undefined {
    const r = range(value, (s) => {
        const i = (MONTHS as readonly string[]).indexOf(s);
        const n = integer(s);
        return i >= 0 ? i + 1 : n !== undefined && n >= 1 && n <= 12 ? n : `a month (january to december, or 1 to 12) or a range such as january:march; ${s} is none`;
    });
    if (typeof r === "string") return r;
    return r.begin > r.end ? "a range whose start is not after its end, such as january:march (write november:december and january as two entries)" : undefined;
}

function year(value: string): string | undefined {
    const r = range(value, (s) => {
        const n = integer(s);
        return n !== undefined && n >= 1 && n <= 9999 ? n : `a year such as 2026 or a range such as 2026:2027; ${s} is none`;
    });
    if (typeof r === "string") return r;
    return r.begin > r.end ? "a range whose start is not after its end, such as 2026:2027" : undefined;
}

const clock = (v: string) => (/^([01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$/.test(v) ? undefined : "a time HH:MM such as 09:00 (24:00 ends the day)");
const minutes = (v: string) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3));

// Intl.supportedValuesOf is ES2022, beyond the tsconfig's lib; Node 18 and later have it.
const CANONICAL_ZONES: readonly string[] = (Intl as unknown as { supportedValuesOf(k: string): string[] }).supportedValuesOf("timeZone");

/** A time zone Go's time.LoadLocation loads: UTC, or a name of the tz database as it spells it. */
export function timeZone(value: string): string | undefined {
    if (value === "UTC") return undefined;
    if (value === "Local") return "a named time zone such as Europe/Berlin: Local is the Alertmanager container's own zone (UTC in the image), whatever the cluster's";
    const spelt = CANONICAL_ZONES.find((z) => z.toLowerCase() === value.toLowerCase());
    if (spelt !== undefined && spelt !== value) {
        return `${spelt}, as the tz database spells it: Alertmanager loads the zone by its file name, and ${value} is no file there`;
    }
    try {
        new Intl.DateTimeFormat("en", { timeZone: value });
        return undefined;
    } catch {
        return "a time zone of the tz database such as Europe/Berlin, America/New_York or UTC (Alertmanager's time.LoadLocation finds no such zone)";
    }
}

const rangeList = (check: (v: string) => string | undefined) => z.array(text(check)).optional();

export const timeIntervalEntrySchema = closedObject({
    times: z
        .array(
            closedObject({ start_time: text(clock), end_time: text(clock) }).superRefine((t, ctx) => {
                if (minutes(t.start_time) >= minutes(t.end_time)) {
                    ctx.addIssue({ code: "custom", path: ["end_time"], input: t.end_time, message: `a time after start_time (${t.start_time}): Alertmanager refuses a range that ends where or before it starts; split one across midnight into two (22:00 to 24:00, 00:00 to 06:00)` });
                }
            }),
        )
        .optional(),
    weekdays: rangeList(weekday),
    days_of_month: rangeList(dayOfMonth),
    months: rangeList(month),
    years: rangeList(year),
    location: text(timeZone).optional().meta({ description: "an IANA time zone such as Europe/Berlin; UTC when unset" }),
});
