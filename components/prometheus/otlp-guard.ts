import { ConfigProblem, fullKey, METRICS_KEY, NETWORK_POLICIES_KEY, Settings } from "../../config";
import { reading } from "../common/later-problem";

/**
 * A public OTLP push endpoint has the NetworkPolicy as its only guard: without policies any pod
 * of the cluster could push and query, so, as the Pushgateway, it is refused while they are off.
 * Run while the stack loads, with every other problem (Component.checks).
 */
export function otlpGuardProblems(s: Settings): ConfigProblem[] {
    const o = s.metrics.otlp;
    if (!(o?.enabled && o.auth?.public !== undefined && !s.networkPolicies.enabled)) {
        return [];
    }
    return reading(
        [`${fullKey(NETWORK_POLICIES_KEY)}.enabled`],
        [
            {
                key: `${fullKey(METRICS_KEY)}.otlp.auth.public`,
                got: o.auth.public,
                expected: `nothing while ${fullKey("networkPolicies")}.enabled is false: without a login only the NetworkPolicy limits pushers to ${(o.namespaces ?? []).join(", ")}, and without it any pod of the cluster could push and query; set metrics.web.basicAuth, or switch NetworkPolicies on`,
            },
        ],
    );
}
