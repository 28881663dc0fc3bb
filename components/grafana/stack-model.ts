import { logStoreProtocol, Settings } from "../../config";
import { PROJECT } from "../../config/source";
import { alertmanagerUrl } from "../alertmanager/service";
import { inClusterUrl } from "../prometheus/service";
import { longTermStoreUrl } from "../long-term-store/layout";
import { longTermStoreServer } from "../long-term-store/server";
import { GrafanaModel } from "./model";

/**
 * Everything Grafana is built from: its settings, what it reads from Prometheus, Alertmanager and
 * the search store, and the dashboards the composition root folds from every component (the name
 * registry gives none: it needs the objects' names, not the boards, and builds no board at load).
 */
export function grafanaModelOf(s: Settings, dashboards: GrafanaModel["dashboards"]): GrafanaModel {
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
        ...(logStoreProtocol(s.logs) === "elasticsearch" ? { logs: { search: s.logs.search, namespace: s.logs.namespace } } : {}),
        ...(s.alertmanager.enabled ? { alertmanagerUrl: alertmanagerUrl(s.alertmanager) } : {}),
        ...(s.alertmanager.enabled && s.alertmanager.web
            ? {
                  alertmanagerWeb: {
                      ...(s.alertmanager.web.basicAuth ? { basicAuthUser: s.alertmanager.web.basicAuth.username } : {}),
                      ...(s.alertmanager.web.tls ? { tlsSecretName: s.alertmanager.web.tls.secretName } : {}),
                  },
              }
            : {}),
        ...(s.longTermStore.enabled ? { longTermStore: { url: longTermStoreUrl(s.longTermStore), dedupInterval: longTermStoreServer(s).dedupInterval } } : {}),
        folder: PROJECT,
        dashboards,
    };
}

