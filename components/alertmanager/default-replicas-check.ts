import { ALERTMANAGER_KEY, fullKey, METRICS_KEY, oneVolumeMessage, Settings } from "../../config";
import { LaterProblem, reading } from "../common/later-problem";
import { defaultAlertmanagerReplicas } from "./replicas";

/**
 * A replicated Prometheus makes Alertmanager a cluster of three by default, which one NFS volume
 * cannot back: the stack must choose one Alertmanager or per-replica volumes. Only the default is
 * judged here; a replicas the stack wrote is judged against the storage by the schema itself.
 */
export function defaultReplicasProblems(s: Settings): LaterProblem[] {
    const a = s.alertmanager;
    const metricsReplicas = s.metrics.replicas;
    if (!a.enabled || a.replicas !== undefined || defaultAlertmanagerReplicas(metricsReplicas) < 2 || a.storage.mode === "storageClass") {
        return [];
    }
    return reading(
        [`${fullKey(METRICS_KEY)}.replicas`, `${fullKey(ALERTMANAGER_KEY)}.enabled`, `${fullKey(ALERTMANAGER_KEY)}.storage`],
        [
            {
                key: `${fullKey(ALERTMANAGER_KEY)}.replicas`,
                got: undefined,
                expected: `${oneVolumeMessage(a.storage.mode)} (unset, it defaults to ${defaultAlertmanagerReplicas(metricsReplicas)} because ${fullKey(METRICS_KEY)}.replicas is ${metricsReplicas})`,
            },
        ],
    );
}
