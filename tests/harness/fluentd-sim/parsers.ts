import { FluentdSection, paramOf } from "../../../components/log-agent/fluentd-model";
import { EventTime, strptime } from "./event-time";
import { bool, rubyRegExp, str } from "./params";

/**
 * fluentd 1.6's parser plugins as the agent uses them: regexp, json, none and
 * fluent-plugin-multi-format-parser 1.0's multi_format. A parser returns the event time and
 * record, or undefined when the text does not match. Time follows Fluent::Plugin::Parser#parse_time:
 * the time_key field read with time_format (and removed unless keep_time_key), otherwise, with
 * estimate_current_event (default true), the moment of parsing.
 */
export type Parser = (text: string, now: EventTime) => { time: EventTime; record: Record<string, unknown> } | undefined;

export function parserFrom(section: FluentdSection): Parser {
    const type = str(section, "@type") ?? str(section, "format");
    if (type === undefined) {
        throw new Error(`<${section.name}> names no parser`);
    }
    if (type.startsWith("/")) {
        return regexpParser(rubyRegExp(type), section);
    }
    switch (type) {
        case "regexp":
            return regexpParser(rubyRegExp(str(section, "expression")!), section);
        case "json":
            return jsonParser(section);
        case "none":
            return (text, now) => ({ time: estimate(section, now), record: { [str(section, "message_key", "message")]: text } });
        case "multi_format":
            return multiFormat(section);
        default:
            throw new Error(`the fluentd model does not implement parser ${type}`);
    }
}

function estimate(section: FluentdSection, now: EventTime): EventTime {
    if (!bool(section, "estimate_current_event", true)) {
        throw new Error("estimate_current_event false is not modelled");
    }
    return now;
}

function timeOf(section: FluentdSection, record: Record<string, unknown>, now: EventTime, numeric: boolean): EventTime {
    const key = str(section, "time_key", "time");
    if (!(key in record)) {
        return estimate(section, now);
    }
    const value = record[key];
    if (!bool(section, "keep_time_key", false)) {
        delete record[key];
    }
    const format = str(section, "time_format");
    if (format !== undefined) {
        return strptime(format, String(value));
    }
    if (numeric) {
        return parseFloatTime(value);
    }
    // fluentd raises ParserError: the event is lost or sent to @ERROR.
    throw new Error(`invalid time value ${JSON.stringify(value)} without time_format`);
}

/**
 * fluentd 1.6.3's NumericTimeParser#parse_float (lib/fluent/time.rb), the json parser's time_type
 * float: a string or a number is split at its first dot and each part read with to_i, so an ISO
 * string such as "2023-01-01T10:00:00Z" is year 2023 as seconds, not an error; any other value
 * raises TimeParseError.
 */
function parseFloatTime(value: unknown): EventTime {
    if (typeof value !== "string" && typeof value !== "number") {
        throw new Error(`TimeParseError: value must be a string or a number: ${JSON.stringify(value)}`);
    }
    const [sec, frac] = String(value).split(".", 3);
    const toI = (t: string): bigint => BigInt(/^\s*[-+]?\d+/.exec(t.replace(/_/g, ""))?.[0].trim() ?? "0");
    const nsec = ((frac ?? "0").slice(0, 10) + "000000000").slice(0, 9);
    return toI(sec) * 1_000_000_000n + toI(nsec);
}

function regexpParser(expression: RegExp, section: FluentdSection): Parser {
    return (text, now) => {
        const m = expression.exec(text);
        if (!m?.groups) {
            return undefined;
        }
        const record: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(m.groups)) {
            if (v !== undefined) {
                record[k] = v;
            }
        }
        return { time: timeOf(section, record, now, false), record };
    };
}

function jsonParser(section: FluentdSection): Parser {
    // parser_json sets time_type float unless time_format is given.
    return (text, now) => {
        let value: unknown;
        try {
            value = JSON.parse(text);
        } catch {
            return undefined;
        }
        if (typeof value !== "object" || value === null || Array.isArray(value)) {
            // Oj loads a bare scalar or array too; the agent's config never gives such text to
            // the json parser (filter_payload_split), so the model does not follow that path.
            return undefined;
        }
        const record = value as Record<string, unknown>;
        return { time: timeOf(section, record, now, paramOf(section, "time_format") === undefined), record };
    };
}

/** Each <pattern> in order; the first that yields a time and a record wins; a pattern that raises is skipped. */
function multiFormat(section: FluentdSection): Parser {
    const patterns = section.body
        .filter((n): n is FluentdSection => n.kind === "section" && n.name === "pattern")
        .map(parserFrom);
    return (text, now) => {
        for (const p of patterns) {
            try {
                const r = p(text, now);
                if (r) {
                    return r;
                }
            } catch {
                // multi_format ignores a pattern's error and tries the next.
            }
        }
        return undefined;
    };
}
