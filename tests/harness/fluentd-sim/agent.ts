import { FluentdFile, FluentdNode, FluentdSection, sectionsOf } from "../../../components/log-agent/fluentd-model";
import { EventTime, seconds } from "./event-time";
import { filterPlugin } from "./filters";
import { ElasticsearchOutput, IndexedDocument, outputPlugin } from "./outputs";
import { bool, num, only, str } from "./params";
import { parserFrom } from "./parsers";
import { tagMatches } from "./tag-pattern";
import { FilterPlugin, FluentdEvent, LogRecord, OutputPlugin, PluginContext } from "./types";

/** Fluent::Log::LEVEL_TEXT: the levels of fluentd's own log events, whose tags are fluent.<level> (Fluent::Log.event_tags). */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"] as const;

/** A file name glob of @include (only `*`, within one name). */
function globMatches(glob: string, name: string): boolean {
    return new RegExp(`^${glob.split("*").map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")}$`).test(name);
}

/**
 * The nodes fluentd reads from `root`, each @include replaced by its file's nodes (a glob's files
 * in sorted order, by name among `files`); without a root, the files in sorted order.
 */
function expandIncludes(files: Record<string, FluentdFile>, root: FluentdFile | undefined): FluentdNode[] {
    const included = (path: string): FluentdFile[] => {
        const name = path.slice(path.lastIndexOf("/") + 1);
        const names = name.includes("*") ? Object.keys(files).filter((k) => globMatches(name, k)).sort() : [name];
        return names.map((n) => {
            if (!files[n]) {
                throw new Error(`config error: @include ${path}: no file ${n}`);
            }
            return files[n];
        });
    };
    const expand = (file: FluentdFile): FluentdNode[] => file.flatMap((node) => (node.kind === "include" ? included(node.path).flatMap(expand) : [node]));
    return root === undefined ? Object.keys(files).sort().flatMap((name) => expand(files[name])) : expand(root);
}

/** One element of a routing scope (the root or a <label>), in config order. */
type Element = { kind: "filter"; pattern: string; plugin: FilterPlugin } | { kind: "match"; pattern: string; plugin: OutputPlugin };

export interface DumpedEvent {
    tag: string;
    time: EventTime;
    record: LogRecord;
    error: string;
}

/** A journal entry as fluent-plugin-systemd 1.0 reads it: its fields and its realtime timestamp. */
export interface JournalEntry {
    realtime: EventTime;
    fields: Record<string, string>;
}

/**
 * A model of one fluentd 1.6.3 agent running the given config files, for the plugins and
 * parameters the log agent uses, each as the plugin version in quay.io/fluentd_elasticsearch/fluentd:v2.7.0
 * behaves (see each plugin's comment). What it models of fluentd itself:
 * - the root config fluentd loads (`root`, components/log-agent/config-map.ts rootConfigModel), its
 *   @include lines read as if their file stood there, a glob's files in sorted order; without a
 *   root, the files alone in sorted order (the add-on image's @include config.d/*.conf);
 * - fluentd's own log events (fluentLog): to <label @FLUENT_LOG> if there is one, where a tag no
 *   match takes is dropped silently (suppress_missing_match!), else to the top level if one of its
 *   <match> patterns takes a fluent.<level> tag, else nowhere (fluentd 1.6.3 engine.rb
 *   Engine#configure, and the same rules in 1.19.3 fluent_log_event_router.rb
 *   FluentLogEventRouter.build);
 * - an event goes through the filters of its scope whose pattern matches its tag and that come
 *   before the first matching <match>, in config order, then to that <match>; events emitted to a
 *   label go through that label's filters and matches the same way;
 * - error events go to <label @ERROR> if there is one, otherwise fluentd logs "dump an error event" and drops them;
 * - plugins' 1 s timers run once per simulated second (advance()).
 * The clock is simulated: `now` starts at `start` and only advance() moves it.
 */
export class FluentdAgent {
    now: EventTime;
    readonly dumped: DumpedEvent[] = [];
    /** Every event a `null` output took. */
    readonly discarded: FluentdEvent[] = [];
    /** Every bulk request the Elasticsearch outputs sent, each a list of documents. */
    readonly bulkRequests: IndexedDocument[][] = [];
    private readonly sources = new Map<string, FluentdSection>();
    private readonly root: Element[] = [];
    private readonly labels = new Map<string, Element[]>();
    private readonly plugins: (FilterPlugin | OutputPlugin)[] = [];
    private readonly outputs: ElasticsearchOutput[] = [];
    private readonly esSections: FluentdSection[] = [];

    /**
     * `env` is the agent container's environment (the DaemonSet's env vars) that Ruby expressions
     * read through ENV.
     */
    constructor(
        files: Record<string, FluentdFile>,
        start: EventTime,
        private readonly env: Record<string, string> = {},
        root?: FluentdFile,
    ) {
        this.now = start;
        expandIncludes(files, root).forEach((node) => this.declare(node, this.root, undefined));
    }

    private context(scope: Element[]): PluginContext {
        return {
            now: () => this.now,
            env: this.env,
            emit: (tag, time, record) => this.route(scope, { tag, time, record }),
            emitToLabel: (label, tag, time, record) => this.route(this.label(label), { tag, time, record }),
            emitError: (tag, time, record, error) => {
                if (this.labels.has("@ERROR")) {
                    this.route(this.label("@ERROR"), { tag, time, record });
                } else {
                    this.dumped.push({ tag, time, record, error });
                }
            },
        };
    }

    private label(name: string): Element[] {
        const scope = this.labels.get(name);
        if (!scope) {
            throw new Error(`config error: label ${name} is not defined`);
        }
        return scope;
    }

    private declare(node: FluentdNode, scope: Element[], labelName: string | undefined): void {
        if (node.kind !== "section") {
            return;
        }
        switch (node.name) {
            case "system":
                return;
            case "source": {
                const type = str(node, "@type");
                if (type === "tail" || type === "systemd") {
                    this.sources.set(str(node, "@id")!, node);
                }
                return;
            }
            case "label": {
                if (labelName !== undefined) {
                    throw new Error("config error: <label> inside <label>");
                }
                const inner: Element[] = [];
                this.labels.set(node.argument!, inner);
                node.body.forEach((child) => this.declare(child, inner, node.argument));
                return;
            }
            case "filter": {
                const plugin = filterPlugin(node, this.context(scope));
                this.plugins.push(plugin);
                scope.push({ kind: "filter", pattern: node.argument!, plugin });
                return;
            }
            case "match": {
                const plugin = outputPlugin(node, this.context(scope), this.bulkRequests, this.discarded);
                if (plugin instanceof ElasticsearchOutput) {
                    this.outputs.push(plugin);
                    this.esSections.push(node);
                }
                this.plugins.push(plugin);
                scope.push({ kind: "match", pattern: node.argument!, plugin });
                return;
            }
            default:
                throw new Error(`the fluentd model does not know the <${node.name}> directive`);
        }
    }

    private route(scope: Element[], event: FluentdEvent): void {
        let events = [event];
        for (const el of scope) {
            if (!tagMatches(el.pattern, event.tag)) {
                continue;
            }
            if (el.kind === "filter") {
                events = events.flatMap((e) => el.plugin.filter(e));
            } else {
                events.forEach((e) => el.plugin.emit(e));
                return;
            }
        }
        if (events.length > 0) {
            // fluentd warns "no patterns matched" and drops the event.
            events.forEach((e) => this.dumped.push({ ...e, error: "no patterns matched" }));
        }
    }

    private source(id: string, type: string): FluentdSection {
        const s = this.sources.get(id);
        if (!s || str(s, "@type") !== type) {
            throw new Error(`no ${type} source with @id ${id}`);
        }
        return s;
    }

    /**
     * in_tail reading `lines` appended to `path` (fluentd 1.6 in_tail): each line without its line
     * break, parsed by <parse>; the tag's * becomes the path with / turned into dots. A line the
     * parser does not match is dropped with a warning.
     */
    tail(id: string, path: string, lines: string[]): void {
        const s = this.source(id, "tail");
        const parse = parserFrom(only(s, "parse")!);
        const tag = str(s, "tag")!.replace("*", path.replace(/\//g, ".").replace(/\.+/g, ".").replace(/^\./, ""));
        for (const line of lines) {
            const parsed = parse(line.replace(/\r?\n$/, ""), this.now);
            if (parsed) {
                this.route(this.root, { tag, time: parsed.time, record: parsed.record });
            } else {
                this.dumped.push({ tag, time: this.now, record: { message: line }, error: "pattern not matched" });
            }
        }
    }

    /** fluent-plugin-systemd 1.0's in_systemd: the entry's fields (shaped by <entry>), at the entry's realtime timestamp. */
    journal(id: string, entries: JournalEntry[]): void {
        const s = this.source(id, "systemd");
        const entry = sectionsOf(s, "entry")[0];
        for (const e of entries) {
            const record: LogRecord = {};
            for (const [k, v] of Object.entries(e.fields)) {
                let key = entry && bool(entry, "fields_strip_underscores", false) ? k.replace(/^_+/, "") : k;
                key = entry && bool(entry, "fields_lowercase", false) ? key.toLowerCase() : key;
                record[key] = v;
            }
            this.route(this.root, { tag: str(s, "tag")!, time: e.realtime, record });
        }
    }

    /**
     * fluentd's own log event at `level` (Fluent::Log#event: tag fluent.<level>, the message and
     * the logged attributes as the record), routed as fluentd routes its log events.
     */
    fluentLog(level: (typeof LOG_LEVELS)[number], record: LogRecord): void {
        const event = { tag: `fluent.${level}`, time: this.now, record };
        const label = this.labels.get("@FLUENT_LOG");
        if (label !== undefined) {
            const taken = label.some((el) => el.kind === "match" && tagMatches(el.pattern, event.tag));
            if (taken) {
                this.route(label, event);
            }
            return;
        }
        const eventTags = LOG_LEVELS.map((l) => `fluent.${l}`);
        if (this.root.some((el) => el.kind === "match" && eventTags.some((t) => tagMatches(el.pattern, t)))) {
            this.route(this.root, event);
        }
    }

    /** Moves the clock on by whole seconds, running the plugins' timers each second. */
    advance(secs: number): void {
        for (let i = 0; i < secs; i++) {
            this.now += seconds(1);
            this.plugins.forEach((p) => p.tick?.());
        }
    }

    /** Writes every Elasticsearch output's buffered chunk as one bulk request. */
    flush(): void {
        this.outputs.forEach((o) => o.flush());
    }

    /** Sends each output's last chunk again, as fluentd does when a bulk request failed (retry). */
    retryLastChunk(): void {
        this.outputs.forEach((o) => o.resend());
    }

    shutdown(): void {
        this.plugins.forEach((p) => p.shutdown?.());
        this.flush();
    }

    documents(): IndexedDocument[] {
        return this.bulkRequests.flat();
    }

    /**
     * The longest fluentd takes to exit after SIGTERM (with --no-supervisor) while the search store
     * is unreachable and the output's buffer is full, by the waits fluentd's source has on the way
     * (v1.6.3 and v1.19.3, the same code where it matters; lib/fluent/engine.rb, root_agent.rb,
     * plugin/output.rb, plugin_helper/retry_state.rb); undefined when it never exits:
     * - Engine#run drains fluentd's own log events before it stops any plugin (graceful_stop
     *   joins the thread that emits them). If they go to a buffered output with
     *   overflow_action block, that thread waits in write_guard until the buffer has room or the
     *   output is stopped; neither happens, so the kubelet's SIGKILL ends it;
     * - before_shutdown: flush_at_shutdown (not modelled when true) and the enqueue thread's
     *   join, which may miss its wakeup and sleep one round, max(flush_interval / 11,
     *   flush_thread_interval);
     * - after_shutdown joins each flush thread: one in try_flush when signalled ends its request
     *   (request_timeout, default 5 s in both plugins) and then waits for its next retry, up to
     *   retry_max_interval randomized by up to randomize_width 0.125 (retry_randomize);
     * - hard timeouts, each once: main loop 0.3 s, a blocked write's 1 s poll, in_tail's 5 s
     *   IOHandler SHUTDOWN_TIMEOUT (1.19.3 only), the event loop's 5 s EVENT_LOOP_SHUTDOWN_TIMEOUT, a thread's
     *   1 s join in close.
     * `root` is the root config fluentd loads, as FluentdAgent's constructor takes it.
     */
    static secondsToStopWithStoreDownAndBufferFull(files: Record<string, FluentdFile>, root?: FluentdFile): number | undefined {
        const nodes = expandIncludes(files, root);
        const top = nodes.filter((n): n is FluentdSection => n.kind === "section");
        const labelBody = (name: string) => top.find((n) => n.name === "label" && n.argument === name)?.body.filter((n): n is FluentdSection => n.kind === "section") ?? [];
        const STORE_OUTPUTS = ["elasticsearch", "opensearch"];
        /** The buffered store output an event of `tag` ends in from `scope`, following relabel. */
        const destination = (scope: FluentdSection[], tag: string): FluentdSection | undefined => {
            const m = scope.find((n) => n.name === "match" && tagMatches(n.argument!, tag));
            if (m === undefined) {
                return undefined;
            }
            if (str(m, "@type") === "relabel") {
                return destination(labelBody(str(m, "@label")!), tag);
            }
            return STORE_OUTPUTS.includes(str(m, "@type")!) ? m : undefined;
        };
        const fluentLogLabel = top.some((n) => n.name === "label" && n.argument === "@FLUENT_LOG");
        const ownEventsGoTo = destination(fluentLogLabel ? labelBody("@FLUENT_LOG") : top, "fluent.warn");
        if (ownEventsGoTo !== undefined && str(only(ownEventsGoTo, "buffer")!, "overflow_action") === "block") {
            return undefined;
        }
        const outputs = [...top.filter((n) => n.name === "match"), ...top.filter((n) => n.name === "label").flatMap((l) => sectionsOf(l, "match"))].filter((m) =>
            STORE_OUTPUTS.includes(str(m, "@type")!),
        );
        const HARD_TIMEOUTS = 0.3 + 1 + 5 + 5 + 1;
        let longest = 0;
        for (const out of outputs) {
            const buffer = only(out, "buffer")!;
            if (str(buffer, "@type") !== "file" || bool(buffer, "flush_at_shutdown", false)) {
                throw new Error("the fluentd model knows the stop of a file buffer without flush_at_shutdown only");
            }
            const enqueueRound = Math.max(num(buffer, "flush_interval", 60) / 11, num(buffer, "flush_thread_interval", 1));
            const maxInterval = str(buffer, "retry_max_interval") === undefined ? Number.POSITIVE_INFINITY : num(buffer, "retry_max_interval", 0);
            const retryWait = maxInterval * (bool(buffer, "retry_randomize", true) ? 1.125 : 1);
            longest = Math.max(longest, enqueueRound + num(out, "request_timeout", 5) + retryWait);
        }
        return HARD_TIMEOUTS + longest;
    }

    /**
     * How long after fluentd starts its inputs begin to read, when the search store does not
     * answer: fluentd 1.6 configures every plugin before it starts any input, and
     * fluent-plugin-elasticsearch 3.5.3 asks the store for its version in configure when
     * verify_es_version_at_startup is true (the default), retrying max_retry_get_es_version
     * times (default 15) after sleeps of 2, 4, 8... seconds (retry_operate), then raises, so
     * fluentd exits and never reads (undefined).
     */
    static secondsUntilInputsStartWithStoreDown(files: Record<string, FluentdFile>): number | undefined {
        const agent = new FluentdAgent(files, 0n);
        let waited = 0;
        for (const es of agent.esSections) {
            if (!bool(es, "verify_es_version_at_startup", true)) {
                continue;
            }
            const retries = num(es, "max_retry_get_es_version", 15);
            for (let r = 1; r <= retries; r++) {
                waited += 2 ** r;
            }
            return undefined;
        }
        return waited;
    }
}
