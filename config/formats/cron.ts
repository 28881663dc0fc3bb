/**
 * A Kubernetes CronJob schedule as the API server and the CronJob controller read it
 * (robfig/cron v3's standard parser): five fields, or one of the macros. Checked for meaning, not
 * only shape (issue #33, class 5): each number in its field's range, ranges that run forwards,
 * steps of at least 1, and a day of the month that some chosen month has. A schedule the API
 * server refuses would stop `pulumi up` halfway; one whose date never comes (31 February) would
 * be accepted and never run.
 */

interface CronField {
    name: string;
    min: number;
    max: number;
    /** Names robfig/cron accepts in place of numbers (JAN, SUN), case-insensitive. */
    names?: readonly string[];
}

const FIELDS: readonly CronField[] = [
    { name: "minute", min: 0, max: 59 },
    { name: "hour", min: 0, max: 23 },
    { name: "day-of-month", min: 1, max: 31 },
    { name: "month", min: 1, max: 12, names: ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] },
    { name: "day-of-week", min: 0, max: 6, names: ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"] },
];

/** The macros robfig/cron's standard parser takes (the CronJob docs list them); @every is not a calendar schedule. */
export const CRON_MACROS = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"] as const;

/** The longest each month gets, 29 February included: it comes, every four years. */
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const EXAMPLE = "a five-field cron schedule (minute hour day-of-month month day-of-week) such as 30 1 * * * (01:30 every day), or one of " + CRON_MACROS.join(", ");

/** The values one field selects, or what is wrong with it. */
function fieldValues(text: string, f: CronField): { values: Set<number>; any: boolean } | string {
    const values = new Set<number>();
    let any = false;
    const number = (s: string): number | undefined => {
        const named = f.names?.findIndex((n) => n === s.toUpperCase());
        if (named !== undefined && named >= 0) {
            return named + (f.name === "month" ? 1 : 0);
        }
        return /^[0-9]+$/.test(s) ? Number(s) : undefined;
    };
    for (const part of text.split(",")) {
        const m = /^([^/]+)(?:\/([^/]*))?$/.exec(part);
        if (!m) {
            return `the ${f.name} field "${text}" is not a number, range, list or step`;
        }
        const [, base, stepText] = m;
        let step = 1;
        if (stepText !== undefined) {
            if (!/^[0-9]+$/.test(stepText) || Number(stepText) < 1) {
                return `the step "/${stepText}" in the ${f.name} field is not a whole number of at least 1`;
            }
            step = Number(stepText);
        }
        let low: number;
        let high: number;
        if (base === "*" || base === "?") {
            [low, high] = [f.min, f.max];
            any = any || stepText === undefined;
        } else {
            const range = base.split("-");
            if (range.length > 2) {
                return `the ${f.name} field "${text}" is not a number, range, list or step`;
            }
            const ends = range.map(number);
            if (ends.some((e) => e === undefined)) {
                return `the ${f.name} field "${text}" holds "${base}", which is no number${f.names ? ` nor a name such as ${f.names[0]}` : ""}`;
            }
            [low, high] = [ends[0]!, ends[1] ?? (stepText !== undefined ? f.max : ends[0]!)];
            for (const e of ends) {
                if (e! < f.min || e! > f.max) {
                    return `the ${f.name} ${e} is out of range: ${f.name} runs from ${f.min} to ${f.max}`;
                }
            }
            if (low > high) {
                return `the ${f.name} range ${base} runs backwards: write the lower end first`;
            }
        }
        for (let v = low; v <= high; v += step) {
            values.add(v);
        }
    }
    return { values, any };
}

export function cronSchedule(value: string): string | undefined {
    if (value.startsWith("@")) {
        return (CRON_MACROS as readonly string[]).includes(value.toLowerCase()) ? undefined : EXAMPLE;
    }
    if (/^(CRON_)?TZ=/.test(value)) {
        return `${EXAMPLE}, without a TZ= prefix: Kubernetes refuses it in the schedule; the CronJob's time zone is the cluster's`;
    }
    const parts = value.trim().split(/ +/);
    if (parts.length !== 5) {
        return `${EXAMPLE}: five fields separated by spaces`;
    }
    const fields = parts.map((p, i) => fieldValues(p, FIELDS[i]));
    const wrong = fields.find((f): f is string => typeof f === "string");
    if (wrong !== undefined) {
        return `${EXAMPLE}; ${wrong}`;
    }
    const [, , dom, month, dow] = fields as { values: Set<number>; any: boolean }[];
    // With both day fields restricted, the job runs on either; with the day of the week "*", only the day of the month decides.
    if (dow.any && !dom.any && ![...month.values].some((m) => [...dom.values].some((d) => d <= DAYS_IN_MONTH[m - 1]))) {
        const months = [...month.values].map((m) => FIELDS[3].names![m - 1]).join(",");
        return `${EXAMPLE}; day ${[...dom.values].join(",")} of ${months} never comes, so the job would never run`;
    }
    return undefined;
}
