import * as k8s from "@pulumi/kubernetes";
import { NetworkPoliciesSettings } from "../../config";
import { Flow, FlowPort, Peer, Workload } from "./model";

type PolicyPeer = k8s.types.input.networking.v1.NetworkPolicyPeer;
type PolicyPort = k8s.types.input.networking.v1.NetworkPolicyPort;
type NetworkPolicy = k8s.types.input.networking.v1.NetworkPolicy;

/** The label the API server puts on every namespace (Kubernetes 1.22+), naming it. */
export const NAMESPACE_NAME_LABEL = "kubernetes.io/metadata.name";

const inNamespace = (namespace: string) => ({ matchLabels: { [NAMESPACE_NAME_LABEL]: namespace } });

const same = (p: Peer, w: Workload) => p.kind === "workload" && p.name === w.name && p.namespace === w.namespace;

function hostBlock(address: string): string {
    return address.includes(":") ? `${address}/128` : `${address}/32`;
}

/**
 * The selectors of a peer; undefined means every address, for peers whose addresses a policy
 * cannot name (nodes, the API servers) or that the stack leaves open. `towards` is true on the
 * egress side, where a host-network workload is reached at its node's address.
 */
function peers(p: Peer, workloads: readonly Workload[], settings: NetworkPoliciesSettings, towards: boolean): PolicyPeer[] | undefined {
    switch (p.kind) {
        case "workload": {
            const w = workloads.find((x) => same(p, x));
            if (!w) {
                throw new Error(`flow to or from unknown workload ${p.namespace}/${p.name}`);
            }
            return towards && w.hostNetwork ? undefined : [{ namespaceSelector: inNamespace(w.namespace), podSelector: { matchLabels: { ...w.podLabels } } }];
        }
        case "namespaces":
            return p.namespaces.map((namespace) => ({ namespaceSelector: inNamespace(namespace) }));
        case "allNamespaces":
            return [{ namespaceSelector: {} }];
        case "dns":
            return [{ namespaceSelector: inNamespace("kube-system"), podSelector: { matchLabels: { "k8s-app": "kube-dns" } } }];
        case "outside":
            return settings.outsideCidrs.length > 0 ? settings.outsideCidrs.map((cidr) => ({ ipBlock: { cidr } })) : undefined;
        case "addresses":
            return p.addresses.map((a) => ({ ipBlock: { cidr: hostBlock(a) } }));
        case "nodes":
        case "apiServer":
        case "anywhere":
            return undefined;
    }
}

/** A named port of a host-network destination becomes its number: the node's address has no port names. */
function policyPorts(ports: readonly FlowPort[], destination: Workload | undefined): PolicyPort[] | undefined {
    if (ports.length === 0) {
        return undefined;
    }
    return ports.map(({ port, protocol }) => ({
        protocol,
        port: typeof port === "string" && destination?.hostNetwork ? (destination.hostNetwork.ports[port] ?? port) : port,
    }));
}

function withoutRepeats<T>(rules: T[]): T[] {
    const seen = new Set<string>();
    return rules.filter((r) => {
        const key = JSON.stringify(r);
        return seen.has(key) ? false : (seen.add(key), true);
    });
}

/**
 * One NetworkPolicy per workload: its pods accept the flows that end at them and open the flows
 * that start at them; everything else is denied in both directions. A peer of an empty
 * `from`/`to` list means every address, which is how the ports towards nodes and API servers
 * are opened.
 */
export function networkPolicies(workloads: readonly Workload[], flows: readonly Flow[], settings: NetworkPoliciesSettings): NetworkPolicy[] {
    const workloadOf = (p: Peer) => workloads.find((w) => same(p, w));
    return workloads.map((w) => {
        const ingress = withoutRepeats(
            flows
                .filter((f) => same(f.to, w))
                .map((f) => {
                    const from = peers(f.from, workloads, settings, false);
                    return { ...(from ? { from } : {}), ...(f.ports.length > 0 ? { ports: policyPorts(f.ports, w) } : {}) };
                }),
        );
        const egress = withoutRepeats(
            flows
                .filter((f) => same(f.from, w))
                .map((f) => {
                    const to = peers(f.to, workloads, settings, true);
                    return { ...(to ? { to } : {}), ...(f.ports.length > 0 ? { ports: policyPorts(f.ports, workloadOf(f.to)) } : {}) };
                }),
        );
        return {
            apiVersion: "networking.k8s.io/v1",
            kind: "NetworkPolicy",
            metadata: { name: w.name, namespace: w.namespace, labels: { "app.kubernetes.io/managed-by": "cluster-monitoring" } },
            spec: {
                podSelector: { matchLabels: { ...w.podLabels } },
                policyTypes: ["Ingress", "Egress"],
                ingress,
                egress,
            },
        };
    });
}
