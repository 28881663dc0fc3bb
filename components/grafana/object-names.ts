import { fullKey } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { dashboardProviderConfigMap, dashboardsConfigMaps, dataSourcesConfigMap, iniConfigMap } from "./config-maps";
import { grafanaDeployment } from "./deployment";
import { grafanaHttpRoute, grafanaIngress } from "./ingress";
import { GrafanaModel } from "./model";
import { grafanaSecret } from "./secret";
import { grafanaService } from "./service";
import { grafanaServiceAccount } from "./service-account";
import { grafanaDataClaim, grafanaDataVolume } from "./storage";
import { teamDashboardsRbac, teamDashboardsScriptConfigMap } from "./team-dashboards";

/**
 * Every object Grafana creates, from its builders, all named from grafana.name; none when it is
 * off. The model may leave the dashboards out (stack/object-names.ts does, so the registry does not
 * build them at load): a folder's ConfigMap is there whatever it holds. The admin password is
 * generated at deployment: content, not identity.
 */
export function grafanaObjects(m: GrafanaModel): NamedObject[] {
    const g = m.grafana;
    if (!g.enabled) {
        return [];
    }
    const optional = <T>(o: T | undefined): T[] => (o === undefined ? [] : [o]);
    return namedBy(
        `${fullKey("grafana")}.name`,
        grafanaSecret(m, ""),
        dataSourcesConfigMap(m),
        dashboardProviderConfigMap(m),
        ...dashboardsConfigMaps(m).map((d) => d.configMap),
        grafanaService(g),
        grafanaDeployment(m),
        grafanaServiceAccount(g),
        ...optional(grafanaIngress(g)),
        ...optional(grafanaHttpRoute(g)),
        ...optional(iniConfigMap(m)),
        ...(g.teamDashboards ? [teamDashboardsScriptConfigMap(m)] : []),
        // The team dashboards' Roles are named from grafana.name (teamDashboardsRbacName).
        ...teamDashboardsRbac(m).map((r) => r.object),
        ...optional(grafanaDataClaim(g)),
        ...optional(grafanaDataVolume(g)),
    );
}
