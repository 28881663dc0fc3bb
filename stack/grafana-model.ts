import { Settings } from "../config";
import { PROJECT } from "../config/source";
import { GrafanaModel } from "../components/grafana/model";
import { grafanaModelOf } from "../components/grafana/stack-model";
import { dashboardsFor } from "./dashboards-on-demand";

/** Grafana's model with the dashboards of every component, unless the caller gives its own. */
export function grafanaModel(s: Settings, dashboards: GrafanaModel["dashboards"] = dashboardsFor(s, PROJECT)): GrafanaModel {
    return grafanaModelOf(s, dashboards);
}
