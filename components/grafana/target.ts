import { GRAFANA_PORT_NAME, GrafanaSettings, ServiceTarget } from "../../config";

/** Grafana's Service and http port, which serves /metrics, while Grafana runs. */
export function grafanaTarget(g: GrafanaSettings): ServiceTarget | undefined {
    return g.enabled ? { namespace: g.namespace, serviceName: g.name, portName: GRAFANA_PORT_NAME } : undefined;
}
