import { isIPv4, isIPv6 } from "node:net";
import { ALERTMANAGER_KEY } from "../alertmanager";
import { BLACKBOX_EXPORTER_KEY } from "../blackbox-exporter";
import { quantityValue } from "../formats";
import { LOGS_KEY } from "../logs";
import { METRICS_KEY } from "../metrics";
import { NETWORK_POLICIES_KEY } from "../network-policies";
import { imageTagVersion } from "../oldest-images";
import { Problems } from "../problems";
import { SEARCH_STORE_KEY } from "../search-store";
import { fullKey } from "../source";

/**
 * Keys that contradict each other across components (issue #33, class 2), found from what each
 * component declares rather than case by case: the destinations it reaches outside the cluster,
 * the memory it needs inside its container, the endpoints it serves behind a login, and the
 * security defaults of its image. Each family is one list of declarations and one check; a
 * component that gains a destination or a JVM adds a declaration, not a check. Host ports, job
 * names and ways in are the same idea as the components' claims (stack/host-ports.ts, job-names.ts, ways-in.ts).
 */

// ---------------------------------------------------------------------------------------------
// Destinations outside the cluster, against networkPolicies.outsideCidrs
// ---------------------------------------------------------------------------------------------

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

/** The host of an http(s) URL or of host:port, without brackets; undefined when it cannot be read. */
export function hostOf(target: string): string | undefined {
    const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(target);
    return m ? m[1].replace(/^\[|\]$/g, "") : undefined;
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
export function checkDestinationsAllowed(all: readonly Destination[], policies: { enabled: boolean; outsideCidrs: readonly string[] }, problems: Problems): void {
    if (!policies.enabled || policies.outsideCidrs.length === 0) {
        return;
    }
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
}

// ---------------------------------------------------------------------------------------------
// Memory inside a container, against its limit
// ---------------------------------------------------------------------------------------------

/** Memory a process in a container takes up front (a JVM's heap), and the container's limit. */
export interface MemoryDemand {
    key: string;
    value: string;
    bytes: number;
    limitKey: string;
    limit: string | undefined;
    what: string;
}

/** A JVM -Xmx value in bytes: 512m, 2g (binary units, as the JVM reads them). */
export function javaHeapBytes(value: string): number {
    const m = /^([0-9]+)([kmg])$/i.exec(value);
    return m ? Number(m[1]) * 1024 ** { k: 1, m: 2, g: 3 }[m[2].toLowerCase() as "k" | "m" | "g"] : NaN;
}

export function memoryDemands(store: { enabled: boolean; heapSize: string; resources: { memoryLimit?: string } } | undefined): MemoryDemand[] {
    const key = fullKey(SEARCH_STORE_KEY);
    return store?.enabled
        ? [{ key: `${key}.heapSize`, value: store.heapSize, bytes: javaHeapBytes(store.heapSize), limitKey: `${key}.resources.memoryLimit`, limit: store.resources.memoryLimit, what: "Elasticsearch's JVM heap (-Xms and -Xmx)" }]
        : [];
}

/**
 * A JVM reserves its whole heap at start (-Xms equals -Xmx) and needs memory beyond it (metaspace,
 * threads, direct buffers, and for Elasticsearch the file cache), so a heap that is not below the
 * container's limit gets the container OOM-killed.
 */
export function checkMemoryDemands(all: readonly MemoryDemand[], problems: Problems): void {
    for (const d of all) {
        if (d.limit !== undefined && !Number.isNaN(d.bytes) && d.bytes >= quantityValue(d.limit)) {
            problems.add(
                d.key,
                d.value,
                `less than ${d.limitKey} (${d.limit}): ${d.what} is reserved whole at start and the process needs memory beyond it, ` +
                    "so the container would be OOM-killed; about half of the limit is the usual heap",
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Endpoints of ours behind a login, against the program's own probes of them
// ---------------------------------------------------------------------------------------------

/** A Service of ours whose web port asks for a login or speaks TLS only. */
export interface GuardedEndpoint {
    /** The key that turns the guard on: cluster-monitoring:metrics.web. */
    key: string;
    service: string;
    namespace: string;
    basicAuth: boolean;
    tls: boolean;
    what: string;
}

export function guardedEndpoints(
    metrics: { name: string; namespace: string; web?: { basicAuth?: unknown; tls?: unknown } } | undefined,
    alertmanager: { enabled: boolean; name: string; web?: { basicAuth?: unknown; tls?: unknown } } | undefined,
): GuardedEndpoint[] {
    const guard = (key: string, service: string, namespace: string, web: { basicAuth?: unknown; tls?: unknown } | undefined, what: string): GuardedEndpoint[] =>
        web === undefined ? [] : [{ key, service, namespace, basicAuth: web.basicAuth !== undefined, tls: web.tls !== undefined, what }];
    return [
        ...(metrics ? guard(`${fullKey(METRICS_KEY)}.web`, metrics.name, metrics.namespace, metrics.web, "Prometheus") : []),
        ...(metrics && alertmanager?.enabled ? guard(`${fullKey(ALERTMANAGER_KEY)}.web`, alertmanager.name, metrics.namespace, alertmanager.web, "Alertmanager") : []),
    ];
}

/** Whether `host` names the Service as a pod of `from` namespace reaches it. */
function namesService(host: string, e: GuardedEndpoint, from: string): boolean {
    const h = host.toLowerCase().replace(/\.$/, "");
    return [`${e.service}.${e.namespace}`, `${e.service}.${e.namespace}.svc`, `${e.service}.${e.namespace}.svc.cluster.local`, ...(from === e.namespace ? [e.service] : [])].includes(h);
}

/**
 * The blackbox exporter sends no credentials and no client certificate, so a probe of our own
 * Prometheus or Alertmanager fails once its web config asks for a login (401 on every path,
 * /-/ready included), and a plain-http probe fails once it speaks TLS only.
 */
export function checkProbesAgainstGuards(probes: readonly { target: string; module: string }[], probeNamespace: string, guards: readonly GuardedEndpoint[], problems: Problems): void {
    probes.forEach((p, i) => {
        const host = hostOf(p.target);
        const guard = host === undefined ? undefined : guards.find((g) => namesService(host, g, probeNamespace));
        if (guard === undefined) {
            return;
        }
        const key = `${fullKey(BLACKBOX_EXPORTER_KEY)}.probes[${i}].target`;
        if (guard.basicAuth && p.module !== "tcp_connect") {
            problems.add(
                key,
                p.target,
                `a target that answers without a login: ${guard.key}.basicAuth makes ${guard.what} ask every request for one (401, /-/ready included), ` +
                    "and the blackbox exporter sends none; probe it with module tcp_connect, or remove the probe",
            );
        } else if (guard.tls && /^http:/i.test(p.target)) {
            problems.add(key, p.target, `an https:// target: ${guard.key}.tls makes ${guard.what} speak TLS only, and a plain http probe would be refused`);
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Security defaults of an image, against what the program configures
// ---------------------------------------------------------------------------------------------

/** An image line whose security defaults differ from what the program configures for it. */
export interface SecurityDefault {
    key: string;
    image: string;
    /** The first major version with the other defaults. */
    fromMajor: number;
    why: string;
}

export function securityDefaults(store: { enabled: boolean; image: string } | undefined): SecurityDefault[] {
    return store?.enabled
        ? [
              {
                  key: `${fullKey(SEARCH_STORE_KEY)}.image`,
                  image: store.image,
                  fromMajor: 8,
                  why:
                      "Elasticsearch 8 turns on security by default (TLS on the HTTP port and a password for every request), while the program runs the store " +
                      "without TLS or users: the log agent, the index template and retention Jobs and Kibana would all be refused; use a 7.x image (7.8 or newer)",
              },
          ]
        : [];
}

export function checkSecurityDefaults(all: readonly SecurityDefault[], problems: Problems): void {
    for (const d of all) {
        const version = imageTagVersion(d.image);
        if (version !== undefined && version[0] >= d.fromMajor) {
            problems.add(d.key, d.image, `an image before ${d.fromMajor}.0: ${d.why}`);
        }
    }
}
