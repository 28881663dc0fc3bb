import * as k8s from "@pulumi/kubernetes";
import { dashboardProvidersYaml } from "./dashboard-provider";
import { dataSourcesFile, dataSourcesYaml } from "./datasources";
import { teamDashboardsProviderName } from "./team-dashboards";
import { GRAFANA_PATHS, dashboardsConfigMapName, DATASOURCES_FILE, datasourcesConfigMapName, grafanaLabels, iniConfigMapName, INI_FILE, PROVIDER_FILE, providerConfigMapName } from "./layout";
import { grafanaIni, iniText } from "./ini";
import { GrafanaModel } from "./model";
import { DashboardFolder, FOLDER_KEYS } from "../common/dashboards/folders";

type ConfigMap = k8s.types.input.core.v1.ConfigMap;

function configMap(m: GrafanaModel, name: string, data: Record<string, string>): ConfigMap {
    return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: m.grafana.namespace, labels: grafanaLabels(m.grafana) }, data };
}

/** The data-source provisioning file; passwords are $VARIABLES that Grafana fills from the Secret. */
export function dataSourcesConfigMap(m: GrafanaModel): ConfigMap {
    return configMap(m, datasourcesConfigMapName(m.grafana), {
        [DATASOURCES_FILE]: dataSourcesYaml(dataSourcesFile(m.prometheus, m.logs, m.alertmanagerUrl, m.alertmanagerWeb, m.longTermStore, m.grafana.dataSources)),
    });
}

/** grafana.ini, while the stack sets anything it holds (ini.ts); no credential is in it. */
export function iniConfigMap(m: GrafanaModel): ConfigMap | undefined {
    const ini = grafanaIni(m.grafana);
    return ini && configMap(m, iniConfigMapName(m.grafana), { [INI_FILE]: iniText(ini) });
}

export function dashboardProviderConfigMap(m: GrafanaModel): ConfigMap {
    const teams = m.grafana.teamDashboards ? { name: teamDashboardsProviderName, path: GRAFANA_PATHS.teamDashboards } : undefined;
    return configMap(m, providerConfigMapName(m.grafana), { [PROVIDER_FILE]: dashboardProvidersYaml(m.folder, teams) });
}

/**
 * Kubernetes refuses a ConfigMap whose data exceeds 1 MiB (1048576 bytes, keys included); the
 * program stops below that, with room for what the API server adds, and says what to do.
 */
export const DASHBOARDS_CONFIG_MAP_LIMIT_BYTES = 900 * 1024;

/**
 * Every dashboard of one platform folder in one ConfigMap, one key `<slug>.json` each; every
 * folder has its ConfigMap, empty or not. The pod template names these ConfigMaps whatever the
 * dashboards are, so an added, changed or removed dashboard changes only their data: the kubelet
 * rewrites the mounted directory in the running pod and the folder's file provider picks the
 * change up, with no restart (one ConfigMap per dashboard put each name in the pod template, so
 * adding or removing one restarted Grafana). A diff still names the key, that is the dashboard,
 * that changed.
 */
export function dashboardsConfigMap(m: GrafanaModel, folder: DashboardFolder = "home"): ConfigMap {
    const inFolder = m.dashboards.filter((d) => d.folder === folder);
    const data = Object.fromEntries(inFolder.map((d) => [`${d.slug}.json`, JSON.stringify(d.json, null, 2)]));
    const bytes = Object.entries(data).reduce((n, [k, v]) => n + Buffer.byteLength(k) + Buffer.byteLength(v), 0);
    if (bytes > DASHBOARDS_CONFIG_MAP_LIMIT_BYTES) {
        throw new Error(
            `ConfigMap ${dashboardsConfigMapName(m.grafana, folder)}: the ${inFolder.length} dashboards take ${bytes} bytes, over the ${DASHBOARDS_CONFIG_MAP_LIMIT_BYTES} ` +
                "this program allows below Kubernetes' 1 MiB per ConfigMap; split the folder in two, one ConfigMap each (docs/grafana.md#how-a-dashboard-change-arrives)",
        );
    }
    return configMap(m, dashboardsConfigMapName(m.grafana, folder), data);
}

/** The ConfigMaps of every platform folder, in the folders' order (components/common/dashboards/folders.ts). */
export function dashboardsConfigMaps(m: GrafanaModel): Array<{ folder: DashboardFolder; configMap: ConfigMap }> {
    return FOLDER_KEYS.map((folder) => ({ folder, configMap: dashboardsConfigMap(m, folder) }));
}
