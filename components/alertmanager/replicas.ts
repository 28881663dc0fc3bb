import { AlertmanagerSettings, Settings } from "../../config";

/** The cluster size when Prometheus runs replicated: three peers survive the loss of one while a second is being rolled. */
export const HA_ALERTMANAGER_REPLICAS = 3;

/** alertmanager.replicas when a stack leaves it unset: a cluster while Prometheus itself is replicated. */
export function defaultAlertmanagerReplicas(metricsReplicas: number): number {
    return metricsReplicas >= 2 ? HA_ALERTMANAGER_REPLICAS : 1;
}

/**
 * Alertmanager's settings with its pod count resolved: alertmanager.replicas as the stack wrote
 * it, else the default that follows metrics.replicas. Derived here rather than written into the
 * settings by the loader (issue #43: settings stay as written), so every builder that needs the
 * count takes this and this function is the one rule for it.
 */
export type AlertmanagerServer = AlertmanagerSettings & { replicas: number };

export function alertmanagerServer(s: Pick<Settings, "alertmanager" | "metrics">): AlertmanagerServer {
    return { ...s.alertmanager, replicas: s.alertmanager.replicas ?? defaultAlertmanagerReplicas(s.metrics.replicas) };
}
