import { longTermStoreWriteUrl } from "../components/long-term-store/layout";
import { isCentral, VMAUTH, vmauthName } from "../components/long-term-store/vmauth";
import {
    ALERTMANAGER_CLUSTER_PORT_NAMES,
    ALERTMANAGER_PORT_NAME,
    BLACKBOX_PORT,
    BLACKBOX_PORT_NAME,
    DEFAULT_LOG_AGENT_TARGET,
    ELASTICSEARCH_EXPORTER_PORT_NAME,
    elasticsearchExporterName,
    GRAFANA_PORT_NAME,
    KUBE_STATE_METRICS_PORT_NAME,
    KUBE_STATE_METRICS_TELEMETRY_PORT_NAME,
    LONG_TERM_STORE_PORT_NAME,
    MetricsSettings,
    NODE_EXPORTER_PORT_NAME,
    nodeExporterLabels,
    RESOURCE_METRICS_PORT_NAME,
    Settings,
} from "../config";

/**
 * What each component tells Prometheus about itself: where its scrape target is while it runs.
 * The components' settings stay as loadSettings validated them; Prometheus' settings gain one
 * *Target field per running component, so each scrape job exists exactly while its component
 * does. Pure: returns new settings and leaves `s` as it was.
 */
export function wireComponents(s: Settings): Settings {
    const metrics: MetricsSettings = {
        ...s.metrics,
        controlPlane: s.controlPlane,
        // The log-agent scrape job follows the agent wherever its settings put it.
        logAgentTarget: { ...DEFAULT_LOG_AGENT_TARGET, namespace: s.logs.namespace, podLabels: { ...s.logs.labels } },
        // The team rules checker writes TeamRuleFileRefused, an own alert, at run time.
        ...(s.alertRules.runbookBaseUrl !== undefined ? { runbookBaseUrl: s.alertRules.runbookBaseUrl } : {}),
    };
    if (s.nodeExporter.enabled) {
        metrics.nodeExporterTarget = { namespace: s.nodeExporter.namespace, podLabels: nodeExporterLabels(s.nodeExporter), portName: NODE_EXPORTER_PORT_NAME };
    }
    if (s.kubeStateMetrics.enabled) {
        metrics.kubeStateMetricsTarget = {
            namespace: s.kubeStateMetrics.namespace,
            serviceName: s.kubeStateMetrics.name,
            portName: KUBE_STATE_METRICS_PORT_NAME,
            telemetryPortName: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME,
        };
    }
    // Our own components are scraped exactly while they run.
    if (s.grafana.enabled) {
        metrics.grafanaTarget = { namespace: s.grafana.namespace, serviceName: s.grafana.name, portName: GRAFANA_PORT_NAME };
    }
    if (s.resourceMetrics.enabled) {
        metrics.resourceMetricsTarget = { namespace: s.resourceMetrics.namespace, serviceName: s.resourceMetrics.name, portName: RESOURCE_METRICS_PORT_NAME };
    }
    if (s.searchStore.enabled && s.searchStore.exporter.enabled) {
        metrics.elasticsearchTarget = { namespace: s.searchStore.namespace, serviceName: elasticsearchExporterName(s.searchStore), portName: ELASTICSEARCH_EXPORTER_PORT_NAME };
    }
    // Prometheus scrapes the store and remote-writes to it (components/prometheus/remote-write-config.ts).
    if (s.longTermStore.enabled) {
        const t = s.longTermStore;
        metrics.longTermStoreTarget = {
            namespace: t.namespace,
            serviceName: t.name,
            portName: LONG_TERM_STORE_PORT_NAME,
            writeUrl: longTermStoreWriteUrl(t),
            ...(isCentral(t) ? { vmauth: { namespace: t.namespace, serviceName: vmauthName(t), portName: VMAUTH.port.name } } : {}),
        };
    }
    const blackbox = s.blackboxExporter;
    if (blackbox.enabled) {
        metrics.blackboxTarget = {
            address: `${blackbox.name}.${blackbox.namespace}.svc:${BLACKBOX_PORT}`,
            namespace: blackbox.namespace,
            serviceName: blackbox.name,
            portName: BLACKBOX_PORT_NAME,
            probes: blackbox.probes,
            probeAnnotated: blackbox.probeAnnotated,
        };
    }
    const am = s.alertmanager;
    if (am.enabled) {
        metrics.alertmanagerTarget = {
            namespace: am.namespace,
            serviceName: am.name,
            portName: ALERTMANAGER_PORT_NAME,
            ...(am.replicas >= 2 ? { clusterPortNames: Object.values(ALERTMANAGER_CLUSTER_PORT_NAMES) } : {}),
            ...(am.web ? { web: am.web } : {}),
        };
    }
    return { ...s, metrics };
}
