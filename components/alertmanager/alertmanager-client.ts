import * as k8s from "@pulumi/kubernetes";
import { WEB_SECRET_KEYS as ALERTMANAGER_WEB_KEYS, webScheme, webSecretName, webServerName } from "./layout";
import { PROMETHEUS_PATHS } from "../common/prometheus-paths";
import { TLS_SECRET_KEYS } from "../common/web-config";
import { TlsConfig } from "../common/scrape/prometheus-config-types";
import { AlertmanagerTarget } from "./target";

/**
 * How Prometheus calls Alertmanager while alertmanager.web is set (docs/security.md#alertmanager-web-config),
 * both to send alerts and to scrape it: https verified against ca.crt of Alertmanager's TLS
 * Secret under its Service's name (the targets are pod addresses), and basic auth with the
 * password from a file. Every Prometheus line reads these keys in alertmanager_config and
 * scrape_config, v2.11.1 included (prometheus/common's HTTPClientConfig: basic_auth.password_file
 * since April 2018, tls_config.server_name before that). Prometheus rereads the password file on
 * every request, so a replaced password needs no restart of Prometheus.
 */

const DIRS = {
    password: `${PROMETHEUS_PATHS.secretsDir}/alertmanager-web`,
    ca: `${PROMETHEUS_PATHS.secretsDir}/alertmanager-web-tls`,
} as const;

const VOLUME_NAMES = { password: "alertmanager-web", ca: "alertmanager-web-tls" } as const;

type Target = Pick<AlertmanagerTarget, "namespace" | "serviceName" | "web">;

const names = (t: Target) => ({ name: t.serviceName, namespace: t.namespace });

export interface AlertmanagerClient {
    scheme?: "https";
    tls_config?: TlsConfig;
    basic_auth?: { username: string; password_file: string };
}

/** The keys an alertmanager_config or a scrape_config adds; none without alertmanager.web, so the config stays as it was. */
export function alertmanagerClient(t: Target | undefined): AlertmanagerClient {
    if (!t?.web) {
        return {};
    }
    return {
        ...(webScheme(t) === "https" ? { scheme: "https" as const } : {}),
        ...(t.web.tls ? { tls_config: { ca_file: `${DIRS.ca}/${TLS_SECRET_KEYS.ca}`, server_name: webServerName(names(t)) } } : {}),
        ...(t.web.basicAuth ? { basic_auth: { username: t.web.basicAuth.username, password_file: `${DIRS.password}/${ALERTMANAGER_WEB_KEYS.password}` } } : {}),
    };
}

/**
 * One key of each Secret: the plain password of Alertmanager's web Secret (not its web.yml) and
 * ca.crt of its TLS Secret (not the serving key), both in the metrics namespace beside Prometheus.
 */
export function alertmanagerClientVolumes(t: Target | undefined): { mounts: k8s.types.input.core.v1.VolumeMount[]; volumes: k8s.types.input.core.v1.Volume[] } {
    const web = t?.web;
    if (!t || !web) {
        return { mounts: [], volumes: [] };
    }
    const one = (secretName: string, key: string) => ({ secretName, defaultMode: 0o440, items: [{ key, path: key }] });
    return {
        mounts: [
            ...(web.basicAuth ? [{ name: VOLUME_NAMES.password, mountPath: DIRS.password, readOnly: true }] : []),
            ...(web.tls ? [{ name: VOLUME_NAMES.ca, mountPath: DIRS.ca, readOnly: true }] : []),
        ],
        volumes: [
            ...(web.basicAuth ? [{ name: VOLUME_NAMES.password, secret: one(webSecretName(names(t)), ALERTMANAGER_WEB_KEYS.password) }] : []),
            ...(web.tls ? [{ name: VOLUME_NAMES.ca, secret: one(web.tls.secretName, TLS_SECRET_KEYS.ca) }] : []),
        ],
    };
}
