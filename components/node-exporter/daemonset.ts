import * as k8s from "@pulumi/kubernetes";
import { NodeExporterSettings } from "../../config";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { nodeExporterArgs } from "./args";
import { CONTAINER_NAME, HOST_IP_ENV, HOST_MOUNTS, NODE_EXPORTER_PORT_NAME, NODE_EXPORTER_UID, nodeExporterLabels } from "./layout";
import { noPrivileges } from "../common/no-privileges";
import { rbacProxyContainer } from "../rbac-proxy";

type Container = k8s.types.input.core.v1.Container;

/**
 * kube-rbac-proxy on the node's IP and the exporter's port, over TLS; on the host network the
 * kubelet publishes it as host port n.port as well. $(HOST_IP) is expanded by the kubelet from
 * the container's env.
 */
export function nodeExporterProxyContainer(n: NodeExporterSettings): Container {
    return rbacProxyContainer({
        listenAddress: `[$(${HOST_IP_ENV})]:${n.port}`,
        upstreamPort: n.port,
        port: { name: NODE_EXPORTER_PORT_NAME, number: n.port },
        env: [{ name: HOST_IP_ENV, valueFrom: { fieldRef: { fieldPath: "status.hostIP" } } }],
        container: n.rbacProxy,
    });
}

export function nodeExporterContainer(n: NodeExporterSettings): Container {
    return {
        name: CONTAINER_NAME,
        image: n.image,
        imagePullPolicy: "IfNotPresent",
        args: nodeExporterArgs(n),
        // No port and no probe: it answers on 127.0.0.1 only, which the kubelet's probes do not
        // reach; the proxy's probes cover the pod, and a crashed exporter restarts on its own.
        resources: containerResources(n.resources),
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
                    // Only the proxy calls the API server (TokenReview, SubjectAccessReview); the
                    // ServiceAccount itself mounts no token, so no other pod using it would get one.
                    serviceAccountName: n.name,
                    automountServiceAccountToken: true,
                    ...podPlacement(n),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: NODE_EXPORTER_UID,
                        runAsGroup: NODE_EXPORTER_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    containers: [nodeExporterContainer(n), nodeExporterProxyContainer(n)],
                    volumes: HOST_MOUNTS.map((m) => ({ name: m.volume, hostPath: { path: m.hostPath } })),
                },
            },
        },
    };
}
