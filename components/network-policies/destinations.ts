import { isIPv4, isIPv6 } from "node:net";
import { fullKey, LOGS_KEY, METRICS_KEY, NETWORK_POLICIES_KEY, Settings } from "../../config";
import { Problems } from "../../config/problems";
import { LaterProblem, reading } from "../common/later-problem";
import { hostOf } from "../common/target-host";

/**
 * The places outside the cluster that our components connect to, against
 * networkPolicies.outsideCidrs: the "outside" peers of flows.ts, whose egress the NetworkPolicies
 * limit to those blocks. Checked while the stack loads with every other problem (Component.checks),
 * and warned of at every preview where a name cannot be checked.
 */

/** A place outside the cluster that a component of ours connects to. */
export interface Destination {
    /** The key that names it: cluster-monitoring:metrics.remoteWrite[0].url. */
    key: string;
    /** What the stack wrote there (quoted in the problem). */
    value: string;
    /** Its host: a DNS name or an IP address. */
    host: string;
    what: string;
}

/**
 * The destinations whose egress the NetworkPolicies limit to networkPolicies.outsideCidrs (the
 * "outside" peers of components/network-policies/flows.ts). Probes and Alertmanager's receivers
 * may go anywhere, so they are not listed.
 */
export interface DestinationSources {
    remoteWrite?: readonly { url: string }[];
    /** logs.search.host while the log agent ships outside the cluster (no in-cluster store). */
    externalSearchHost?: string;
}

/** Every destination outside the cluster that the stack's components declare. */
export function destinations(s: DestinationSources): Destination[] {
    const m = fullKey(METRICS_KEY);
    const one = (key: string, value: string, what: string): Destination[] => {
        const host = hostOf(value);
        return host === undefined ? [] : [{ key, value, host, what }];
    };
    return [
        ...(s.remoteWrite ?? []).flatMap((t, i) => one(`${m}.remoteWrite[${i}].url`, t.url, "Prometheus' remote write")),
        ...(s.externalSearchHost !== undefined ? one(`${fullKey(LOGS_KEY)}.search.host`, s.externalSearchHost, "the log agent's search store") : []),
    ];
}

function addressBits(address: string): { bits: bigint; width: number } {
    if (isIPv4(address)) {
        return { bits: address.split(".").reduce((n, part) => (n << 8n) | BigInt(Number(part)), 0n), width: 32 };
    }
    const [head, tail] = address.split("::");
    const groups = (x: string) => (x === "" ? [] : x.split(":"));
    const left = groups(head);
    const right = tail === undefined ? [] : groups(tail);
    const all = [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
    return { bits: all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n), width: 128 };
}

/** Whether an IP address lies in a CIDR block (of the same family). */
export function inCidr(address: string, cidr: string): boolean {
    const [base, length] = cidr.split("/");
    const a = addressBits(address);
    const b = addressBits(base);
    if (a.width !== b.width) {
        return false;
    }
    const shift = BigInt(a.width - Number(length));
    return a.bits >> shift === b.bits >> shift;
}

/** The destinations of the stack's settings, as the checks at load see them. */
export function stackDestinations(s: {
    metrics: { remoteWrite: readonly { url: string }[] };
    logs: { search: { host: string } };
    searchStore: { enabled: boolean };
}): Destination[] {
    return destinations({ remoteWrite: s.metrics.remoteWrite, externalSearchHost: s.searchStore.enabled ? undefined : s.logs.search.host });
}

/**
 * A destination named by DNS under networkPolicies.outsideCidrs: no check at load can tell whether
 * its addresses lie in those blocks, and when they do not the NetworkPolicy cuts it off in
 * silence, so each is printed at every preview and update, with what to check.
 */
export function namedDestinationWarnings(all: readonly Destination[], policies: { enabled: boolean; outsideCidrs: readonly string[] }): string[] {
    if (!policies.enabled || policies.outsideCidrs.length === 0) {
        return [];
    }
    const cidrsKey = `${fullKey(NETWORK_POLICIES_KEY)}.outsideCidrs`;
    return all
        .filter((d) => !isIPv4(d.host) && !isIPv6(d.host))
        .map(
            (d) =>
                `${d.key}: ${d.what} goes to ${d.host}, a name; egress to the outside is allowed only to ${cidrsKey} (${policies.outsideCidrs.join(", ")}), ` +
                `so check that every address ${d.host} resolves to lies in one of them, or its traffic is dropped (docs/security.md#network-policies)`,
        );
}

/**
 * With networkPolicies.outsideCidrs set, egress to the outside is allowed to those blocks only,
 * so a destination at an address outside them is cut off. A DNS name cannot be checked before it
 * resolves; the docs ask for its addresses' blocks (docs/security.md#network-policies).
 */
export function destinationProblems(s: Settings): LaterProblem[] {
    const policies = s.networkPolicies;
    const problems = new Problems();
    if (!policies.enabled || policies.outsideCidrs.length === 0) {
        return [];
    }
    const all = stackDestinations(s);
    const cidrsKey = `${fullKey(NETWORK_POLICIES_KEY)}.outsideCidrs`;
    for (const d of all) {
        if ((isIPv4(d.host) || isIPv6(d.host)) && !policies.outsideCidrs.some((c) => inCidr(d.host, c))) {
            problems.add(
                d.key,
                d.value,
                `a destination that ${cidrsKey} allows: ${d.what} goes to ${d.host}, which none of ${policies.outsideCidrs.join(", ")} contains, ` +
                    `so the NetworkPolicy would drop its traffic; add a block holding ${d.host} to ${cidrsKey}`,
            );
        }
    }
    return reading([`${fullKey(NETWORK_POLICIES_KEY)}.outsideCidrs`], problems.all());
}
