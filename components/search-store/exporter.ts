import * as k8s from "@pulumi/kubernetes";
import { ELASTICSEARCH_EXPORTER_PORT, ELASTICSEARCH_EXPORTER_PORT_NAME, elasticsearchExporterName, SearchStoreSettings } from "../../config";
import { noPrivileges } from "../common/no-privileges";
import { ownServiceAccount } from "../common/own-service-account";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { searchStoreUrl } from "./service";

/**
 * elasticsearch_exporter beside the in-cluster store (docs/log-agent.md#metrics-of-the-store). A
 * Deployment of its own, as the prometheus-community chart runs it, rather than a sidecar: a
 * new exporter image does not restart Elasticsearch, and while the store is down the exporter
 * still answers and says so (elasticsearch_scrape_success 0) instead of vanishing with it.
 */

export const EXPORTER_PORT = { name: ELASTICSEARCH_EXPORTER_PORT_NAME, number: ELASTICSEARCH_EXPORTER_PORT } as const;

/** The image's user (USER nobody in its Dockerfile), set explicitly so runAsNonRoot can be checked. */
export const EXPORTER_UID = 65534;

/** Below the default 10s scrape timeout, so a slow store yields a failed collector, not a failed scrape. */
export const ES_TIMEOUT = "5s";

export function exporterLabels(s: Pick<SearchStoreSettings, "name">): Record<string, string> {
    return { "k8s-app": elasticsearchExporterName(s) };
}

/**
 * Flags of v1.11.0 (its main.go and collector/cluster_settings.go). The store has no
 * authentication (config/search-store.ts refuses a search user while it runs), so the URI
 * carries no credentials; a store with them would pass ES_USERNAME and ES_PASSWORD from a
 * Secret, which the exporter reads, never a password in the URI. --es.all reports every node
 * rather than the one the Service picks; --collector.clustersettings serves the disk allocation
 * watermarks the disk alerts compare with. Per-index stats (--es.indices) stay off: 82 families
 * per daily index, which no alert or panel reads.
 */
export function exporterArgs(s: SearchStoreSettings): string[] {
    return [`--es.uri=${searchStoreUrl(s)}`, "--es.all", `--es.timeout=${ES_TIMEOUT}`, "--collector.clustersettings", `--web.listen-address=:${EXPORTER_PORT.number}`];
}

/** Its own account, without a token: the exporter talks to Elasticsearch only, never to the API server. */
export function exporterServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(elasticsearchExporterName(s), s.namespace, exporterLabels(s));
}

/** Stateless, one replica, on the store's scheduling settings as Kibana is; Pod Security restricted. */
export function exporterDeployment(s: SearchStoreSettings): k8s.types.input.apps.v1.Deployment {
    const name = elasticsearchExporterName(s);
    const labels = exporterLabels(s);
    const probe = { httpGet: { path: "/healthz", port: EXPORTER_PORT.name }, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 };
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name, namespace: s.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels },
                spec: {
                    serviceAccountName: name,
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: { runAsNonRoot: true, runAsUser: EXPORTER_UID, runAsGroup: EXPORTER_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers: [
                        {
                            name: "elasticsearch-exporter",
                            image: s.exporter.image,
                            imagePullPolicy: "IfNotPresent",
                            args: exporterArgs(s),
                            ports: [{ name: EXPORTER_PORT.name, containerPort: EXPORTER_PORT.number, protocol: "TCP" }],
                            resources: containerResources(s.exporter.resources),
                            // /healthz answers without asking Elasticsearch, so a store that is down does not restart the exporter.
                            livenessProbe: probe,
                            readinessProbe: probe,
                            securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: EXPORTER_UID },
                        },
                    ],
                },
            },
        },
    };
}

/** The Service the "elasticsearch" scrape job finds through its endpoints. */
export function exporterService(s: SearchStoreSettings): k8s.types.input.core.v1.Service {
    const labels = exporterLabels(s);
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: elasticsearchExporterName(s), namespace: s.namespace, labels },
        spec: { type: "ClusterIP", selector: labels, ports: [{ name: EXPORTER_PORT.name, port: EXPORTER_PORT.number, targetPort: EXPORTER_PORT.name, protocol: "TCP" }] },
    };
}
