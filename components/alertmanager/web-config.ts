import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerSettings } from "../../config";
import { WEB_SECRET_KEYS, WebCredentials, webConfigFileYaml, webConfigSecret } from "../common/web-config";
import { ALERTMANAGER_PATHS, webSecretName } from "./layout";

/**
 * Alertmanager's --web.config.file (docs/security.md#alertmanager-web-config): the shared file
 * and Secret (components/common/web-config.ts) at Alertmanager's mount paths. It covers the web
 * port only; the gossip port between the peers has its own, separate TLS setting
 * (--cluster.tls-config), which the program leaves off. Prometheus mounts the password key alone,
 * Grafana holds a copy; Alertmanager mounts the file alone.
 */

export function webConfigPath(): string {
    return `${ALERTMANAGER_PATHS.webDir}/${WEB_SECRET_KEYS.config}`;
}

/** The file's text for one hash; pure, so the real-binary test feeds it a hash of its own. */
export function webConfigYaml(a: Pick<AlertmanagerSettings, "web">, bcryptHash: string | undefined): string {
    return webConfigFileYaml(a.web, ALERTMANAGER_PATHS.webTlsDir, bcryptHash);
}

export function webSecret(a: AlertmanagerSettings, credentials: WebCredentials | undefined): k8s.types.input.core.v1.Secret | undefined {
    return webConfigSecret({ name: webSecretName(a), namespace: a.namespace }, a.web, ALERTMANAGER_PATHS.webTlsDir, credentials);
}
