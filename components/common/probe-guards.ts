import { hostOf } from "./target-host";

/**
 * The program's own probes against the Services of ours behind a login (docs/design.md#7-code-layout):
 * the servers claim their guarded web ports (Component.probeGuards' `guards`), the prober its
 * probes (`probes`), and stack/probe-guards.ts checks one against the other across the list.
 */

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

/** A probe the program sends without credentials or a client certificate, from a pod of `namespace`. */
export interface ProbeClaim {
    /** The key of its target: cluster-monitoring:blackboxExporter.probes[0].target. */
    key: string;
    target: string;
    module: string;
    namespace: string;
}

export interface ProbeGuardClaims {
    guards?: GuardedEndpoint[];
    probes?: ProbeClaim[];
}

/** A server's guard, from its `web` settings (basicAuth, tls); none while it has no web config. */
export function webGuard(key: string, service: string, namespace: string, web: { basicAuth?: unknown; tls?: unknown } | undefined, what: string): GuardedEndpoint[] {
    return web === undefined ? [] : [{ key, service, namespace, basicAuth: web.basicAuth !== undefined, tls: web.tls !== undefined, what }];
}

/** Whether a probe's target names the guarded Service as a pod of the probe's namespace reaches it. */
export function probesService(p: ProbeClaim, e: GuardedEndpoint): boolean {
    const host = hostOf(p.target);
    if (host === undefined) {
        return false;
    }
    const h = host.toLowerCase().replace(/\.$/, "");
    return [`${e.service}.${e.namespace}`, `${e.service}.${e.namespace}.svc`, `${e.service}.${e.namespace}.svc.cluster.local`, ...(p.namespace === e.namespace ? [e.service] : [])].includes(h);
}
