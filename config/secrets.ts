import * as pulumi from "@pulumi/pulumi";
import { ALERTMANAGER_SECRET_KEYS } from "./alertmanager";
import { INGRESS_SECRET_KEYS } from "./ingress-auth";
import { EtcdClientCertificates, ETCD_SECRET_KEYS, MetricsSettings } from "./metrics";
import { GRAFANA_ADMIN_PASSWORD_KEY, GRAFANA_KEY, grafanaSecretReferences, GrafanaSettings } from "./grafana";
import { LogsSettings, SEARCH_PASSWORD_KEY } from "./logs";
import { Known } from "./partial";
import { Problems, SECRET_VALUE } from "./problems";
import { ExistingSecretKey, SecretInput } from "./secret-reference";
import { readSecretInput, setSecretCommand } from "./secret-input";
import { EXISTING_SECRET_REFUSALS } from "./existing-secrets";
import { RemoteWriteTargetSettings, secretReferences } from "./remote-write";
import { ExtraScrapeConfigSettings, extraScrapeSecretReferences } from "./extra-scrape-configs";
import { ConfigSource, fullKey } from "./source";

export { readSecretInput, setSecretCommand };
import { backupSecretReferences } from "./long-term-store-backup";
import { WorkloadHatchSettings } from "./workload-hatches";

/** The fixed secret keys that may also name an existing Secret (docs/existing-secrets.md); the others refuse it (config/existing-secrets.ts). */
export const EXISTING_SECRET_KEYS: readonly string[] = [GRAFANA_ADMIN_PASSWORD_KEY, SEARCH_PASSWORD_KEY, ...Object.values(ETCD_SECRET_KEYS), ...Object.values(ALERTMANAGER_SECRET_KEYS)];

/** Every key that holds a secret; these are the only keys where a secret value is accepted. */
export const SECRET_KEYS = [
    SEARCH_PASSWORD_KEY,
    ...Object.values(ETCD_SECRET_KEYS),
    GRAFANA_ADMIN_PASSWORD_KEY,
    ...Object.values(ALERTMANAGER_SECRET_KEYS),
    ...Object.values(INGRESS_SECRET_KEYS),
];

/**
 * searchPassword: required exactly when the log agent logs in with a user. `user` is
 * logs.search.user, known even when another logs setting is wrong, so both are reported at once.
 */
export function readSearchPassword(source: ConfigSource, problems: Problems, logs: LogsSettings | undefined, user: Known<string | undefined>): void {
    const password = readSecretInput(source, problems, SEARCH_PASSWORD_KEY);
    if (!user.known) {
        return;
    }
    const userKey = `${fullKey("logs")}.search.user`;
    if (user.value !== undefined && password === undefined) {
        problems.add(
            fullKey(SEARCH_PASSWORD_KEY),
            undefined,
            `the Elasticsearch password, set with pulumi config set --secret ${SEARCH_PASSWORD_KEY} (required because ${userKey} is set)`,
        );
    }
    if (user.value === undefined && password !== undefined) {
        problems.add(fullKey(SEARCH_PASSWORD_KEY), SECRET_VALUE, `no value unless ${userKey} is set: fluentd only sends a password together with a user`);
    }
    if (logs !== undefined && user.value !== undefined && password?.value !== undefined) {
        logs.search.password = password.value;
    }
    if (logs !== undefined && user.value !== undefined && password?.existing !== undefined) {
        logs.search.passwordSecret = password.existing;
    }
}

const ETCD_FILES: Record<keyof EtcdClientCertificates, string> = {
    caCert: "/etc/kubernetes/pki/etcd/ca.crt",
    clientCert: "/etc/kubernetes/pki/etcd/healthcheck-client.crt",
    clientKey: "/etc/kubernetes/pki/etcd/healthcheck-client.key",
};

/**
 * The etcd client certificates: all three exactly when the etcd job scrapes over https.
 * `overHttps` says whether it does, known even when another metrics setting is wrong.
 */
export function readEtcdClient(source: ConfigSource, problems: Problems, metrics: MetricsSettings | undefined, overHttps: Known<boolean>): void {
    const fields = Object.keys(ETCD_SECRET_KEYS) as (keyof EtcdClientCertificates)[];
    const values = Object.fromEntries(fields.map((f) => [f, readSecretInput(source, problems, ETCD_SECRET_KEYS[f], { fromFile: ETCD_FILES[f] })]));
    if (!overHttps.known) {
        return;
    }
    const keyOf = (f: keyof EtcdClientCertificates) => fullKey(ETCD_SECRET_KEYS[f]);
    const switchKey = `${fullKey("metrics")}.jobs.etcd`;
    const needed = overHttps.value;
    const given = fields.filter((f) => values[f] !== undefined);
    if (!needed) {
        if (given.length > 0) {
            problems.add(
                given.map(keyOf).join(", "),
                SECRET_VALUE,
                `no etcd client certificates unless ${switchKey} is true with etcd.scheme https; ` +
                    "unused certificates would sit in a Secret that nothing reads",
            );
        }
        return;
    }
    const missing = fields.filter((f) => values[f] === undefined);
    if (missing.length > 0) {
        problems.add(
            missing.map(keyOf).join(", "),
            undefined,
            `the etcd CA, client certificate and client key as secrets (${setSecretCommand(ETCD_SECRET_KEYS.clientKey, ETCD_FILES.clientKey)}), ` +
                `because ${switchKey} is true with etcd.scheme https`,
        );
        return;
    }
    // All three from Pulumi secrets (the program's Secret kvstore-client-cert) or all three from existing Secrets (a projected volume at the same files).
    const existing = fields.filter((f) => values[f]?.existing !== undefined);
    if (existing.length > 0 && existing.length < fields.length) {
        problems.add(
            fields.filter((f) => values[f]?.existing === undefined).map(keyOf).join(", "),
            SECRET_VALUE,
            `{ secretKeyRef: { name, key } } like ${existing.map(keyOf).join(", ")}: the three etcd files come all from Pulumi secrets (Secret kvstore-client-cert) or all from existing Secrets`,
        );
        return;
    }
    if (metrics !== undefined && existing.length === fields.length) {
        metrics.etcdClientSecrets = { caCert: values.caCert!.existing!, clientCert: values.clientCert!.existing!, clientKey: values.clientKey!.existing! };
    } else if (metrics !== undefined) {
        metrics.etcdClient = { caCert: values.caCert!.value!, clientCert: values.clientCert!.value!, clientKey: values.clientKey!.value! };
    }
}

/**
 * grafanaAdminPassword: optional while Grafana generates one (the Grafana component does, so the
 * generated value is a resource of the stack and not of the settings), required when the stack
 * turns generation off, refused while Grafana is off (docs/grafana.md#admin-password).
 */
export function readGrafanaAdminPassword(
    source: ConfigSource,
    problems: Problems,
    grafana: GrafanaSettings | undefined,
    enabled: Known<boolean>,
    generate: Known<boolean>,
): void {
    const password = readSecretInput(source, problems, GRAFANA_ADMIN_PASSWORD_KEY);
    if (!enabled.known) {
        return;
    }
    const switchKey = `${fullKey(GRAFANA_KEY)}.enabled`;
    if (enabled.value && generate.known && !generate.value && password === undefined) {
        problems.add(
            fullKey(GRAFANA_ADMIN_PASSWORD_KEY),
            undefined,
            `the Grafana admin password, set with ${setSecretCommand(GRAFANA_ADMIN_PASSWORD_KEY)} (required because ` +
                `${fullKey(GRAFANA_KEY)}.generateAdminPassword is false; or set ${switchKey} to false)`,
        );
    }
    if (!enabled.value && password !== undefined) {
        problems.add(fullKey(GRAFANA_ADMIN_PASSWORD_KEY), SECRET_VALUE, `no value unless ${switchKey} is true: it would sit in a Secret that nothing reads`);
    }
    if (grafana !== undefined && enabled.value && password?.value !== undefined) {
        grafana.adminPassword = password.value;
    }
    if (grafana !== undefined && enabled.value && password?.existing !== undefined) {
        grafana.adminPasswordSecret = password.existing;
    }
}

/**
 * The secrets that metrics.remoteWrite targets name (passwordKey, bearerTokenKey, the TLS files, the
 * sigv4 keys, the OAuth2 and Azure client secrets): each a
 * top-level key of its own, set, and encrypted. A problem names both the reference and the key.
 * `reserved` are the keys the program reads for something else, which a target may not borrow.
 */
export function readRemoteWriteSecrets(
    source: ConfigSource,
    problems: Problems,
    metrics: MetricsSettings | undefined,
    targets: Known<readonly RemoteWriteTargetSettings[]>,
    reserved: readonly string[],
    extraScrapeConfigs: Known<readonly ExtraScrapeConfigSettings[]> = { known: true, value: [] },
): void {
    // Remote write targets and extra scrape configs share the one Secret Prometheus mounts.
    const refs = [
        ...(targets.known
            ? targets.value.flatMap((target, i) =>
                  secretReferences(target).map((ref) => ({ at: `${fullKey("metrics")}.remoteWrite[${i}].${ref.path}`, key: ref.key })),
              )
            : []),
        ...(extraScrapeConfigs.known
            ? extraScrapeConfigs.value.flatMap((c, i) =>
                  extraScrapeSecretReferences(c).map((ref) => ({ at: `${fullKey("metrics")}.extraScrapeConfigs[${i}].${ref.path}`, key: ref.key })),
              )
            : []),
    ];
    const secrets: Record<string, pulumi.Output<string>> = {};
    const existing: Record<string, ExistingSecretKey> = {};
    for (const ref of refs) {
        const input = readReferencedSecret(source, problems, ref, reserved, "remoteWritePassword");
        if (input?.value !== undefined) {
            secrets[ref.key] = input.value;
        } else if (input?.existing !== undefined) {
            existing[ref.key] = input.existing;
        }
    }
    if (metrics !== undefined && Object.keys(secrets).length > 0) {
        metrics.remoteWriteSecrets = secrets;
    }
    if (metrics !== undefined && Object.keys(existing).length > 0) {
        metrics.remoteWriteExistingSecrets = existing;
    }
}

/**
 * The top-level secret key that a setting at `at` names: not a key the program reads for another
 * purpose, set, encrypted, and meaning what the setting expects (config/secret-text.ts). Undefined, with the problem
 * added, otherwise.
 */
function readReferencedSecret(
    source: ConfigSource,
    problems: Problems,
    ref: { at: string; key: string },
    reserved: readonly string[],
    example: string,
    refusal?: string,
): SecretInput | undefined {
    const { at } = ref;
    const key = fullKey(ref.key);
    if (reserved.includes(ref.key)) {
        problems.add(at, ref.key, `a top-level key of its own such as ${example}: the program reads ${key} for another purpose`);
        return undefined;
    }
    if (source.value(ref.key) === undefined) {
        problems.add(
            `${at}, ${key}`,
            undefined,
            `a secret at ${key}, which ${at} refers to; set it with ${setSecretCommand(ref.key)}${refusal === undefined ? ", or in plain config to { secretKeyRef: { name, key } } naming an existing Secret" : ""}`,
        );
        return undefined;
    }
    return readSecretInput(source, problems, ref.key, { at, refusal });
}

/**
 * The passwords of a central store's edges (docs/long-term-storage.md#central-and-edge-stacks):
 * each edge's passwordKey is a top-level secret key, read as the remote write targets' keys are.
 * An edge stack names the same password in its remoteWrite target's basicAuth.passwordKey. A key
 * set to an existing Secret (docs/existing-secrets.md) is vmauth's to read, by a `%{ENV}` placeholder.
 */
export function readEdgePasswords(
    source: ConfigSource,
    problems: Problems,
    edges: readonly { cluster: string; passwordKey?: string }[],
    reserved: readonly string[],
): { passwords: Record<string, pulumi.Output<string>>; existing: Record<string, ExistingSecretKey> } {
    const passwords: Record<string, pulumi.Output<string>> = {};
    const existing: Record<string, ExistingSecretKey> = {};
    edges.forEach((edge, i) => {
        if (edge.passwordKey === undefined) {
            return;
        }
        const at = `${fullKey("longTermStore")}.edges[${i}].passwordKey`;
        const input = readReferencedSecret(source, problems, { at, key: edge.passwordKey }, reserved, "edgeEuWritePassword");
        if (input?.value !== undefined) {
            passwords[edge.cluster] = input.value;
        } else if (input?.existing !== undefined) {
            existing[edge.cluster] = input.existing;
        }
    });
    return { passwords, existing };
}

/**
 * The secret stack keys that grafana.sso, grafana.ini and grafana.dataSources name: each set,
 * encrypted and on one line, read as the remote write targets' keys are. They join Grafana's
 * Secret, from which its pod reads them as environment variables.
 */
export function readGrafanaSecrets(
    source: ConfigSource,
    problems: Problems,
    rawGrafana: unknown,
    reserved: readonly string[],
): { secrets: Record<string, pulumi.Output<string>>; existing: Record<string, ExistingSecretKey> } {
    const secrets: Record<string, pulumi.Output<string>> = {};
    const existing: Record<string, ExistingSecretKey> = {};
    for (const ref of grafanaSecretReferences(rawGrafana)) {
        const input = readReferencedSecret(source, problems, { at: `${fullKey(GRAFANA_KEY)}.${ref.at}`, key: ref.key }, reserved, "grafanaOidcClientSecret");
        if (input?.value !== undefined) {
            secrets[ref.key] = input.value;
        } else if (input?.existing !== undefined) {
            existing[ref.key] = input.existing;
        }
    }
    return { secrets, existing };
}

/**
 * longTermStore.backup's S3 keys (docs/long-term-storage.md#backups), read as the remote write
 * targets' keys are; both or neither, which the schema has checked.
 */
export function readBackupCredentials(
    source: ConfigSource,
    problems: Problems,
    backup: { accessKeyIdKey?: string; secretAccessKeyKey?: string } | undefined,
    reserved: readonly string[],
): { accessKeyId: pulumi.Output<string>; secretAccessKey: pulumi.Output<string> } | { existing: { accessKeyId: ExistingSecretKey; secretAccessKey: ExistingSecretKey } } | undefined {
    const refs = backupSecretReferences(backup);
    const values = refs.map((ref) => readReferencedSecret(source, problems, { at: `${fullKey("longTermStore")}.${ref.path}`, key: ref.key }, reserved, "storeBackupSecretKey"));
    if (values.length !== 2 || values[0] === undefined || values[1] === undefined) {
        return undefined;
    }
    const [id, key] = values;
    if (id.existing !== undefined && key.existing !== undefined) {
        return { existing: { accessKeyId: id.existing, secretAccessKey: key.existing } };
    }
    if (id.value !== undefined && key.value !== undefined) {
        return { accessKeyId: id.value, secretAccessKey: key.value };
    }
    // One of each: vmbackup's two variables come both from the store's backup Secret or both from existing Secrets.
    const plain = id.value !== undefined ? refs[0] : refs[1];
    problems.add(fullKey(plain.key), SECRET_VALUE, `{ secretKeyRef: { name, key } } like the other S3 key of ${fullKey("longTermStore")}.backup: both from Pulumi secrets (Secret <longTermStore.name>-backup) or both from existing Secrets`);
    return undefined;
}

/**
 * The secret stack keys that a workload's `extra.env[].valueFrom.secretKey` names (the secret
 * reference, config/secret-reference.ts), read as the remote write targets' keys are. Each entry
 * then points, as Kubernetes reads it, at `secretName`: the Secret the program writes in the
 * workload's namespace, which the values join under their own key. `none` says why a workload
 * has no such Secret; its entries are refused, with secretKeyRef offered instead.
 */
export function readHatchEnvSecrets(
    source: ConfigSource,
    problems: Problems,
    component: string,
    hatch: Known<WorkloadHatchSettings | undefined>,
    target: { secretName: string } | { none: string },
    reserved: readonly string[],
): Record<string, pulumi.Output<string>> {
    const secrets: Record<string, pulumi.Output<string>> = {};
    if (!hatch.known) {
        return secrets;
    }
    (hatch.value?.env ?? []).forEach((e, i) => {
        const key = e.valueFrom?.secretKey;
        if (key === undefined) {
            return;
        }
        const at = `${fullKey(component)}.extra.env[${i}].valueFrom.secretKey`;
        if ("none" in target) {
            problems.add(at, key, `valueFrom: { secretKeyRef: { name, key } } naming an existing Secret: ${target.none}`);
            return;
        }
        const value = readReferencedSecret(source, problems, { at, key }, reserved, "appToken", EXISTING_SECRET_REFUSALS.hatchEnv)?.value;
        if (value !== undefined) {
            secrets[key] = value;
            e.valueFrom = { secretKeyRef: { name: target.secretName, key } };
        }
    });
    return secrets;
}
