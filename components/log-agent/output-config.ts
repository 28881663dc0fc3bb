import { LogsSettings } from "../../config";
import { comment, envVar, filter, FluentdFile, FluentdNode, FluentdSection, flag, match, param, quoted, section, typed } from "./fluentd-model";
import { UNPARSED_TEXT_KEY } from "./containers-input";
import { DOCUMENT_ID_KEY, documentIdFilter } from "./document-id";
import { bufferPath, PASSWORD_ENV, SEARCH_OUTPUT_LABEL } from "./layout";

/** Elasticsearch 7 accepts only this mapping type; fluent-plugin-elasticsearch 3.5 still sends one. */
export const TYPE_NAME = "_doc";

/**
 * The major version the output assumes instead of asking the store at start-up. Elasticsearch 7
 * (the in-cluster store is 7.10) and 6 both take the `_doc` type the output sends, and
 * fluent-plugin-elasticsearch 3.5 uses the version only for the type name and the routing key.
 */
export const ASSUMED_SEARCH_MAJOR_VERSION = 7;

/**
 * Parameters of fluentd 1.6's buffer section only (docs/design.md#fluentd-parameters). A file buffer in the
 * agent's host state directory keeps queued chunks through a pod restart.
 */
export function outputBuffer(s: LogsSettings): FluentdSection {
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
function credentials(s: LogsSettings): FluentdNode[] {
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
function connection(): FluentdNode[] {
    return [
        param("verify_es_version_at_startup", false),
        param("default_elasticsearch_version", ASSUMED_SEARCH_MAJOR_VERSION),
        param("reconnect_on_error", true),
        param("reload_connections", false),
    ];
}

export function searchOutput(s: LogsSettings): FluentdSection {
    const tls =
        s.search.scheme === "https"
            ? [param("ssl_verify", s.search.sslVerify), param("ssl_version", s.search.sslVersion)]
            : [];
    return match("**", "elasticsearch", "elasticsearch", [
        param("@log_level", s.logLevel),
        param("type_name", TYPE_NAME),
        param("include_tag_key", true),
        param("host", s.search.host),
        param("port", s.search.port),
        param("scheme", s.search.scheme),
        ...tls,
        ...credentials(s),
        ...connection(),
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
export function outputConfig(s: LogsSettings): FluentdFile {
    return [
        match("**", "search_output", "relabel", [param("@label", SEARCH_OUTPUT_LABEL)]),
        section("label", SEARCH_OUTPUT_LABEL, [documentIdFilter(), searchOutput(s)]),
    ];
}
