import { LogsSettings } from "../../config";
import { comment, filter, FluentdFile, FluentdNode, FluentdSection, json, match, param, quoted, section, source, typed } from "./fluentd-model";
import { documentIdParam } from "./document-id";
import { FLUENTD_PATHS, ownLogsGlob, positionFile, SEARCH_OUTPUT_LABEL } from "./layout";

/** docker's json-file driver: {"log": ..., "stream": ..., "time": ...} per line. */
export const DOCKER_JSON_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%NZ";

/**
 * CRI runtimes (containerd, CRI-O): `<time> <stream> <tags> <log>`, as the kubelet reads them
 * (pkg/kubelet/kuberuntime/logs). The first tag is P for a part of a line the runtime split (at
 * 16 KiB), F for the last part; it is kept as logtag so that the partial-line filter can join the
 * parts; further `:`-separated tags are skipped. Each field is matched by its exact shape from the
 * start of the line (the time is RFC 3339 with an optional fraction, which the first field alone
 * can be), so the text can never move the split: with a greedy `.+` for the time,
 * `... stdout F redirecting stderr to /dev/null` became stream stderr, text `/dev/null`, and
 * `... stdout F a stdout P then this` a partial line (#35).
 */
function criPattern(time: string): string {
    return `/^(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}${time}(?:Z|[+-]\\d{2}:\\d{2})) (?<stream>stdout|stderr) (?<logtag>[PF])(?::[^ ]*)? (?<log>.*)$/`;
}
export const CRI_LINE_PATTERN = criPattern("\\.\\d+");
/**
 * RFC 3339 with nanoseconds, as the runtimes write it (Go's RFC3339Nano), drops the fraction when
 * it is zero, and a time format either has `.%N` or not, so such a line has a pattern of its own.
 */
export const CRI_WHOLE_SECOND_LINE_PATTERN = criPattern("");
export const CRI_FLAG_KEY = "logtag";
export const CRI_PARTIAL_FLAG = "P";
export const CRI_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%N%:z";
export const CRI_WHOLE_SECOND_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S%:z";

/** Tags as in docs/design.md#fluentd-tags-and-paths: tail tags raw.kubernetes.*, detect_exceptions strips "raw". */
export const RAW_TAG = "raw.kubernetes.*";
export const RAW_MATCH = "raw.kubernetes.**";
export const KUBERNETES_FILTER = "kubernetes.**";

/**
 * Either format may appear on one node, so each line is tried as docker JSON, then as CRI text
 * (with a fraction of a second, then without). A line that fits none of them is kept whole as its
 * text (`none` into `log`), at the time it is read, instead of being dropped with fluentd's
 * "pattern not match" warning.
 */
export function containerLogInput(s: LogsSettings): FluentdSection {
    return source("fluentd-containers.log", "tail", [
        param("path", `${FLUENTD_PATHS.containerLogs}/*.log`),
        param("pos_file", positionFile(s, "es-containers.log.pos")),
        param("exclude_path", json([ownLogsGlob(s)])),
        param("tag", RAW_TAG),
        param("read_from_head", true),
        typed("parse", "multi_format", [
            section("pattern", undefined, [
                param("format", "json"),
                param("time_key", "time"),
                param("time_format", DOCKER_JSON_TIME_FORMAT),
            ]),
            section("pattern", undefined, [param("format", CRI_LINE_PATTERN), param("time_format", CRI_TIME_FORMAT)]),
            section("pattern", undefined, [param("format", CRI_WHOLE_SECOND_LINE_PATTERN), param("time_format", CRI_WHOLE_SECOND_TIME_FORMAT)]),
            section("pattern", undefined, [param("format", "none"), param("message_key", "log")]),
        ]),
    ]);
}

export function exceptionDetector(): FluentdSection {
    return match(RAW_MATCH, "raw.kubernetes", "detect_exceptions", [
        param("remove_tag_prefix", "raw"),
        param("message", "log"),
        param("stream", "stream"),
        param("multiline_flush_interval", 5),
        param("max_bytes", 500000),
        param("max_lines", 1000),
    ]);
}

/**
 * Seconds a CRI partial part waits for the rest of its line. The runtime writes the parts of one
 * line back to back, so only a container that died mid-line leaves a part waiting this long.
 */
export const PARTIAL_LINE_WAIT_SECONDS = 5;

/**
 * Joins the parts of a CRI line that the runtime split (flag P) with nothing between them, per
 * file and stream, at the first part's time (fluent-plugin-concat 2.3: partial_key mode,
 * use_first_timestamp). Only container records pass through it: a node log record never waits here
 * (docs/design.md#log-agent-filter-chain). A part whose rest never comes is shipped as it is, through
 * timeout_label, instead of being dumped as a TimeoutError.
 */
export function concatFilter(): FluentdSection {
    return filter(RAW_MATCH, "filter_concat", "concat", [
        param("key", "log"),
        param("partial_key", CRI_FLAG_KEY),
        param("partial_value", CRI_PARTIAL_FLAG),
        param("separator", quoted("")),
        param("stream_identity_key", "stream"),
        param("use_first_timestamp", true),
        param("flush_interval", PARTIAL_LINE_WAIT_SECONDS),
        param("timeout_label", SEARCH_OUTPUT_LABEL),
    ]);
}

/**
 * Ends every container line with a line break, as docker's json-file lines already are: CRI
 * lines lose theirs, and detect_exceptions 0.0.12 joins a trace's lines with no separator
 * (force_line_breaks came in a later release than the image has).
 */
export const LINE_BREAK_EXPRESSION = 'record["log"].end_with?("\\n") ? record["log"] : record["log"] + "\\n"';

export function lineBreakFilter(): FluentdSection {
    return filter(RAW_MATCH, "filter_line_break", "record_transformer", [
        param("enable_ruby", true),
        section("record", undefined, [param("log", `\${${LINE_BREAK_EXPRESSION}}`)]),
    ]);
}

/** Adds kubernetes{namespace_name, pod_name, container_name...} and docker{container_id}. */
export function kubernetesMetadataFilter(): FluentdSection {
    return filter(KUBERNETES_FILTER, "filter_kubernetes_metadata", "kubernetes_metadata");
}

/**
 * Where a container line's content goes (#35): a payload never overwrites the record's own fields
 * (`stream`, `docker`, `kubernetes`, and `@timestamp`, `tag` and the document id that the output
 * adds). fluentd 1.6's filter_parser merges a parsed JSON object over the record, so a line's own
 * `stream`, `kubernetes` or `@timestamp` used to replace the record's, and its `time` was taken as
 * the time key and removed. The rule: every key of a JSON object line is stored under `payload.`
 * (`payload.level`, `payload.time`, `payload.@timestamp`; Elasticsearch reads the dotted names as
 * the object `payload`), and any other line is `message`, whole. fluentd 1.6 and the image's
 * plugins cannot prefix only the clashing keys (no filter renames keys it does not know in
 * advance), so every key is prefixed.
 *
 * Four steps, each a plugin of fluentd 1.6.3 itself:
 * 1. `filter_payload_split` (record_transformer): the document id from the line (document-id.ts),
 *    while `log` still holds its text; text that starts with `{` goes to `_json`, any
 *    other to `_text`; `log` goes. Only such text reaches the JSON parser: a bare JSON scalar
 *    (`123`, `true`) would make filter_parser delete the text and then fail on it.
 * 2. `filter_parser`: `_json` parsed as JSON, keys prefixed `payload.` (inject_key_prefix), `_json`
 *    removed on success; the payload's `time` stays (keep_time_key), the record keeps the line's
 *    time (reserve_time). A failure (not JSON, or a `time` that is neither a string nor a number)
 *    leaves the record as it was, without an error event.
 * 3. `filter_payload_fallback` (record_transformer): what is left in `_json` (text that looked like
 *    JSON but was not) becomes `_text`.
 * 4. `filter_message`: `_text` becomes `message`. After a JSON object, `_text` is nil; the output
 *    removes it (UNPARSED_TEXT_KEY in its remove_keys).
 */
export const PAYLOAD_PREFIX = "payload.";
export const JSON_TEXT_KEY = "_json";
export const UNPARSED_TEXT_KEY = "_text";

/** Text that a JSON object may be: optional JSON white space, then `{`; on the bytes, so a line with invalid UTF-8 cannot raise. */
const LOOKS_LIKE_OBJECT = 'record["log"].to_s.b =~ /\\A[ \\t\\r\\n]*\\{/';
export const JSON_TEXT_EXPRESSION = `${LOOKS_LIKE_OBJECT} ? record["log"] : nil`;
export const UNPARSED_TEXT_EXPRESSION = `${LOOKS_LIKE_OBJECT} ? nil : record["log"]`;
export const FALLBACK_TEXT_EXPRESSION = `record["${UNPARSED_TEXT_KEY}"] || record["${JSON_TEXT_KEY}"]`;

export function payloadSplitFilter(): FluentdSection {
    return filter(KUBERNETES_FILTER, "filter_payload_split", "record_transformer", [
        param("enable_ruby", true),
        section("record", undefined, [
            documentIdParam(),
            param(JSON_TEXT_KEY, `\${${JSON_TEXT_EXPRESSION}}`),
            param(UNPARSED_TEXT_KEY, `\${${UNPARSED_TEXT_EXPRESSION}}`),
        ]),
        param("remove_keys", "log"),
    ]);
}

/** Parsing a field: the record's other fields and its time stay, a failure is no error event, the field goes on success. */
function keepingParser(id: string, key: string, extra: FluentdNode[], parse: FluentdSection): FluentdSection {
    return filter(KUBERNETES_FILTER, id, "parser", [
        param("key_name", key),
        param("reserve_data", true),
        param("reserve_time", true),
        param("remove_key_name_field", true),
        param("emit_invalid_record_to_error", false),
        ...extra,
        parse,
    ]);
}

/**
 * multi_format around the one json pattern, because multi-format-parser 1.0 catches every error of
 * a pattern (such as a `time` field that is an object), where a bare json parser's error would
 * make filter_parser drop the record.
 */
export function jsonPayloadFilter(): FluentdSection {
    return keepingParser(
        "filter_parser",
        JSON_TEXT_KEY,
        [param("inject_key_prefix", PAYLOAD_PREFIX)],
        typed("parse", "multi_format", [section("pattern", undefined, [param("format", "json"), param("keep_time_key", true)])]),
    );
}

export function payloadFallbackFilter(): FluentdSection {
    return filter(KUBERNETES_FILTER, "filter_payload_fallback", "record_transformer", [
        param("enable_ruby", true),
        section("record", undefined, [param(UNPARSED_TEXT_KEY, `\${${FALLBACK_TEXT_EXPRESSION}}`)]),
        param("remove_keys", JSON_TEXT_KEY),
    ]);
}

export function messageFilter(): FluentdSection {
    return keepingParser("filter_message", UNPARSED_TEXT_KEY, [], typed("parse", "none"));
}

/** containers.input.conf: the container log input, then the spec's filter chain in order. */
export function containersInputConfig(s: LogsSettings): FluentdFile {
    return [
        comment("Container logs; the agent's own logs are excluded so it never re-ships what it logs."),
        containerLogInput(s),
        comment("A CRI line the runtime split into parts becomes one record again."),
        concatFilter(),
        comment("Every line ends with a line break, so the lines of a trace stay apart when joined."),
        lineBreakFilter(),
        comment("Multi-line exceptions become one record, retagged kubernetes.*."),
        exceptionDetector(),
        kubernetesMetadataFilter(),
        comment("A JSON object line's keys go under payload., any other line is message: a payload never overwrites the record's fields."),
        payloadSplitFilter(),
        jsonPayloadFilter(),
        payloadFallbackFilter(),
        messageFilter(),
    ];
}
