import { fullKey, GrafanaSettings } from "../../config";
import { dashboardsConfigMapName, dataClaimName, datasourcesConfigMapName, providerConfigMapName, secretName } from "./layout";
import { NamedObject } from "../common/named-object";

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
        { kind: "ConfigMap", namespace: ns, name: dashboardsConfigMapName(g), key },
        { kind: "Service", namespace: ns, name: g.name, key },
        { kind: "Deployment", namespace: ns, name: g.name, key },
        { kind: "ServiceAccount", namespace: ns, name: g.name, key },
    ];
    if (g.ingress) {
        objects.push({ kind: "Ingress", namespace: ns, name: g.name, key });
    }
    if (g.persistence) {
        objects.push({ kind: "PersistentVolumeClaim", namespace: ns, name: dataClaimName(g), key });
        if (g.storage.mode === "nfs") {
            objects.push({ kind: "PersistentVolume", name: dataClaimName(g), key });
        }
    }
    return objects;
}
