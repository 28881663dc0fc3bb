import { LogsSettings } from "../../config";
import { comment, envVar, FluentdFile, FluentdNode, FluentdSection, flag, match, param, quoted, typed } from "./fluentd-model";
import { bufferPath, PASSWORD_ENV } from "./layout";

/** Elasticsearch 7 accepts only this mapping type; fluent-plugin-elasticsearch 3.5 still sends one. */
export const TYPE_NAME = "_doc";

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
        param("logstash_format", true),
        outputBuffer(s),
    ]);
}

/** output.conf: everything goes to Elasticsearch; use @log_level debug only to diagnose. */
export function outputConfig(s: LogsSettings): FluentdFile {
    return [searchOutput(s)];
}
