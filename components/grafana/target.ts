import { GrafanaSettings } from "../../config";
import { GRAFANA_PORT_NAME } from "./layout";
import { ServiceTarget } from "../common/scrape/service-target";

/** Grafana's Service and http port, which serves /metrics, while Grafana runs. */
export function grafanaTarget(g: GrafanaSettings): ServiceTarget | undefined {
    return g.enabled ? { namespace: g.namespace, serviceName: g.name, portName: GRAFANA_PORT_NAME } : undefined;
}
