import * as k8s from "@pulumi/kubernetes";
import { NODE_EXPORTER_PORT_NAME, nodeExporterLabels, NodeExporterSettings } from "../../config";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { nodeExporterArgs } from "./args";
import { CONTAINER_NAME, HOST_IP_ENV, HOST_MOUNTS, NODE_EXPORTER_UID } from "./layout";
import { noPrivileges } from "../common/no-privileges";

type Container = k8s.types.input.core.v1.Container;

export function nodeExporterContainer(n: NodeExporterSettings): Container {
    return {
        name: CONTAINER_NAME,
        image: n.image,
        imagePullPolicy: "IfNotPresent",
        args: nodeExporterArgs(n),
        env: [{ name: HOST_IP_ENV, valueFrom: { fieldRef: { fieldPath: "status.hostIP" } } }],
        // On the host network the kubelet publishes it as host port n.port as well.
        ports: [{ name: NODE_EXPORTER_PORT_NAME, containerPort: n.port, protocol: "TCP" }],
        resources: containerResources(n.resources),
        // The probes reach the pod IP, which on the host network is the node IP it listens on.
        readinessProbe: { httpGet: { path: "/", port: NODE_EXPORTER_PORT_NAME }, periodSeconds: 10, timeoutSeconds: 5 },
        livenessProbe: { httpGet: { path: "/", port: NODE_EXPORTER_PORT_NAME }, periodSeconds: 20, timeoutSeconds: 5, failureThreshold: 6 },
        // The host mounts are read-only; HostToContainer on / makes filesystems mounted after the
        // pod started (a new volume, a USB disk) visible, so their free space is reported.
        volumeMounts: HOST_MOUNTS.map((m) => ({
            name: m.volume,
            mountPath: m.mountPath,
            readOnly: true,
            ...(m.volume === "root" ? { mountPropagation: "HostToContainer" } : {}),
        })),
        securityContext: {
            ...noPrivileges(),
            readOnlyRootFilesystem: true,
        },
    };
}

/**
 * One exporter per node, control-plane nodes included (docs/node-exporter.md). It shares the
 * host's network and PID namespace so that it reports the machine's interfaces and processes,
 * not the pod's; that, and the hostPath volumes, make it privileged under the Pod Security
 * Standards (docs/design.md#pod-security-levels).
 */
export function nodeExporterDaemonSet(n: NodeExporterSettings): k8s.types.input.apps.v1.DaemonSet {
    const labels = nodeExporterLabels(n);
    return {
        apiVersion: "apps/v1",
        kind: "DaemonSet",
        metadata: { name: n.name, namespace: n.namespace, labels },
        spec: {
            selector: { matchLabels: labels },
            updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } },
            template: {
                metadata: { labels },
                spec: {
                    hostNetwork: true,
                    hostPID: true,
                    // It needs no Kubernetes API access.
                    serviceAccountName: n.name,
                    automountServiceAccountToken: false,
                    ...podPlacement(n),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: NODE_EXPORTER_UID,
                        runAsGroup: NODE_EXPORTER_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    containers: [nodeExporterContainer(n)],
                    volumes: HOST_MOUNTS.map((m) => ({ name: m.volume, hostPath: { path: m.hostPath } })),
                },
            },
        },
    };
}
