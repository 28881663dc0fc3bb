import { createHash } from "crypto";
import { FluentdSection } from "../../../components/log-agent/fluentd-model";
import { EventTime } from "./event-time";
import { bool, num, only, rubyRegExp, str } from "./params";
import { parserFrom } from "./parsers";
import { FilterPlugin, FluentdEvent, LogRecord, PluginContext } from "./types";

export function filterPlugin(section: FluentdSection, ctx: PluginContext): FilterPlugin {
    const type = str(section, "@type");
    switch (type) {
        case "concat":
            return new ConcatFilter(section, ctx);
        case "record_transformer":
            return recordTransformer(section, ctx.env);
        case "kubernetes_metadata":
            return kubernetesMetadata();
        case "parser":
            return parserFilter(section, ctx);
        case "elasticsearch_genid":
            return genid(section);
        default:
            throw new Error(`the fluentd model does not implement filter ${type}`);
    }
}

/**
 * fluent-plugin-concat 2.3.0 (lib/fluent/plugin/filter_concat.rb at v2.3.0): records without `key`
 * pass; the others are buffered per stream (tag and stream_identity_key) until the mode says a
 * message is complete. A buffer idle for flush_interval seconds (default 60) times out: it goes to
 * timeout_label when set, otherwise it becomes an error event (TimeoutError) and is dumped.
 * Flushed records carry the last part's time, or the first part's with use_first_timestamp.
 */
class ConcatFilter implements FilterPlugin {
    private readonly key: string;
    private readonly separator: string;
    private readonly mode: "partial" | "regexp";
    private readonly buffers = new Map<string, FluentdEvent[]>();
    private readonly lastPush = new Map<string, EventTime>();

    constructor(
        private readonly s: FluentdSection,
        private readonly ctx: PluginContext,
    ) {
        this.key = str(s, "key")!;
        this.separator = str(s, "separator", "\n");
        const partial = str(s, "partial_key");
        const regexp = str(s, "multiline_start_regexp") ?? str(s, "multiline_end_regexp");
        if (str(s, "n_lines") !== undefined || str(s, "continuous_line_regexp") !== undefined) {
            throw new Error("concat n_lines and continuous_line_regexp are not modelled");
        }
        if (partial && regexp) {
            throw new Error("concat: partial_key and multiline_start_regexp/multiline_end_regexp are exclusive");
        }
        if (!partial && !regexp) {
            throw new Error("concat: Either n_lines or multiline_start_regexp or multiline_end_regexp is required");
        }
        if (partial && str(s, "partial_value") === undefined) {
            throw new Error("concat: partial_value is required when partial_key is specified");
        }
        for (const later of ["use_partial_metadata", "partial_metadata_format", "keep_partial_metadata"]) {
            if (str(s, later) !== undefined) {
                throw new Error(`concat 2.3.0 has no parameter ${later} (added in 2.4.0)`);
            }
        }
        this.mode = partial ? "partial" : "regexp";
    }

    private get useFirst(): boolean {
        return bool(this.s, "use_first_timestamp", false);
    }

    filter(e: FluentdEvent): FluentdEvent[] {
        if (/^fluent\.(trace|debug|info|warn|error|fatal)$/.test(e.tag) || !(this.key in e.record)) {
            return [e];
        }
        const idKey = str(this.s, "stream_identity_key");
        const stream = `${e.tag}:${idKey ? String(e.record[idKey]) : "default"}`;
        this.lastPush.set(stream, this.ctx.now());
        const buffer = this.buffers.get(stream) ?? [];
        this.buffers.set(stream, buffer);
        const flushed: { time: EventTime; record: LogRecord }[] = [];
        if (this.mode === "partial") {
            buffer.push(e);
            if (str(this.s, "partial_value") !== e.record[str(this.s, "partial_key")!]) {
                const f = this.flush(stream);
                delete f.record[str(this.s, "partial_key")!];
                flushed.push(f);
            }
        } else {
            const start = str(this.s, "multiline_start_regexp");
            const end = str(this.s, "multiline_end_regexp");
            if (start !== undefined) {
                throw new Error("concat multiline_start_regexp is not modelled");
            }
            buffer.push(e);
            if (rubyRegExp(end!).test(String(e.record[this.key]))) {
                flushed.push(this.flush(stream));
            }
        }
        return flushed.map((f) => {
            const merged: LogRecord = { ...e.record, ...f.record };
            if (!bool(this.s, "keep_partial_key", false) && str(this.s, "partial_key") !== undefined) {
                delete merged[str(this.s, "partial_key")!];
            }
            return { tag: e.tag, time: this.useFirst ? f.time : e.time, record: merged };
        });
    }

    private flush(stream: string): { time: EventTime; record: LogRecord } {
        const parts = this.buffers.get(stream)!;
        this.buffers.set(stream, []);
        const joined = parts.map((p) => String(p.record[this.key])).join(this.separator);
        return { time: parts[0].time, record: { ...parts[0].record, [this.key]: joined } };
    }

    private flushOnTimeout(stream: string, time: EventTime, record: LogRecord, message: string): void {
        const tag = stream.split(":")[0];
        const label = str(this.s, "timeout_label");
        if (label) {
            this.ctx.emitToLabel(label, tag, time, record);
        } else {
            this.ctx.emitError(tag, time, record, `Fluent::Plugin::ConcatFilter::TimeoutError: ${message}`);
        }
    }

    tick(): void {
        const interval = num(this.s, "flush_interval", 60);
        if (interval <= 0) {
            return;
        }
        const now = this.ctx.now();
        for (const [stream, last] of [...this.lastPush]) {
            if (BigInt(Math.round(interval * 1e9)) > now - last || (this.buffers.get(stream) ?? []).length === 0) {
                continue;
            }
            const f = this.flush(stream);
            this.lastPush.delete(stream);
            this.flushOnTimeout(stream, this.useFirst ? f.time : now, f.record, `Timeout flush: ${stream}`);
        }
    }

    shutdown(): void {
        for (const [stream, parts] of this.buffers) {
            if (parts.length > 0) {
                const f = this.flush(stream);
                this.flushOnTimeout(stream, f.time, f.record, `Flush remaining buffer: ${stream}`);
            }
        }
    }
}

/** What a record_transformer Ruby expression sees (RubyPlaceholderExpander of fluentd 1.6.3). */
export interface RubyScope {
    record: LogRecord;
    tag: string;
    /** Time.at(event time): seconds and nanoseconds. */
    time: EventTime;
    env: Record<string, string>;
}

const LOOKS_LIKE_OBJECT = (r: LogRecord): boolean => /^[ \t\r\n]*\{/.test(r.log === undefined || r.log === null ? "" : String(r.log));

/**
 * Ruby expressions of record_transformer (enable_ruby true) that the model knows, each with what
 * it computes; nil is null. Any other expression stops the model, so a config change cannot slip
 * past it. tests/log-agent.ruby.test.ts runs each of them with a real Ruby and compares.
 */
export const RUBY_EXPRESSIONS: Record<string, (scope: RubyScope) => unknown> = {
    'record["log"].end_with?("\\n") ? record["log"] : record["log"] + "\\n"': ({ record: r }) => {
        const log = String(r.log);
        return log.endsWith("\n") ? log : `${log}\n`;
    },
    'record["log"].to_s.b =~ /\\A[ \\t\\r\\n]*\\{/ ? record["log"] : nil': ({ record: r }) => (LOOKS_LIKE_OBJECT(r) ? r.log : null),
    'record["log"].to_s.b =~ /\\A[ \\t\\r\\n]*\\{/ ? nil : record["log"]': ({ record: r }) => (LOOKS_LIKE_OBJECT(r) ? null : (r.log ?? null)),
    'record["_text"] || record["_json"]': ({ record: r }) => r._text ?? r._json ?? null,
    // The document id (components/log-agent/document-id.ts): SHA-256 of the length-prefixed parts.
    'record["_hash"] || Digest::SHA256.hexdigest([time.to_i, time.nsec, ENV["NODE_NAME"], tag.sub(/\\Araw\\./, ""), record["stream"], record["log"] || record["message"] || record["MESSAGE"]].map { |p| p.to_s.b }.map { |s| s.bytesize.to_s + ":" + s }.join)':
        ({ record: r, tag, time, env }) => {
            if (r._hash !== undefined && r._hash !== null) {
                return r._hash;
            }
            const parts = [time / 1_000_000_000n, time % 1_000_000_000n, env.NODE_NAME, tag.replace(/^raw\./, ""), r.stream, r.log ?? r.message ?? r.MESSAGE];
            const seed = Buffer.concat(
                parts.map((p) => {
                    const bytes = Buffer.from(p === undefined || p === null ? "" : String(p), "utf8");
                    return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes]);
                }),
            );
            return createHash("sha256").update(seed).digest("hex");
        },
};

/** fluentd 1.6's record_transformer: each <record> key set from its value, `${...}` expanded, then remove_keys. */
function recordTransformer(s: FluentdSection, env: Record<string, string>): FilterPlugin {
    const ruby = bool(s, "enable_ruby", false);
    const fields = only(s, "record")?.body.filter((n) => n.kind === "param") ?? [];
    return {
        filter(e) {
            const record = { ...e.record };
            for (const f of fields) {
                if (f.kind !== "param") {
                    continue;
                }
                const template = str(only(s, "record")!, f.name)!;
                const whole = /^\$\{(.*)\}$/.exec(template);
                if (ruby && whole) {
                    const fn = RUBY_EXPRESSIONS[whole[1]];
                    if (!fn) {
                        throw new Error(`the fluentd model does not know the Ruby expression ${whole[1]}`);
                    }
                    record[f.name] = fn({ record: e.record, tag: e.tag, time: e.time, env });
                } else {
                    record[f.name] = template.replace(/\$\{record\["([^"]+)"\]\}|\$\{tag\}/g, (m, key) =>
                        key === undefined ? e.tag : String(e.record[key] ?? ""),
                    );
                }
            }
            for (const k of (str(s, "remove_keys") ?? "").split(",").filter((k) => k !== "")) {
                delete record[k.trim()];
            }
            return [{ ...e, record }];
        },
    };
}

/**
 * fluent-plugin-kubernetes_metadata_filter 2.2: the names it reads from the tag
 * (tag_to_kubernetes_name_regexp). The API server lookup (labels, pod id, host) is not modelled.
 */
const KUBERNETES_TAG =
    /var\.log\.containers\.(?<pod_name>[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)_(?<namespace>[^_]+)_(?<container_name>.+)-(?<docker_id>[a-z0-9]{64})\.log$/;

function kubernetesMetadata(): FilterPlugin {
    return {
        filter(e) {
            const m = KUBERNETES_TAG.exec(e.tag);
            if (!m?.groups) {
                return [e];
            }
            const g = m.groups;
            return [
                {
                    ...e,
                    record: {
                        ...e.record,
                        docker: { container_id: g.docker_id },
                        kubernetes: { container_name: g.container_name, namespace_name: g.namespace, pod_name: g.pod_name },
                    },
                },
            ];
        },
    };
}

/**
 * fluentd 1.6.3's filter_parser (filter_with_time): reserve_data, reserve_time,
 * remove_key_name_field (the field goes before the parsed values are merged), inject_key_prefix and
 * emit_invalid_record_to_error. A missing or nil field, or text the parser does not match, is an
 * error event unless emit_invalid_record_to_error is false; with reserve_data the record passes
 * unchanged. An error the parser raises is an error event, or the record is dropped when
 * emit_invalid_record_to_error is false.
 */
function parserFilter(s: FluentdSection, ctx: PluginContext): FilterPlugin {
    const parse = parserFrom(only(s, "parse")!);
    const key = str(s, "key_name")!;
    const reserveData = bool(s, "reserve_data", false);
    const toError = bool(s, "emit_invalid_record_to_error", true);
    const prefix = str(s, "inject_key_prefix");
    if (str(s, "hash_value_field") !== undefined || str(s, "replace_invalid_sequence") !== undefined) {
        throw new Error("filter_parser hash_value_field and replace_invalid_sequence are not modelled");
    }
    const handle = (record: LogRecord, values: LogRecord): LogRecord => {
        const v = prefix === undefined ? values : Object.fromEntries(Object.entries(values).map(([k, x]) => [prefix + k, x]));
        return reserveData ? { ...record, ...v } : v;
    };
    return {
        filter(e) {
            const raw = e.record[key];
            if (raw === undefined || raw === null) {
                if (toError) {
                    ctx.emitError(e.tag, e.time, e.record, `ArgumentError: ${key} does not exist`);
                }
                return reserveData ? [{ ...e, record: handle(e.record, {}) }] : [];
            }
            let parsed;
            try {
                parsed = parse(String(raw), ctx.now());
            } catch (err) {
                if (toError) {
                    ctx.emitError(e.tag, e.time, e.record, `ParserError: ${(err as Error).message}`);
                }
                return [];
            }
            if (!parsed) {
                if (toError) {
                    ctx.emitError(e.tag, e.time, e.record, "ParserError: pattern not matched");
                }
                return reserveData ? [{ ...e, record: handle(e.record, {}) }] : [];
            }
            const time = bool(s, "reserve_time", false) ? e.time : parsed.time;
            const base = { ...e.record };
            if (bool(s, "remove_key_name_field", false)) {
                delete base[key];
            }
            return [{ tag: e.tag, time, record: handle(base, parsed.record) }];
        },
    };
}

/**
 * fluent-plugin-elasticsearch 3.5's elasticsearch_genid filter: a random id per record, written
 * to hash_id_key (default _hash) before the record enters the output's buffer.
 */
function genid(s: FluentdSection): FilterPlugin {
    const key = str(s, "hash_id_key", "_hash");
    let n = 0;
    return {
        filter(e) {
            n += 1;
            const id = createHash("sha256").update(`${process.pid}-${Date.now()}-${n}-${Math.random()}`).digest("base64");
            return [{ ...e, record: { ...e.record, [key]: id } }];
        },
    };
}
