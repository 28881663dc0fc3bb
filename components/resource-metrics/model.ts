import { ResourceMetricsSettings, Settings } from "../../config";
import { inClusterUrl } from "../prometheus/service";

/** The adapter's settings and the Prometheus it queries, derived from the metrics settings. */
export interface ResourceMetricsModel {
    settings: ResourceMetricsSettings;
    /** Prometheus' Service, namespace, port and route prefix, as Grafana reaches it too. */
    prometheusUrl: string;
    /** metrics.web: the basic-auth user, and the kubernetes.io/tls Secret whose ca.crt verifies Prometheus. */
    prometheusWeb?: { basicAuthUser?: string; tlsSecretName?: string };
}

export function resourceMetricsModel(s: Settings): ResourceMetricsModel {
    const web = s.metrics.web;
    return {
        settings: s.resourceMetrics,
        prometheusUrl: inClusterUrl(s.metrics),
        ...(web ? { prometheusWeb: { basicAuthUser: web.basicAuth?.username, tlsSecretName: web.tls?.secretName } } : {}),
    };
}
