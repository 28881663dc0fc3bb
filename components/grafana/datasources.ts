import { stringify } from "yaml";
import * as k8s from "@pulumi/kubernetes";
import { ExtraDataSourceSettings, GrafanaSettings, LogsSettings } from "../../config";
import { LOG_INDEX_PATTERN } from "../common/dashboards/context";
import { dataSourceEnvName, ENV, stackSecretKeyRef } from "./layout";

/**
 * The data-source provisioning file, in the format of Grafana's "Provision Grafana" page
 * (apiVersion 1, datasources[]). Credentials never appear here: Grafana expands $VAR from its
 * environment when it reads the file, and the variable comes from the Secret. Always $VAR, never
 * ${VAR}: Grafana expands ${VAR} first and then $VAR, so a password holding a $ would be expanded a
 * second time (the "Use of the special character $" section of its provisioning docs, 12.2 on).
 */

export const PROMETHEUS_DATASOURCE = { name: "Prometheus", uid: "prometheus", type: "prometheus" } as const;
export const ELASTICSEARCH_DATASOURCE = { name: "Elasticsearch logs", uid: "elasticsearch-logs", type: "elasticsearch" } as const;
export const ALERTMANAGER_DATASOURCE = { name: "Alertmanager", uid: "alertmanager", type: "alertmanager" } as const;
/** VictoriaMetrics answers Prometheus' query API, so Grafana reads it with its Prometheus data source. */
export const LONG_TERM_STORE_DATASOURCE = { name: "Long-term store", uid: "long-term-store", type: "prometheus" } as const;

/** Every data source the program provisions, on or off in this stack: grafana.dataSources may take none of their uids or names. */
export const OWN_DATASOURCES = [PROMETHEUS_DATASOURCE, ELASTICSEARCH_DATASOURCE, ALERTMANAGER_DATASOURCE, LONG_TERM_STORE_DATASOURCE] as const;

/** The in-cluster long-term store as Grafana reads it: its Service, and its dedup interval, one sample per which it keeps. */
export interface LongTermStoreQueryTarget {
    url: string;
    dedupInterval: string;
}

/**
 * The deduplicated store, Grafana's default while it runs (docs/grafana.md#data-sources): every
 * dashboard's $datasource starts on it, so successive refreshes no longer land on different
 * replicas. timeInterval is the dedup interval, the spacing of the samples it keeps. POST, since
 * a range over months makes long URLs and VictoriaMetrics reads both; no prometheusType, since
 * Grafana knows none for VictoriaMetrics, and no version, so Grafana asks for nothing newer.
 */
export function longTermStoreDataSource(t: LongTermStoreQueryTarget): DataSource {
    return {
        ...LONG_TERM_STORE_DATASOURCE,
        access: "proxy",
        url: t.url,
        isDefault: true,
        editable: false,
        jsonData: { httpMethod: "POST", timeInterval: t.dedupInterval },
    };
}

export interface DataSource {
    name: string;
    uid: string;
    type: string;
    access: "proxy";
    url: string;
    isDefault: boolean;
    editable: boolean;
    user?: string;
    database?: string;
    withCredentials?: boolean;
    basicAuth?: boolean;
    basicAuthUser?: string;
    jsonData: Record<string, unknown>;
    secureJsonData?: Record<string, string>;
}

export interface DataSourcesFile {
    apiVersion: 1;
    /** Removes a data source that an earlier version of this file provisioned and this one no longer does. */
    prune: boolean;
    datasources: DataSource[];
}

/**
 * The URL Grafana, in the metrics namespace, reaches the search store at. A bare host is a
 * Service name that the log agent resolves in its own namespace, so it is qualified with that
 * namespace; any other host is used as the agent uses it.
 */
export function searchUrlFromGrafana(logs: Pick<LogsSettings, "search" | "namespace">): string {
    const { scheme, host, port } = logs.search;
    const bare = !host.includes(".") && !/^[0-9a-f:]+$/i.test(host);
    return `${scheme}://${bare ? `${host}.${logs.namespace}.svc` : host}:${port}`;
}

/** The release of a Prometheus image tag such as quay.io/prometheus/prometheus:v2.11.1; undefined for a digest or another tag. */
export function prometheusRelease(image: string): string | undefined {
    return /:v?(\d+\.\d+\.\d+)$/.exec(image)?.[1];
}

export interface PrometheusTarget {
    url: string;
    scrapeInterval: string;
    image: string;
    /** metrics.prometheusVersion: the version of an image whose tag names none. */
    version?: string;
    /** metrics.web: the basic-auth user, and the kubernetes.io/tls Secret whose ca.crt verifies Prometheus. */
    web?: { basicAuthUser?: string; tlsSecretName?: string };
}

/**
 * `scrapeInterval` is the global one: Grafana's $__rate_interval is at least four of it, so a
 * rate always spans two samples. prometheusVersion tells Grafana which APIs the server has, so
 * it does not ask v2.11.1 for endpoints that came later.
 */
export function prometheusDataSource(p: PrometheusTarget): DataSource {
    const release = prometheusRelease(p.image) ?? p.version;
    const user = p.web?.basicAuthUser;
    const tls = p.web?.tlsSecretName !== undefined;
    // Both secure values come from the environment (layout ENV), filled from Secrets.
    const secure = {
        ...(user !== undefined ? { basicAuthPassword: `$${ENV.prometheusPassword}` } : {}),
        ...(tls ? { tlsCACert: `$${ENV.prometheusCa}` } : {}),
    };
    return {
        ...PROMETHEUS_DATASOURCE,
        access: "proxy",
        url: p.url,
        isDefault: true,
        editable: false,
        ...(user !== undefined ? { basicAuth: true, basicAuthUser: user } : {}),
        // GET rather than Grafana's default POST: every Prometheus release answers GET on its query endpoints.
        jsonData: {
            httpMethod: "GET",
            timeInterval: p.scrapeInterval,
            ...(release ? { prometheusType: "Prometheus", prometheusVersion: release } : {}),
            // The URL names the Service, which the certificate names too, so no serverName is needed.
            ...(tls ? { tlsAuthWithCACert: true } : {}),
        },
        ...(Object.keys(secure).length > 0 ? { secureJsonData: secure } : {}),
    };
}

/** Elasticsearch as the log agent writes to it: logstash-* indices, @timestamp, the agent's credentials. */
export function elasticsearchDataSource(logs: Pick<LogsSettings, "search" | "namespace">): DataSource {
    const s = logs.search;
    return {
        ...ELASTICSEARCH_DATASOURCE,
        access: "proxy",
        url: searchUrlFromGrafana(logs),
        isDefault: false,
        editable: false,
        ...(s.user !== undefined ? { basicAuth: true, basicAuthUser: s.user } : {}),
        jsonData: {
            index: LOG_INDEX_PATTERN,
            timeField: "@timestamp",
            // The parser filter's format none puts a non-JSON line under "message" (components/log-agent/containers-input.ts).
            logMessageField: "message",
            ...(s.scheme === "https" ? { tlsSkipVerify: !s.sslVerify } : {}),
        },
        ...(s.user !== undefined ? { secureJsonData: { basicAuthPassword: `$${ENV.searchPassword}` } } : {}),
    };
}

/** alertmanager.web as Grafana needs it: the basic-auth user (its password is copied into Grafana's Secret), and the TLS Secret with ca.crt. */
export interface AlertmanagerWebTarget {
    basicAuthUser?: string;
    tlsSecretName?: string;
}

/**
 * The program's Alertmanager: Grafana lists its alerts and silences. The implementation field
 * tells Grafana it is a Prometheus Alertmanager, not Grafana's own or Mimir's. With
 * alertmanager.web, the same data source keys as Prometheus' (basicAuth, tlsAuthWithCACert,
 * secureJsonData from the environment): Grafana's HTTP settings are common to its data sources.
 */
export function alertmanagerDataSource(url: string, web?: AlertmanagerWebTarget): DataSource {
    const user = web?.basicAuthUser;
    const tls = web?.tlsSecretName !== undefined;
    const secure = {
        ...(user !== undefined ? { basicAuthPassword: `$${ENV.alertmanagerPassword}` } : {}),
        ...(tls ? { tlsCACert: `$${ENV.alertmanagerCa}` } : {}),
    };
    return {
        ...ALERTMANAGER_DATASOURCE,
        access: "proxy",
        url,
        isDefault: false,
        editable: false,
        ...(user !== undefined ? { basicAuth: true, basicAuthUser: user } : {}),
        jsonData: { implementation: "prometheus", handleGrafanaManagedAlerts: false, ...(tls ? { tlsAuthWithCACert: true } : {}) },
        ...(Object.keys(secure).length > 0 ? { secureJsonData: secure } : {}),
    };
}

/** The secure fields of an extra data source: field → stack key (config/grafana-datasources.ts). */
function secureFields(d: ExtraDataSourceSettings): [field: string, stackKey: string][] {
    return Object.entries(d.secureJsonData ?? {}).map(([k, v]) => [k.slice(0, -"_secret".length), String(v)]);
}

/**
 * grafana.dataSources, after the program's own (data-source-checks.ts keeps their uids and names
 * apart). Each secure field is $VAR, which Grafana expands from its environment when it reads
 * the file; extraDataSourceEnv fills the variable from the Secret.
 */
export function extraDataSource(d: ExtraDataSourceSettings): DataSource {
    // $VAR, not ${VAR}: Grafana's provisioning docs (12.0 and later) warn that ${VAR} expands a value
    // holding $ a second time (Pa$sw0rd), and a stack's secret may hold one.
    const secure = Object.fromEntries(secureFields(d).map(([field]) => [field, `$${dataSourceEnvName(d.uid, field)}`]));
    return {
        name: d.name,
        uid: d.uid,
        type: d.type,
        access: "proxy",
        url: d.url,
        isDefault: false,
        editable: d.editable ?? false,
        ...(d.user !== undefined ? { user: d.user } : {}),
        ...(d.database !== undefined ? { database: d.database } : {}),
        ...(d.withCredentials !== undefined ? { withCredentials: d.withCredentials } : {}),
        ...(d.basicAuth !== undefined ? { basicAuth: d.basicAuth } : {}),
        ...(d.basicAuthUser !== undefined ? { basicAuthUser: d.basicAuthUser } : {}),
        jsonData: d.jsonData ?? {},
        ...(Object.keys(secure).length > 0 ? { secureJsonData: secure } : {}),
    };
}

/** The variables extraDataSource names, each from the key of Grafana's Secret holding the secret stack key. */
export function extraDataSourceEnv(g: Pick<GrafanaSettings, "dataSources" | "name">): k8s.types.input.core.v1.EnvVar[] {
    return (g.dataSources ?? []).flatMap((d) =>
        secureFields(d).map(([field, stackKey]) => ({ name: dataSourceEnvName(d.uid, field), valueFrom: { secretKeyRef: { ...stackSecretKeyRef(g, stackKey) } } })),
    );
}

export function dataSourcesFile(
    prometheus: PrometheusTarget,
    logs: Pick<LogsSettings, "search" | "namespace"> | undefined,
    alertmanagerUrl?: string,
    alertmanagerWeb?: AlertmanagerWebTarget,
    longTermStore?: LongTermStoreQueryTarget,
    extras: readonly ExtraDataSourceSettings[] = [],
): DataSourcesFile {
    // One default: the store while it runs, else Prometheus.
    const prometheusSource = { ...prometheusDataSource(prometheus), isDefault: longTermStore === undefined };
    return {
        apiVersion: 1,
        prune: true,
        datasources: [
            ...(longTermStore ? [longTermStoreDataSource(longTermStore)] : []),
            prometheusSource,
            ...(logs !== undefined ? [elasticsearchDataSource(logs)] : []),
            ...(alertmanagerUrl !== undefined ? [alertmanagerDataSource(alertmanagerUrl, alertmanagerWeb)] : []),
            ...extras.map(extraDataSource),
        ],
    };
}

export function dataSourcesYaml(file: DataSourcesFile): string {
    return stringify(JSON.parse(JSON.stringify(file)));
}
