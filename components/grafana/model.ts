import { GrafanaSettings, LogsSettings } from "../../config";
import type { GeneratedDashboard } from "../common/dashboards/generated-dashboard";
import { AlertmanagerWebTarget, LongTermStoreQueryTarget, PrometheusTarget } from "./datasources";

/** Everything Grafana's objects are built from: its settings and what it reads from the other components. */
export interface GrafanaModel {
    grafana: GrafanaSettings;
    prometheus: PrometheusTarget;
    /**
     * The log store Grafana's Elasticsearch data source reads; undefined while the log agent writes
     * to OpenSearch, which Grafana's Elasticsearch data source does not support
     * (docs/log-store.md#grafana): the OpenSearch data source plugin is added through grafana.plugins and grafana.dataSources.
     */
    logs?: Pick<LogsSettings, "search" | "namespace">;
    /** Alertmanager's in-cluster URL while that component is on. */
    alertmanagerUrl?: string;
    /** alertmanager.web: the basic-auth user with the Secret that holds its password, and the TLS Secret whose ca.crt verifies Alertmanager. */
    alertmanagerWeb?: AlertmanagerWebTarget;
    /** The in-cluster long-term store while it runs: Grafana's default data source then. */
    longTermStore?: LongTermStoreQueryTarget;
    /** The provider folder and the dashboards' tag: the program's name. */
    folder: string;
    dashboards: readonly GeneratedDashboard[];
}

