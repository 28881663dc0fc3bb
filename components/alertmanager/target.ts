import { ALERTMANAGER_CLUSTER_PORT_NAMES, ALERTMANAGER_PORT_NAME, AlertmanagerSettings, AlertmanagerTarget } from "../../config";

/** Where Prometheus finds Alertmanager while it runs: its Service, web port, gossip ports and web settings. */
export function alertmanagerTarget(a: AlertmanagerSettings): AlertmanagerTarget | undefined {
    if (!a.enabled) {
        return undefined;
    }
    return {
        namespace: a.namespace,
        serviceName: a.name,
        portName: ALERTMANAGER_PORT_NAME,
        ...(a.replicas >= 2 ? { clusterPortNames: Object.values(ALERTMANAGER_CLUSTER_PORT_NAMES) } : {}),
        ...(a.web ? { web: a.web } : {}),
    };
}
