import { CENTRAL_WRITE_PASSWORD_FILE, CLUSTER_LABEL, MetricsSettings, RelabelRuleSettings, RemoteWriteQueueSettings, RemoteWriteTargetSettings, writesToCentral } from "../../config";
import { remoteWriteSecretMountPath } from "./layout";
import { replicated } from "./reloader";
import { literal } from "../common/scrape/relabel";
import { QueueConfig, RelabelConfig, RemoteWriteConfig } from "../common/scrape/prometheus-config-types";

/** Where Prometheus reads the file of a secret key; in the pod, inside the mounted remote-write Secret. */
export type SecretFilePath = (key: string) => string;

export function mountedSecretFile(s: MetricsSettings): SecretFilePath {
    return (key) => `${remoteWriteSecretMountPath(s)}/${key}`;
}

/** A stack's relabel rule in Prometheus' own spelling; only the fields the stack set. */
export function relabelConfig(r: RelabelRuleSettings): RelabelConfig {
    return {
        ...(r.sourceLabels !== undefined ? { source_labels: [...r.sourceLabels] } : {}),
        ...(r.separator !== undefined ? { separator: r.separator } : {}),
        ...(r.regex !== undefined ? { regex: r.regex } : {}),
        ...(r.modulus !== undefined ? { modulus: r.modulus } : {}),
        ...(r.targetLabel !== undefined ? { target_label: r.targetLabel } : {}),
        ...(r.replacement !== undefined ? { replacement: r.replacement } : {}),
        action: r.action,
    };
}

function queueConfig(q: RemoteWriteQueueSettings): QueueConfig {
    return {
        ...(q.capacity !== undefined ? { capacity: q.capacity } : {}),
        ...(q.maxShards !== undefined ? { max_shards: q.maxShards } : {}),
        ...(q.minShards !== undefined ? { min_shards: q.minShards } : {}),
        ...(q.maxSamplesPerSend !== undefined ? { max_samples_per_send: q.maxSamplesPerSend } : {}),
        ...(q.batchSendDeadline !== undefined ? { batch_send_deadline: q.batchSendDeadline } : {}),
        ...(q.minBackoff !== undefined ? { min_backoff: q.minBackoff } : {}),
        ...(q.maxBackoff !== undefined ? { max_backoff: q.maxBackoff } : {}),
    };
}

/**
 * The rule that drops the replica label on the way to a target that deduplicates by time
 * (dropReplicaLabel). Prometheus applies write_relabel_configs after it has added the external
 * labels (tag v2.11.1, storage/remote/queue_manager.go, StoreSeries: processExternalLabels, then
 * relabel.Process with the write relabel configs), so the replica label is there to be dropped.
 * Last, after the target's own rules, which still see it.
 */
export function replicaLabelDrop(s: Pick<MetricsSettings, "replicas" | "replicaLabel">): RelabelConfig[] {
    return replicated(s as MetricsSettings) ? [{ action: "labeldrop", regex: literal(s.replicaLabel) }] : [];
}

/**
 * One remote_write entry. Credentials are never inlined: `password_file`, `bearer_token_file`,
 * `client_secret_file` and the TLS files point at files of the mounted Secret, which
 * prometheus/common reads on every request, so a rotated secret reaches Prometheus without a
 * restart (docs/long-term-storage.md#credentials). sigv4's keys and Azure's client secret come
 * from the environment instead (remote-write-env.ts).
 * Keys a stack leaves unset are left out, so the deployed release's own default applies.
 */
/**
 * `cluster`: the edge's cluster label, the vmauth user a target with generatedCredential writes as,
 * its password the file CENTRAL_WRITE_PASSWORD_FILE (stack/edge-write-credential.ts).
 */
export function remoteWriteEntry(t: RemoteWriteTargetSettings, secretFile: SecretFilePath, drop: RelabelConfig[] = [], cluster?: string): RemoteWriteConfig {
    const url = t.url;
    if (t.generatedCredential && cluster === undefined) {
        throw new Error(`remote write target ${url} with generatedCredential but no cluster label: config/metrics.ts refuses it at load`);
    }
    const basicAuth = t.generatedCredential ? { username: cluster!, passwordKey: CENTRAL_WRITE_PASSWORD_FILE } : t.basicAuth;
    const tls = t.tls && {
        ...(t.tls.caKey !== undefined ? { ca_file: secretFile(t.tls.caKey) } : {}),
        ...(t.tls.certKey !== undefined ? { cert_file: secretFile(t.tls.certKey) } : {}),
        ...(t.tls.keyKey !== undefined ? { key_file: secretFile(t.tls.keyKey) } : {}),
        ...(t.tls.serverName !== undefined ? { server_name: t.tls.serverName } : {}),
        ...(t.tls.insecureSkipVerify !== undefined ? { insecure_skip_verify: t.tls.insecureSkipVerify } : {}),
    };
    return {
        url,
        ...(t.remoteTimeout !== undefined ? { remote_timeout: t.remoteTimeout } : {}),
        ...(t.headers !== undefined ? { headers: { ...t.headers } } : {}),
        ...(t.writeRelabel.length > 0 || drop.length > 0 ? { write_relabel_configs: [...t.writeRelabel.map(relabelConfig), ...drop] } : {}),
        ...(basicAuth ? { basic_auth: { username: basicAuth.username, password_file: secretFile(basicAuth.passwordKey) } } : {}),
        ...(t.bearerTokenKey !== undefined ? { bearer_token_file: secretFile(t.bearerTokenKey) } : {}),
        ...(t.oauth2 ? { oauth2: oauth2Config(t.oauth2, secretFile) } : {}),
        ...(tls && Object.keys(tls).length > 0 ? { tls_config: tls } : {}),
        ...(t.queue && Object.keys(t.queue).length > 0 ? { queue_config: queueConfig(t.queue) } : {}),
        ...(t.sigv4 ? { sigv4: { region: t.sigv4.region, ...(t.sigv4.roleArn !== undefined ? { role_arn: t.sigv4.roleArn } : {}) } } : {}),
        ...(t.azureAd ? { azuread: azureAdConfig(t.azureAd) } : {}),
    };
}

/** OAuth2 client credentials: the secret is a file of the mounted Secret, read at each token request. */
function oauth2Config(o: NonNullable<RemoteWriteTargetSettings["oauth2"]>, secretFile: SecretFilePath): NonNullable<RemoteWriteConfig["oauth2"]> {
    return {
        client_id: o.clientId,
        client_secret_file: secretFile(o.clientSecretKey),
        token_url: o.tokenUrl,
        ...(o.scopes !== undefined ? { scopes: [...o.scopes] } : {}),
        ...(o.endpointParams !== undefined ? { endpoint_params: { ...o.endpointParams } } : {}),
    };
}

/**
 * Azure AD. An application's client secret goes through `sdk`: azidentity's DefaultAzureCredential
 * reads AZURE_CLIENT_ID, AZURE_TENANT_ID and AZURE_CLIENT_SECRET from the pod's environment, filled
 * from the Secret (remote-write-env.ts), since `oauth` would need the secret inline in the config.
 */
function azureAdConfig(a: NonNullable<RemoteWriteTargetSettings["azureAd"]>): NonNullable<RemoteWriteConfig["azuread"]> {
    return {
        cloud: a.cloud,
        ...(a.managedIdentity ? { managed_identity: { client_id: a.managedIdentity.clientId } } : {}),
        ...(a.oauth ? { sdk: { tenant_id: a.oauth.tenantId } } : {}),
        ...(a.workloadIdentity ? { workload_identity: { client_id: a.workloadIdentity.clientId, tenant_id: a.workloadIdentity.tenantId } } : {}),
    };
}

/**
 * The stack's targets, then the in-cluster long-term store while it runs: a plain in-cluster
 * http endpoint without credentials, the replica label dropped so that both replicas write one
 * series, which the store deduplicates by time (docs/long-term-storage.md#deduplication).
 */
export function remoteWriteTargets(s: MetricsSettings, store?: { writeUrl: string }): RemoteWriteTargetSettings[] {
    return [...s.remoteWrite, ...(store ? [{ url: store.writeUrl, writeRelabel: [], dropReplicaLabel: true, central: false, generatedCredential: false, allowPlaintextCredentials: false }] : [])];
}

/** The `remote_write` block, or undefined when there is no target. */
export function remoteWriteConfigs(s: MetricsSettings, store?: { writeUrl: string }, secretFile: SecretFilePath = mountedSecretFile(s)): RemoteWriteConfig[] | undefined {
    const targets = remoteWriteTargets(s, store);
    // The central stack's vmauth user is the edge's cluster label (config/metrics.ts requires it).
    const cluster = s.externalLabels[CLUSTER_LABEL];
    return targets.length > 0 ? targets.map((t) => remoteWriteEntry(t, secretFile, t.dropReplicaLabel || writesToCentral(t) ? replicaLabelDrop(s) : [], cluster)) : undefined;
}
