import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { SearchStoreSettings } from "../../config";
import { STORE_EXPORTER_PASSWORD_KEY } from "../../config/search-store";
import { TLS_SECRET_KEYS } from "../common/web-config";
import { credentialsAnnotations } from "../common/web-password";
import { credentialsSecretName } from "./opensearch/layout";
import { noPrivileges } from "../common/no-privileges";
import { ownServiceAccount } from "../common/own-service-account";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { searchStoreUrl } from "./service";
import { ELASTICSEARCH_EXPORTER_PORT, ELASTICSEARCH_EXPORTER_PORT_NAME, elasticsearchExporterName, OPENSEARCH_EXPORTER_USER } from "./layout";

/**
 * elasticsearch_exporter beside the in-cluster store (docs/log-agent.md#metrics-of-the-store). A
 * Deployment of its own, as the prometheus-community chart runs it, rather than a sidecar: a
 * new exporter image does not restart Elasticsearch, and while the store is down the exporter
 * still answers and says so (elasticsearch_scrape_success 0) instead of vanishing with it. The
 * same exporter serves both stores: its README names OpenSearch as supported, and its
 * collectors' JSON structs at v1.11.0 read OpenSearch's answers to the same four requests
 * (docs/log-store.md#the-exporter).
 */

export const EXPORTER_PORT = { name: ELASTICSEARCH_EXPORTER_PORT_NAME, number: ELASTICSEARCH_EXPORTER_PORT } as const;

/** The image's user (USER nobody in its Dockerfile), set explicitly so runAsNonRoot can be checked. */
export const EXPORTER_UID = 65534;

/** Below the default 10s scrape timeout, so a slow store yields a failed collector, not a failed scrape. */
export const ES_TIMEOUT = "5s";

export function exporterLabels(s: Pick<SearchStoreSettings, "name">): Record<string, string> {
    return { "k8s-app": elasticsearchExporterName(s) };
}

/** Where the exporter finds the in-cluster OpenSearch's CA certificate (ca.crt of searchStore.tls.secretName). */
export const EXPORTER_CA_DIR = "/etc/search-store-ca";
export const EXPORTER_CA_VOLUME = "search-store-ca";

/**
 * Flags of v1.11.0 (its main.go and collector/cluster_settings.go). --es.all reports every node
 * rather than the one the Service picks; --collector.clustersettings serves the disk allocation
 * watermarks the disk alerts compare with. Per-index stats (--es.indices) stay off: 82 families
 * per daily index, which no alert or panel reads. The URI carries no credentials: Elasticsearch
 * OSS has none, and OpenSearch's user and password come from the environment (exporterEnv).
 * For OpenSearch, --es.ca makes the exporter verify the store's certificate against the stack's
 * CA (tls.go's createTLSConfig: RootCAs from that file; --es.ssl-skip-verify stays off); no
 * client certificate, since the store asks none of its HTTP clients.
 */
export function exporterArgs(s: SearchStoreSettings): string[] {
    const tls = s.kind === "opensearch" ? [`--es.ca=${EXPORTER_CA_DIR}/${TLS_SECRET_KEYS.ca}`] : [];
    return [`--es.uri=${searchStoreUrl(s)}`, ...tls, "--es.all", `--es.timeout=${ES_TIMEOUT}`, "--collector.clustersettings", `--web.listen-address=:${EXPORTER_PORT.number}`];
}

/**
 * OpenSearch: the exporter's own user, and its generated password from the credentials Secret.
 * main.go reads ES_USERNAME and ES_PASSWORD (both must be set) into the client's URL, never
 * into a flag, a log line or a label: pkg/clusterinfo clears the user from the url label of
 * elasticsearch_clusterinfo_up, and Go's HTTP client masks the password in its errors.
 */
export function exporterEnv(s: SearchStoreSettings): k8s.types.input.core.v1.EnvVar[] {
    if (s.kind !== "opensearch") {
        return [];
    }
    return [
        { name: "ES_USERNAME", value: OPENSEARCH_EXPORTER_USER },
        { name: "ES_PASSWORD", valueFrom: { secretKeyRef: { name: credentialsSecretName(s), key: STORE_EXPORTER_PASSWORD_KEY } } },
    ];
}

/** Its own account, without a token: the exporter talks to the store only, never to the API server. */
export function exporterServiceAccount(s: SearchStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(elasticsearchExporterName(s), s.namespace, exporterLabels(s));
}

/** Stateless, one replica, on the store's scheduling settings as Kibana is; Pod Security restricted. */
/**
 * The exporter reads its OpenSearch password from the environment at start, so its pod template
 * carries the password's generation (never the password or a hash of it): a replaced password
 * rolls the exporter onto it, as the store-setup Job puts the user again.
 */
export function exporterDeployment(s: SearchStoreSettings, exporterPasswordGeneration?: pulumi.Input<string>): k8s.types.input.apps.v1.Deployment {
    const name = elasticsearchExporterName(s);
    const labels = exporterLabels(s);
    const probe = { httpGet: { path: "/healthz", port: EXPORTER_PORT.name }, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 };
    const tls = s.kind === "opensearch" ? s.tls : undefined;
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name, namespace: s.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: {
                    labels,
                    ...(s.kind === "opensearch" && exporterPasswordGeneration !== undefined ? { annotations: credentialsAnnotations({ searchStoreExporter: exporterPasswordGeneration }) } : {}),
                },
                spec: {
                    serviceAccountName: name,
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: { runAsNonRoot: true, runAsUser: EXPORTER_UID, runAsGroup: EXPORTER_UID, seccompProfile: { type: "RuntimeDefault" } },
                    // OpenSearch: only the CA of the stack's TLS Secret, never its key.
                    ...(tls ? { volumes: [{ name: EXPORTER_CA_VOLUME, secret: { secretName: tls.secretName, items: [{ key: TLS_SECRET_KEYS.ca, path: TLS_SECRET_KEYS.ca }] } }] } : {}),
                    containers: [
                        {
                            name: "elasticsearch-exporter",
                            image: s.exporter.image,
                            imagePullPolicy: "IfNotPresent",
                            args: exporterArgs(s),
                            ...(tls ? { env: exporterEnv(s), volumeMounts: [{ name: EXPORTER_CA_VOLUME, mountPath: EXPORTER_CA_DIR, readOnly: true }] } : {}),
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
