import { Settings } from "../../config";
import { PROJECT } from "../../config/source";
import { GrafanaModel } from "../../components/grafana/model";
import { grafanaModelOf } from "../../components/grafana/stack-model";
import { dashboardsFor } from "../../stack/dashboards-on-demand";

/** Grafana's model as its resources get it: with the boards of every component the fold builds (Composition.dashboards), unless the test gives its own. */
export function grafanaModel(s: Settings, dashboards: GrafanaModel["dashboards"] = dashboardsFor(s, PROJECT)): GrafanaModel {
    return grafanaModelOf(s, dashboards);
}
