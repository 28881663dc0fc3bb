/**
 * Ports on a node's own addresses (docs/design.md#7-code-layout): those our host-network pods bind
 * and those node processes hold, claimed by the components that know them (Component.hostPorts)
 * and checked across the list by stack/host-ports.ts.
 */

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

/** A port on the node's own addresses, by the key that sets it, and who listens there. */
export interface HostPortClaim {
    port: number;
    key: string;
    who: string;
}

/**
 * What a component says of the node's ports: `binds`, the ports its host-network pods bind on
 * every node; `held`, the ports the stack itself says node processes bind there, since it scrapes
 * them (kube-proxy's metrics port, the scheduler's, etcd's), declared by the keys that set them so
 * a port moved away from kubeadm's default is still held (issue #33, class 2).
 */
export interface HostPortClaims {
    binds?: HostPortClaim[];
    held?: HostPortClaim[];
}
