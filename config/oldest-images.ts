import { Check } from "./fields";
import { containerImage } from "./formats";

/**
 * The oldest release of each image that runs the configuration the program generates: the flags
 * it passes and the config keys it writes. An older tag fails only on the cluster, with an
 * unknown flag or a config the process refuses at start, so it is refused here, naming the key.
 * Each row says what sets the floor; raise it when a builder starts to use something newer.
 */
export const OLDEST_IMAGES = {
    alertmanager: {
        version: "0.22.0",
        why: "the config routes and inhibits with matchers, source_matchers and target_matchers, which Alertmanager reads since 0.22.0",
    },
    nodeExporter: {
        version: "1.2.0",
        why: "the DaemonSet passes --collector.filesystem.mount-points-exclude, the name node_exporter gives that flag since 1.2.0 (an older one exits on the unknown flag)",
    },
    kubeStateMetrics: {
        version: "2.20.0",
        why: "--resources lists v2.20.0's resources (validatingadmissionpolicies among them), and --metric-allowlist came in 2.0.0; an older release exits on a resource it does not know",
    },
    elasticsearchExporter: {
        version: "1.7.0",
        why: "the disk alerts read the allocation watermark families of --collector.clustersettings, which elasticsearch_exporter serves since 1.7.0",
    },
    searchStore: {
        version: "7.8.0",
        why: "the index template Job installs a composable template through _index_template, which Elasticsearch serves since 7.8.0",
    },
    curl: {
        version: "7.76.0",
        why: "the index template Job calls curl --fail-with-body, which curl has since 7.76.0, to print Elasticsearch's reason when it refuses a request",
    },
    nginxGateway: {
        version: "1.22.0",
        why: "the auth gateway's nginx.conf (auth_request, absolute_redirect, proxy_ssl_verify) is proven on Debian's nginx 1.22 by tests/auth-gateway.real.test.ts; no older line is checked",
    },
    oauth2Proxy: {
        version: "7.11.0",
        why: "the gateway passes --cookie-secret-file, which oauth2-proxy declares since v7.11.0 (pkg/apis/options/cookie.go; absent at v7.10.0), to keep the cookie secret out of the arguments",
    },
    victoriaMetrics: {
        version: "1.79.5",
        why: "the store gets -dedup.minScrapeInterval, -retentionPeriod in d, w or y, and its auth keys through -envflag.enable; the tests run them on Debian's 1.79.5, and no older release is checked",
    },
    k8sSidecar: {
        version: "2.8.1",
        why: "Grafana's team dashboards and Prometheus' team rules (grafana.teamDashboards.image, metrics.teamRules.image) each watch several namespaces with one sidecar; before 2.8.1 each namespace's list removed the files of the others (src/resources.py list_resources scopes its removal to its namespace since 2.8.1)",
    },
    grafana: {
        version: "13.0.0",
        why: "the dashboards are built with the foundation SDK for Grafana 13 (dashboard schemaVersion 42, panel options of that line); no older line is checked",
    },
    prometheus: {
        version: "2.11.1",
        why: "v2.11.1 is the spec's release line and the oldest the program drives (docs/prometheus-versions.md)",
    },
    configReloader: {
        version: "0.93.0",
        why: "the init and sidecar containers pass --config-envsubst-file, --watched-dir and --watch-interval=0 as prometheus-config-reloader v0.93 reads them; no older release is checked",
    },
    blackboxExporter: {
        version: "0.29.0",
        why: "the modules (ip_protocol_fallback, the http and tcp probers' keys) are written and checked against blackbox_exporter v0.29; no older release is checked",
    },
    eventCollector: {
        version: "3.1.0",
        why: "the collector's kubernetes_events input keeps a watch open since fluent-bit 3.1 (before, it polled on interval_sec); its keys (kube_retention_time, db) are checked against v5.1.1's plugins/in_kubernetes_events/kubernetes_events.c, and no older line is checked",
    },
    logAgent: {
        version: "2.7.0",
        why: "the fluentd config is written for the add-on's v2.7.0 image (fluentd 1.6.3, fluent-plugin-elasticsearch 3.5, kubernetes_metadata_filter 2.2); no older image is checked (fluent/fluentd-kubernetes-daemonset images are checked against the release lines instead, docs/log-agent.md#release-lines)",
    },
    rbacProxy: {
        version: "0.21.0",
        why: "the proxy's arguments are checked against the flags kube-rbac-proxy v0.21 documents (components/rbac-proxy/flags.ts); an older release may lack one and exit",
    },
    resourceMetrics: {
        version: "0.12.0",
        why: "the adapter's flags (--prometheus-auth-config among them) and its rules config follow prometheus-adapter v0.12.0; no older release is checked",
    },
    openSearch: {
        version: "2.0.0",
        why: "the log agent's opensearch line sends no mapping type (OpenSearch 2.0 removed types), and the security plugin reads its settings as plugins.security.*, the names since 2.0.0",
    },
    openSearchDashboards: {
        version: "2.0.0",
        why: "OpenSearch Dashboards must run the store's own version, and the store is 2.0.0 or newer",
    },
    kibana: {
        version: "7.8.0",
        why: "Kibana must run the store's own version, and the store is 7.8.0 or newer (composable index templates)",
    },
} as const satisfies Record<string, { version: string; why: string }>;

/** X.Y.Z of an image tag such as v0.34.0 or 13.2.3-ubuntu; undefined for a digest or a tag of another form. */
export function imageTagVersion(image: string): [number, number, number] | undefined {
    if (image.includes("@")) {
        return undefined;
    }
    const slash = image.lastIndexOf("/");
    const colon = image.lastIndexOf(":");
    if (colon <= slash) {
        return undefined;
    }
    const match = /^v?([0-9]+)\.([0-9]+)\.([0-9]+)(?:[-+].*)?$/.exec(image.slice(colon + 1));
    return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : undefined;
}

function older(a: readonly number[], b: readonly number[]): boolean {
    for (let i = 0; i < 3; i++) {
        if (a[i] !== b[i]) {
            return a[i] < b[i];
        }
    }
    return false;
}

/**
 * An image reference whose tag, when it names a version, is not older than `oldest`. A digest or
 * a private tag cannot be told and passes: the version is then the stack's own responsibility.
 */
export function imageAtLeast(oldest: { version: string; why: string }): Check {
    return (value) => {
        const complaint = containerImage(value);
        if (complaint !== undefined) {
            return complaint;
        }
        const version = imageTagVersion(value);
        const floor = oldest.version.split(".").map(Number);
        return version !== undefined && older(version, floor) ? `an image of version ${oldest.version} or newer: ${oldest.why}` : undefined;
    };
}
