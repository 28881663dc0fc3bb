import { ConfigProblem, fullKey, NETWORK_POLICIES_KEY, Settings } from "../config";
import { Problems } from "../config/problems";
import { IngressClaim, RouteClaim } from "../components/common/ways-in";
import { COMPONENTS } from "./components";

/** The Ingress and HTTPRoute claims of every component on the list, checked while the stack loads (stack/index.ts). */
export function wayInProblems(s: Settings): ConfigProblem[] {
    const claims = COMPONENTS.map((c) => c.waysIn?.(s) ?? {});
    const problems = new Problems();
    checkIngressRoutes(
        claims.flatMap((c) => c.ingresses ?? []),
        problems,
    );
    checkGatewayRoutes(
        claims.flatMap((c) => c.routes ?? []),
        s.networkPolicies,
        problems,
    );
    return problems.all();
}

/**
 * Two Ingresses for one host and path leave the choice to the controller: ingress-nginx merges
 * them and keeps the older rule, others pick one at random, so one of the two UIs is unreachable
 * with nothing to say why.
 */
function checkIngressRoutes(claims: readonly IngressClaim[], problems: Problems): void {
    claims.forEach((claim, i) => {
        const other = claims.slice(0, i).find((c) => c.host === claim.host && c.path === claim.path);
        if (other !== undefined) {
            problems.add(claim.key, claim.host, `a host no other Ingress of this stack serves: ${other.key} already routes ${other.host}${other.path} to another Service`);
        }
    });
}

/**
 * networkPolicies.gatewayNamespaces is what admits the Gateway's data plane to the routes'
 * backends: required while a route exists and the policies are on (without it nothing reaches
 * the route's backend), refused where it would do nothing. Two routes of one host leave the
 * choice to the Gateway, so one of the two UIs would be unreachable.
 */
function checkGatewayRoutes(routes: readonly RouteClaim[], netpol: { enabled: boolean; gatewayNamespaces: readonly string[] }, problems: Problems): void {
    const key = `${fullKey(NETWORK_POLICIES_KEY)}.gatewayNamespaces`;
    if (routes.length > 0 && netpol.enabled && netpol.gatewayNamespaces.length === 0) {
        problems.add(
            key,
            undefined,
            `the namespaces of the Gateway's data plane, such as [gateway-system], while ${routes.map((r) => r.key).join(", ")} ${routes.length > 1 ? "are" : "is"} set: ` +
                "the NetworkPolicies admit only them to each route's backend port, and without them the Gateway could reach none",
        );
    }
    if (routes.length === 0 && netpol.gatewayNamespaces.length > 0) {
        problems.add(key, netpol.gatewayNamespaces, "nothing unless a component has an httpRoute (metrics, alertmanager, grafana or searchStore.kibana): no route's backend would admit them");
    }
    // With networkPolicies.enabled false, every other networkPolicies key is refused already (config/index.ts).
    routes.forEach((r, i) => {
        const other = routes.slice(0, i).find((o) => o.hostname === r.hostname);
        if (other !== undefined) {
            problems.add(`${r.key}.hostname`, r.hostname, `a host no other HTTPRoute of this stack serves: ${other.key} already routes it to another Service`);
        }
    });
}
