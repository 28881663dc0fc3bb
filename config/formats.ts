import { isIPv4, isIPv6 } from "node:net";
import { RE2JS } from "re2js";

/**
 * Format checks for stack config values. Each returns undefined when the value is fine, or a
 * sentence saying what was expected, which becomes the "expected ..." part of a ConfigError.
 *
 * Each check follows the grammar of the program that reads the value (Prometheus 2.11.1,
 * the Kubernetes API server, fluentd 1.6), and refuses on top of it what that program would
 * accept but silently change: a wrapped duration, a rounded quantity, a stripped tab.
 */

/** Control characters (C0, DEL, C1) and any Unicode white space. */
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\s]/u;

// ---------------------------------------------------------------------------------------------
// Prometheus durations
// ---------------------------------------------------------------------------------------------

// Prometheus 2.11 parses one number and one unit; compound durations such as 1h30m came in 2.23.
const PROMETHEUS_DURATION = /^([0-9]+)(ms|s|m|h|d|w|y)$/;

/** Milliseconds per unit, as prometheus/common model.ParseDuration counts them (a year is 365d). */
const PROMETHEUS_UNIT_MS: Record<string, bigint> = {
    ms: 1n,
    s: 1000n,
    m: 60_000n,
    h: 3_600_000n,
    d: 86_400_000n,
    w: 604_800_000n,
    y: 31_536_000_000n,
};

const MAX_INT64 = (1n << 63n) - 1n;

/**
 * The largest count of `unit` that fits a Go time.Duration (int64 nanoseconds): 292y, 15250w,
 * 106751d, 2562047h, 153722867m, 9223372036s, 9223372036854ms. It is the bound that
 * prometheus/common checks since v0.20.0 (Prometheus 2.26).
 */
export function prometheusDurationMax(unit: string): bigint {
    return MAX_INT64 / (PROMETHEUS_UNIT_MS[unit] * 1_000_000n);
}

const PROMETHEUS_DURATION_FORMAT =
    "a positive Prometheus duration: a whole number and one unit of ms, s, m, h, d, w or y, such as 30s or 20d";

export function prometheusDuration(value: string): string | undefined {
    const match = PROMETHEUS_DURATION.exec(value);
    if (!match || BigInt(match[1]) === 0n) {
        return PROMETHEUS_DURATION_FORMAT;
    }
    // Prometheus 2.11.1 vendors prometheus/common v0.4.1, whose ParseDuration ignores Atoi's range
    // error and multiplies in int64 without a check: a longer duration wraps around into a wrong
    // one, often negative (10000000000d becomes about -272 years), and no error is reported.
    const max = prometheusDurationMax(match[2]);
    return BigInt(match[1]) <= max
        ? undefined
        : `a Prometheus duration of at most ${max}${match[2]} (about 292 years, the range of Go's int64-nanosecond ` +
              "time.Duration): Prometheus 2.11 does not check for overflow and would silently wrap a longer one into a wrong, even negative, duration";
}

/** Seconds of a duration that passed prometheusDuration, to compare two of them; NaN otherwise. */
export function prometheusDurationSeconds(value: string): number {
    if (prometheusDuration(value) !== undefined) {
        return Number.NaN;
    }
    const match = PROMETHEUS_DURATION.exec(value)!;
    return (Number(match[1]) * Number(PROMETHEUS_UNIT_MS[match[2]])) / 1000;
}

// ---------------------------------------------------------------------------------------------
// Kubernetes quantities
// ---------------------------------------------------------------------------------------------

/**
 * resource.Quantity as k8s.io/apimachinery's parseQuantityString and suffixer read it: an optional
 * sign, digits with an optional '.' and fraction (1., .5 and 1.5 all parse), then one suffix:
 * binary Ki..Ei, decimal n, u, m, k, M, G, T, P, E, or an exponent e3 / E-3 / e+3. "1E" is exa,
 * "1E3" is 1000, "1e" and "1K" are errors; nothing may follow the suffix, nothing may surround it.
 */
const KUBERNETES_QUANTITY = /^([+-]?)([0-9]*)(?:\.([0-9]*))?(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E|[eE][+-]?[0-9]+)?$/;

const BINARY_EXPONENT: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };
const DECIMAL_EXPONENT: Record<string, number> = { n: -9, u: -6, m: -3, "": 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };

const QUANTITY_FORMAT =
    "a positive Kubernetes quantity: a decimal number with an optional binary suffix (Ki, Mi, Gi, Ti, Pi, Ei), " +
    "decimal suffix (n, u, m, k, M, G, T, P, E) or exponent (e3), such as 400Mi, 1.5Gi, 500m or 1e9 " +
    "(MB, TB or a space are not part of a quantity)";

interface Quantity {
    negative: boolean;
    /** The digits of the number without the '.', leading zeros stripped; "" for zero. */
    mantissa: string;
    /** How many of those digits follow the '.'. */
    scale: number;
    base: 2 | 10;
    exponent: number;
    integerPart: string;
    fraction: string;
}

function parseQuantity(value: string): Quantity | undefined {
    const match = KUBERNETES_QUANTITY.exec(value);
    if (!match) {
        return undefined;
    }
    const [, sign, integerPart, fraction = "", suffix = ""] = match;
    if (integerPart === "" && fraction === "") {
        return undefined;
    }
    const base = suffix in BINARY_EXPONENT ? 2 : 10;
    const exponent = base === 2 ? BINARY_EXPONENT[suffix] : suffix in DECIMAL_EXPONENT ? DECIMAL_EXPONENT[suffix] : Number(suffix.slice(1));
    return {
        negative: sign === "-",
        mantissa: (integerPart + fraction).replace(/^0+/, ""),
        scale: fraction.length,
        base,
        exponent,
        integerPart,
        fraction,
    };
}

/** How a positive quantity compares with the bounds Kubernetes keeps exactly: 1n to 2^63-1. */
function quantityRange(q: Quantity): "ok" | "too large" | "too fine" {
    const m = BigInt(q.mantissa);
    if (q.base === 2) {
        // value = m * 2^exponent / 10^scale
        const numerator = m << BigInt(q.exponent);
        const denominator = 10n ** BigInt(q.scale);
        if (numerator > MAX_INT64 * denominator) {
            return "too large";
        }
        return (numerator * 1_000_000_000n) % denominator === 0n ? "ok" : "too fine";
    }
    // value = m * 10^k with 10^(digits-1) <= m < 10^digits; decide far-out exponents by magnitude
    // alone, so that 1e999999999 costs nothing.
    const k = q.exponent - q.scale;
    const magnitude = q.mantissa.length + k;
    if (!Number.isFinite(k) || magnitude > 19) {
        return k > 0 ? "too large" : "too fine";
    }
    if (magnitude <= -9) {
        return "too fine";
    }
    if (k >= 0 ? m * 10n ** BigInt(k) > MAX_INT64 : m > MAX_INT64 * 10n ** BigInt(-k)) {
        return "too large";
    }
    return k + 9 >= 0 || m % 10n ** BigInt(-(k + 9)) === 0n ? "ok" : "too fine";
}

export function kubernetesQuantity(value: string): string | undefined {
    const q = parseQuantity(value);
    if (q === undefined) {
        return QUANTITY_FORMAT;
    }
    if (q.negative || q.mantissa === "") {
        return `${QUANTITY_FORMAT}; it must be more than 0`;
    }
    switch (quantityRange(q)) {
        case "too large":
            return (
                "a Kubernetes quantity below 8Ei (2^63 base units): Kubernetes holds quantities as 64-bit integers, " +
                "caps a larger binary one at 2^63-1 and overflows a larger decimal one"
            );
        case "too fine":
            return (
                "a Kubernetes quantity that is a whole number of nano units (1n, 0.000000001): Kubernetes rounds " +
                "anything finer up to the next 1n, so the value would not be the one written"
            );
        default:
            return undefined;
    }
}

/**
 * The value of a quantity that passed kubernetesQuantity, in base units (bytes, cores), so a
 * limit can be compared with a request: "1Gi" is 1073741824, "500m" is 0.5, "1e3" is 1000.
 * NaN for anything kubernetesQuantity refuses.
 */
export function quantityValue(value: string): number {
    if (kubernetesQuantity(value) !== undefined) {
        return Number.NaN;
    }
    const q = parseQuantity(value)!;
    if (q.base === 2) {
        return Number(`${q.integerPart || "0"}.${q.fraction || "0"}`) * 2 ** q.exponent;
    }
    return Number(`${q.mantissa}e${q.exponent - q.scale}`);
}

// ---------------------------------------------------------------------------------------------
// DNS names, object names and host names
// ---------------------------------------------------------------------------------------------

const DNS_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS_1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;
const K8S_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

export function dnsLabel(value: string): string | undefined {
    return DNS_LABEL.test(value) && value.length <= 63
        ? undefined
        : "a DNS label (RFC 1123): at most 63 lower-case letters, digits and '-', starting and ending with a letter or digit";
}

/** Kubernetes' IsDNS1123Subdomain, the rule for most object names: at most 253 characters, no per-label limit. */
function kubernetesSubdomain(value: string): boolean {
    return K8S_SUBDOMAIN.test(value) && value.length <= 253;
}

const DNS_SUBDOMAIN_FORMAT =
    "a DNS name (RFC 1123 subdomain): lower-case labels of letters, digits and '-' separated by dots, " +
    "each label at most 63 characters and not starting or ending with '-', at most 253 characters in all";

/** An RFC 1123 subdomain: labels of at most 63 characters, at most 253 in all (as DNS requires of names it resolves). */
export function dnsSubdomain(value: string): string | undefined {
    return kubernetesSubdomain(value) && value.split(".").every((label) => label.length <= 63) ? undefined : DNS_SUBDOMAIN_FORMAT;
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

/**
 * A StatefulSet's pods carry the label controller-revision-hash=<name>-<hash>, where the hash is
 * the decimal FNV-32 of the revision, safe-encoded: up to 10 characters
 * (pkg/controller/history ControllerRevisionName). A label value holds at most 63 characters,
 * so a longer StatefulSet name is accepted by the API server but none of its pods can be created
 * (kubernetes/kubernetes#64023).
 */
export const MAX_STATEFULSET_NAME_LENGTH = 63 - 1 - 10;

export function statefulSetName(value: string): string | undefined {
    if (dnsLabel(value) !== undefined) {
        return dnsLabel(value);
    }
    return value.length <= MAX_STATEFULSET_NAME_LENGTH
        ? undefined
        : `a StatefulSet name of at most ${MAX_STATEFULSET_NAME_LENGTH} characters: its pods carry the label ` +
              "controller-revision-hash=<name>-<hash of up to 10 characters>, and a label value longer than 63 characters " +
              "stops every pod from being created (kubernetes/kubernetes#64023)";
}

/** Services are named by RFC 1035 labels (ValidateServiceName): a letter first, since the name becomes a DNS name and environment variables. */
export function serviceName(value: string): string | undefined {
    return DNS_1035_LABEL.test(value) && value.length <= 63
        ? undefined
        : "a Service name (RFC 1035 label): at most 63 lower-case letters, digits and '-', starting with a letter and ending with a letter or digit";
}

function objectName(kind: string): (value: string) => string | undefined {
    return (value) =>
        kubernetesSubdomain(value)
            ? undefined
            : `a ${kind} name (DNS subdomain): at most 253 lower-case letters, digits, '-' and '.', each part between dots starting and ending with a letter or digit`;
}

/** ConfigMap names: Kubernetes' DNS-subdomain rule (ValidateConfigMapName). */
export const configMapName = objectName("ConfigMap");
/** Secret names: Kubernetes' DNS-subdomain rule (ValidateSecretName). */
export const secretName = objectName("Secret");
/** ServiceAccount names: Kubernetes' DNS-subdomain rule (ValidateServiceAccountName). */
export const serviceAccountName = objectName("ServiceAccount");

// ---------------------------------------------------------------------------------------------
// IP addresses and hosts
// ---------------------------------------------------------------------------------------------

/** A complaint when the value is a host followed by :port, as people copy it from a URL. */
function portSuffix(value: string): string | undefined {
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

// ---------------------------------------------------------------------------------------------
// Paths and URLs
// ---------------------------------------------------------------------------------------------

const NO_CONTROL = "without spaces, tabs, line breaks or other control characters";

/**
 * A file-system path inside a container or on an NFS server: absolute, no '..' (a mount or a CA
 * file is named directly), no control characters or white space (a pasted path with a trailing
 * space or line break names another file), at most 4095 bytes (PATH_MAX) and 255 per name (NAME_MAX).
 */
export function absolutePath(value: string): string | undefined {
    const expected = "an absolute path starting with / (and without ..)";
    if (!value.startsWith("/")) {
        return expected;
    }
    if (CONTROL_OR_SPACE.test(value)) {
        return `${expected}, ${NO_CONTROL}`;
    }
    const segments = value.split("/");
    if (segments.includes("..")) {
        return `${expected}: name the directory itself rather than going up with ..`;
    }
    if (Buffer.byteLength(value) > 4095 || segments.some((s) => Buffer.byteLength(s) > 255)) {
        return `${expected}, at most 4095 bytes long with at most 255 bytes between two slashes (Linux PATH_MAX and NAME_MAX)`;
    }
    return undefined;
}

/** RFC 3986 pchar without '%': unreserved, sub-delims, ':' and '@', plus the '/' between segments. */
const ROUTE_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]*$/;

/**
 * The path part of a URL, as a route prefix (--web.route-prefix) or a scrape path (metrics_path):
 * absolute; no query or fragment (metrics_path is a path, and Prometheus escapes a '?' in it);
 * no white space or control characters; no '.' or '..' segments or '//', which clients and
 * proxies resolve differently; no percent-escapes, because Prometheus treats both keys as
 * already-decoded paths and would escape the '%' again (/a%20b is requested as /a%2520b).
 */
export function routePath(value: string): string | undefined {
    const expected = "a URL path starting with /, such as /metrics or /prometheus";
    if (!value.startsWith("/")) {
        return expected;
    }
    if (CONTROL_OR_SPACE.test(value)) {
        return `${expected}, ${NO_CONTROL}`;
    }
    if (value.includes("?") || value.includes("#")) {
        return `${expected}, without a ?query or #fragment: Prometheus takes the whole value as the path`;
    }
    if (value.includes("%")) {
        return `${expected}, without percent-escapes: Prometheus treats the value as a decoded path and would escape the % again`;
    }
    const segments = value.split("/").slice(1);
    if (segments.some((s) => s === "." || s === "..") || value.includes("//")) {
        return `${expected}, without . or .. segments or //, which clients and proxies resolve differently`;
    }
    return ROUTE_CHARS.test(value)
        ? undefined
        : `${expected}, of letters, digits and - . _ ~ ! $ & ' ( ) * + , ; = : @ between the slashes`;
}

/** RFC 3986 characters: unreserved, reserved and '%'. */
const URL_CHARS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;

const URL_FORMAT = "an absolute http:// or https:// URL such as https://monitor.example.com/";

/**
 * An absolute http(s) URL as both Go's net/url (Prometheus, the Ingress) and the WHATWG parser
 * read it the same way. Checked on the text before any parsing, because the WHATWG parser drops
 * tabs and line breaks anywhere, trims spaces and control characters, turns '\' into '/',
 * resolves '..', lower-cases and punycodes the host and accepts "https:host"; Go does none of
 * that. No user name or password: the URL becomes a pod argument and a stack output. No query or
 * fragment: Prometheus appends its own paths to the external URL.
 */
export function absoluteHttpUrl(value: string): string | undefined {
    if (CONTROL_OR_SPACE.test(value)) {
        return `${URL_FORMAT}, ${NO_CONTROL} (a URL parser silently drops tabs and line breaks, so the URL used would differ from the one written)`;
    }
    const parts = /^(https?):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(value);
    if (!parts) {
        return URL_FORMAT;
    }
    const [, , authority, path, query, fragment] = parts;
    if (authority.includes("@")) {
        return (
            `${URL_FORMAT}, without a user name or password (user:password@host): the URL ends up in pod arguments ` +
            "and stack outputs, where credentials would be readable"
        );
    }
    if (fragment !== undefined) {
        return `${URL_FORMAT}, without a #fragment, which never reaches the server`;
    }
    if (query !== undefined) {
        return `${URL_FORMAT}, without a ?query: Prometheus appends its own paths to the external URL`;
    }
    if (!URL_CHARS.test(value) || /%(?![0-9A-Fa-f]{2})/.test(value) || value.endsWith("'")) {
        return `${URL_FORMAT}, of ASCII letters, digits and the characters URLs allow (write anything else percent-escaped, a non-ASCII host in punycode)`;
    }
    const hostPort = /^(\[([^\]]*)\]|([^:[\]]*))(?::([0-9]*))?$/.exec(authority);
    const host = hostPort?.[2] ?? hostPort?.[3];
    const hostOk =
        host !== undefined &&
        (hostPort![2] !== undefined ? isIPv6(host) && !host.includes("%") : isIPv4(host) || hostName(host.toLowerCase()) === undefined);
    if (!hostOk) {
        return `${URL_FORMAT}, whose host is a DNS name or an IP address ([brackets] around IPv6)`;
    }
    const port = hostPort![4];
    if (port !== undefined && !(/^[0-9]{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
        return `${URL_FORMAT}, whose port, if any, is from 1 to 65535`;
    }
    if (path.split("/").some((s) => s === "." || s === "..")) {
        return `${URL_FORMAT}, without . or .. segments in the path, which URL parsers resolve differently`;
    }
    try {
        new URL(value);
    } catch {
        return URL_FORMAT;
    }
    return undefined;
}

// ---------------------------------------------------------------------------------------------
// Labels and ports
// ---------------------------------------------------------------------------------------------

// Prometheus label names: [a-zA-Z_][a-zA-Z0-9_]*; names starting with __ are reserved.
export function prometheusLabelName(value: string): string | undefined {
    return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(value) && !value.startsWith("__")
        ? undefined
        : "a Prometheus label name: letters, digits and '_', not starting with a digit or '__'";
}

// Kubernetes' qualified names (IsQualifiedName, used for label keys and taint keys): an optional
// DNS-subdomain prefix and '/', then a name of at most 63 characters.
const LABEL_NAME = /^[A-Za-z0-9]([-A-Za-z0-9_.]*[A-Za-z0-9])?$/;

const LABEL_KEY_FORMAT =
    "a Kubernetes label key such as k8s-app or example.com/tier: an optional DNS-subdomain prefix (at most 253 characters) and '/', " +
    "then a name of at most 63 letters, digits, '-', '_' or '.' that starts and ends with a letter or digit";

export function kubernetesLabelKey(value: string): string | undefined {
    const parts = value.split("/");
    if (parts.length > 2) {
        return `${LABEL_KEY_FORMAT} (one '/' at most)`;
    }
    const [prefix, name] = parts.length === 2 ? parts : [undefined, parts[0]];
    if (prefix !== undefined && !kubernetesSubdomain(prefix)) {
        return `${LABEL_KEY_FORMAT} (the prefix before '/' is not a DNS subdomain)`;
    }
    if (name.length > 63) {
        return `${LABEL_KEY_FORMAT} (the name after the prefix has ${name.length} characters)`;
    }
    return LABEL_NAME.test(name) ? undefined : LABEL_KEY_FORMAT;
}

/**
 * Prefixes that Kubernetes reserves for its own labels: kubernetes.io/, k8s.io/ and their
 * subdomains (node-role.kubernetes.io/, topology.kubernetes.io/...). app.kubernetes.io/ is the
 * exception, since the recommended labels live there for everyone to set.
 */
function reservedPrefix(key: string): string | undefined {
    const slash = key.indexOf("/");
    if (slash < 0) {
        return undefined;
    }
    const prefix = key.slice(0, slash);
    if (prefix === "app.kubernetes.io") {
        return undefined;
    }
    return ["kubernetes.io", "k8s.io"].find((r) => prefix === r || prefix.endsWith(`.${r}`));
}

/**
 * A label key for labels this program sets on its own objects. kubernetesLabelKey stays valid for
 * selectors and taints, which must name Kubernetes' own keys (kubernetes.io/metadata.name,
 * node-role.kubernetes.io/control-plane); a key the program writes must not claim them.
 */
export function ownLabelKey(value: string): string | undefined {
    const complaint = kubernetesLabelKey(value);
    if (complaint !== undefined) {
        return complaint;
    }
    const reserved = reservedPrefix(value);
    return reserved === undefined
        ? undefined
        : `a label key of your own, not under ${reserved}/: Kubernetes reserves the kubernetes.io/ and k8s.io/ prefixes ` +
              "and their subdomains for its own labels (app.kubernetes.io/ is free for the recommended labels)";
}

const LABEL_VALUE_FORMAT =
    "a Kubernetes label value: at most 63 letters, digits, '-', '_' or '.', starting and ending with a letter or digit";

export function kubernetesLabelValue(value: string): string | undefined {
    if (value === "") {
        return (
            `${LABEL_VALUE_FORMAT}, and not empty: Kubernetes allows an empty value, but as a selector it would keep ` +
            "exactly the objects that lack the label, the opposite of what was meant"
        );
    }
    return LABEL_NAME.test(value) && value.length <= 63 ? undefined : LABEL_VALUE_FORMAT;
}

/** A port number, as a YAML number or as text: an integer from 1 to 65535 (IsValidPortNum). */
export function portNumber(value: number | string): string | undefined {
    const ok = typeof value === "number" ? Number.isInteger(value) : /^[1-9][0-9]{0,4}$/.test(value);
    return ok && Number(value) >= 1 && Number(value) <= 65535 ? undefined : "a port number: an integer from 1 to 65535";
}

/**
 * A port name (IANA_SVC_NAME, RFC 6335, as Kubernetes' IsValidPortName checks it): at most 15
 * characters of a-z, 0-9 and '-', at least one letter, no '--', no '-' at either end.
 */
export function portName(value: string): string | undefined {
    const ok =
        value.length <= 15 &&
        /^[-a-z0-9]+$/.test(value) &&
        /[a-z]/.test(value) &&
        !value.includes("--") &&
        !value.startsWith("-") &&
        !value.endsWith("-");
    return ok
        ? undefined
        : "a port name (IANA_SVC_NAME): at most 15 lower-case letters, digits and '-', at least one letter, " +
              "not starting or ending with '-' and without '--'";
}

// ---------------------------------------------------------------------------------------------
// fluentd
// ---------------------------------------------------------------------------------------------

// fluentd 1.6's Config.size_value: a whole number with an optional k, m, g or t suffix (powers of
// 1024, either case). Its regexps are unanchored ("2MB" reads as 2M, "1.5M" as 5M), so only the
// exact form is accepted here.
const FLUENTD_SIZE = /^([1-9][0-9]*)([kKmMgGtT])?$/;
const SIZE_FACTORS: Record<string, number> = { k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/**
 * The largest fluentd size accepted: 1T. Ruby has no integer overflow, so fluentd would take any
 * number, but no node keeps a larger buffer (the file buffer's default total_limit_size is 64GB),
 * a larger value is nearly always a slip of the unit, and it keeps byte arithmetic here exact.
 */
export const MAX_FLUENTD_SIZE = "1T";

export function fluentdSize(value: string): string | undefined {
    if (!FLUENTD_SIZE.test(value)) {
        return "a fluentd size: a whole number of bytes with an optional K, M, G or T suffix, such as 512K, 2M or 1G (not 2MB or 1.5M)";
    }
    return fluentdSizeBytes(value) <= SIZE_FACTORS.t
        ? undefined
        : `a fluentd size of at most ${MAX_FLUENTD_SIZE}: no node keeps a larger log buffer, so a larger value is a slip of the unit`;
}

/** Bytes of a size that matches fluentd's size format; NaN otherwise. */
export function fluentdSizeBytes(value: string): number {
    const match = FLUENTD_SIZE.exec(value);
    if (!match) {
        return Number.NaN;
    }
    return Number(match[1]) * (match[2] ? SIZE_FACTORS[match[2].toLowerCase()] : 1);
}

/** The shortest fluentd size text for a byte count, so a derived limit reads like a hand-written one. */
export function formatFluentdSize(bytes: number): string {
    for (const unit of ["T", "G", "M", "K"]) {
        const factor = SIZE_FACTORS[unit.toLowerCase()];
        if (bytes % factor === 0) {
            return `${bytes / factor}${unit}`;
        }
    }
    return String(bytes);
}

// fluentd 1.6's Config.time_value: /([0-9]+)s/ and the like, unanchored, take the digits right
// before the unit, so "1.5m" is read as 5m; plain seconds go through to_f, so "0.5" is half a
// second. Hence: a fraction only without a unit.
const FLUENTD_DURATION = /^(?:([0-9]+)(s|m|h|d)|([0-9]+(?:\.[0-9]+)?))$/;
const FLUENTD_UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/**
 * The longest fluentd duration accepted: a day. fluentd (Ruby floats and bignums) would take any
 * number, but a flush or retry wait of more than a day holds logs back for days, and such a
 * number is nearly always milliseconds written where fluentd counts seconds.
 */
export const MAX_FLUENTD_DURATION_SECONDS = 86400;

export function fluentdDuration(value: string): string | undefined {
    const match = FLUENTD_DURATION.exec(value);
    const seconds = match ? (match[1] !== undefined ? Number(match[1]) * FLUENTD_UNIT_SECONDS[match[2]] : Number(match[3])) : Number.NaN;
    if (!(seconds > 0)) {
        return (
            "a positive fluentd duration: seconds (a fraction such as 0.5 is fine), or a whole number with an s, m, h or d suffix, " +
            "such as 5s, 30 or 1m (not 1.5m, which fluentd reads as 5m)"
        );
    }
    return seconds <= MAX_FLUENTD_DURATION_SECONDS
        ? undefined
        : `a fluentd duration of at most 1d (${MAX_FLUENTD_DURATION_SECONDS} seconds): a longer flush or retry wait holds logs back ` +
              "for days, and such a number is usually milliseconds written where fluentd counts seconds";
}

export function containerImage(value: string): string | undefined {
    return /^[a-z0-9.\-_/:@]+$/i.test(value)
        ? undefined
        : "a container image reference such as quay.io/fluentd_elasticsearch/fluentd:v2.7.0";
}

export function oneOf(allowed: readonly string[]): (value: string) => string | undefined {
    return (value) => (allowed.includes(value) ? undefined : `one of ${allowed.join(", ")}`);
}

// ---------------------------------------------------------------------------------------------
// Prometheus byte sizes and regular expressions
// ---------------------------------------------------------------------------------------------

/**
 * --storage.tsdb.retention.size is a kingpin BytesVar: alecthomas/units ParseBase2Bytes, where
 * KB, MB, ... are powers of 1024 (docs/long-term-storage.md#retention-by-size). It also takes
 * fractions, compound values (1GB512MB) and iB units; only one whole number and one of the units
 * that every release from 2.11 to 3.x documents is accepted, so the value means the same on each.
 */
const PROMETHEUS_BYTES = /^([1-9][0-9]*)(B|KB|MB|GB|TB|PB|EB)$/;
const PROMETHEUS_BYTE_UNITS = ["B", "KB", "MB", "GB", "TB", "PB", "EB"];

export function prometheusBytes(value: string): string | undefined {
    const match = PROMETHEUS_BYTES.exec(value);
    if (!match) {
        return (
            "a Prometheus byte size: a whole number above 0 and one of the units B, KB, MB, GB, TB, PB or EB (powers of 1024), " +
            "such as 512GB (not 512Gi, 0.5TB or 1GB512MB)"
        );
    }
    return prometheusBytesValue(value) <= MAX_INT64
        ? undefined
        : "a Prometheus byte size below 8EB: Prometheus holds it as a 64-bit integer and refuses a larger one";
}

/** Bytes of a size that matches the Prometheus byte format, as a bigint; -1n otherwise. */
export function prometheusBytesValue(value: string): bigint {
    const match = PROMETHEUS_BYTES.exec(value);
    if (!match) {
        return -1n;
    }
    return BigInt(match[1]) * 1024n ** BigInt(PROMETHEUS_BYTE_UNITS.indexOf(match[2]));
}

/**
 * A regular expression as Prometheus compiles a relabel regex: Go's regexp (RE2 syntax), anchored
 * as ^(?:regex)$. Compiled with re2js, a port of RE2. `(?<name>` is refused on top: Go accepts it
 * only since 1.22, and Prometheus 2.11 was built with Go 1.12, which knows only `(?P<name>`.
 */
export function re2Regex(value: string): string | undefined {
    if (/\(\?</.test(value)) {
        return "an RE2 regular expression without (?<name>...) groups, which Prometheus 2.11's Go rejects: write (?P<name>...)";
    }
    try {
        RE2JS.compile(`^(?:${value})$`);
        return undefined;
    } catch (error) {
        const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
        return `an RE2 regular expression, as Prometheus compiles it (${reason}); lookarounds and backreferences are not RE2`;
    }
}
