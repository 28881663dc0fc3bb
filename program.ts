import * as k8s from "@pulumi/kubernetes";
import { Alertmanager } from "./components/alertmanager";
import { AuthGateway } from "./components/auth-gateway";
import { credentialsAnnotations } from "./components/common/web-password";
import { alertmanagerGatewayModel, prometheusGatewayModel } from "./stack/auth-gateways";
import { BlackboxExporter } from "./components/blackbox-exporter";
import { EventCollector } from "./components/event-collector";
import { clusterProviderArgs } from "./components/cluster";
import { consoles as consolesOf } from "./components/consoles";
import { Grafana } from "./components/grafana";
import { KubeStateMetrics } from "./components/kube-state-metrics";
import { LogAgent } from "./components/log-agent";
import { Prometheus } from "./components/prometheus";
import { Namespaces } from "./components/namespaces";
import { NetworkPolicies } from "./components/network-policies";
import { NodeExporter } from "./components/node-exporter";
import { ResourceMetrics, resourceMetricsModel } from "./components/resource-metrics";
import { SearchStore } from "./components/search-store";
import { LongTermStore } from "./components/long-term-store";
import { pulumiConfigSource } from "./config";
import { checkAcrossComponents, loadStackSettings, prometheusContributions } from "./stack";
import { keptFamiliesOf } from "./stack/family-tables";
import { edgeWriteCredential } from "./stack/edge-write-credential";
import { readEdgeCredentials } from "./stack/edge-credentials";
import { grafanaModel } from "./stack/grafana-model";
import { teamContractOf } from "./stack/team-contract";

// Validation throws before the first resource is registered, so a bad stack file creates nothing.
const settings = loadStackSettings(pulumiConfigSource());
checkAcrossComponents(settings);
// What the components contribute to Prometheus, composed in the open (stack/index.ts).
const contributions = prometheusContributions(settings);

// An edge with a generated credential makes its write password; a central stack reads each edge's that names its stack (docs/long-term-storage.md#central-and-edge-stacks).
const writeCredential = edgeWriteCredential(settings.metrics);
readEdgeCredentials(settings.longTermStore);

const cluster = new k8s.Provider("cluster", clusterProviderArgs(settings.cluster));
const onCluster = { providers: [cluster] };

// Created first: every component below asks it, by name, for the namespace its objects wait on.
const namespaces = new Namespaces("namespaces", { settings }, onCluster);

const metrics = new Prometheus("monitor", { settings: settings.metrics, namespaces, scrapeJobs: contributions.scrapeConfigs, ruleFiles: contributions.ruleFiles }, onCluster);
const store = settings.searchStore.enabled ? new SearchStore("search-store", { settings: settings.searchStore, namespaces }, onCluster) : undefined;
// The agent of an in-cluster OpenSearch reads its password from the store's Secret, so it rolls with that password's generation.
const logs = new LogAgent("log-agent", { settings: settings.logs, namespaces, storeAgentPasswordGeneration: store?.agentPasswordGeneration }, onCluster);
// Optional: VictoriaMetrics, which every Prometheus replica remote-writes to (docs/long-term-storage.md).
const longTermStore = settings.longTermStore.enabled ? new LongTermStore("long-term-store", { settings: settings.longTermStore, namespaces }, onCluster) : undefined;
// Each on by default and switchable per stack; when off, its scrape job goes with it (config/index.ts).
const nodeExporter = settings.nodeExporter.enabled
    ? new NodeExporter("node-exporter", { settings: settings.nodeExporter, namespaces }, onCluster)
    : undefined;
const kubeStateMetrics = settings.kubeStateMetrics.enabled
    ? new KubeStateMetrics("kube-state-metrics", { settings: settings.kubeStateMetrics, namespaces }, onCluster)
    : undefined;
const alertmanager = settings.alertmanager.enabled
    ? new Alertmanager("alertmanager", { settings: settings.alertmanager, namespaces }, onCluster)
    : undefined;

// The auth gateway in front of Prometheus' Ingress while metrics.ingress.auth is proxy (docs/security.md#the-auth-gateway).
const prometheusGatewayArgs = prometheusGatewayModel(settings);
const prometheusGateway = prometheusGatewayArgs
    ? new AuthGateway(
          prometheusGatewayArgs.name,
          {
              model: prometheusGatewayArgs,
              namespaces,
              serverPassword: metrics.webPassword,
              podAnnotations: credentialsAnnotations({ prometheus: metrics.webPasswordGeneration }),
              oidcClientSecret: settings.metrics.oidcClientSecret,
          },
          onCluster,
      )
    : undefined;

const alertmanagerGatewayArgs = alertmanagerGatewayModel(settings);
const alertmanagerGateway =
    alertmanagerGatewayArgs && alertmanager
        ? new AuthGateway(
              alertmanagerGatewayArgs.name,
              {
                  model: alertmanagerGatewayArgs,
                  namespaces,
                  serverPassword: alertmanager.webPassword,
                  podAnnotations: credentialsAnnotations({ alertmanager: alertmanager.webPasswordGeneration }),
                  oidcClientSecret: settings.alertmanager.oidcClientSecret,
              },
              onCluster,
          )
        : undefined;

// Grafana reads Prometheus, Alertmanager and the search store; its dashboards follow the components above.
const grafana = settings.grafana.enabled
    ? new Grafana(
          "grafana",
          {
              model: grafanaModel(settings),
              namespaces,
              prometheusPassword: metrics.webPassword,
              alertmanagerPassword: alertmanager?.webPassword,
              passwordGenerations: { prometheus: metrics.webPasswordGeneration, alertmanager: alertmanager?.webPasswordGeneration },
          },
          onCluster,
      )
    : undefined;

// Serves metrics.k8s.io from Prometheus; off by default, as a cluster may run metrics-server instead.
const resourceMetrics = settings.resourceMetrics.enabled
    ? new ResourceMetrics("resource-metrics", { model: resourceMetricsModel(settings), namespaces, prometheusPassword: metrics.webPassword, prometheusPasswordGeneration: metrics.webPasswordGeneration }, onCluster)
    : undefined;

// Probes from inside the cluster; off by default (docs/monitor-your-app.md#probes).
const blackboxExporter = settings.blackboxExporter.enabled
    ? new BlackboxExporter("blackbox-exporter", { settings: settings.blackboxExporter, namespaces }, onCluster)
    : undefined;

// Kubernetes events as JSON lines on its stdout, which the log agent ships; off by default (docs/cluster-events.md).
const eventCollector = settings.eventCollector.enabled ? new EventCollector("event-collector", { settings: settings.eventCollector, namespaces }, onCluster) : undefined;

// Denies every flow the program does not need, in both directions (docs/security.md#network-policies).
const networkPolicies = settings.networkPolicies.enabled
    ? new NetworkPolicies("network-policies", { settings, namespaces, scrapeJobs: contributions.scrapeJobs }, onCluster)
    : undefined;

export const namespace = metrics.namespace;
export const serviceName = metrics.serviceName;
export const inClusterUrl = metrics.inClusterUrl;
export const externalUrl = metrics.externalUrl;
// Prometheus' basic-auth login while metrics.web.basicAuth is set: `pulumi stack output prometheusWebPassword --show-secrets`.
export const prometheusWebUser = metrics.webUser;
export const prometheusWebPassword = metrics.webPassword;
// The people's passwords of metrics.ingress.auth.proxy.basicAuth, by user: `pulumi stack output prometheusIngressPasswords --show-secrets`.
export const prometheusIngressPasswords = prometheusGateway?.passwords;
export const logAgentNamespace = logs.namespace;
export const logAgentDaemonSet = logs.daemonSetName;
export const searchUrl = logs.searchUrl;
export const searchStoreUrl = store?.url;
/** The in-cluster OpenSearch's generated password for user admin (Dashboards' login): pulumi stack output searchStorePassword --show-secrets. */
export const searchStorePassword = store?.password;
export const longTermStoreUrl = longTermStore?.url;
// Where a central stack's edges write (docs/long-term-storage.md#central-and-edge-stacks): its vmauth Ingress.
export const longTermStoreEdgeUrl = longTermStore?.edgeUrl;
// An edge's cluster label and generated write password, which its central stack reads through longTermStore.edges[].stack; a secret output.
export const longTermStoreWriteCredential = writeCredential;
export const nodeExporterDaemonSet = nodeExporter?.daemonSetName;
export const kubeStateMetricsService = kubeStateMetrics?.serviceName;
export const grafanaUrl = grafana?.url;
// What `npm run access` prints: each UI's Service and port, or its Ingress URL.
export const consoles = consolesOf(settings);
// Read with `pulumi stack output grafanaAdminPassword --show-secrets`; never printed by the scripts.
export const grafanaAdminUser = grafana?.adminUser;
export const grafanaAdminPassword = grafana?.adminPassword;
export const alertmanagerUrl = alertmanager?.inClusterUrl;
// Alertmanager's basic-auth login while alertmanager.web.basicAuth is set: `pulumi stack output alertmanagerWebPassword --show-secrets`.
export const alertmanagerWebUser = alertmanager?.webUser;
export const alertmanagerWebPassword = alertmanager?.webPassword;
// The people's passwords of alertmanager.ingress.auth.proxy.basicAuth: `pulumi stack output alertmanagerIngressPasswords --show-secrets`.
export const alertmanagerIngressPasswords = alertmanagerGateway?.passwords;
export const resourceMetricsApiService = resourceMetrics?.apiServiceName;
export const blackboxExporterService = blackboxExporter?.serviceName;
export const eventCollectorDeployment = eventCollector ? settings.eventCollector.name : undefined;
export const networkPolicyNames = networkPolicies?.names;
/** Per job, the families it keeps and drops by name (docs/scrape-jobs.md#what-each-job-keeps): what teams' own rules can read. */
export const keptFamilies = keptFamiliesOf(contributions.scrapeConfigs.map((j) => j.job_name), settings.metrics.keepFamilies);
/** What `npm run team:check` holds a team's labelled ConfigMaps to: release line, kept families, namespaces, labels, the platform's uids (docs/monitor-your-app.md#check-before-you-apply). */
export const teamContract = teamContractOf(settings, keptFamilies);
