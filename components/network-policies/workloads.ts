import { ALERTMANAGER_KEY, fullKey, KIBANA_KEY, METRICS_KEY, Settings, wayIn } from "../../config";
import { alertmanagerLabels } from "../alertmanager/layout";
import { grafanaLabels } from "../grafana/layout";
import { kubeStateMetricsLabels } from "../kube-state-metrics/layout";
import { metricsLabels } from "../prometheus/layout";
import { adapterLabels } from "../resource-metrics/layout";
import { blackboxLabels } from "../blackbox-exporter/layout";
import { eventCollectorLabels } from "../event-collector/layout";
import { indexPatternJobName, indexPatternLabels, KIBANA_PORT, kibanaLabels } from "../search-store/kibana/layout";
import { retentionLabels, retentionName } from "../search-store/log-retention/layout";
import { indexTemplateJobName, indexTemplateLabels } from "../search-store/index-template/layout";
import { elasticsearchExporterName, searchStoreLabels } from "../search-store/layout";
import { longTermStoreLabels } from "../long-term-store/layout";
import { isCentral, vmauthLabels, vmauthName } from "../long-term-store/vmauth";
import { exporterLabels } from "../search-store/exporter";
import { Workload } from "./model";
import { gatewayLabels, gatewayName } from "../auth-gateway/layout";
import { NODE_EXPORTER_PORT_NAME, nodeExporterLabels } from "../node-exporter/layout";

/** A server's Ingress or HTTPRoute whose auth is proxy: the gateway in front of it, and what it reaches. */
export interface ProxiedIngress {
    /** Which way in the gateway stands behind: its traffic comes from the Ingress controllers or the Gateway's data plane. */
    via: "Ingress" | "HTTPRoute";
    /** The gateway's name (its Deployment, Service and NetworkPolicy). */
    name: string;
    namespace: string;
    nameKey: string;
    /** The server behind it, as a workload, and its web port's name. */
    server: { name: string; namespace: string };
    serverPort: string;
    /** oauth2Proxy's identity provider, which the gateway reaches outside. */
    issuerUrl?: string;
    product: string;
}

/** Every gateway a stack deploys (components/auth-gateway), from the servers' ingress.auth. */
export function proxiedIngresses(s: Settings): ProxiedIngress[] {
    const m = s.metrics;
    const list: ProxiedIngress[] = [];
    const mWay = wayIn(METRICS_KEY, m);
    if (mWay?.auth?.proxy) {
        list.push({
            via: mWay.kind,
            name: gatewayName(m.name),
            namespace: m.namespace,
            nameKey: `${fullKey("metrics")}.name`,
            server: { name: m.name, namespace: m.namespace },
            serverPort: "web",
            issuerUrl: mWay.auth.proxy.oauth2Proxy?.issuerUrl,
            product: "Prometheus",
        });
    }
    const a = s.alertmanager;
    const aWay = a.enabled ? wayIn(ALERTMANAGER_KEY, a) : undefined;
    if (aWay?.auth?.proxy) {
        list.push({
            via: aWay.kind,
            name: gatewayName(a.name),
            namespace: a.namespace,
            nameKey: `${fullKey("alertmanager")}.name`,
            server: { name: a.name, namespace: a.namespace },
            serverPort: "web",
            issuerUrl: aWay.auth.proxy.oauth2Proxy?.issuerUrl,
            product: "Alertmanager",
        });
    }
    const store = s.searchStore;
    const kWay = store.enabled && store.kibana.enabled ? wayIn(KIBANA_KEY, store.kibana) : undefined;
    if (kWay?.auth?.proxy) {
        list.push({
            via: kWay.kind,
            name: gatewayName(store.kibana.name),
            namespace: store.namespace,
            nameKey: `${fullKey(KIBANA_KEY)}.name`,
            server: { name: store.kibana.name, namespace: store.namespace },
            serverPort: KIBANA_PORT.name,
            product: "Kibana",
        });
    }
    return list;
}

/**
 * Every workload a stack deploys, with the labels its pods carry. A new component adds its
 * workload here and its flows in flows.ts; its NetworkPolicy then follows.
 */
export function monitoringWorkloads(s: Settings): Workload[] {
    const m = s.metrics;
    return [
        { name: m.name, nameKey: `${fullKey("metrics")}.name`, namespace: m.namespace, podLabels: metricsLabels(m), services: [m.name] },
        ...(s.alertmanager.enabled
            ? [{ name: s.alertmanager.name, nameKey: `${fullKey("alertmanager")}.name`, namespace: s.alertmanager.namespace, podLabels: alertmanagerLabels(s.alertmanager), services: [s.alertmanager.name] }]
            : []),
        ...(s.grafana.enabled ? [{ name: s.grafana.name, nameKey: `${fullKey("grafana")}.name`, namespace: s.grafana.namespace, podLabels: grafanaLabels(s.grafana), services: [s.grafana.name] }] : []),
        ...(s.kubeStateMetrics.enabled
            ? [{ name: s.kubeStateMetrics.name, nameKey: `${fullKey("kubeStateMetrics")}.name`, namespace: s.kubeStateMetrics.namespace, podLabels: kubeStateMetricsLabels(s.kubeStateMetrics), services: [s.kubeStateMetrics.name] }]
            : []),
        ...(s.nodeExporter.enabled
            ? [
                  {
                      name: s.nodeExporter.name,
                      nameKey: `${fullKey("nodeExporter")}.name`,
                      namespace: s.nodeExporter.namespace,
                      podLabels: nodeExporterLabels(s.nodeExporter),
                      services: [],
                      hostNetwork: { ports: { [NODE_EXPORTER_PORT_NAME]: s.nodeExporter.port } },
                  },
              ]
            : []),
        { name: s.logs.daemonSetName, nameKey: `${fullKey("logs")}.daemonSetName`, namespace: s.logs.namespace, podLabels: { ...s.logs.labels }, services: [] },
        ...(s.searchStore.enabled
            ? [
                  { name: s.searchStore.name, nameKey: `${fullKey("searchStore")}.name`, namespace: s.searchStore.namespace, podLabels: searchStoreLabels(s.searchStore), services: [s.searchStore.name] },
                  { name: indexTemplateJobName(s.searchStore), nameKey: `${fullKey("searchStore")}.name`, namespace: s.searchStore.namespace, podLabels: indexTemplateLabels(s.searchStore), services: [] },
              ]
            : []),
        ...(s.searchStore.enabled && s.searchStore.kibana.enabled
            ? [
                  { name: s.searchStore.kibana.name, nameKey: `${fullKey("searchStore")}.kibana.name`, namespace: s.searchStore.namespace, podLabels: kibanaLabels(s.searchStore), services: [s.searchStore.kibana.name] },
                  { name: indexPatternJobName(s.searchStore), nameKey: `${fullKey("searchStore")}.kibana.name`, namespace: s.searchStore.namespace, podLabels: indexPatternLabels(s.searchStore), services: [] },
              ]
            : []),
        ...(s.searchStore.enabled && s.searchStore.retention.enabled
            ? [{ name: retentionName(s.searchStore), nameKey: `${fullKey("searchStore")}.name`, namespace: s.searchStore.namespace, podLabels: retentionLabels(s.searchStore), services: [] }]
            : []),
        ...(s.searchStore.enabled && s.searchStore.exporter.enabled
            ? [{ name: elasticsearchExporterName(s.searchStore), nameKey: `${fullKey("searchStore")}.name`, namespace: s.searchStore.namespace, podLabels: exporterLabels(s.searchStore), services: [elasticsearchExporterName(s.searchStore)] }]
            : []),
        ...(s.longTermStore.enabled
            ? [{ name: s.longTermStore.name, nameKey: `${fullKey("longTermStore")}.name`, namespace: s.longTermStore.namespace, podLabels: longTermStoreLabels(s.longTermStore), services: [s.longTermStore.name] }]
            : []),
        ...(isCentral(s.longTermStore)
            ? [{ name: vmauthName(s.longTermStore), nameKey: `${fullKey("longTermStore")}.name`, namespace: s.longTermStore.namespace, podLabels: vmauthLabels(s.longTermStore), services: [vmauthName(s.longTermStore)] }]
            : []),
        ...(s.blackboxExporter.enabled
            ? [{ name: s.blackboxExporter.name, nameKey: `${fullKey("blackboxExporter")}.name`, namespace: s.blackboxExporter.namespace, podLabels: blackboxLabels(s.blackboxExporter), services: [s.blackboxExporter.name] }]
            : []),
        ...(s.eventCollector.enabled
            ? [{ name: s.eventCollector.name, nameKey: `${fullKey("eventCollector")}.name`, namespace: s.eventCollector.namespace, podLabels: eventCollectorLabels(s.eventCollector), services: [] }]
            : []),
        ...proxiedIngresses(s).map((g) => ({ name: g.name, nameKey: g.nameKey, namespace: g.namespace, podLabels: gatewayLabels(g.name), services: [g.name] })),
        ...(s.resourceMetrics.enabled
            ? [{ name: s.resourceMetrics.name, nameKey: `${fullKey("resourceMetrics")}.name`, namespace: s.resourceMetrics.namespace, podLabels: adapterLabels(s.resourceMetrics), services: [s.resourceMetrics.name] }]
            : []),
    ];
}
