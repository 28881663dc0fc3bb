import * as k8s from "@pulumi/kubernetes";
import { EventCollectorSettings } from "../../config";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { noPrivileges } from "../common/no-privileges";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { eventCollectorConfigFile } from "./config-file";
import { CONTAINER_NAME, EVENT_COLLECTOR_PATHS, EVENT_COLLECTOR_UID, eventCollectorLabels } from "./layout";

type E = EventCollectorSettings;
const RBAC_API = "rbac.authorization.k8s.io";

/** Its own account: its token is how the collector reads events from the API server. */
export function eventCollectorServiceAccount(e: E): k8s.types.input.core.v1.ServiceAccount {
    return { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: e.name, namespace: e.namespace, labels: eventCollectorLabels(e) } };
}

/**
 * list and watch of core events in every namespace, which the input reads at /api/v1/events
 * (K8S_EVENTS_KUBE_API_URI at fluent-bit v5.1.1): it lists once, then watches from the newest
 * resourceVersion. Nothing else, not even get.
 */
export function eventCollectorClusterRole(e: E): k8s.types.input.rbac.v1.ClusterRole {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRole",
        metadata: { name: e.name, labels: eventCollectorLabels(e) },
        rules: [{ apiGroups: [""], resources: ["events"], verbs: ["list", "watch"] }],
    };
}

export function eventCollectorClusterRoleBinding(e: E): k8s.types.input.rbac.v1.ClusterRoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRoleBinding",
        metadata: { name: e.name, labels: eventCollectorLabels(e) },
        roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name: e.name },
        subjects: [{ kind: "ServiceAccount", name: e.name, namespace: e.namespace }],
    };
}

export function eventCollectorConfigMap(e: E): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: e.name, namespace: e.namespace, labels: eventCollectorLabels(e) },
        data: { [EVENT_COLLECTOR_PATHS.configFile]: eventCollectorConfigFile(e) },
    };
}

/**
 * One replica: two would write every event twice. Recreate, so the old pod stops before the new
 * one starts, for the same reason. The SQLite file sits on an emptyDir, which a container restart
 * keeps (no event written twice) and a new pod starts without (the events of the retention
 * window are written again: docs/cluster-events.md#guarantees).
 */
export function eventCollectorDeployment(e: E): k8s.types.input.apps.v1.Deployment {
    const labels = eventCollectorLabels(e);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: e.name, namespace: e.namespace, labels },
        spec: {
            replicas: 1,
            strategy: { type: "Recreate" },
            selector: { matchLabels: labels },
            template: {
                metadata: { labels, annotations: { [CONFIG_CHECKSUM_ANNOTATION]: configChecksum({ [EVENT_COLLECTOR_PATHS.configFile]: eventCollectorConfigFile(e) }) } },
                spec: {
                    serviceAccountName: e.name,
                    ...podPlacement(e),
                    securityContext: { runAsNonRoot: true, runAsUser: EVENT_COLLECTOR_UID, runAsGroup: EVENT_COLLECTOR_UID, fsGroup: EVENT_COLLECTOR_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers: [
                        {
                            name: CONTAINER_NAME,
                            image: e.image,
                            imagePullPolicy: "IfNotPresent",
                            resources: containerResources(e.resources),
                            securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: EVENT_COLLECTOR_UID },
                            volumeMounts: [
                                { name: "config", mountPath: EVENT_COLLECTOR_PATHS.configDir, readOnly: true },
                                { name: "state", mountPath: EVENT_COLLECTOR_PATHS.stateDir },
                            ],
                        },
                    ],
                    volumes: [
                        { name: "config", configMap: { name: e.name } },
                        { name: "state", emptyDir: { sizeLimit: "64Mi" } },
                    ],
                },
            },
        },
    };
}
