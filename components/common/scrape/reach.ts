/**
 * What a scrape job connects to, declared beside the job so that the NetworkPolicies
 * (components/network-policies) follow every job without a second list to keep in step.
 * A port given by name is the Service's or the container's port name, which the program's own
 * Services and pods share.
 */
export type ScrapeReach =
    /** One of the program's Services, by name, on one of its ports. */
    | { kind: "service"; namespace: string; name: string; port: string }
    /** Pods of one namespace carrying these labels, on a named container port. */
    | { kind: "pods"; namespace: string; podLabels: Record<string, string>; port: string }
    /** Any pod of a namespace: a Service the program does not deploy. Any port when `port` is unset. */
    | { kind: "namespace"; namespace: string; port?: number }
    /** Any pod of any namespace, on any port: cluster-wide annotation discovery. */
    | { kind: "allNamespaces" }
    /** A port on every node's address (the kubelet, host-network exporters). */
    | { kind: "nodes"; port: number }
    /** The API servers, behind Service default/kubernetes. */
    | { kind: "apiServer" }
    /** Fixed addresses outside any Service's selector (etcd on the control-plane hosts). */
    | { kind: "addresses"; addresses: string[]; port: number }
    /** A host outside the cluster, by name, on one port (metrics.extraScrapeConfigs): networkPolicies.outsideCidrs, or any address. */
    | { kind: "outside"; port: number };

/** The kubelet's authenticated port, where node discovery points its targets. */
export const KUBELET_PORT = 10250;
