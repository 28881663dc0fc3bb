import { fullKey, GrafanaSettings } from "../../config";
import { dashboardsConfigMapName, dataClaimName, datasourcesConfigMapName, iniConfigMapName, providerConfigMapName, secretName } from "./layout";
import { grafanaIni } from "./ini";
import { NamedObject } from "../common/named-object";
import { FOLDER_KEYS } from "../common/dashboards/folders";
import { scriptConfigMapName, teamDashboardsRbacName } from "./team-dashboards/names";

/** Every object Grafana creates, all named from grafana.name; none when it is off. */
export function grafanaObjects(g: GrafanaSettings): NamedObject[] {
    if (!g.enabled) {
        return [];
    }
    const key = `${fullKey("grafana")}.name`;
    const ns = g.namespace;
    const objects: NamedObject[] = [
        { kind: "Secret", namespace: ns, name: secretName(g), key },
        { kind: "ConfigMap", namespace: ns, name: datasourcesConfigMapName(g), key },
        { kind: "ConfigMap", namespace: ns, name: providerConfigMapName(g), key },
        ...FOLDER_KEYS.map((folder) => ({ kind: "ConfigMap", namespace: ns, name: dashboardsConfigMapName(g, folder), key })),
        { kind: "Service", namespace: ns, name: g.name, key },
        { kind: "Deployment", namespace: ns, name: g.name, key },
        { kind: "ServiceAccount", namespace: ns, name: g.name, key },
    ];
    if (g.ingress) {
        objects.push({ kind: "Ingress", namespace: ns, name: g.name, key });
    }
    if (grafanaIni(g)) {
        objects.push({ kind: "ConfigMap", namespace: ns, name: iniConfigMapName(g), key });
    }
    if (g.teamDashboards) {
        objects.push({ kind: "ConfigMap", namespace: ns, name: scriptConfigMapName(g), key });
        const rbac = teamDashboardsRbacName(g);
        if (g.teamDashboards.all === true) {
            objects.push({ kind: "ClusterRole", name: rbac, key }, { kind: "ClusterRoleBinding", name: rbac, key });
        } else {
            for (const namespace of g.teamDashboards.namespaces ?? []) {
                objects.push({ kind: "Role", namespace, name: rbac, key }, { kind: "RoleBinding", namespace, name: rbac, key });
            }
        }
    }
    if (g.persistence) {
        objects.push({ kind: "PersistentVolumeClaim", namespace: ns, name: dataClaimName(g), key });
        if (g.storage.mode === "nfs") {
            objects.push({ kind: "PersistentVolume", name: dataClaimName(g), key });
        }
    }
    return objects;
}
