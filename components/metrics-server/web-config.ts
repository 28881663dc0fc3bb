import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { stringify } from "yaml";
import { MetricsSettings } from "../../config";
import { PROMETHEUS_PATHS, TLS_SECRET_KEYS, WEB_SECRET_KEYS, webSecretName } from "./layout";

/**
 * Prometheus' --web.config.file (docs/security.md#prometheus-web-config), in the format of
 * "HTTPS and authentication" at 2.53 and 3.x: tls_server_config names the certificate and key
 * files, basic_auth_users maps each user to a bcrypt hash of its password.
 */

/** The generated password's credentials as the Secret carries them; absent without basicAuth. */
export interface WebCredentials {
    password: pulumi.Input<string>;
    bcryptHash: pulumi.Input<string>;
}

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
export function webConfigYaml(s: MetricsSettings, bcryptHash: string | undefined): string {
    const w = s.web ?? {};
    return stringify({
        ...(w.tls
            ? {
                  tls_server_config: {
                      cert_file: `${PROMETHEUS_PATHS.webTlsDir}/${TLS_SECRET_KEYS.cert}`,
                      key_file: `${PROMETHEUS_PATHS.webTlsDir}/${TLS_SECRET_KEYS.key}`,
                  },
              }
            : {}),
        ...(w.basicAuth && bcryptHash !== undefined ? { basic_auth_users: { [w.basicAuth.username]: bcryptHash } } : {}),
    });
}

/**
 * A Secret, not a ConfigMap: the file holds the password's hash, and the plain password sits
 * beside it for Prometheus' own call (the self-scrape reads it as password_file). Both stay Pulumi secrets, so state and the offline render never show them.
 */
export function webSecret(s: MetricsSettings, credentials: WebCredentials | undefined): k8s.types.input.core.v1.Secret | undefined {
    if (!s.web) {
        return undefined;
    }
    const file = credentials ? pulumi.output(credentials.bcryptHash).apply((hash) => webConfigYaml(s, hash)) : pulumi.output(webConfigYaml(s, undefined));
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: { name: webSecretName(s), namespace: s.namespace },
        stringData: {
            [WEB_SECRET_KEYS.config]: pulumi.secret(file),
            ...(credentials ? { [WEB_SECRET_KEYS.password]: pulumi.secret(credentials.password) } : {}),
        },
    };
}
