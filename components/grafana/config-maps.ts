import * as k8s from "@pulumi/kubernetes";
import { dashboardProvidersYaml } from "./dashboard-provider";
import { dataSourcesFile, dataSourcesYaml } from "./datasources";
import { dashboardConfigMapName, DATASOURCES_FILE, datasourcesConfigMapName, grafanaLabels, PROVIDER_FILE, providerConfigMapName } from "./layout";
import { GrafanaModel } from "./model";

type ConfigMap = k8s.types.input.core.v1.ConfigMap;

function configMap(m: GrafanaModel, name: string, data: Record<string, string>): ConfigMap {
    return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace: m.grafana.namespace, labels: grafanaLabels(m.grafana) }, data };
}

/** The data-source provisioning file; passwords are $VARIABLES that Grafana fills from the Secret. */
export function dataSourcesConfigMap(m: GrafanaModel): ConfigMap {
    return configMap(m, datasourcesConfigMapName(m.grafana), { [DATASOURCES_FILE]: dataSourcesYaml(dataSourcesFile(m.prometheus, m.logs, m.alertmanagerUrl, m.alertmanagerWeb, m.longTermStore)) });
}

export function dashboardProviderConfigMap(m: GrafanaModel): ConfigMap {
    return configMap(m, providerConfigMapName(m.grafana), { [PROVIDER_FILE]: dashboardProvidersYaml(m.folder) });
}

/** One ConfigMap per dashboard: a ConfigMap holds at most 1 MiB, and a diff then names the dashboard that changed. */
export function dashboardConfigMaps(m: GrafanaModel): ConfigMap[] {
    return m.dashboards.map((d) => configMap(m, dashboardConfigMapName(m.grafana, d.slug), { [`${d.slug}.json`]: JSON.stringify(d.json, null, 2) }));
}
