import * as k8s from "@pulumi/kubernetes";
import { SEARCH_STORE_NODES, SearchStoreSettings } from "../../config";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { dataClaimTemplate } from "../storage";
import { CONTAINER_NAME, DATA_DIR, DATA_VOLUME, ELASTICSEARCH_UID, HTTP_PORT, searchStoreLabels } from "./layout";
import { noPrivileges } from "../common/no-privileges";

type Container = k8s.types.input.core.v1.Container;

/** The value Elasticsearch's bootstrap check asks for, and the add-on's init container set. */
export const MAX_MAP_COUNT = 262144;

/**
 * Settings of the official image, given as environment variables (it maps `a.b=c` variables to
 * elasticsearch.yml). single-node discovery forms a cluster of one without a quorum to wait for.
 */
export function elasticsearchEnv(s: SearchStoreSettings): k8s.types.input.core.v1.EnvVar[] {
    return [
        { name: "discovery.type", value: "single-node" },
        { name: "cluster.name", value: s.name },
        { name: "ES_JAVA_OPTS", value: `-Xms${s.heapSize} -Xmx${s.heapSize}` },
        // Without memory-mapped indices the node's vm.max_map_count does not matter.
        ...(s.mmap ? [] : [{ name: "node.store.allow_mmap", value: "false" }]),
    ];
}

export function elasticsearchContainer(s: SearchStoreSettings): Container {
    return {
        name: CONTAINER_NAME,
        image: s.image,
        imagePullPolicy: "IfNotPresent",
        env: elasticsearchEnv(s),
        resources: containerResources(s.resources),
        ports: [{ containerPort: HTTP_PORT.number, name: HTTP_PORT.name, protocol: "TCP" }],
        // local=true asks this node only, so the probe answers while the cluster is still yellow.
        readinessProbe: {
            httpGet: { path: "/_cluster/health?local=true", port: HTTP_PORT.name },
            initialDelaySeconds: 10,
            periodSeconds: 10,
            timeoutSeconds: 5,
        },
        // A JVM start with recovery can take minutes; only a port that stays closed restarts it.
        livenessProbe: {
            tcpSocket: { port: HTTP_PORT.name },
            initialDelaySeconds: 120,
            periodSeconds: 20,
            failureThreshold: 6,
        },
        volumeMounts: [{ name: DATA_VOLUME, mountPath: DATA_DIR }],
        // The image writes its keystore under config/ and GC logs under logs/ at start-up, so its
        // root filesystem stays writable; everything else of the restricted profile applies.
        securityContext: {
            ...noPrivileges(),
            runAsNonRoot: true,
            runAsUser: ELASTICSEARCH_UID,
        },
    };
}

/**
 * Only with mmap on: vm.max_map_count is a node-wide kernel setting that no pod-level sysctl may
 * change, so a privileged init container raises it on the node, as the add-on and Elastic's
 * Kubernetes docs do.
 */
export function maxMapCountInitContainer(s: SearchStoreSettings): Container {
    return {
        name: "sysctl-max-map-count",
        image: s.image,
        imagePullPolicy: "IfNotPresent",
        command: ["sysctl", "-w", `vm.max_map_count=${MAX_MAP_COUNT}`],
        securityContext: { privileged: true, runAsUser: 0, runAsNonRoot: false },
    };
}

export function searchStoreStatefulSet(s: SearchStoreSettings): k8s.types.input.apps.v1.StatefulSet {
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
                metadata: { labels },
                spec: {
                    // Elasticsearch needs no Kubernetes API access.
                    serviceAccountName: s.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: {
                        fsGroup: ELASTICSEARCH_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    ...(s.mmap ? { initContainers: [maxMapCountInitContainer(s)] } : {}),
                    containers: [elasticsearchContainer(s)],
                },
            },
            volumeClaimTemplates: [dataClaimTemplate(DATA_VOLUME, s.name, s.storage)],
        },
    };
}
