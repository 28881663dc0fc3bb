import { Problems } from "./problems";
import { CLUSTER_LABEL } from "./remote-write";
import { fullKey } from "./source";

/**
 * A central stack (longTermStore.edges not empty) needs a cluster label of its own. Its edges'
 * series carry theirs, and the dashboards' cluster variable lists the values of that label
 * (components/common/dashboards/cluster-variable.ts): the central cluster's own series, written
 * without one, could never be chosen there (docs/grafana.md#many-clusters).
 */
export function checkCentralClusterLabel(edges: readonly unknown[], externalLabels: Readonly<Record<string, string>>, problems: Problems): void {
    if (edges.length > 0 && !externalLabels[CLUSTER_LABEL]) {
        problems.add(
            `${fullKey("metrics")}.externalLabels.${CLUSTER_LABEL}`,
            externalLabels[CLUSTER_LABEL],
            `this central stack's own cluster name, such as central: longTermStore.edges write their series with their cluster label, and the dashboards' cluster variable offers only labelled clusters, so the central cluster's own series need one too`,
        );
    }
}
