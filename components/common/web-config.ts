import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { stringify } from "yaml";
import { WebSettings } from "../../config";

/**
 * The --web.config.file of a web port in exporter-toolkit's format, which Prometheus (2.24+) and
 * Alertmanager (0.22+) both read ("HTTPS and authentication"): tls_server_config names the
 * certificate and key files, basic_auth_users maps each user to a bcrypt hash of its password.
 * Prometheus' and Alertmanager's web-config.ts only say where their files are mounted.
 */

/** Keys of the web Secret the program writes: the file --web.config.file reads, and the plain password its callers send. */
export const WEB_SECRET_KEYS = { config: "web.yml", password: "password" } as const;

/** The keys a kubernetes.io/tls Secret holds; cert-manager adds ca.crt for CA and self-signed issuers. */
export const TLS_SECRET_KEYS = { cert: "tls.crt", key: "tls.key", ca: "ca.crt" } as const;

/** The generated password's credentials as the Secret carries them; absent without basicAuth. */
export interface WebCredentials {
    password: pulumi.Input<string>;
    bcryptHash: pulumi.Input<string>;
}

/** http, or https while the port's web.tls is set: every caller of the port follows it. */
export function webScheme(port: { web?: { tls?: unknown } }): "http" | "https" {
    return port.web?.tls ? "https" : "http";
}

/** The name callers verify the certificate against: the Service's, whatever address they dialled (a pod IP, 127.0.0.1). */
export function webServerName(service: { name: string; namespace: string }): string {
    return `${service.name}.${service.namespace}.svc`;
}

/** The file's text for one hash, with the TLS Secret mounted at `tlsDir`; pure, so the real-binary tests feed it hashes of their own. */
export function webConfigFileYaml(web: WebSettings | undefined, tlsDir: string, bcryptHash: string | undefined): string {
    const w = web ?? {};
    return stringify({
        ...(w.tls ? { tls_server_config: { cert_file: `${tlsDir}/${TLS_SECRET_KEYS.cert}`, key_file: `${tlsDir}/${TLS_SECRET_KEYS.key}` } } : {}),
        ...(w.basicAuth && bcryptHash !== undefined ? { basic_auth_users: { [w.basicAuth.username]: bcryptHash } } : {}),
    });
}

/**
 * A Secret, not a ConfigMap: the file holds the password's hash, and the plain password sits
 * beside it for the port's callers, each of which mounts or reads only the key it needs. Both
 * stay Pulumi secrets, so state and the offline render never show them.
 */
export function webConfigSecret(
    metadata: { name: string; namespace: string },
    web: WebSettings | undefined,
    tlsDir: string,
    credentials: WebCredentials | undefined,
): k8s.types.input.core.v1.Secret | undefined {
    if (!web) {
        return undefined;
    }
    const file = credentials ? pulumi.output(credentials.bcryptHash).apply((hash) => webConfigFileYaml(web, tlsDir, hash)) : pulumi.output(webConfigFileYaml(web, tlsDir, undefined));
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata,
        stringData: {
            [WEB_SECRET_KEYS.config]: pulumi.secret(file),
            ...(credentials ? { [WEB_SECRET_KEYS.password]: pulumi.secret(credentials.password) } : {}),
        },
    };
}
