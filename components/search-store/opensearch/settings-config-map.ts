import * as k8s from "@pulumi/kubernetes";
import { SearchStoreSettings } from "../../../config";
import { searchStoreLabels } from "../layout";
import { settingsConfigMapName, SETTINGS_KEYS } from "./layout";
import { dashboardsYaml, openSearchYaml, rolesYaml } from "./settings-files";

/** The settings files and the security plugin's roles; no secret is in any (Dashboards reads its password from the environment). */
export function settingsConfigMap(s: SearchStoreSettings): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: settingsConfigMapName(s), namespace: s.namespace, labels: searchStoreLabels(s) },
        data: { [SETTINGS_KEYS.opensearch]: openSearchYaml(s), [SETTINGS_KEYS.roles]: rolesYaml(), ...(s.kibana.enabled ? { [SETTINGS_KEYS.dashboards]: dashboardsYaml(s) } : {}) },
    };
}
