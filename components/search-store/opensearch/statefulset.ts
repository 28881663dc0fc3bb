import * as k8s from "@pulumi/kubernetes";
import { SEARCH_STORE_NODES, SearchStoreSettings } from "../../../config";
import { containerResources } from "../../common/resources";
import { podPlacement } from "../../common/scheduling";
import { tlsItems } from "./layout";
import { noPrivileges } from "../../common/no-privileges";
import { dataClaimTemplate } from "../../storage";
import { CONTAINER_NAME, DATA_VOLUME, HTTP_PORT, searchStoreLabels } from "../layout";
import { maxMapCountInitContainer } from "../statefulset";
import { SETTINGS_KEYS, CREDENTIALS_KEYS, credentialsSecretName, INTERNAL_USERS_PATH, ROLES_PATH, OPENSEARCH_CONFIG_DIR, OPENSEARCH_DATA_DIR, OPENSEARCH_TLS_DIR, OPENSEARCH_UID, settingsConfigMapName, VOLUMES } from "./layout";

import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../../common/checksum";
import { openSearchYaml } from "./settings-files";

type Container = k8s.types.input.core.v1.Container;

/** Owner-and-group read: the files belong to root and the pod's fsGroup (the opensearch user's group). */
const SECRET_FILE_MODE = 0o440;

/**
 * OpenSearch, hardened as the Elasticsearch OSS store is (components/search-store/statefulset.ts):
 * its own ServiceAccount without a token, non-root uid 1000, no capabilities, no privilege
 * escalation, RuntimeDefault seccomp; root filesystem writable, since the image writes its
 * keystore and logs under its own directory at start. The privileged vm.max_map_count init
 * container runs only with searchStore.mmap, as for Elasticsearch.
 */
export function openSearchContainer(s: SearchStoreSettings): Container {
    return {
        name: CONTAINER_NAME,
        image: s.image,
        imagePullPolicy: "IfNotPresent",
        env: [
            { name: "OPENSEARCH_JAVA_OPTS", value: `-Xms${s.heapSize} -Xmx${s.heapSize}` },
            // No demo certificates and no admin:admin: the stack's certificate and generated password instead.
            { name: "DISABLE_INSTALL_DEMO_CONFIG", value: "true" },
        ],
        resources: containerResources(s.resources),
        ports: [{ containerPort: HTTP_PORT.number, name: HTTP_PORT.name, protocol: "TCP" }],
        // Every HTTP request needs the password, which the kubelet's probes cannot send: the port answering TLS is what is probed.
        readinessProbe: { tcpSocket: { port: HTTP_PORT.name }, initialDelaySeconds: 20, periodSeconds: 10, timeoutSeconds: 5 },
        livenessProbe: { tcpSocket: { port: HTTP_PORT.name }, initialDelaySeconds: 120, periodSeconds: 20, failureThreshold: 6 },
        volumeMounts: [
            { name: DATA_VOLUME, mountPath: OPENSEARCH_DATA_DIR },
            { name: VOLUMES.settings, mountPath: `${OPENSEARCH_CONFIG_DIR}/${SETTINGS_KEYS.opensearch}`, subPath: SETTINGS_KEYS.opensearch, readOnly: true },
            { name: VOLUMES.users, mountPath: INTERNAL_USERS_PATH, subPath: CREDENTIALS_KEYS.internalUsers, readOnly: true },
            { name: VOLUMES.settings, mountPath: ROLES_PATH, subPath: SETTINGS_KEYS.roles, readOnly: true },
            { name: VOLUMES.tls, mountPath: OPENSEARCH_TLS_DIR, readOnly: true },
        ],
        securityContext: { ...noPrivileges(), runAsNonRoot: true, runAsUser: OPENSEARCH_UID },
    };
}

/**
 * The digest of opensearch.yml, which the store reads at every start. Not of roles.yml, which the
 * security plugin reads on the first start only: a restart would not apply it.
 */
export function storeSettingsChecksum(s: SearchStoreSettings): string {
    return configChecksum({ [SETTINGS_KEYS.opensearch]: openSearchYaml(s) });
}

export function openSearchStatefulSet(s: SearchStoreSettings): k8s.types.input.apps.v1.StatefulSet {
    const labels = searchStoreLabels(s);
    return {
        apiVersion: "apps/v1",
        kind: "StatefulSet",
        metadata: { name: s.name, namespace: s.namespace, labels },
        spec: {
            replicas: SEARCH_STORE_NODES,
            serviceName: s.name,
            selector: { matchLabels: labels },
            updateStrategy: { type: "RollingUpdate" },
            template: {
                // opensearch.yml is read at start only: a changed file (restapi.roles_enabled, say) restarts the store onto it.
                metadata: { labels, annotations: { [CONFIG_CHECKSUM_ANNOTATION]: storeSettingsChecksum(s) } },
                spec: {
                    // OpenSearch needs no Kubernetes API access.
                    serviceAccountName: s.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: { fsGroup: OPENSEARCH_UID, seccompProfile: { type: "RuntimeDefault" } },
                    ...(s.mmap ? { initContainers: [maxMapCountInitContainer(s)] } : {}),
                    containers: [openSearchContainer(s)],
                    volumes: [
                        { name: VOLUMES.settings, configMap: { name: settingsConfigMapName(s), items: [SETTINGS_KEYS.opensearch, SETTINGS_KEYS.roles].map((key) => ({ key, path: key })) } },
                        {
                            name: VOLUMES.users,
                            secret: { secretName: credentialsSecretName(s), defaultMode: SECRET_FILE_MODE, items: [{ key: CREDENTIALS_KEYS.internalUsers, path: CREDENTIALS_KEYS.internalUsers }] },
                        },
                        { name: VOLUMES.tls, secret: { secretName: s.tls!.secretName, defaultMode: SECRET_FILE_MODE, items: tlsItems() } },
                    ],
                },
            },
            volumeClaimTemplates: [dataClaimTemplate(DATA_VOLUME, s.name, s.storage)],
        },
    };
}
