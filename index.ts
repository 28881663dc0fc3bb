import * as k8s from "@pulumi/kubernetes";
import { Alertmanager } from "./components/alertmanager";
import { clusterProviderArgs } from "./components/cluster";
import { assertNoNameCollisions } from "./components/object-names";
import { Grafana, grafanaModel } from "./components/grafana";
import { KubeStateMetrics } from "./components/kube-state-metrics";
import { LogAgent } from "./components/log-agent";
import { MetricsServer } from "./components/metrics-server";
import { NetworkPolicies } from "./components/network-policies";
import { NodeExporter } from "./components/node-exporter";
import { ResourceMetrics, resourceMetricsModel } from "./components/resource-metrics";
import { SearchStore } from "./components/search-store";
import { loadSettings, pulumiConfigSource } from "./config";

// Validation throws before the first resource is registered, so a bad stack file creates nothing.
const settings = loadSettings(pulumiConfigSource());
assertNoNameCollisions(settings);

const cluster = new k8s.Provider("cluster", clusterProviderArgs(settings.cluster));
const onCluster = { providers: [cluster] };

const metrics = new MetricsServer("monitor", { settings: settings.metrics }, onCluster);
const sharesMetricsNamespace = settings.logs.namespace === settings.metrics.namespace;
const logs = new LogAgent(
    "log-agent",
    {
        settings: settings.logs,
        searchStore: settings.searchStore,
        namespaceReady: sharesMetricsNamespace ? metrics.namespaceResource : undefined,
    },
    onCluster,
);
const store = settings.searchStore.enabled
    ? new SearchStore(
          "search-store",
          { settings: settings.searchStore, namespaceReady: logs.namespaceResource ?? (sharesMetricsNamespace ? metrics.namespaceResource : undefined) },
          onCluster,
      )
    : undefined;
// Each on by default and switchable per stack; when off, its scrape job goes with it (config/index.ts).
const namespaceCreatedFor = (ns: string) =>
    ns === settings.metrics.namespace ? metrics.namespaceResource : ns === settings.logs.namespace ? logs.namespaceResource : undefined;
const nodeExporter = settings.nodeExporter.enabled
    ? new NodeExporter("node-exporter", { settings: settings.nodeExporter, namespaceReady: namespaceCreatedFor(settings.nodeExporter.namespace) }, onCluster)
    : undefined;
const kubeStateMetrics = settings.kubeStateMetrics.enabled
    ? new KubeStateMetrics("kube-state-metrics", { settings: settings.kubeStateMetrics, namespaceReady: metrics.namespaceResource }, onCluster)
    : undefined;
// Grafana reads Prometheus and the search store; its dashboards follow the components above.
const grafana = settings.grafana.enabled
    ? new Grafana("grafana", { model: grafanaModel(settings), namespaceReady: metrics.namespaceResource }, onCluster)
    : undefined;

const alertmanager = settings.alertmanager.enabled
    ? new Alertmanager("alertmanager", { settings: settings.alertmanager, namespaceReady: metrics.namespaceResource }, onCluster)
    : undefined;

// Serves metrics.k8s.io from Prometheus; off by default, as a cluster may run metrics-server instead.
const resourceMetrics = settings.resourceMetrics.enabled
    ? new ResourceMetrics(
          "resource-metrics",
          { model: resourceMetricsModel(settings), namespaceReady: namespaceCreatedFor(settings.resourceMetrics.namespace) },
          onCluster,
      )
    : undefined;

// Denies every flow the program does not need, in both directions (docs/security.md#network-policies).
const networkPolicies = settings.networkPolicies.enabled
    ? new NetworkPolicies(
          "network-policies",
          { settings, namespacesReady: [metrics.namespaceResource, logs.namespaceResource].filter((r): r is NonNullable<typeof r> => r !== undefined) },
          onCluster,
      )
    : undefined;

export const namespace = metrics.namespace;
export const serviceName = metrics.serviceName;
export const inClusterUrl = metrics.inClusterUrl;
export const externalUrl = metrics.externalUrl;
export const logAgentNamespace = logs.namespace;
export const logAgentDaemonSet = logs.daemonSetName;
export const searchUrl = logs.searchUrl;
export const searchStoreUrl = store?.url;
export const nodeExporterDaemonSet = nodeExporter?.daemonSetName;
export const kubeStateMetricsService = kubeStateMetrics?.serviceName;
export const grafanaUrl = grafana?.url;
export const alertmanagerUrl = alertmanager?.inClusterUrl;
export const resourceMetricsApiService = resourceMetrics?.apiServiceName;
export const networkPolicyNames = networkPolicies?.names;
