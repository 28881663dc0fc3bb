import { GrafanaSettings, LogsSettings, Settings } from "../../config";
import { PROJECT } from "../../config/source";
import { alertmanagerUrl } from "../alertmanager/service";
import { inClusterUrl } from "../metrics-server/service";
import type { GeneratedDashboard } from "./dashboards";
import { dashboardsFor } from "./dashboards-on-demand";
import { PrometheusTarget } from "./datasources";

/** Everything Grafana's objects are built from: its settings and what it reads from the other components. */
export interface GrafanaModel {
    grafana: GrafanaSettings;
    prometheus: PrometheusTarget;
    logs: Pick<LogsSettings, "search" | "namespace">;
    /** Alertmanager's in-cluster URL while that component is on. */
    alertmanagerUrl?: string;
    /** The provider folder and the dashboards' tag: the program's name. */
    folder: string;
    dashboards: GeneratedDashboard[];
}

export function grafanaModel(s: Settings): GrafanaModel {
    return {
        grafana: s.grafana,
        prometheus: {
            url: inClusterUrl(s.metrics),
            scrapeInterval: s.metrics.scrapeInterval,
            image: s.metrics.image,
            version: s.metrics.prometheusVersion,
            ...(s.metrics.web
                ? { web: { basicAuthUser: s.metrics.web.basicAuth?.username, tlsSecretName: s.metrics.web.tls?.secretName } }
                : {}),
        },
        logs: { search: s.logs.search, namespace: s.logs.namespace },
        ...(s.alertmanager.enabled ? { alertmanagerUrl: alertmanagerUrl(s.alertmanager) } : {}),
        folder: PROJECT,
        dashboards: dashboardsFor(s, PROJECT),
    };
}
