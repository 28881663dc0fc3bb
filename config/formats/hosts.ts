import { isIPv4, isIPv6 } from "node:net";
import { dnsSubdomain, K8S_SUBDOMAIN } from "./names";

/** A complaint when the value is a host followed by :port, as people copy it from a URL. */
export function portSuffix(value: string): string | undefined {
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
        return "just the host, without a scheme such as http:// or a path: the scheme and the port have keys of their own";
    }
    const hostPort = /^(\[([^\]]*)\]|([^:]+)):([0-9]*)$/.exec(value);
    if (hostPort) {
        const host = hostPort[2] ?? hostPort[3];
        const named = K8S_SUBDOMAIN.test(host) && !/(^|\.)[0-9]+$/.test(host);
        if (isIPv4(host) || (hostPort[2] !== undefined && isIPv6(host)) || named) {
            return `a host without a port (got host ${host} and port ${hostPort[4] || "(empty)"}): put the port in its own key`;
        }
    }
    if (/^\[.*\]$/.test(value)) {
        return "an IP address without brackets, such as fd00::11";
    }
    return undefined;
}

/**
 * A host name to resolve: an RFC 1123 subdomain whose last label is not all digits (RFC 1123
 * 2.1: "the highest-level component label will be alphabetic"), so that 10.0.0.256 or 10.0.0 is
 * not taken for a name.
 */
export function hostName(value: string): string | undefined {
    const port = portSuffix(value);
    if (port !== undefined) {
        return port;
    }
    if (dnsSubdomain(value) !== undefined || /^[0-9]+$/.test(value.slice(value.lastIndexOf(".") + 1))) {
        return (
            "a host name (RFC 1123): lower-case labels of letters, digits and '-' separated by dots, each label at most 63 " +
            "characters and not starting or ending with '-', at most 253 characters in all, the last label not all digits"
        );
    }
    return undefined;
}

const IP_FORMAT = "an IP address such as 10.0.0.11 or fd00::11 (Endpoints and static targets need addresses, not host names)";

/** An IPv4 or IPv6 address as Node's parser reads it; no zone (%eth0), no leading zeros, no brackets, no port. */
export function ipAddress(value: string): string | undefined {
    if (isIPv4(value) || (isIPv6(value) && !value.includes("%"))) {
        return undefined;
    }
    if (value.includes("%") && isIPv6(value)) {
        return `${IP_FORMAT}, without a zone such as %eth0, which Kubernetes and Prometheus targets cannot carry`;
    }
    return portSuffix(value) ?? IP_FORMAT;
}

/** The 16 bytes of an address that passed ipAddress; IPv4 as IPv4-mapped IPv6, as Go keeps it. */
function ipBytes(value: string): number[] {
    if (isIPv4(value)) {
        return [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...value.split(".").map(Number)];
    }
    // Write an embedded IPv4 tail (::ffff:10.0.0.1) as its two hex groups, then fill in the "::".
    const text = value.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
        `${((Number(a) << 8) | Number(b)).toString(16)}:${((Number(c) << 8) | Number(d)).toString(16)}`,
    );
    const groups = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
    const [head, tail] = text.split("::");
    const left = groups(head);
    const right = tail === undefined ? [] : groups(tail);
    const words = tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
    return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/**
 * An address Kubernetes takes for an Endpoints subset (ValidateEndpointIP), which also makes sense
 * as a static scrape target seen from a pod: not unspecified (0.0.0.0, ::), loopback (127.0.0.0/8,
 * ::1), link-local (169.254.0.0/16, fe80::/10) or link-local multicast (224.0.0.0/24, ff02::/16).
 */
export function endpointAddress(value: string): string | undefined {
    const complaint = ipAddress(value);
    if (complaint !== undefined) {
        return complaint;
    }
    const b = ipBytes(value);
    const mapped = b.slice(0, 10).every((x) => x === 0) && b[10] === 0xff && b[11] === 0xff;
    const v4 = mapped ? b.slice(12) : undefined;
    const why = v4
        ? v4.every((x) => x === 0)
            ? "unspecified (0.0.0.0)"
            : v4[0] === 127
              ? "a loopback address (127.0.0.0/8)"
              : v4[0] === 169 && v4[1] === 254
                ? "link-local (169.254.0.0/16)"
                : v4[0] === 224 && v4[1] === 0 && v4[2] === 0
                  ? "link-local multicast (224.0.0.0/24)"
                  : undefined
        : b.every((x) => x === 0)
          ? "unspecified (::)"
          : b.slice(0, 15).every((x) => x === 0) && b[15] === 1
            ? "the loopback address (::1)"
            : b[0] === 0xfe && (b[1] & 0xc0) === 0x80
              ? "link-local (fe80::/10)"
              : b[0] === 0xff && (b[1] & 0x0f) === 0x02
                ? "link-local multicast (ff02::/16)"
                : undefined;
    return why === undefined
        ? undefined
        : `an address another pod can reach, which Kubernetes accepts in Endpoints: not ${why}, which the API server refuses for an endpoint`;
}

export function ipOrHostname(value: string): string | undefined {
    if (ipAddress(value) === undefined || hostName(value) === undefined) {
        return undefined;
    }
    return portSuffix(value) ?? "an IP address or a DNS host name (RFC 1123: lower-case labels of at most 63 letters, digits and '-', separated by dots)";
}
