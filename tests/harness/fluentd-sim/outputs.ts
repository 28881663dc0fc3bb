import { FluentdSection } from "../../../components/log-agent/fluentd-model";
import { EventTime, iso8601 } from "./event-time";
import { num, str } from "./params";
import { FluentdEvent, LogRecord, OutputPlugin, PluginContext } from "./types";

/** One document of a bulk request, as fluent-plugin-elasticsearch 3.5 builds it. */
export interface IndexedDocument {
    index: string;
    id?: string;
    source: LogRecord;
}

export function outputPlugin(section: FluentdSection, ctx: PluginContext, store: IndexedDocument[][], discarded: FluentdEvent[]): OutputPlugin {
    const type = str(section, "@type");
    switch (type) {
        case "null":
            // out_null: non-buffered, process does nothing (lib/fluent/plugin/out_null.rb).
            return { emit: (e) => discarded.push(e) };
        case "detect_exceptions":
            return new DetectExceptions(section, ctx);
        case "relabel":
            return { emit: (e) => ctx.emitToLabel(str(section, "@label")!, e.tag, e.time, e.record) };
        case "elasticsearch":
            return new ElasticsearchOutput(section, store);
        default:
            throw new Error(`the fluentd model does not implement output ${type}`);
    }
}

/**
 * fluent-plugin-detect-exceptions 0.0.12 with its Java rules only (exception_detector.rb,
 * JAVA_RULES): per tag and stream, lines of one trace are buffered and emitted as one record
 * whose message is the lines joined with no separator (TraceAccumulator#flush: @messages.join),
 * at the first line's time, under the tag without remove_tag_prefix.
 */
const JAVA_RULES: { from: string[]; pattern: RegExp; to: string }[] = [
    { from: ["start", "java_start_exception"], pattern: /(?:Exception|Error|Throwable|V8 errors stack trace)[:\r\n]/m, to: "java_after_exception" },
    { from: ["java_after_exception"], pattern: /^[\t ]*nested exception is:[\t ]*/m, to: "java_start_exception" },
    { from: ["java_after_exception"], pattern: /^[\r\n]*$/m, to: "java_after_exception" },
    { from: ["java_after_exception", "java"], pattern: /^[\t ]+(?:eval )?at /m, to: "java" },
    { from: ["java_after_exception", "java"], pattern: /^[\t ]*(?:Caused by|Suppressed):/m, to: "java_after_exception" },
    { from: ["java_after_exception", "java"], pattern: /^[\t ]*... \d+ (?:more|common frames omitted)/m, to: "java" },
];

class Accumulator {
    state = "start";
    messages: string[] = [];
    first?: { time: EventTime; record: LogRecord };
    startedAt: EventTime = 0n;

    constructor(
        private readonly field: string,
        private readonly emitOut: (time: EventTime, record: LogRecord) => void,
    ) {}

    private transition(line: string): boolean {
        for (const r of JAVA_RULES) {
            if (r.from.includes(this.state) && r.pattern.test(line)) {
                this.state = r.to;
                return true;
            }
        }
        this.state = "start";
        return false;
    }

    push(time: EventTime, record: LogRecord, now: EventTime): void {
        const message = record[this.field] === undefined ? undefined : String(record[this.field]);
        let status: string;
        if (message === undefined) {
            this.state = "start";
            status = "no_trace";
        } else {
            const before = this.transition(message);
            if (!before) {
                this.transition(message);
            }
            const after = this.state !== "start";
            status = before ? (after ? "inside" : "end") : after ? "start" : "no_trace";
        }
        if (this.messages.length === 0 && (status === "no_trace" || status === "end")) {
            this.emitOut(time, record);
            return;
        }
        if (status === "no_trace") {
            this.flush();
            this.add(time, record, message, now);
            this.flush();
        } else if (status === "start") {
            this.flush();
            this.add(time, record, message, now);
        } else {
            this.add(time, record, message, now);
            if (status === "end") {
                this.flush();
            }
        }
    }

    private add(time: EventTime, record: LogRecord, message: string | undefined, now: EventTime): void {
        if (this.messages.length === 0) {
            this.first = { time, record };
            this.startedAt = now;
        }
        if (message !== undefined) {
            this.messages.push(message);
        }
    }

    flush(): void {
        if (this.messages.length === 1) {
            this.emitOut(this.first!.time, this.first!.record);
        } else if (this.messages.length > 1) {
            this.emitOut(this.first!.time, { ...this.first!.record, [this.field]: this.messages.join("") });
        }
        this.messages = [];
        this.first = undefined;
    }
}

class DetectExceptions implements OutputPlugin {
    private readonly accumulators = new Map<string, Accumulator>();

    constructor(
        private readonly s: FluentdSection,
        private readonly ctx: PluginContext,
    ) {
        const languages = str(s, "languages");
        if (languages !== undefined && languages !== "java") {
            throw new Error("the fluentd model implements the Java rules of detect_exceptions only");
        }
        if (str(s, "force_line_breaks") !== undefined) {
            throw new Error("detect_exceptions 0.0.12 has no parameter force_line_breaks (added in 0.0.14)");
        }
    }

    emit(e: FluentdEvent): void {
        const streamKey = str(this.s, "stream", "");
        const id = JSON.stringify([e.tag, streamKey === "" ? "" : (e.record[streamKey] ?? "")]);
        let acc = this.accumulators.get(id);
        if (!acc) {
            const prefix = str(this.s, "remove_tag_prefix", "");
            const outTag = prefix === "" ? e.tag : e.tag.replace(new RegExp(`^${prefix.replace(/\./g, "\\.")}\\.`), "");
            acc = new Accumulator(str(this.s, "message", ""), (time, record) => this.ctx.emit(outTag, time, record));
            this.accumulators.set(id, acc);
        }
        acc.push(e.time, e.record, this.ctx.now());
        const maxLines = num(this.s, "max_lines", 1000);
        if (maxLines > 0 && acc.messages.length === maxLines) {
            acc.flush();
            acc.state = "start";
        }
    }

    tick(): void {
        const interval = str(this.s, "multiline_flush_interval");
        if (interval === undefined) {
            return;
        }
        const limit = BigInt(Math.round(num(this.s, "multiline_flush_interval", 0) * 1e9));
        for (const acc of this.accumulators.values()) {
            if (acc.messages.length > 0 && this.ctx.now() - acc.startedAt > limit) {
                acc.flush();
                acc.state = "start";
            }
        }
    }

    shutdown(): void {
        for (const acc of this.accumulators.values()) {
            acc.flush();
        }
    }
}

/**
 * fluent-plugin-elasticsearch 3.5.3's out_elasticsearch: process_message builds each document
 * (@timestamp from the record's @timestamp, else its time_key field, else the event time, at
 * time_precision 9; the logstash-YYYY.MM.DD index in UTC; tag_key; _id from id_key; remove_keys)
 * and write gathers a chunk's documents into one bulk request. The buffer is modelled as one
 * chunk per flush(); resend() sends the last chunk again, as a retry does.
 */
class ElasticsearchOutput implements OutputPlugin {
    private chunk: FluentdEvent[] = [];
    private lastChunk: FluentdEvent[] = [];

    constructor(
        private readonly s: FluentdSection,
        private readonly store: IndexedDocument[][],
    ) {}

    emit(e: FluentdEvent): void {
        // The buffer keeps the record as it was when written: later changes cannot reach it.
        this.chunk.push({ tag: e.tag, time: e.time, record: structuredClone(e.record) });
    }

    flush(): void {
        if (this.chunk.length > 0) {
            this.lastChunk = this.chunk;
            this.chunk = [];
            this.send(this.lastChunk);
        }
    }

    resend(): void {
        this.send(this.lastChunk);
    }

    private send(chunk: FluentdEvent[]): void {
        this.store.push(chunk.map((e) => this.document(e)));
    }

    private document(e: FluentdEvent): IndexedDocument {
        const record = structuredClone(e.record);
        const timeKey = str(this.s, "time_key");
        const logstash = str(this.s, "logstash_format") === "true";
        let timestamp: string | undefined;
        if (logstash || str(this.s, "include_timestamp") === "true") {
            if ("@timestamp" in record) {
                timestamp = String(record["@timestamp"]);
            } else if (timeKey !== undefined && timeKey in record) {
                throw new Error("time_key is not modelled");
            } else {
                timestamp = iso8601(e.time);
                record["@timestamp"] = timestamp;
            }
        }
        const prefix = str(this.s, "logstash_prefix", "logstash");
        const index = logstash ? `${prefix}-${timestamp!.slice(0, 10).replace(/-/g, ".")}` : str(this.s, "index_name", "fluentd");
        if (str(this.s, "include_tag_key") === "true") {
            record[str(this.s, "tag_key", "tag")] = e.tag;
        }
        const idKey = str(this.s, "id_key");
        const id = idKey !== undefined && record[idKey] !== undefined ? String(record[idKey]) : undefined;
        for (const k of (str(this.s, "remove_keys") ?? "").split(/\s*,\s*/).filter((k) => k !== "")) {
            delete record[k];
        }
        return id === undefined ? { index, source: record } : { index, id, source: record };
    }
}

export { ElasticsearchOutput };
