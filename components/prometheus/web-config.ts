import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { TLS_SECRET_KEYS, WEB_SECRET_KEYS, WebCredentials, webConfigFileYaml, webConfigSecret } from "../common/web-config";
import { PROMETHEUS_PATHS, webSecretName } from "./layout";

/**
 * Prometheus' --web.config.file (docs/security.md#prometheus-web-config): the shared file and
 * Secret (components/common/web-config.ts) at Prometheus' mount paths. The self-scrape reads the
 * password as password_file, the callers verify the CA.
 */

export type { WebCredentials } from "../common/web-config";

export function webConfigPath(): string {
    return `${PROMETHEUS_PATHS.webDir}/${WEB_SECRET_KEYS.config}`;
}

export function webPasswordPath(): string {
    return `${PROMETHEUS_PATHS.webDir}/${WEB_SECRET_KEYS.password}`;
}

export function webCaPath(): string {
    return `${PROMETHEUS_PATHS.webTlsDir}/${TLS_SECRET_KEYS.ca}`;
}

/** The file's text for one hash; pure, so the real-binary test feeds it a hash of its own. */
export function webConfigYaml(s: Pick<MetricsSettings, "web">, bcryptHash: string | undefined): string {
    return webConfigFileYaml(s.web, PROMETHEUS_PATHS.webTlsDir, bcryptHash);
}

export function webSecret(s: MetricsSettings, credentials: WebCredentials | undefined): k8s.types.input.core.v1.Secret | undefined {
    return webConfigSecret({ name: webSecretName(s), namespace: s.namespace }, s.web, PROMETHEUS_PATHS.webTlsDir, credentials);
}
