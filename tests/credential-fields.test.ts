import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { isWrappedSecret, RegisteredResource } from "../render/engine-mocks";
import { outputValue, runProgram } from "./harness/program";
import { isSecretGeneration } from "./harness/secret-generations";
import { ETCD_TEST_FILES, GRAFANA_SECRETS, requiredConfig, testPem } from "./harness/stack-config";

/**
 * Every field that carries a credential, rendered (issue #46, the test-gap kind 'a credential field
 * that no test renders'): each row sets one field with a value no other row or default uses, runs
 * the whole program under the runtime mocks, and finds every place the value lands, whether as
 * itself, inside a file, or base64-encoded. It may sit only in a Secret's data, inside a Pulumi
 * secret, in the keepers of a secret generation (tests/harness/secret-generations.ts), or in a stack
 * output that is a Pulumi secret; never a ConfigMap, argument, annotation, env value or other
 * object. And a container reads the Secret key that holds it (env, envFrom or a mounted volume).
 *
 * The table is the test's own: the secret keys of docs/configuration.md#secret-keys, the fields
 * that name a secret stack key (config/*: `...Key`, `..._secret`, `secretKey`), and the OIDC client
 * secrets of the auth gateways. Fields that name an existing Secret (`secretKeyRef`,
 * `basicAuthSecret`, `web.basicAuth.secretName`) carry no value of the stack's and are not rows.
 */

const M = requiredConfig().metrics;
const WRITE = "https://metrics.example.com/api/v1/write";
const TLS_INGRESS = { host: "m.example.com", tlsSecretName: "m-tls" };
const OIDC = { issuerUrl: "https://login.example.com/realms/ops", clientId: "monitor", emailDomains: ["example.com"] };
const CERT = (marker: string) => testPem("CERTIFICATE", marker);
const KEY = (marker: string) => testPem("PRIVATE KEY", marker);

interface Row {
    /** The field, as docs/configuration.md spells it. */
    field: string;
    /** Structured stack config beside requiredConfig(), as a stack file holds it. */
    config: Record<string, unknown>;
    /** The secret stack keys; `key`'s value is the one followed. */
    secrets: Record<string, string>;
    key: string;
}

/** A distinctive value for `key`: letters and digits only, so that it survives every encoding as a word. */
const marker = (key: string) => `Zq${key.replace(/[^A-Za-z0-9]/g, "")}Vx7`;
const plain = (key: string) => `cred${marker(key)}`;
const url = (key: string) => `https://hooks.example.com/${marker(key)}`;

function row(field: string, key: string, config: Record<string, unknown>, value: string, others: Record<string, string> = {}): Row {
    return { field, config, secrets: { ...others, [key]: value }, key };
}

const alertmanager = (am: Record<string, unknown>) => ({ alertmanager: am });
const remoteWrite = (target: Record<string, unknown>, image = "quay.io/prometheus/prometheus:v3.6.0") => ({ metrics: { ...M, image, remoteWrite: [{ url: WRITE, ...target }] } });
const scrape = (job: Record<string, unknown>) => ({ metrics: { ...M, extraScrapeConfigs: [{ job_name: "billing", static_configs: [{ targets: ["10.0.0.5:9100"] }], ...job }] } });
const grafana = (g: Record<string, unknown>) => ({ grafana: { enabled: true, ...g } });
const receivers = (receiver: Record<string, unknown>) => alertmanager({ receivers: [{ name: "team", ...receiver }], routes: [{ receiver: "team", matchers: ['team="db"'] }] });
const etcd = { metrics: { ...M, jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "https" } } };
const edges = { metrics: { ...M, externalLabels: { cluster: "central" } }, longTermStore: { enabled: true, edges: [{ cluster: "edge-a", passwordKey: "edgeAWritePassword" }] } };
const backup = { longTermStore: { enabled: true, backup: { destination: "s3://metrics-backups/prod-eu", accessKeyIdKey: "storeBackupKeyId", secretAccessKeyKey: "storeBackupSecret" } } };
const BACKUP_KEYS = { storeBackupKeyId: "AKIDBACKUPotherkey1", storeBackupSecret: "backup-secret-other-8a" };
const SIGV4 = { sigv4: { region: "eu-west-1", accessKeyIdKey: "awsKeyId", secretAccessKeyKey: "awsSecret" } };
const SIGV4_KEYS = { awsKeyId: "AKIDOTHERKEY2", awsSecret: "aws-secret-other-4d" };
const ETCD_OTHERS = ETCD_TEST_FILES;

const ROWS: Row[] = [
    row("searchPassword", "searchPassword", { logs: { search: { host: "elasticsearch-logging", scheme: "https", user: "fluentd" } } }, plain("searchPassword")),
    row("etcdCaCert", "etcdCaCert", etcd, CERT(marker("etcdCaCert")), ETCD_OTHERS),
    row("etcdClientCert", "etcdClientCert", etcd, CERT(marker("etcdClientCert")), ETCD_OTHERS),
    row("etcdClientKey", "etcdClientKey", etcd, KEY(marker("etcdClientKey")), ETCD_OTHERS),
    row("grafanaAdminPassword", "grafanaAdminPassword", grafana({}), plain("grafanaAdminPassword")),
    row("alertWebhookUrl", "alertWebhookUrl", {}, url("alertWebhookUrl")),
    row("alertWatchdogUrl", "alertWatchdogUrl", {}, url("alertWatchdogUrl")),
    row("alertSlackUrl", "alertSlackUrl", alertmanager({ slack: { channel: "#alerts" } }), url("alertSlackUrl")),
    row("alertSmtpPassword", "alertSmtpPassword", alertmanager({ email: { to: "oncall@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", authUsername: "am" } }), plain("alertSmtpPassword")),
    row("alertPagerdutyKey", "alertPagerdutyKey", alertmanager({ pagerduty: {} }), plain("alertPagerdutyKey")),
    row("prometheusOidcClientSecret", "prometheusOidcClientSecret", { metrics: { ...M, ingress: { ...TLS_INGRESS, auth: { proxy: { oauth2Proxy: OIDC } } } } }, plain("prometheusOidcClientSecret")),
    row("alertmanagerOidcClientSecret", "alertmanagerOidcClientSecret", alertmanager({ ingress: { host: "am.example.com", tlsSecretName: "am-tls", auth: { proxy: { oauth2Proxy: OIDC } } } }), plain("alertmanagerOidcClientSecret")),
    row("metrics.remoteWrite[].basicAuth.passwordKey", "rwPassword", remoteWrite({ basicAuth: { username: "edge", passwordKey: "rwPassword" } }), plain("rwPassword")),
    row("metrics.remoteWrite[].bearerTokenKey", "rwToken", remoteWrite({ bearerTokenKey: "rwToken" }), plain("rwToken")),
    row("metrics.remoteWrite[].tls.caKey", "rwCa", remoteWrite({ bearerTokenKey: "rwToken", tls: { caKey: "rwCa" } }), CERT(marker("rwCa")), { rwToken: "rw-token-other-1" }),
    row("metrics.remoteWrite[].tls.certKey", "rwCert", remoteWrite({ tls: { certKey: "rwCert", keyKey: "rwKey" } }), CERT(marker("rwCert")), { rwKey: KEY("OTHERKEY") }),
    row("metrics.remoteWrite[].tls.keyKey", "rwKey", remoteWrite({ tls: { certKey: "rwCert", keyKey: "rwKey" } }), KEY(marker("rwKey")), { rwCert: CERT("OTHERCERT") }),
    row("metrics.remoteWrite[].oauth2.clientSecretKey", "oauthSecret", remoteWrite({ oauth2: { clientId: "prometheus", clientSecretKey: "oauthSecret", tokenUrl: "https://login.example.com/token" } }), plain("oauthSecret")),
    row("metrics.remoteWrite[].sigv4.accessKeyIdKey", "awsKeyId", remoteWrite(SIGV4), `AKID${marker("awsKeyId")}`, SIGV4_KEYS),
    row("metrics.remoteWrite[].sigv4.secretAccessKeyKey", "awsSecret", remoteWrite(SIGV4), plain("awsSecret"), SIGV4_KEYS),
    row(
        "metrics.remoteWrite[].azureAd.oauth.clientSecretKey",
        "azureSecret",
        remoteWrite({ azureAd: { oauth: { clientId: "00000000-0000-4000-8000-000000000001", tenantId: "00000000-0000-4000-8000-000000000002", clientSecretKey: "azureSecret" } } }),
        plain("azureSecret"),
    ),
    row("metrics.extraScrapeConfigs[].basic_auth.password_secret", "scrapePassword", scrape({ scheme: "https", basic_auth: { username: "scraper", password_secret: "scrapePassword" } }), plain("scrapePassword")),
    row("metrics.extraScrapeConfigs[].bearer_token_secret", "scrapeToken", scrape({ scheme: "https", bearer_token_secret: "scrapeToken" }), plain("scrapeToken")),
    row("metrics.extraScrapeConfigs[].tls_config.ca_secret", "scrapeCa", scrape({ scheme: "https", tls_config: { ca_secret: "scrapeCa" } }), CERT(marker("scrapeCa"))),
    row("metrics.extraScrapeConfigs[].tls_config.cert_secret", "scrapeCert", scrape({ scheme: "https", tls_config: { cert_secret: "scrapeCert", key_secret: "scrapeKey" } }), CERT(marker("scrapeCert")), { scrapeKey: KEY("OTHERKEY") }),
    row("metrics.extraScrapeConfigs[].tls_config.key_secret", "scrapeKey", scrape({ scheme: "https", tls_config: { cert_secret: "scrapeCert", key_secret: "scrapeKey" } }), KEY(marker("scrapeKey")), { scrapeCert: CERT("OTHERCERT") }),
    row("metrics.extra.env[].valueFrom.secretKey", "appToken", { metrics: { ...M, extra: { env: [{ name: "API_TOKEN", valueFrom: { secretKey: "appToken" } }] } } }, plain("appToken")),
    row("alertmanager.receivers[].webhook_configs[].url_secret", "teamHook", receivers({ webhook_configs: [{ url_secret: "teamHook" }] }), url("teamHook")),
    row("alertmanager.receivers[].opsgenie_configs[].api_key_secret", "teamOpsgenie", receivers({ opsgenie_configs: [{ api_key_secret: "teamOpsgenie" }] }), plain("teamOpsgenie")),
    row("alertmanager.receivers[].telegram_configs[].bot_token_secret", "teamTelegram", receivers({ telegram_configs: [{ bot_token_secret: "teamTelegram", chat_id: -1001234567890 }] }), plain("teamTelegram")),
    row(
        "alertmanager.receivers[].webhook_configs[].http_config.authorization.credentials_secret",
        "teamHookToken",
        receivers({ webhook_configs: [{ url_secret: "teamHook", http_config: { authorization: { type: "Bearer", credentials_secret: "teamHookToken" } } }] }),
        plain("teamHookToken"),
        { teamHook: "https://hooks.example.com/other-db" },
    ),
    // Every other key the receivers table (config/alertmanager-receivers.ts) types as a secret, one row each.
    row("alertmanager.receivers[].discord_configs[].webhook_url_secret", "teamDiscord", receivers({ discord_configs: [{ webhook_url_secret: "teamDiscord" }] }), url("teamDiscord")),
    row("alertmanager.receivers[].email_configs[].auth_password_secret", "teamSmtp", receivers({ email_configs: [{ to: "db@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", auth_username: "am", auth_password_secret: "teamSmtp" }] }), plain("teamSmtp")),
    row("alertmanager.receivers[].email_configs[].auth_secret_secret", "teamCram", receivers({ email_configs: [{ to: "db@example.com", from: "am@example.com", smarthost: "smtp.example.com:587", auth_username: "am", auth_secret_secret: "teamCram" }] }), plain("teamCram")),
    row("alertmanager.receivers[].incidentio_configs[].alert_source_token_secret", "teamIncident", receivers({ incidentio_configs: [{ url: "https://api.incident.io/v2/alert_events/http/01", alert_source_token_secret: "teamIncident" }] }), plain("teamIncident")),
    row("alertmanager.receivers[].pagerduty_configs[].routing_key_secret", "teamRouting", receivers({ pagerduty_configs: [{ routing_key_secret: "teamRouting" }] }), plain("teamRouting")),
    row("alertmanager.receivers[].pagerduty_configs[].service_key_secret", "teamService", receivers({ pagerduty_configs: [{ service_key_secret: "teamService" }] }), plain("teamService")),
    row("alertmanager.receivers[].slack_configs[].api_url_secret", "teamSlack", receivers({ slack_configs: [{ api_url_secret: "teamSlack", channel: "#db" }] }), url("teamSlack")),
    row("alertmanager.receivers[].slack_configs[].app_token_secret", "teamSlackApp", receivers({ slack_configs: [{ api_url_secret: "teamSlack", app_token_secret: "teamSlackApp", channel: "#db" }] }), plain("teamSlackApp"), { teamSlack: "https://hooks.example.com/other-slack" }),
    row("alertmanager.receivers[].wechat_configs[].api_secret_secret", "teamWechat", receivers({ wechat_configs: [{ api_secret_secret: "teamWechat", corp_id: "corp", to_user: "@all" }] }), plain("teamWechat")),
    row("alertmanager.receivers[].pushover_configs[].user_key_secret", "teamPushUser", receivers({ pushover_configs: [{ user_key_secret: "teamPushUser", token_secret: "teamPushToken" }] }), plain("teamPushUser"), { teamPushToken: "push-token-other-3" }),
    row("alertmanager.receivers[].pushover_configs[].token_secret", "teamPushToken", receivers({ pushover_configs: [{ user_key_secret: "teamPushUser", token_secret: "teamPushToken" }] }), plain("teamPushToken"), { teamPushUser: "push-user-other-3" }),
    row("alertmanager.receivers[].victorops_configs[].api_key_secret", "teamVictorops", receivers({ victorops_configs: [{ api_key_secret: "teamVictorops", routing_key: "db" }] }), plain("teamVictorops")),
    row("alertmanager.receivers[].msteams_configs[].webhook_url_secret", "teamTeams", receivers({ msteams_configs: [{ webhook_url_secret: "teamTeams" }] }), url("teamTeams")),
    row("alertmanager.receivers[].rocketchat_configs[].token_id_secret", "teamRocketId", receivers({ rocketchat_configs: [{ token_id_secret: "teamRocketId", token_secret: "teamRocket", channel: "#db" }] }), plain("teamRocketId"), { teamRocket: "rocket-token-other-5" }),
    row("alertmanager.receivers[].rocketchat_configs[].token_secret", "teamRocket", receivers({ rocketchat_configs: [{ token_id_secret: "teamRocketId", token_secret: "teamRocket", channel: "#db" }] }), plain("teamRocket"), { teamRocketId: "rocket-id-other-5" }),
    row("alertmanager.receivers[].mattermost_configs[].webhook_url_secret", "teamMattermost", receivers({ mattermost_configs: [{ webhook_url_secret: "teamMattermost", channel: "db" }] }), url("teamMattermost")),
    row(
        "alertmanager.receivers[].jira_configs[].http_config.basic_auth.password_secret",
        "teamJira",
        receivers({ jira_configs: [{ api_url: "https://jira.example.com", project: "OPS", issue_type: "Bug", http_config: { basic_auth: { username: "bot", password_secret: "teamJira" } } }] }),
        plain("teamJira"),
    ),
    row("grafana.ini.<section>.<key>_secret", "grafanaDbPassword", grafana({ ini: { database: { password_secret: "grafanaDbPassword" } } }), plain("grafanaDbPassword")),
    row(
        "grafana.sso.clientSecretKey",
        "grafanaOidcClientSecret",
        grafana({ sso: { provider: "keycloak", issuerUrl: "https://login.example.com/realms/ops", clientId: "grafana", clientSecretKey: "grafanaOidcClientSecret", roles: { sre: "Admin" } } }),
        plain("grafanaOidcClientSecret"),
    ),
    row(
        "grafana.dataSources[].secureJsonData.<field>_secret",
        "grafanaLokiPassword",
        grafana({ dataSources: [{ name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100", basicAuth: true, basicAuthUser: "grafana", secureJsonData: { basicAuthPassword_secret: "grafanaLokiPassword" } }] }),
        plain("grafanaLokiPassword"),
    ),
    row("grafana.extra.env[].valueFrom.secretKey", "lokiToken", grafana({ extra: { env: [{ name: "LOKI_TOKEN", valueFrom: { secretKey: "lokiToken" } }] } }), plain("lokiToken")),
    row("longTermStore.edges[].passwordKey", "edgeAWritePassword", edges, plain("edgeAWritePassword")),
    row("longTermStore.backup.accessKeyIdKey", "storeBackupKeyId", backup, `AKID${marker("storeBackupKeyId")}`, BACKUP_KEYS),
    row("longTermStore.backup.secretAccessKeyKey", "storeBackupSecret", backup, plain("storeBackupSecret"), BACKUP_KEYS),
];

/** The line of a value that is searched for: itself, or a PEM block's body line, which any file or YAML that holds the block keeps whole. */
function needleOf(value: string): string {
    return value.startsWith("-----BEGIN") ? value.split("\n")[1] : value;
}

interface Place {
    resource: RegisteredResource;
    path: string;
    /** Whether a Pulumi secret wraps the place, as the engine received it. */
    secret: boolean;
}

/** Every string leaf that holds `needle`, itself or base64-encoded (a Secret's `data`, a kubeconfig...). */
function placesOf(resources: readonly RegisteredResource[], needle: string): Place[] {
    const places: Place[] = [];
    const walk = (resource: RegisteredResource, v: unknown, at: string, secret: boolean) => {
        if (isWrappedSecret(v)) {
            walk(resource, (v as any).value, at, true);
        } else if (typeof v === "string") {
            const decoded = /^[A-Za-z0-9+/]+=*$/.test(v) && v.length % 4 === 0 ? Buffer.from(v, "base64").toString("utf8") : "";
            if (v.includes(needle) || decoded.includes(needle)) {
                places.push({ resource, path: at, secret });
            }
        } else if (Array.isArray(v)) {
            v.forEach((x, i) => walk(resource, x, `${at}[${i}]`, secret));
        } else if (typeof v === "object" && v !== null) {
            for (const [k, x] of Object.entries(v)) walk(resource, x, at ? `${at}.${k}` : k, secret);
        }
    };
    for (const r of resources) walk(r, r.inputs, "", false);
    return places;
}

const SECRET = "kubernetes:core/v1:Secret";

/** A Secret's key that holds the value: data.<key> or stringData.<key>. */
function secretKeyOf(place: Place): string | undefined {
    const m = /^(?:data|stringData)\.([^.[]+)/.exec(place.path);
    return place.resource.type === SECRET && m ? m[1] : undefined;
}

/** How a container reads key `key` of Secret `name`, in the same namespace; undefined when none does. */
function readerOf(resources: readonly RegisteredResource[], namespace: string | undefined, name: string, key: string): string | undefined {
    for (const w of resources) {
        const pod = w.inputs?.spec?.template?.spec ?? w.inputs?.spec?.jobTemplate?.spec?.template?.spec;
        if (!pod?.containers || (w.inputs.metadata?.namespace ?? undefined) !== namespace) continue;
        const volumes = new Set<string>(
            (pod.volumes ?? [])
                .filter((v: any) => {
                    const sources = [v.secret ? { secret: { name: v.secret.secretName, items: v.secret.items } } : undefined, ...(v.projected?.sources ?? [])].filter((s: any) => s?.secret);
                    return sources.some((s: any) => s.secret.name === name && (s.secret.items === undefined || s.secret.items.some((i: any) => i.key === key)));
                })
                .map((v: any) => v.name),
        );
        for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
            if ((c.env ?? []).some((e: any) => e.valueFrom?.secretKeyRef?.name === name && e.valueFrom.secretKeyRef.key === key)) return `${w.inputs.metadata?.name}/${c.name} env`;
            if ((c.envFrom ?? []).some((e: any) => e.secretRef?.name === name)) return `${w.inputs.metadata?.name}/${c.name} envFrom`;
            const mount = (c.volumeMounts ?? []).find((m: any) => volumes.has(m.name));
            if (mount) return `${w.inputs.metadata?.name}/${c.name} mount ${mount.mountPath}`;
        }
    }
    return undefined;
}

describe("every credential field lands in a Secret alone, and a container reads it there (#46)", () => {
    it("the table names each field once", () => {
        assert.strictEqual(new Set(ROWS.map((r) => r.field)).size, ROWS.length);
        assert.strictEqual(new Set(ROWS.map((r) => needleOf(r.secrets[r.key]))).size, ROWS.length);
    });

    for (const r of ROWS) {
        it(r.field, async () => {
            const config = { ...requiredConfig(), ...r.config };
            const secrets = (config.grafana as any)?.enabled && r.key !== "grafanaAdminPassword" ? { ...GRAFANA_SECRETS, ...r.secrets } : r.secrets;
            const { resources, exports } = await runProgram(config, secrets);
            const needle = needleOf(r.secrets[r.key]);
            const places = placesOf(resources, needle);
            const where = (p: Place) => `${p.resource.type} ${p.resource.name} ${p.path}${p.secret ? " (secret)" : ""}`;
            const allowed = (p: Place) => (secretKeyOf(p) !== undefined && p.secret) || isSecretGeneration(p.resource);
            assert.deepStrictEqual(places.filter((p) => !allowed(p)).map(where), [], `${r.key}'s value outside a Secret's data, or in clear`);
            const held = places.filter((p) => secretKeyOf(p) !== undefined);
            assert.ok(held.length > 0, `${r.key}'s value is in no Secret: ${places.map(where).join("; ") || "nowhere"}`);
            for (const p of held) {
                const meta = p.resource.inputs.metadata;
                const reader = readerOf(resources, meta?.namespace, meta?.name, secretKeyOf(p)!);
                assert.ok(reader, `no container reads key ${secretKeyOf(p)} of Secret ${meta?.namespace}/${meta?.name}`);
            }
            for (const [name, output] of Object.entries(exports)) {
                if (!pulumi.Output.isInstance(output)) continue;
                const value = JSON.stringify((await outputValue(output as pulumi.Output<unknown>)) ?? null);
                if (value.includes(needle)) {
                    assert.ok(await pulumi.isSecret(output as pulumi.Output<unknown>), `stack output ${name} holds ${r.key}'s value in clear`);
                }
            }
        });
    }
});
