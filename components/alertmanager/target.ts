import type { WebSettings } from "../../config";
import { AlertmanagerServer } from "./replicas";
import { AlertmanagerSettings } from "../../config";
import { ALERTMANAGER_CLUSTER_PORT_NAMES, ALERTMANAGER_PORT_NAME } from "./layout";

/** Where Prometheus finds Alertmanager: its Service's endpoints, by name and port name. */
export interface AlertmanagerTarget {
    namespace: string;
    serviceName: string;
    portName: string;
    /** Set while Alertmanager runs as a cluster: its gossip ports, which share the Service with the web port. */
    clusterPortNames?: string[];
    /** alertmanager.web: what Prometheus sends alerts and scrapes with (docs/security.md#alertmanager-web-config). */
    web?: WebSettings;
}

/** Where Prometheus finds Alertmanager while it runs: its Service, web port, gossip ports and web settings. */
export function alertmanagerTarget(a: AlertmanagerServer): AlertmanagerTarget | undefined {
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
