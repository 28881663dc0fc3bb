/**
 * The host a target names, for the checks that compare it with the stack's own Services and
 * networkPolicies.outsideCidrs (components/network-policies/destinations.ts, stack/probe-guards.ts).
 */

/** The host of an http(s) URL or of host:port, without brackets; undefined when it cannot be read. */
export function hostOf(target: string): string | undefined {
    const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^@/?#]*@)?(\[[^\]]+\]|[^:/?#]+)/i.exec(target);
    return m ? m[1].replace(/^\[|\]$/g, "") : undefined;
}
