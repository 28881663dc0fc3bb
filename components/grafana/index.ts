export { Grafana, GrafanaArgs } from "./grafana";
export { GrafanaModel } from "./model";
