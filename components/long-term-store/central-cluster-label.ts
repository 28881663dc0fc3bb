import { CLUSTER_LABEL, ConfigProblem, fullKey, LONG_TERM_STORE_KEY, Settings } from "../../config";
import { reading } from "../common/later-problem";

/**
 * A central stack (longTermStore.edges not empty) needs a cluster label of its own. Its edges'
 * series carry theirs, and the dashboards' cluster variable lists the values of that label
 * (components/common/dashboards/cluster-variable.ts): the central cluster's own series, written
 * without one, could never be chosen there (docs/grafana.md#many-clusters). Run while the stack
 * loads, with every other problem (Component.checks).
 */
export function centralClusterLabelProblems(s: Settings): ConfigProblem[] {
    const externalLabels = s.metrics.externalLabels;
    if (!s.longTermStore.enabled || s.longTermStore.edges.length === 0 || externalLabels[CLUSTER_LABEL]) {
        return [];
    }
    return reading(
        [`${fullKey(LONG_TERM_STORE_KEY)}.edges`],
        [
            {
                key: `${fullKey("metrics")}.externalLabels.${CLUSTER_LABEL}`,
                got: externalLabels[CLUSTER_LABEL],
                expected: `this central stack's own cluster name, such as central: longTermStore.edges write their series with their cluster label, and the dashboards' cluster variable offers only labelled clusters, so the central cluster's own series need one too`,
            },
        ],
    );
}
