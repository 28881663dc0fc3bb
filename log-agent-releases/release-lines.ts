/**
 * The log agent's release lines (docs/log-agent.md#release-lines), and what differs between
 * them. A line is a fluentd version and an image flavour; every builder that emits something
 * line-dependent reads the stack's row here, so no builder compares versions itself.
 */

/** Where a plugin's source was read: a repository and the tag the line's image pins. */
export interface PluginSource {
    repo: string;
    tag: string;
    /** The gem version the image pins, when the tag read is not that version, and why. */
    note?: string;
}

export const LOG_AGENT_LINES = ["1.6.3", "1.19-elasticsearch8", "1.19-opensearch"] as const;
export type LogAgentLine = (typeof LOG_AGENT_LINES)[number];

/** The in-cluster stores the program can run (searchStore.kind, docs/log-store.md). */
export const IN_CLUSTER_STORE_KINDS = ["elasticsearch-oss", "opensearch"] as const;
export type InClusterStoreKind = (typeof IN_CLUSTER_STORE_KINDS)[number];

/** Whether a line's output can write to one in-cluster store, and why (or why not). */
export interface StoreFit {
    speaks: boolean;
    why: string;
}

export interface LogAgentRelease {
    line: LogAgentLine;
    fluentd: string;
    /** The image the line runs unless a stack names another build of it. */
    image: string;
    /** Describes the image for docs and messages. */
    flavour: string;
    /** Whether an image reference is recognisably of this line (repository and tag). */
    recognises: (image: string) => boolean;
    /** The image repository whose builds only this line's config fits, whatever the tag. */
    repository: RegExp;
    /**
     * Where the image reads its config: the ConfigMap is mounted at configDir; `entry` is a file
     * the line's image needs to be told to load (its own fluent.conf ships to the image's default
     * output instead), with the environment that points the image's start script at it.
     */
    configDir: string;
    entry?: { key: string; env: Record<string, string> };
    /**
     * Where the root config the line's image loads routes fluentd's own log events (tags
     * fluent.trace to fluent.fatal, Fluent::Log.event_tags in lib/fluent/log.rb) before it
     * includes the program's files, and where that was read. Undefined where the program's entry
     * file is the root config: fluentd (1.6.3 engine.rb configure, 1.19.3
     * fluent_log_event_router.rb) sends them to <label @FLUENT_LOG> when there is one, else to the
     * top level when a <match> there takes a fluent.* tag, so without one they reach the
     * output's `<match **>` and are shipped into the store. The entry file then holds the label.
     */
    imageOwnLogs?: { match: string; type: "null"; source: string };
    /** The environment variable through which the image's start script passes fluentd's arguments. */
    argsEnv: string;
    /** The gems the image pins, by name, and where their sources were read (declared-parameters.ts). */
    plugins: Record<string, string>;
    pluginSources: Record<string, PluginSource>;
    /** For each plugin the config uses ("source:tail", "output:elasticsearch"...), the files that declare its parameters, as `<source>:<path>`. */
    pluginFiles: Record<string, string[]>;
    output: {
        /** The output plugin: fluent-plugin-elasticsearch's `elasticsearch`, or fluent-plugin-opensearch's `opensearch`. */
        plugin: "elasticsearch" | "opensearch";
        /** `type_name _doc` for a 7.x store; undefined when the line writes `suppress_type_name true` instead. */
        typeName?: string;
        /**
         * default_elasticsearch_version (default_opensearch_version on the opensearch output): the
         * major the output assumes instead of asking the store at start-up.
         */
        assumedMajorVersion: number;
        /**
         * The ssl_version values the output honours; undefined where the plugin ignores ssl_version
         * (5.x on Ruby with TLS min/max versions: TLS 1.2 to 1.3 unless ssl_min_version/ssl_max_version).
         */
        sslVersions?: readonly string[];
    };
    /**
     * Whether the line's output speaks to each in-cluster store, and why (or why not): the program
     * refuses a stack that pairs a line with a store it cannot write to.
     */
    stores: Record<InClusterStoreKind, StoreFit>;
}

const FLUENTD_FILES = (fluentd: string) => ({
    system: [`${fluentd}:lib/fluent/system_config.rb`],
    "source:tail": [`${fluentd}:lib/fluent/plugin/in_tail.rb`],
    "source:forward": [`${fluentd}:lib/fluent/plugin/in_forward.rb`],
    "source:monitor_agent": [`${fluentd}:lib/fluent/plugin/in_monitor_agent.rb`],
    "filter:record_transformer": [`${fluentd}:lib/fluent/plugin/filter_record_transformer.rb`],
    "filter:parser": [`${fluentd}:lib/fluent/plugin/filter_parser.rb`],
    "output:relabel": [`${fluentd}:lib/fluent/plugin/out_relabel.rb`],
    "output:null": [`${fluentd}:lib/fluent/plugin/out_null.rb`],
    "parser:json": [`${fluentd}:lib/fluent/plugin/parser.rb`, `${fluentd}:lib/fluent/time.rb`, `${fluentd}:lib/fluent/plugin/parser_json.rb`],
    "parser:regexp": [`${fluentd}:lib/fluent/plugin/parser.rb`, `${fluentd}:lib/fluent/time.rb`, `${fluentd}:lib/fluent/plugin/parser_regexp.rb`],
    "parser:none": [`${fluentd}:lib/fluent/plugin/parser.rb`, `${fluentd}:lib/fluent/time.rb`, `${fluentd}:lib/fluent/plugin/parser_none.rb`],
    "parser:multiline": [
        `${fluentd}:lib/fluent/plugin/parser.rb`,
        `${fluentd}:lib/fluent/time.rb`,
        `${fluentd}:lib/fluent/plugin/parser_regexp.rb`,
        `${fluentd}:lib/fluent/plugin/parser_multiline.rb`,
    ],
    "parser:syslog": [`${fluentd}:lib/fluent/plugin/parser.rb`, `${fluentd}:lib/fluent/time.rb`, `${fluentd}:lib/fluent/plugin/parser_syslog.rb`],
    "buffer:file": [`${fluentd}:lib/fluent/plugin/buffer.rb`, `${fluentd}:lib/fluent/plugin/buf_file.rb`],
    "storage:local": [`${fluentd}:lib/fluent/plugin/storage.rb`, `${fluentd}:lib/fluent/plugin/storage_local.rb`],
});

const PROMETHEUS_FILES = {
    "source:prometheus": ["prometheus:lib/fluent/plugin/in_prometheus.rb"],
    "source:prometheus_monitor": ["prometheus:lib/fluent/plugin/in_prometheus_monitor.rb"],
    "source:prometheus_output_monitor": ["prometheus:lib/fluent/plugin/in_prometheus_output_monitor.rb"],
    "source:prometheus_tail_monitor": ["prometheus:lib/fluent/plugin/in_prometheus_tail_monitor.rb"],
};

const SHARED_FILES = {
    "source:systemd": ["systemd:lib/fluent/plugin/in_systemd.rb"],
    "filter:concat": ["concat:lib/fluent/plugin/filter_concat.rb"],
    "filter:kubernetes_metadata": ["kubernetes_metadata:lib/fluent/plugin/filter_kubernetes_metadata.rb"],
    "output:detect_exceptions": ["detect_exceptions:lib/fluent/plugin/out_detect_exceptions.rb"],
    "parser:multi_format": ["multi_format:lib/fluent/plugin/parser_multi_format.rb"],
};

/** Why the elasticsearch8 flavour's client refuses a store that is not Elastic's own Elasticsearch. */
const ELASTICSEARCH_8_CLIENT_CHECK = (store: string) =>
    "its client, elasticsearch-ruby 8.19.3, checks the first response of every connection for the header " +
    "X-Elastic-Product: Elasticsearch and raises UnsupportedProductError without it (elasticsearch/lib/elasticsearch.rb, " +
    "verify_elasticsearch, which no option turns off; verify_es_version_at_startup false only skips the plugin's own " +
    `version request); ${store} sends no such header`;

/** Ordered oldest first; the first is the spec's default. */
export const LOG_AGENT_RELEASES: readonly LogAgentRelease[] = [
    {
        line: "1.6.3",
        fluentd: "1.6.3",
        image: "quay.io/fluentd_elasticsearch/fluentd:v2.7.0",
        flavour: "the Kubernetes fluentd-elasticsearch add-on image v2.7.0",
        recognises: (image) => /(^|\/)fluentd_elasticsearch\/fluentd:v2\.7\.\d+$/.test(image),
        repository: /(^|\/)fluentd_elasticsearch\/fluentd:/,
        configDir: "/etc/fluent/config.d",
        imageOwnLogs: {
            match: "fluent.**",
            type: "null",
            source:
                "the add-on image's /etc/fluent/fluent.conf (kubernetes/kubernetes cluster/addons/fluentd-elasticsearch/fluentd-es-image/fluent.conf): " +
                "<match fluent.**> @type null, then @include /etc/fluent/config.d/*.conf",
        },
        argsEnv: "FLUENTD_ARGS",
        plugins: {
            fluentd: "1.6.3",
            "fluent-plugin-elasticsearch": "3.5.x (3.5.3)",
            "fluent-plugin-concat": "2.3.x",
            "fluent-plugin-detect-exceptions": "0.0.12",
            "fluent-plugin-kubernetes_metadata_filter": "2.2.x",
            "fluent-plugin-multi-format-parser": "1.0.x",
            "fluent-plugin-systemd": "~> 1.0.1",
            "fluent-plugin-prometheus": "~> 1.0.1",
        },
        pluginSources: {
            fluentd: { repo: "fluent/fluentd", tag: "v1.6.3" },
            elasticsearch: { repo: "uken/fluent-plugin-elasticsearch", tag: "v3.5.3" },
            concat: { repo: "fluent-plugins-nursery/fluent-plugin-concat", tag: "v2.3.0" },
            detect_exceptions: { repo: "GoogleCloudPlatform/fluent-plugin-detect-exceptions", tag: "v0.0.12" },
            kubernetes_metadata: { repo: "fabric8io/fluent-plugin-kubernetes_metadata_filter", tag: "v2.2.0" },
            multi_format: { repo: "repeatedly/fluent-plugin-multi-format-parser", tag: "v1.0.0" },
            systemd: { repo: "fluent-plugin-systemd/fluent-plugin-systemd", tag: "v1.0.1", note: "the floor of the add-on Gemfile's ~> 1.0.1; the v2.7.0 image's exact patch could not be read" },
            prometheus: { repo: "fluent/fluent-plugin-prometheus", tag: "v1.0.1", note: "the floor of the add-on Gemfile's ~> 1.0.1; the v2.7.0 image's exact version could not be read" },
        },
        pluginFiles: {
            ...FLUENTD_FILES("fluentd"),
            ...PROMETHEUS_FILES,
            ...SHARED_FILES,
            "output:elasticsearch": ["elasticsearch:lib/fluent/plugin/out_elasticsearch.rb", "fluentd:lib/fluent/plugin/output.rb"],
        },
        output: { plugin: "elasticsearch", typeName: "_doc", assumedMajorVersion: 7, sslVersions: ["TLSv1_2", "TLSv1_1", "TLSv1", "SSLv23"] },
        stores: {
            "elasticsearch-oss": {
                speaks: true,
                why: "elasticsearch-ruby 7.x before 7.14 (the add-on's client) sends requests without checking what the server is",
            },
            opensearch: {
                speaks: false,
                why:
                    "it writes with the Elasticsearch output, and fluent-plugin-elasticsearch 3.5.3 sends a mapping type (type_name _doc) " +
                    "in every bulk action, which OpenSearch 2 and later no longer accept; the line for OpenSearch is 1.19-opensearch",
            },
        },
    },
    {
        line: "1.19-elasticsearch8",
        fluentd: "1.19.3",
        image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-elasticsearch8-1.1",
        flavour: "fluent/fluentd-kubernetes-daemonset, Debian, Elasticsearch 8 flavour",
        recognises: (image) => /(^|\/)fluentd-kubernetes-daemonset:v1\.19\.\d+-debian-elasticsearch8-\d+\.\d+$/.test(image),
        repository: /(^|\/)fluentd-kubernetes-daemonset:/,
        configDir: "/fluentd/etc/config.d",
        // The image's start script runs `fluentd -c /fluentd/etc/${FLUENTD_CONF} ${FLUENTD_OPT}`
        // (docker-image/v1.19/debian-elasticsearch8/entrypoint.sh at v1.19.3-1.1).
        entry: { key: "fluent.conf", env: { FLUENTD_CONF: "config.d/fluent.conf" } },
        argsEnv: "FLUENTD_OPT",
        plugins: {
            fluentd: "1.19.3",
            "fluent-plugin-elasticsearch": "5.4.4",
            elasticsearch: "8.19.3",
            "elastic-transport": "8.5.3",
            "fluent-plugin-concat": "2.6.2",
            "fluent-plugin-detect-exceptions": "0.0.16",
            "fluent-plugin-kubernetes_metadata_filter": "3.8.0",
            "fluent-plugin-multi-format-parser": "1.0.0",
            "fluent-plugin-systemd": "1.1.1",
            "fluent-plugin-prometheus": "2.2.2",
        },
        pluginSources: {
            fluentd: { repo: "fluent/fluentd", tag: "v1.19.3" },
            elasticsearch: { repo: "uken/fluent-plugin-elasticsearch", tag: "v5.4.4" },
            concat: { repo: "fluent-plugins-nursery/fluent-plugin-concat", tag: "v2.6.2" },
            detect_exceptions: { repo: "GoogleCloudPlatform/fluent-plugin-detect-exceptions", tag: "0.0.16" },
            kubernetes_metadata: {
                repo: "fabric8io/fluent-plugin-kubernetes_metadata_filter",
                tag: "v3.7.1",
                note: "the image pins 3.8.0; the newest tag that could be read is v3.7.1 (the config sets no parameter of this filter)",
            },
            multi_format: { repo: "repeatedly/fluent-plugin-multi-format-parser", tag: "v1.0.0" },
            systemd: {
                repo: "fluent-plugin-systemd/fluent-plugin-systemd",
                tag: "v1.0.5",
                note: "the image pins 1.1.1; the newest tag that could be read is v1.0.5",
            },
            prometheus: { repo: "fluent/fluent-plugin-prometheus", tag: "v2.2.2" },
        },
        pluginFiles: {
            ...FLUENTD_FILES("fluentd"),
            ...PROMETHEUS_FILES,
            ...SHARED_FILES,
            "output:elasticsearch": [
                "elasticsearch:lib/fluent/plugin/out_elasticsearch.rb",
                "elasticsearch:lib/fluent/plugin/elasticsearch_tls.rb",
                "fluentd:lib/fluent/plugin/output.rb",
            ],
        },
        output: { plugin: "elasticsearch", assumedMajorVersion: 8 },
        stores: {
            "elasticsearch-oss": { speaks: false, why: ELASTICSEARCH_8_CLIENT_CHECK("Elasticsearch OSS 7.10.2") },
            opensearch: { speaks: false, why: `${ELASTICSEARCH_8_CLIENT_CHECK("OpenSearch")}; the line for OpenSearch is 1.19-opensearch` },
        },
    },
    {
        line: "1.19-opensearch",
        fluentd: "1.19.3",
        image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1",
        flavour: "fluent/fluentd-kubernetes-daemonset, Debian, OpenSearch flavour",
        recognises: (image) => /(^|\/)fluentd-kubernetes-daemonset:v1\.19\.\d+-debian-opensearch-\d+\.\d+$/.test(image),
        repository: /(^|\/)fluentd-kubernetes-daemonset:/,
        configDir: "/fluentd/etc/config.d",
        // The same start script as the elasticsearch8 flavour's, but for the sniffer's gem
        // (docker-image/v1.19/debian-opensearch/entrypoint.sh at v1.19.3-1.1).
        entry: { key: "fluent.conf", env: { FLUENTD_CONF: "config.d/fluent.conf" } },
        argsEnv: "FLUENTD_OPT",
        // docker-image/v1.19/debian-opensearch/Gemfile.lock at v1.19.3-1.1.
        plugins: {
            fluentd: "1.19.3",
            "fluent-plugin-opensearch": "1.1.6",
            "opensearch-ruby": "3.4.0",
            "fluent-plugin-concat": "2.6.2",
            "fluent-plugin-detect-exceptions": "0.0.16",
            "fluent-plugin-kubernetes_metadata_filter": "3.8.0",
            "fluent-plugin-multi-format-parser": "1.0.0",
            "fluent-plugin-systemd": "1.1.1",
            "fluent-plugin-prometheus": "2.2.2",
        },
        pluginSources: {
            fluentd: { repo: "fluent/fluentd", tag: "v1.19.3" },
            opensearch: { repo: "fluent/fluent-plugin-opensearch", tag: "v1.1.6" },
            concat: { repo: "fluent-plugins-nursery/fluent-plugin-concat", tag: "v2.6.2" },
            detect_exceptions: { repo: "GoogleCloudPlatform/fluent-plugin-detect-exceptions", tag: "0.0.16" },
            kubernetes_metadata: {
                repo: "fabric8io/fluent-plugin-kubernetes_metadata_filter",
                tag: "v3.7.1",
                note: "the image pins 3.8.0; the newest tag that could be read is v3.7.1 (the config sets no parameter of this filter)",
            },
            multi_format: { repo: "repeatedly/fluent-plugin-multi-format-parser", tag: "v1.0.0" },
            systemd: {
                repo: "fluent-plugin-systemd/fluent-plugin-systemd",
                tag: "v1.0.5",
                note: "the image pins 1.1.1; the newest tag that could be read is v1.0.5",
            },
            prometheus: { repo: "fluent/fluent-plugin-prometheus", tag: "v2.2.2" },
        },
        pluginFiles: {
            ...FLUENTD_FILES("fluentd"),
            ...PROMETHEUS_FILES,
            ...SHARED_FILES,
            "output:opensearch": [
                "opensearch:lib/fluent/plugin/out_opensearch.rb",
                "opensearch:lib/fluent/plugin/opensearch_tls.rb",
                "fluentd:lib/fluent/plugin/output.rb",
            ],
        },
        // OpenSearch 2 removed mapping types; 1.1.6 sends none from an assumed (or seen) major 2 on
        // (out_opensearch.rb: `@suppress_type_name || @last_seen_major_version >= 2`).
        output: { plugin: "opensearch", assumedMajorVersion: 3 },
        stores: {
            "elasticsearch-oss": {
                speaks: false,
                why:
                    "it writes with the OpenSearch output (fluent-plugin-opensearch 1.1.6 and opensearch-ruby 3.4.0), which is built and " +
                    "tested against OpenSearch only; the in-cluster Elasticsearch OSS 7.10.2 is kept for line 1.6.3, and this program " +
                    "pairs each output with its own store",
            },
            opensearch: { speaks: true, why: "fluent-plugin-opensearch 1.1.6 is OpenSearch's own output; opensearch-ruby checks no product header" },
        },
    },
];

export const DEFAULT_LOG_AGENT_RELEASE = LOG_AGENT_RELEASES[0];

export function logAgentRelease(line: LogAgentLine): LogAgentRelease {
    return LOG_AGENT_RELEASES.find((r) => r.line === line)!;
}

/** The line whose image repository this is (its tag may still be of no line), if any. */
export function lineOfRepository(image: string): LogAgentRelease | undefined {
    return LOG_AGENT_RELEASES.find((r) => r.repository.test(image));
}

/** The line an image reference recognisably belongs to, if any. */
export function lineOfImage(image: string): LogAgentRelease | undefined {
    return LOG_AGENT_RELEASES.find((r) => r.recognises(image));
}
