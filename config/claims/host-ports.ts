import { CONTROL_PLANE_KEY } from "../control-plane";
import { METRICS_KEY } from "../metrics";
import { NODE_EXPORTER_KEY, NodeExporterSettings } from "../node-exporter";
import { Problems } from "../problems";
import { fullKey } from "../source";

/**
 * Ports that every node of a kubeadm-style cluster already holds on its own addresses, so a
 * host-network pod of ours cannot bind them: its container would crash-loop with "address already
 * in use" on every node, or on the control-plane ones only, which is harder to see.
 */
export const NODE_HELD_PORTS: Readonly<Record<number, string>> = {
    2379: "etcd (clients)",
    2380: "etcd (peers)",
    2381: "etcd (metrics)",
    6443: "the kube-apiserver",
    10248: "the kubelet (healthz)",
    10249: "kube-proxy (metrics)",
    10250: "the kubelet (API)",
    10255: "the kubelet (read-only port)",
    10256: "kube-proxy (healthz)",
    10257: "the kube-controller-manager",
    10259: "the kube-scheduler",
};

/** A port that one of our host-network pods binds on every node, by the key that sets it. */
export interface HostPortClaim {
    port: number;
    key: string;
    who: string;
}

/** Every host port our host-network pods bind; a component that joins the host network adds its claim here. */
export function hostPortClaims(nodeExporter: NodeExporterSettings): HostPortClaim[] {
    return nodeExporter.enabled ? [{ port: nodeExporter.port, key: `${fullKey(NODE_EXPORTER_KEY)}.port`, who: "node-exporter" }] : [];
}

/**
 * Ports that the stack itself says node processes bind on the node's addresses, since it scrapes
 * them there: kube-proxy's metrics port on every node, the scheduler's and controller manager's
 * on the control-plane nodes, etcd's where the etcd job scrapes it. Declared by the keys that set
 * them, so a port moved away from kubeadm's default is still held (issue #33, class 2).
 */
export function declaredNodePorts(
    controlPlane: { kubeProxy: { enabled: boolean; port: number }; scheduler: { enabled: boolean; port: number }; controllerManager: { enabled: boolean; port: number } } | undefined,
    metrics: { jobs: { etcd: boolean }; etcd: { port: number } } | undefined,
): HostPortClaim[] {
    const cp = fullKey(CONTROL_PLANE_KEY);
    return [
        ...(controlPlane?.kubeProxy.enabled ? [{ port: controlPlane.kubeProxy.port, key: `${cp}.kubeProxy.port`, who: "kube-proxy (metrics, on every node)" }] : []),
        ...(controlPlane?.scheduler.enabled ? [{ port: controlPlane.scheduler.port, key: `${cp}.scheduler.port`, who: "the kube-scheduler (on the control-plane nodes)" }] : []),
        ...(controlPlane?.controllerManager.enabled ? [{ port: controlPlane.controllerManager.port, key: `${cp}.controllerManager.port`, who: "the kube-controller-manager (on the control-plane nodes)" }] : []),
        ...(metrics?.jobs.etcd ? [{ port: metrics.etcd.port, key: `${fullKey(METRICS_KEY)}.etcd.port`, who: "etcd (metrics, on the control-plane nodes)" }] : []),
    ];
}

/** Refuses a host port that the node, a node process the stack declares, or another of our host-network pods already holds. */
export function checkHostPorts(claims: readonly HostPortClaim[], problems: Problems, nodePorts: readonly HostPortClaim[] = []): void {
    claims.forEach((claim, i) => {
        const declared = nodePorts.find((p) => p.port === claim.port);
        const held = NODE_HELD_PORTS[claim.port] ?? (declared ? `${declared.who} (${declared.key})` : undefined);
        const ours = claims.slice(0, i).find((c) => c.port === claim.port);
        const holder = held ?? (ours ? `${ours.who} (${ours.key})` : undefined);
        if (holder !== undefined) {
            problems.add(
                claim.key,
                claim.port,
                `a port that nothing else on the node holds: ${claim.who} binds it on the node's own network, where ${holder} already listens on ${claim.port} ` +
                    `(ports the node holds: ${Object.keys(NODE_HELD_PORTS).join(", ")})`,
            );
        }
    });
}
