import { LogsSettings } from "../../config";
import { comment, filter, FluentdFile, FluentdSection, json, match, param, quoted, section, source, typed } from "./fluentd-model";
import { FLUENTD_PATHS, ownLogsGlob, positionFile } from "./layout";

/** docker's json-file driver: {"log": ..., "stream": ..., "time": ...} per line. */
export const DOCKER_JSON_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%NZ";

/** CRI runtimes (containerd, CRI-O): `<time> <stream> <flag> <log>`; the P/F flag is ignored. */
export const CRI_LINE_PATTERN = "/^(?<time>.+) (?<stream>stdout|stderr) [^ ]* (?<log>.*)$/";
export const CRI_TIME_FORMAT = "%Y-%m-%dT%H:%M:%S.%N%:z";

/** Tags as in docs/design.md#fluentd-tags-and-paths: tail tags raw.kubernetes.*, detect_exceptions strips "raw". */
export const RAW_TAG = "raw.kubernetes.*";
export const RAW_MATCH = "raw.kubernetes.**";
export const KUBERNETES_FILTER = "kubernetes.**";

/** Either format may appear on one node, so each line is tried as docker JSON, then as CRI text. */
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

/** Joins lines that a runtime split (CRI partial lines) until one ends with a newline. */
export function concatFilter(): FluentdSection {
    return filter("**", "filter_concat", "concat", [
        param("key", "message"),
        param("multiline_end_regexp", "/\\n$/"),
        param("separator", quoted("")),
    ]);
}

/** Adds kubernetes{namespace_name, pod_name, container_name...} and docker{container_id}. */
export function kubernetesMetadataFilter(): FluentdSection {
    return filter(KUBERNETES_FILTER, "filter_kubernetes_metadata", "kubernetes_metadata");
}

/** Lifts a JSON log line into fields; any other line stays as it is. */
export function logParserFilter(): FluentdSection {
    return filter(KUBERNETES_FILTER, "filter_parser", "parser", [
        param("key_name", "log"),
        param("reserve_data", true),
        param("remove_key_name_field", true),
        typed("parse", "multi_format", [
            section("pattern", undefined, [param("format", "json")]),
            section("pattern", undefined, [param("format", "none")]),
        ]),
    ]);
}

/** containers.input.conf: the container log input, then the spec's filter chain in order. */
export function containersInputConfig(s: LogsSettings): FluentdFile {
    return [
        comment("Container logs; the agent's own logs are excluded so it never re-ships what it logs."),
        containerLogInput(s),
        comment("Multi-line exceptions become one record, retagged kubernetes.*."),
        exceptionDetector(),
        concatFilter(),
        kubernetesMetadataFilter(),
        logParserFilter(),
    ];
}
