import { GrafanaSettings, LogsSettings, Settings } from "../../config";
import { PROJECT } from "../../config/source";
import { alertmanagerUrl } from "../alertmanager/service";
import { inClusterUrl } from "../metrics-server/service";
import type { GeneratedDashboard } from "./dashboards";
import { dashboardsFor } from "./dashboards-on-demand";
import { AlertmanagerWebTarget, PrometheusTarget } from "./datasources";

/** Everything Grafana's objects are built from: its settings and what it reads from the other components. */
export interface GrafanaModel {
    grafana: GrafanaSettings;
    prometheus: PrometheusTarget;
    logs: Pick<LogsSettings, "search" | "namespace">;
    /** Alertmanager's in-cluster URL while that component is on. */
    alertmanagerUrl?: string;
    /** alertmanager.web: the basic-auth user with the Secret that holds its password, and the TLS Secret whose ca.crt verifies Alertmanager. */
    alertmanagerWeb?: AlertmanagerWebTarget;
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
        ...(s.alertmanager.enabled && s.alertmanager.web
            ? {
                  alertmanagerWeb: {
                      ...(s.alertmanager.web.basicAuth ? { basicAuthUser: s.alertmanager.web.basicAuth.username } : {}),
                      ...(s.alertmanager.web.tls ? { tlsSecretName: s.alertmanager.web.tls.secretName } : {}),
                  },
              }
            : {}),
        folder: PROJECT,
        dashboards: dashboardsFor(s, PROJECT),
    };
}
