import { GRAFANA_KEY } from "../grafana";
import { ALERTMANAGER_KEY } from "../alertmanager";
import { IngressSettings, METRICS_KEY } from "../metrics";
import { Problems } from "../problems";
import { fullKey } from "../source";

/** An Ingress rule of ours: its host and path, by the key that asks for it. */
export interface IngressClaim {
    host: string;
    /** Every Ingress of ours serves its whole host: one Prefix rule for "/". */
    path: string;
    key: string;
}

export function ingressClaims(metrics: IngressSettings | undefined, grafana: IngressSettings | undefined, alertmanager?: IngressSettings): IngressClaim[] {
    return [
        ...(metrics ? [{ host: metrics.host, path: "/", key: `${fullKey(METRICS_KEY)}.ingress.host` }] : []),
        ...(grafana ? [{ host: grafana.host, path: "/", key: `${fullKey(GRAFANA_KEY)}.ingress.host` }] : []),
        ...(alertmanager ? [{ host: alertmanager.host, path: "/", key: `${fullKey(ALERTMANAGER_KEY)}.ingress.host` }] : []),
    ];
}

/**
 * Two Ingresses for one host and path leave the choice to the controller: ingress-nginx merges
 * them and keeps the older rule, others pick one at random, so one of the two UIs is unreachable
 * with nothing to say why.
 */
export function checkIngressRoutes(claims: readonly IngressClaim[], problems: Problems): void {
    claims.forEach((claim, i) => {
        const other = claims.slice(0, i).find((c) => c.host === claim.host && c.path === claim.path);
        if (other !== undefined) {
            problems.add(
                claim.key,
                claim.host,
                `a host no other Ingress of this stack serves: ${other.key} already routes ${other.host}${other.path} to another Service`,
            );
        }
    });
}
