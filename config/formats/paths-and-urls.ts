import { isIPv4, isIPv6 } from "node:net";
import { CONTROL_OR_SPACE, NO_CONTROL } from "./characters";
import { hostName } from "./hosts";

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

/** Where a URL field's value ends up, and whether a query is refused there (and why). */
export interface HttpUrlRules {
    /** Where the URL is stored, for the reason credentials are refused: "pod arguments and stack outputs". */
    storedIn: string;
    /** Why a ?query is refused; unset, a query is part of the URL like any other. */
    noQuery?: string;
}

/** metrics.externalUrl: --web.external-url, to which Prometheus appends its own paths. */
export const EXTERNAL_URL_RULES: HttpUrlRules = { storedIn: "pod arguments and stack outputs", noQuery: "Prometheus appends its own paths to the external URL" };

/**
 * An absolute http(s) URL as both Go's net/url (Prometheus, the Ingress) and the WHATWG parser
 * read it the same way. Checked on the text before any parsing, because the WHATWG parser drops
 * tabs and line breaks anywhere, trims spaces and control characters, turns '\' into '/',
 * resolves '..', lower-cases and punycodes the host and accepts "https:host"; Go does none of
 * that. No user name or password: the URL is stored where credentials would be readable. No
 * fragment, which never reaches the server. A query only where `rules` allow it: the external
 * URL (the default rules) refuses it, a probe target takes it (issue #33, class 6).
 */
export function absoluteHttpUrl(value: string, rules: HttpUrlRules = EXTERNAL_URL_RULES): string | undefined {
    if (CONTROL_OR_SPACE.test(value)) {
        return `${URL_FORMAT}, ${NO_CONTROL} (a URL parser silently drops tabs and line breaks, so the URL used would differ from the one written)`;
    }
    const parts = /^(https?):\/\/([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i.exec(value);
    if (!parts) {
        return URL_FORMAT;
    }
    const [, , authority, path, query, fragment] = parts;
    if (authority.includes("@")) {
        return `${URL_FORMAT}, without a user name or password (user:password@host): the URL ends up in ${rules.storedIn}, where credentials would be readable`;
    }
    if (fragment !== undefined) {
        return `${URL_FORMAT}, without a #fragment, which never reaches the server`;
    }
    if (query !== undefined && rules.noQuery !== undefined) {
        return `${URL_FORMAT}, without a ?query: ${rules.noQuery}`;
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
