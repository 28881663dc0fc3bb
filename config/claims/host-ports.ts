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

/** Refuses a host port that the node or another of our host-network pods already holds. */
export function checkHostPorts(claims: readonly HostPortClaim[], problems: Problems): void {
    claims.forEach((claim, i) => {
        const held = NODE_HELD_PORTS[claim.port];
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
