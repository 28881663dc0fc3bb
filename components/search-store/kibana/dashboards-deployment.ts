import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { credentialsAnnotations } from "../../common/web-password";
import { SearchStoreSettings, STORE_PASSWORD_KEY } from "../../../config/search-store";
import { noPrivileges } from "../../common/no-privileges";
import { containerResources } from "../../common/resources";
import { podPlacement } from "../../common/scheduling";
import { KIBANA_PORT, kibanaLabels } from "./layout";
import { credentialsSecretName, DASHBOARDS_CONFIG_DIR, DASHBOARDS_PASSWORD_ENV, DASHBOARDS_TLS_DIR, OPENSEARCH_UID, SETTINGS_KEYS, settingsConfigMapName, tlsItems, VOLUMES } from "../opensearch/layout";

/**
 * OpenSearch Dashboards beside the in-cluster OpenSearch, in Kibana's place (searchStore.kibana:
 * its name, Service, port 5601, index pattern Job and NetworkPolicy are the same), hardened as
 * Kibana is. It serves HTTPS with the store's certificate, which names its Service too
 * (docs/log-store.md#tls-and-the-password). It reads the admin password from the environment at
 * start, so its pod template carries the password's generation: a replaced password rolls it.
 */
export function dashboardsDeployment(s: SearchStoreSettings, adminPasswordGeneration?: pulumi.Input<string>): k8s.types.input.apps.v1.Deployment {
    const labels = kibanaLabels(s);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: s.kibana.name, namespace: s.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels, ...(adminPasswordGeneration !== undefined ? { annotations: credentialsAnnotations({ searchStoreAdmin: adminPasswordGeneration }) } : {}) },
                spec: {
                    serviceAccountName: s.kibana.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: { runAsNonRoot: true, runAsUser: OPENSEARCH_UID, fsGroup: OPENSEARCH_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers: [
                        {
                            name: "dashboards",
                            image: s.kibana.image,
                            imagePullPolicy: "IfNotPresent",
                            env: [{ name: DASHBOARDS_PASSWORD_ENV, valueFrom: { secretKeyRef: { name: credentialsSecretName(s), key: STORE_PASSWORD_KEY } } }],
                            resources: containerResources(s.kibana.resources),
                            ports: [{ containerPort: KIBANA_PORT.number, name: KIBANA_PORT.name, protocol: "TCP" }],
                            // Its status API asks for a login under the security plugin: the TLS port answering is what is probed.
                            readinessProbe: { tcpSocket: { port: KIBANA_PORT.name }, initialDelaySeconds: 20, periodSeconds: 10, timeoutSeconds: 5 },
                            livenessProbe: { tcpSocket: { port: KIBANA_PORT.name }, initialDelaySeconds: 120, periodSeconds: 20, failureThreshold: 6 },
                            volumeMounts: [
                                { name: VOLUMES.settings, mountPath: `${DASHBOARDS_CONFIG_DIR}/${SETTINGS_KEYS.dashboards}`, subPath: SETTINGS_KEYS.dashboards, readOnly: true },
                                { name: VOLUMES.tls, mountPath: DASHBOARDS_TLS_DIR, readOnly: true },
                            ],
                            securityContext: { ...noPrivileges(), runAsNonRoot: true, runAsUser: OPENSEARCH_UID },
                        },
                    ],
                    volumes: [
                        { name: VOLUMES.settings, configMap: { name: settingsConfigMapName(s), items: [{ key: SETTINGS_KEYS.dashboards, path: SETTINGS_KEYS.dashboards }] } },
                        { name: VOLUMES.tls, secret: { secretName: s.tls!.secretName, defaultMode: 0o440, items: tlsItems() } },
                    ],
                },
            },
        },
    };
}
