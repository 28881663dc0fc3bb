import { logAgentLineOf, sslVersionOf } from "../../config";
import { LogAgentSettings } from "./agent-settings";
import { comment, envVar, filter, FluentdFile, FluentdNode, FluentdSection, flag, match, param, quoted, section, typed } from "./fluentd-model";
import { UNPARSED_TEXT_KEY } from "./containers-input";
import { DOCUMENT_ID_KEY, documentIdFilter } from "./document-id";
import { bufferPath, PASSWORD_ENV, SEARCH_OUTPUT_LABEL, STORE_CA_DIR, STORE_CA_KEY } from "./layout";
import { REQUEST_TIMEOUT_SECONDS } from "./stopping";

/*
 * What differs per release line (log-agent-releases/release-lines.ts, `output`):
 * - the mapping type: Elasticsearch 7 accepts only `_doc`, which fluent-plugin-elasticsearch 3.5
 *   still sends (`type_name _doc`); Elasticsearch 8 accepts none, and 5.4.4 leaves it out with
 *   `suppress_type_name true` (out_elasticsearch.rb: @type_name nil from version 7 on);
 * - the major version the output assumes instead of asking the store at start-up: 7 on line
 *   1.6.3 (the in-cluster store is 7.10; 3.5 uses it only for the type name and the routing key),
 *   8 on the elasticsearch8 line;
 * - ssl_version, which 5.4.4 ignores where Ruby's OpenSSL has minimum and maximum versions;
 * - the output itself: the opensearch line writes with fluent-plugin-opensearch 1.1.6's
 *   `opensearch`, whose parameters are the elasticsearch output's with `os` for `es` in the
 *   version ones (verify_os_version_at_startup, default_opensearch_version); it sends no mapping
 *   type from an assumed major 2 on, so it needs neither type_name nor suppress_type_name. Its
 *   id_key and remove_keys work as 3.5's and 5.4.4's do: the id_key field becomes the bulk
 *   action's `_id` before remove_keys deletes the fields from the document (out_opensearch.rb,
 *   process_message at v1.1.6).
 */

/**
 * Parameters of fluentd 1.6's buffer section only (docs/design.md#fluentd-parameters). A file buffer in the
 * agent's host state directory keeps queued chunks through a pod restart.
 */
export function outputBuffer(s: LogAgentSettings): FluentdSection {
    const b = s.buffer;
    const queue: FluentdNode[] =
        b.queueLimitLength === undefined
            ? []
            : [
                  param("queue_limit_length", b.queueLimitLength),
                  comment("fluentd derives total_limit_size as chunk_limit_size x queue_limit_length; written out to show the bound."),
              ];
    return typed("buffer", "file", [
        param("path", bufferPath(s)),
        // fluentd's default for a file buffer, written out: a stop never waits for the store (stopping.ts).
        param("flush_at_shutdown", false),
        param("flush_mode", "interval"),
        param("flush_interval", b.flushInterval),
        param("flush_thread_count", b.flushThreadCount),
        param("retry_type", "exponential_backoff"),
        flag("retry_forever"),
        param("retry_max_interval", b.retryMaxInterval),
        param("chunk_limit_size", b.chunkLimitSize),
        ...queue,
        param("total_limit_size", b.totalLimitSize),
        param("overflow_action", b.overflowAction),
    ]);
}

/**
 * The password never appears in this file: fluentd reads it from the container's environment,
 * which a secretKeyRef fills from the credentials Secret.
 */
function credentials(s: LogAgentSettings): FluentdNode[] {
    const store = s.search.inClusterStore;
    if (store !== undefined) {
        // The in-cluster OpenSearch: its one user, the generated password, and its CA.
        return [param("user", quoted(store.user)), param("password", envVar(PASSWORD_ENV)), param("ca_file", `${STORE_CA_DIR}/${STORE_CA_KEY}`)];
    }
    if (s.search.user === undefined) {
        return [];
    }
    return [param("user", quoted(s.search.user)), param("password", envVar(PASSWORD_ENV))];
}

/**
 * Start-up and connection behaviour: the version check at start-up is off, since fluentd
 * configures outputs before it starts any input, and 3.5's check retries with doubling sleeps
 * (15 times, about 18 hours) while nothing is tailed; connections reset after any error; the host
 * list is never replaced by sniffed node addresses, which a Service or a hosted store's proxy hides.
 */
function connection(s: LogAgentSettings): FluentdNode[] {
    const output = logAgentLineOf(s).output;
    const os = output.plugin === "opensearch";
    return [
        param(os ? "verify_os_version_at_startup" : "verify_es_version_at_startup", false),
        param(os ? "default_opensearch_version" : "default_elasticsearch_version", output.assumedMajorVersion),
        param("reconnect_on_error", true),
        param("reload_connections", false),
        // Bounds a bulk request in flight when the agent stops (stopping.ts); the plugins' default.
        param("request_timeout", `${REQUEST_TIMEOUT_SECONDS}s`),
    ];
}

export function searchOutput(s: LogAgentSettings): FluentdSection {
    const sslVersion = sslVersionOf(s);
    const tls =
        s.search.scheme === "https"
            ? [param("ssl_verify", s.search.sslVerify), ...(sslVersion === undefined ? [] : [param("ssl_version", sslVersion)])]
            : [];
    const output = logAgentLineOf(s).output;
    const mappingType =
        output.plugin === "opensearch" ? [] : [output.typeName === undefined ? param("suppress_type_name", true) : param("type_name", output.typeName)];
    return match("**", output.plugin, output.plugin, [
        param("@log_level", s.logLevel),
        ...mappingType,
        param("include_tag_key", true),
        param("host", s.search.host),
        param("port", s.search.port),
        param("scheme", s.search.scheme),
        ...tls,
        ...credentials(s),
        ...connection(s),
        param("logstash_format", true),
        param("id_key", DOCUMENT_ID_KEY),
        param("remove_keys", [DOCUMENT_ID_KEY, UNPARSED_TEXT_KEY].join(",")),
        outputBuffer(s),
    ]);
}

/**
 * output.conf: everything goes to the output label, then to Elasticsearch with a document id; use
 * @log_level debug only to diagnose.
 */
export function outputConfig(s: LogAgentSettings): FluentdFile {
    return [
        match("**", "search_output", "relabel", [param("@label", SEARCH_OUTPUT_LABEL)]),
        section("label", SEARCH_OUTPUT_LABEL, [documentIdFilter(), searchOutput(s)]),
    ];
}
