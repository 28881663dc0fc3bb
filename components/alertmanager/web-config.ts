import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { stringify } from "yaml";
import { AlertmanagerSettings } from "../../config";
import { TLS_SECRET_KEYS } from "../metrics-server/layout";
import type { WebCredentials } from "../metrics-server/web-config";
import { ALERTMANAGER_PATHS, WEB_SECRET_KEYS, webSecretName } from "./layout";

/**
 * Alertmanager's --web.config.file (docs/security.md#alertmanager-web-config): exporter-toolkit's
 * format, the same as Prometheus'. It covers the web port only; the gossip port between the
 * peers has its own, separate TLS setting (--cluster.tls-config), which the program leaves off.
 */

export function webConfigPath(): string {
    return `${ALERTMANAGER_PATHS.webDir}/${WEB_SECRET_KEYS.config}`;
}

/** The file's text for one hash; pure, so the real-binary test feeds it a hash of its own. */
export function webConfigYaml(a: Pick<AlertmanagerSettings, "web">, bcryptHash: string | undefined): string {
    const w = a.web ?? {};
    return stringify({
        ...(w.tls
            ? {
                  tls_server_config: {
                      cert_file: `${ALERTMANAGER_PATHS.webTlsDir}/${TLS_SECRET_KEYS.cert}`,
                      key_file: `${ALERTMANAGER_PATHS.webTlsDir}/${TLS_SECRET_KEYS.key}`,
                  },
              }
            : {}),
        ...(w.basicAuth && bcryptHash !== undefined ? { basic_auth_users: { [w.basicAuth.username]: bcryptHash } } : {}),
    });
}

/**
 * A Secret, not a ConfigMap: the file holds the password's hash, and the plain password sits
 * beside it for the callers (Prometheus mounts that key alone, Grafana reads it into its
 * environment); Alertmanager mounts the file alone. Both stay Pulumi secrets.
 */
export function webSecret(a: AlertmanagerSettings, credentials: WebCredentials | undefined): k8s.types.input.core.v1.Secret | undefined {
    if (!a.web) {
        return undefined;
    }
    const file = credentials ? pulumi.output(credentials.bcryptHash).apply((hash) => webConfigYaml(a, hash)) : pulumi.output(webConfigYaml(a, undefined));
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: { name: webSecretName(a), namespace: a.namespace },
        stringData: {
            [WEB_SECRET_KEYS.config]: pulumi.secret(file),
            ...(credentials ? { [WEB_SECRET_KEYS.password]: pulumi.secret(credentials.password) } : {}),
        },
    };
}
