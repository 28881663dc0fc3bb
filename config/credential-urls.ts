import { insideCluster } from "./secret-text";

/**
 * Credentials over plain http (issue #41, class 5): one rule for every URL that carries or
 * obtains a credential (an SSO issuer, authorization, token and user-info URL, a data source Grafana
 * sends a password or token to, a receiver's endpoint that gets its key, an http_config's target):
 * https://, unless the host is inside the cluster (a Service name, <service>.<namespace>.svc[.<domain>],
 * the pod itself), whose traffic stays on the cluster network. The same exception as a secret URL's
 * value (config/secret-text.ts).
 */

/** Whether `url` is http:// to a host outside the cluster; false for anything that is not an http:// URL. */
export function httpOverNetwork(url: string): boolean {
    const m = /^http:\/\/(\[[^\]]*\]|[^/:?#]*)/i.exec(url);
    return m !== null && !insideCluster(m[1]);
}

/** The expected text for such a URL: what crosses in clear, and the exception. */
export function credentialUrlMessage(what: string): string {
    return `an https:// URL: ${what}, and over http:// it crosses the network in clear; http:// is accepted only for a host inside the cluster (<service>, <service>.<namespace>.svc[.cluster.local])`;
}

/** A field check for a URL that always carries or obtains a credential. */
export function credentialUrl(what: string): (value: string) => string | undefined {
    return (value) => (httpOverNetwork(value) ? credentialUrlMessage(what) : undefined);
}
