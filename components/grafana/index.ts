export { Grafana, GrafanaArgs } from "./grafana";
export { grafanaModel, GrafanaModel } from "./model";
