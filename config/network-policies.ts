import { isIPv4, isIPv6 } from "node:net";
import { closedObject, flag, stringList } from "./fields";
import { dnsLabel } from "./formats";

export const NETWORK_POLICIES_KEY = "networkPolicies";

export const NETWORK_POLICIES_DEFAULTS = {
    enabled: true,
    ingressControllerNamespaces: [] as string[],
    gatewayNamespaces: [] as string[],
    outsideCidrs: [] as string[],
};

/**
 * An address block as NetworkPolicy's ipBlock.cidr takes it: an IPv4 or IPv6 address, a slash
 * and a prefix length in range, with no host bits set (the API server refuses 10.0.0.1/8).
 */
export function cidr(value: string): string | undefined {
    const expected = "a CIDR block such as 203.0.113.0/24 or 2001:db8::/32, with no host bits set";
    const match = /^([^/]+)\/([0-9]{1,3})$/.exec(value);
    if (!match) {
        return expected;
    }
    const [, address, lengthText] = match;
    const length = Number(lengthText);
    // An IPv6 address with an embedded IPv4 tail (::ffff:192.0.2.1) is refused: write the IPv4 block.
    const bits = isIPv4(address) ? 32 : isIPv6(address) && !address.includes(".") ? 128 : 0;
    if (bits === 0 || length > bits) {
        return expected;
    }
    return hostBits(address, bits, length) ? expected : undefined;
}

function addressBits(address: string, bits: number): bigint {
    if (bits === 32) {
        return address.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n);
    }
    const groups = (s: string) => (s === "" ? [] : s.split(":"));
    const [head, tail] = address.split("::");
    const left = groups(head);
    const right = tail === undefined ? [] : groups(tail);
    const all = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
    return all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n);
}

function hostBits(address: string, bits: number, length: number): boolean {
    const mask = (1n << BigInt(bits - length)) - 1n;
    return (addressBits(address, bits) & mask) !== 0n;
}

/**
 * `cluster-monitoring:networkPolicies`: a NetworkPolicy for every workload the program deploys,
 * allowing only the flows the program needs (docs/security.md#network-policies).
 */
export const networkPoliciesSchema = closedObject({
    enabled: flag()
        .default(NETWORK_POLICIES_DEFAULTS.enabled)
        .meta({ description: "a NetworkPolicy for every workload, allowing only the flows it needs; false deploys none" }),
    ingressControllerNamespaces: stringList(dnsLabel)
        .optional()
        .meta({ description: "namespaces of the Ingress controllers that reach Prometheus and Grafana through their Ingresses; unset: their web ports admit any address while they have an Ingress" }),
    gatewayNamespaces: stringList(dnsLabel)
        .optional()
        .meta({
            description:
                "namespaces of the Gateway API data plane (the proxies of the Gateways the httpRoute parentRefs name): admitted to each route's backend port only; required while a component has an httpRoute, refused without one (docs/gateway-api.md#network-policies)",
        }),
    outsideCidrs: stringList(cidr)
        .optional()
        .meta({
            description:
                "address blocks of the destinations outside the cluster (remote write targets, an external search store); " +
                "empty: their ports are open to any address",
        }),
})
    .transform(
        (n): NetworkPoliciesSettings => ({
            enabled: n.enabled,
            ingressControllerNamespaces: n.ingressControllerNamespaces ?? [],
            gatewayNamespaces: n.gatewayNamespaces ?? [],
            outsideCidrs: n.outsideCidrs ?? [],
        }),
    )
    .default({ ...NETWORK_POLICIES_DEFAULTS });

export interface NetworkPoliciesSettings {
    enabled: boolean;
    ingressControllerNamespaces: string[];
    /** networkPolicies.gatewayNamespaces: who reaches the backends of the HTTPRoutes (config/gateway-route.ts). */
    gatewayNamespaces: string[];
    outsideCidrs: string[];
}
