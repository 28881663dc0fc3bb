import { fullKey } from "../../config";

/**
 * The ways in a component opens (docs/security.md): its Ingress rule and its HTTPRoute, each by
 * the key that asks for it, claimed by the component (Component.waysIn) and checked across the
 * list by stack/ways-in.ts: two of one host leave the choice to the controller or the Gateway.
 */

/** An Ingress rule of ours: its host and path, by the key that asks for it. */
export interface IngressClaim {
    host: string;
    /** Every Ingress of ours serves its whole host: one Prefix rule for "/". */
    path: string;
    key: string;
}

/** A route a stack declares, by the key that sets it: what networkPolicies.gatewayNamespaces is required for. */
export interface RouteClaim {
    /** "cluster-monitoring:metrics.httpRoute". */
    key: string;
    hostname: string;
}

export interface WayInClaims {
    ingresses?: IngressClaim[];
    routes?: RouteClaim[];
}

/** The claims of a component's `ingress` and `httpRoute` at `stackKey` (searchStore.kibana for the UI), while it runs. */
export function waysInAt(stackKey: string, on: boolean, ingress: { host: string } | undefined, route: { hostname: string } | undefined): WayInClaims {
    if (!on) {
        return {};
    }
    return {
        ingresses: ingress ? [{ host: ingress.host, path: "/", key: `${fullKey(stackKey)}.ingress.host` }] : [],
        routes: route ? [{ key: `${fullKey(stackKey)}.httpRoute`, hostname: route.hostname }] : [],
    };
}
