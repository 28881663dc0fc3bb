/**
 * The facts NetworkPolicies are derived from: the workloads the program deploys, and the flows
 * between them and the rest of the world. components/network-policies/policies.ts turns them
 * into one NetworkPolicy per workload; nothing else lists ports or peers.
 */

/** One workload's pods. */
export interface Workload {
    /** The workload's name, and its NetworkPolicy's. */
    name: string;
    /** The stack key that sets the name, for the collision check. */
    nameKey: string;
    namespace: string;
    podLabels: Record<string, string>;
    /** The Services in front of the pods, whose port names are the containers' port names. */
    services: string[];
    /**
     * Host-network pods listen on their node's address: a peer reaches them by port number only,
     * since no pod selector matches a node's address.
     */
    hostNetwork?: { ports: Record<string, number> };
}

export type Protocol = "TCP" | "UDP";

export interface FlowPort {
    /** A number, or a container port name of the destination's pods. */
    port: number | string;
    protocol: Protocol;
}

/** One end of a flow. */
export type Peer =
    /** A workload of the program, by name and namespace. */
    | { kind: "workload"; name: string; namespace: string }
    /** Any pod of these namespaces (an Ingress controller, a Service the program does not deploy). */
    | { kind: "namespaces"; namespaces: string[] }
    /** Any pod of any namespace (cluster-wide annotation discovery). */
    | { kind: "allNamespaces" }
    /** The cluster DNS: pods k8s-app=kube-dns in kube-system, as kubeadm, kind and most distributions label CoreDNS. */
    | { kind: "dns" }
    /** Nodes' addresses, which a policy cannot name: any address on the flow's ports. */
    | { kind: "nodes" }
    /** The API servers, whose addresses a policy cannot name either. */
    | { kind: "apiServer" }
    /** Destinations outside the cluster: networkPolicies.outsideCidrs, or any address. */
    | { kind: "outside" }
    /** Any address on any port: a destination the stack keeps secret (Alertmanager's receivers). */
    | { kind: "anywhere" }
    /** Fixed addresses. */
    | { kind: "addresses"; addresses: string[] };

export interface Flow {
    from: Peer;
    to: Peer;
    /** Empty: every port. */
    ports: FlowPort[];
    /** Why the program needs it, for docs and test messages. */
    why: string;
}

export const tcp = (port: number | string): FlowPort => ({ port, protocol: "TCP" });
export const udp = (port: number | string): FlowPort => ({ port, protocol: "UDP" });

/**
 * The API server's ports: 443 behind Service default/kubernetes, 6443 where kubeadm and kind
 * serve it; most CNIs match egress after the Service address is translated to the endpoint.
 */
export const API_SERVER_PORTS: FlowPort[] = [tcp(443), tcp(6443)];
export const DNS_PORTS: FlowPort[] = [udp(53), tcp(53)];
