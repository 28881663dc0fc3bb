import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { ConfigProblem, EXISTING_SECRET_ROWS, Settings } from "../config";
import { KubernetesObject, renderStack } from "../render";
import { alertmanagerConfig, renderAlertmanagerConfig } from "../components/alertmanager/config-file";
import { EXISTING_SECRETS_DIR } from "../components/alertmanager/existing-secrets";
import { ETCD_SECRET_FILES, etcdSecretMountPath, remoteWriteSecretMountPath } from "../components/prometheus/layout";
import { etcdClientSecret } from "../components/prometheus/etcd-secret";
import { backupEnv, backupSecret } from "../components/long-term-store/backup";
import { volumeMounts, volumes } from "../components/prometheus/statefulset";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { prometheusGatewayModel } from "../components/prometheus/gateway";
import { gatewayDeployment, oauth2Secret } from "../components/auth-gateway/objects";
import { vmauthEnv, vmauthSecret } from "../components/long-term-store/vmauth";
import { outputValue } from "./harness/program";
import { EXAMPLES, exampleSettings } from "./harness/example-settings";
import { GRAFANA_SECRETS, problemAt, problemsOfConfig, requiredConfig, settingsWith, ETCD_TEST_FILES } from "./harness/stack-config";

/**
 * Issue #44, part 1 (docs/existing-secrets.md): a secret stack key set, in plain config, to
 * `{ secretKeyRef: { name, key } }` names a Secret the cluster already has. Where the consumer reads
 * a Secret through its own indirection (an env secretKeyRef, a mounted file for a `*_file` key) the
 * program points it there and writes no Secret of its own for the key; where it cannot (or the
 * program does not build the way yet), the reference is refused, naming the key and why. Each
 * refusal has a valid neighbour that loads.
 */

const BACKUP = { destination: "s3://metrics-backups/prod-eu", accessKeyIdKey: "storeBackupKeyId", secretAccessKeyKey: "storeBackupSecret" };
const ETCD_KEY = ETCD_TEST_FILES.etcdClientKey;
const ref = (name: string, key: string) => ({ secretKeyRef: { name, key } });
const C = "cluster-monitoring";
const OIDC_INGRESS = { host: "m.example.com", tlsSecretName: "m-tls", auth: { proxy: { oauth2Proxy: { issuerUrl: "https://login.example.com/", clientId: "prom", emailDomains: ["example.com"] } } } };

type Overrides = Record<string, Record<string, unknown>>;

/** [what, overrides, secrets, key of the problem, what it says]: refused, naming the key. */
const REFUSED: [string, Overrides, Record<string, string>, string, RegExp][] = [
    ["a Secret name Kubernetes refuses", { grafana: { enabled: true }, grafanaAdminPassword: ref("Grafana_Admin", "password") }, {}, `${C}:grafanaAdminPassword.secretKeyRef.name`, /Secret/],
    ["a reference without its key", { grafana: { enabled: true }, grafanaAdminPassword: { secretKeyRef: { name: "grafana-admin" } } }, {}, `${C}:grafanaAdminPassword.secretKeyRef.key`, /./],
    ["a key name with a slash", { grafana: { enabled: true }, grafanaAdminPassword: ref("grafana-admin", "a/b") }, {}, `${C}:grafanaAdminPassword.secretKeyRef.key`, /a key of a Secret's data/],
    ["the webhook URL on 0.25, whose webhook has no url_file", { alertmanager: { image: "quay.io/prometheus/alertmanager:v0.25.0" }, alertWebhookUrl: ref("am", "url") }, {}, `${C}:alertWebhookUrl`, /url_file is in Alertmanager v0\.34\.0's source, not in v0\.25\.0's/],
    ["the Slack URL on 0.24, older than every key table", { alertmanager: { image: "quay.io/prometheus/alertmanager:v0.24.0", slack: { channel: "#alerts" } }, alertSlackUrl: ref("am", "slack") }, {}, `${C}:alertSlackUrl`, /pin v0\.34\.0 or later/],
    [
        "a receiver's sigv4 secret key, which has no file",
        { alertmanager: { receivers: [{ name: "sns", sns_configs: [{ topic_arn: "arn:aws:sns:eu-west-1:1:t", sigv4: { region: "eu-west-1", access_key: "AKID", secret_key_secret: "snsKey" } }] }], routes: [{ receiver: "sns", matchers: ['team="x"'] }] }, snsKey: ref("aws", "secret") },
        {},
        `${C}:snsKey, ${C}:alertmanager.receivers[0].sns_configs[0].sigv4.secret_key_secret`,
        /sigv4\.secret_key has no _file variant/,
    ],
    [
        "a Teams webhook on 0.30, which the tables know at 0.34 only",
        { alertmanager: { image: "quay.io/prometheus/alertmanager:v0.30.0", receivers: [{ name: "teams", msteams_configs: [{ webhook_url_secret: "teamsUrl" }] }], routes: [{ receiver: "teams", matchers: ['team="x"'] }] }, teamsUrl: ref("am", "teams") },
        {},
        `${C}:teamsUrl, ${C}:alertmanager.receivers[0].msteams_configs[0].webhook_url_secret`,
        /webhook_url_file is in Alertmanager v0\.34\.0's source, not in v0\.25\.0's/,
    ],
    ["the search password without logs.search.user", { searchPassword: ref("search", "password") }, {}, `${C}:searchPassword`, /no value unless cluster-monitoring:logs\.search\.user is set/],
    ["two etcd files from an existing Secret and one from a Pulumi secret", { metrics: { jobs: { etcd: true }, etcd: { scheme: "https", endpoints: ["10.0.0.11"] } }, etcdCaCert: ref("etcd", "ca.crt"), etcdClientCert: ref("etcd", "tls.crt") }, { etcdClientKey: ETCD_KEY }, `${C}:etcdClientKey`, /all from Pulumi secrets \(Secret kvstore-client-cert\) or all from existing Secrets/],
    ["an OIDC client secret from an existing Secret where no oauth2Proxy reads it", { prometheusOidcClientSecret: ref("oidc", "prometheus") }, {}, `${C}:prometheusOidcClientSecret`, /no value unless cluster-monitoring:metrics\.ingress\.auth\.proxy\.oauth2Proxy is set/],
    ["one S3 key of the backup from an existing Secret and one from a Pulumi secret", { longTermStore: { enabled: true, backup: BACKUP }, storeBackupKeyId: ref("s3", "id") }, { storeBackupSecret: "s3-secret-1f2e" }, `${C}:storeBackupSecret`, /both from Pulumi secrets \(Secret <longTermStore\.name>-backup\) or both from existing Secrets/],
    ["a key an extra.env entry names", { metrics: { extra: { env: [{ name: "APP_TOKEN", valueFrom: { secretKey: "appToken" } }] } }, appToken: ref("app", "token") }, {}, `${C}:appToken, ${C}:metrics.extra.env[0].valueFrom.secretKey`, /write valueFrom: \{ secretKeyRef: \{ name, key \} \} in that entry instead/],
    ["a remote write password nobody set", { metrics: { remoteWrite: [{ url: "https://w.example.com/api/v1/write", basicAuth: { username: "u", passwordKey: "writePassword" } }] } }, {}, `${C}:metrics.remoteWrite[0].basicAuth.passwordKey, ${C}:writePassword`, /a secret at cluster-monitoring:writePassword.*or in plain config to \{ secretKeyRef: \{ name, key \} \}/],
    ["a plain string where a secret goes", { alertmanager: { slack: { channel: "#alerts" } }, alertSlackUrl: "https://hooks.slack.com/services/x" as any }, {}, `${C}:alertSlackUrl`, /clear text.*or set it, in plain config, to \{ secretKeyRef: \{ name, key \} \}/],
];

/** [what, overrides, secrets, check]: the valid neighbours, which load. */
const ACCEPTED: [string, Overrides, Record<string, string>, (s: Settings) => void][] = [
    ["Grafana's admin password from an existing Secret", { grafana: { enabled: true }, grafanaAdminPassword: ref("grafana-admin", "password") }, {}, (s) => assert.deepStrictEqual(s.grafana.adminPasswordSecret, { name: "grafana-admin", key: "password" })],
    ["the same as a Pulumi secret", { grafana: { enabled: true } }, GRAFANA_SECRETS, (s) => assert.strictEqual(s.grafana.adminPasswordSecret, undefined)],
    ["the webhook URL on 0.34", { alertWebhookUrl: ref("am", "url") }, {}, (s) => assert.deepStrictEqual(s.alertmanager.existingSecrets, { alertWebhookUrl: { name: "am", key: "url" } })],
    ["the Slack URL on 0.25", { alertmanager: { image: "quay.io/prometheus/alertmanager:v0.25.0", slack: { channel: "#alerts" } }, alertSlackUrl: ref("am", "slack") }, {}, (s) => assert.ok(s.alertmanager.existingSecrets?.alertSlackUrl)],
    ["a Teams webhook on 0.34", { alertmanager: { receivers: [{ name: "teams", msteams_configs: [{ webhook_url_secret: "teamsUrl" }] }], routes: [{ receiver: "teams", matchers: ['team="x"'] }] }, teamsUrl: ref("am", "teams") }, {}, (s) => assert.ok(s.alertmanager.existingSecrets?.teamsUrl)],
    [
        "a receiver's basic auth password on 0.25 (prometheus/common's password_file)",
        { alertmanager: { image: "quay.io/prometheus/alertmanager:v0.25.0", receivers: [{ name: "hook", webhook_configs: [{ url_secret: "hookUrl", http_config: { basic_auth: { username: "am", password_secret: "hookPassword" } } }] }], routes: [{ receiver: "hook", matchers: ['team="x"'] }] }, hookPassword: ref("hook", "password") },
        { hookUrl: "https://hooks.example.com/x" },
        (s) => assert.ok(s.alertmanager.existingSecrets?.hookPassword),
    ],
    ["the search password from an existing Secret", { logs: { search: { host: "es", user: "fluentd", scheme: "https" } }, searchPassword: ref("search", "password") }, {}, (s) => {
        assert.deepStrictEqual(s.logs.search.passwordSecret, { name: "search", key: "password" });
        assert.strictEqual(s.logs.search.password, undefined);
    }],
    ["a remote write password from an existing Secret", { metrics: { remoteWrite: [{ url: "https://w.example.com/api/v1/write", basicAuth: { username: "u", passwordKey: "writePassword" } }] }, writePassword: ref("write", "password") }, {}, (s) => {
        assert.deepStrictEqual(s.metrics.remoteWriteExistingSecrets, { writePassword: { name: "write", key: "password" } });
        assert.strictEqual(s.metrics.remoteWriteSecrets, undefined);
    }],
    ["the three etcd files from an existing Secret", { metrics: { jobs: { etcd: true }, etcd: { scheme: "https", endpoints: ["10.0.0.11"] } }, etcdCaCert: ref("etcd", "ca.crt"), etcdClientCert: ref("etcd", "tls.crt"), etcdClientKey: ref("etcd", "tls.key") }, {}, (s) => {
        assert.deepStrictEqual(s.metrics.etcdClientSecrets?.clientKey, { name: "etcd", key: "tls.key" });
        assert.strictEqual(s.metrics.etcdClient, undefined);
        // Prometheus mounts them at the files its etcd job reads, and the program writes no kvstore-client-cert.
        assert.strictEqual(etcdClientSecret(s.metrics), undefined);
        const volume = volumes(s.metrics).find((v) => v.name === "secret-kvstore-client-cert") as any;
        assert.deepStrictEqual(volume.projected.sources, [{ secret: { name: "etcd", items: [{ key: "ca.crt", path: ETCD_SECRET_FILES.caCert }, { key: "tls.crt", path: ETCD_SECRET_FILES.clientCert }, { key: "tls.key", path: ETCD_SECRET_FILES.clientKey }].sort((a, b) => a.path.localeCompare(b.path)) } }]);
        assert.ok(volumeMounts(s.metrics).some((m) => m.name === "secret-kvstore-client-cert" && m.mountPath === etcdSecretMountPath()));
    }],
    ["both S3 keys of the backup from existing Secrets", { longTermStore: { enabled: true, backup: BACKUP }, storeBackupKeyId: ref("s3", "id"), storeBackupSecret: ref("s3", "secret") }, {}, (s) => {
        assert.strictEqual(s.longTermStore.backupCredentials, undefined);
        assert.strictEqual(backupSecret(s.longTermStore), undefined);
        const env = backupEnv(s.longTermStore);
        assert.deepStrictEqual(env.find((e) => e.name === "AWS_ACCESS_KEY_ID")?.valueFrom, { secretKeyRef: { name: "s3", key: "id" } });
        assert.deepStrictEqual(env.find((e) => e.name === "AWS_SECRET_ACCESS_KEY")?.valueFrom, { secretKeyRef: { name: "s3", key: "secret" } });
    }],
    ["an OIDC client secret from an existing Secret: oauth2-proxy reads it from its environment, the gateway's own Secret holds the cookie secret only", { metrics: { ingress: OIDC_INGRESS }, prometheusOidcClientSecret: ref("oidc", "prometheus") }, {}, (s) => {
        assert.deepStrictEqual(s.metrics.oidcClientSecret, { existing: { name: "oidc", key: "prometheus" } });
        const m = prometheusGatewayModel(s)!;
        const proxy = (gatewayDeployment(m) as any).spec.template.spec.containers.find((c: any) => c.name === "oauth2-proxy") as any;
        assert.deepStrictEqual(proxy.env, [{ name: "OAUTH2_PROXY_CLIENT_SECRET", valueFrom: { secretKeyRef: { name: "oidc", key: "prometheus" } } }]);
        // No --client-secret-file beside the variable (the flag would name a file the volume no longer has), and no value in an argument.
        assert.ok(!proxy.args.some((a: string) => a.startsWith("--client-secret")), proxy.args.join(" "));
        assert.deepStrictEqual(Object.keys(oauth2Secret(m, undefined, "cookie").stringData as object), ["cookie-secret"]);
        const volume = (gatewayDeployment(m) as any).spec.template.spec.volumes.find((v: any) => v.name === "oauth2") as any;
        assert.deepStrictEqual(volume.secret.items, [{ key: "cookie-secret", path: "cookie-secret" }]);
    }],
    ["the same OIDC client secret as a Pulumi secret: read from the gateway's own Secret, as before", { metrics: { ingress: OIDC_INGRESS } }, { prometheusOidcClientSecret: "oidc-client-secret-1f2e" }, (s) => {
        const m = prometheusGatewayModel(s)!;
        const proxy = (gatewayDeployment(m) as any).spec.template.spec.containers.find((c: any) => c.name === "oauth2-proxy") as any;
        assert.strictEqual(proxy.env, undefined);
        assert.ok(proxy.args.includes("--client-secret-file=/etc/oauth2-proxy/client-secret"));
    }],
    ["an edge's password from an existing Secret: vmauth reads it from its environment, auth.yml holds its placeholder", { metrics: { externalLabels: { cluster: "central" } }, longTermStore: { enabled: true, edges: [{ cluster: "edge-a", passwordKey: "edgeAWritePassword" }, { cluster: "edge-b", passwordKey: "edgeBWritePassword" }] }, edgeBWritePassword: ref("edge-credentials", "edge-b") }, { edgeAWritePassword: "edgeApassw0rdFromPulumi" }, (s) => {
        assert.deepStrictEqual(s.longTermStore.edgeExistingPasswords, { "edge-b": { name: "edge-credentials", key: "edge-b" } });
        assert.deepStrictEqual(Object.keys(s.longTermStore.edgePasswords ?? {}), ["edge-a"]);
        const env = vmauthEnv(s.longTermStore);
        assert.deepStrictEqual(env.find((e) => e.name === "EDGE_PASSWORD_1"), { name: "EDGE_PASSWORD_1", valueFrom: { secretKeyRef: { name: "edge-credentials", key: "edge-b" } } });
        assert.ok(!env.some((e) => e.name === "EDGE_PASSWORD_0"), "edge-a's password is a Pulumi secret, in auth.yml itself");
    }],
    ["an extra.env entry that names the existing Secret itself", { metrics: { extra: { env: [{ name: "APP_TOKEN", valueFrom: { secretKeyRef: { name: "app", key: "token" } } }] } } }, {}, (s) => assert.ok(s.metrics.extra?.env)],
];

describe("existing Secrets for the secret stack keys (issue #44, docs/existing-secrets.md)", () => {
    describe("at load", () => {
        for (const [what, overrides, secrets, key, expected] of REFUSED) {
            it(`refuses ${what}, naming ${key}`, () => {
                const config = { ...requiredConfig(), ...Object.fromEntries(Object.entries(overrides).map(([k, v]) => [k, typeof v === "object" && !("secretKeyRef" in v) ? { ...(requiredConfig()[k] ?? {}), ...v } : v])) };
                assert.match(problemAt(problemsOfConfig(config, secrets), key).expected, expected);
            });
        }
        for (const [what, overrides, secrets, check] of ACCEPTED) {
            it(`accepts ${what}`, () => check(settingsWith(overrides, secrets)));
        }

        it("writes an edge's placeholder, never a value, into vmauth's auth.yml for an edge whose password is in an existing Secret", async () => {
            const s = settingsWith({ metrics: { externalLabels: { cluster: "central" } }, longTermStore: { enabled: true, edges: [{ cluster: "edge-a", passwordKey: "edgeAWritePassword" }, { cluster: "edge-b", passwordKey: "edgeBWritePassword" }] }, edgeBWritePassword: ref("edge-credentials", "edge-b") }, { edgeAWritePassword: "edgeApassw0rdFromPulumi" });
            const text: string = await outputValue((vmauthSecret(s.longTermStore).stringData as any)["auth.yml"]);
            assert.match(text, /password: '%\{EDGE_PASSWORD_1\}'\n/, text);
            assert.deepStrictEqual(parse(text).users.map((u: any) => [u.username, u.password]), [["edge-a", "edgeApassw0rdFromPulumi"], ["edge-b", "%{EDGE_PASSWORD_1}"]]);
        });

        it("reports every refused reference of one file in one run", () => {
            const config = { ...requiredConfig(), logs: { search: { host: "es", user: "fluentd", scheme: "https" } }, alertmanager: { image: "quay.io/prometheus/alertmanager:v0.25.0" } };
            const problems: ConfigProblem[] = problemsOfConfig({ ...config, prometheusOidcClientSecret: ref("s", "p"), alertWebhookUrl: ref("am", "url"), grafanaAdminPassword: ref("Bad_Name", "p") });
            for (const key of [`${C}:prometheusOidcClientSecret`, `${C}:alertWebhookUrl`, `${C}:grafanaAdminPassword.secretKeyRef.name`]) {
                problemAt(problems, key);
            }
        });

        it("has a row in config/existing-secrets.ts and docs/existing-secrets.md for every secret, each with its indirection or refusal", () => {
            const docs = fs.readFileSync(path.resolve(__dirname, "../docs/existing-secrets.md"), "utf8");
            for (const row of EXISTING_SECRET_ROWS) {
                assert.ok((row.indirection === undefined) !== (row.refusal === undefined), row.secret);
                assert.ok(docs.includes(`| ${row.secret} | ${row.consumer} | ${row.namespace} | ${row.indirection ?? `refused: ${row.refusal}`} |`), `docs/existing-secrets.md lacks the row of ${row.secret}`);
            }
        });
    });

    describe("the example docs/examples/Pulumi.existing-secrets.yaml", () => {
        let objects: KubernetesObject[];
        let checklist: string;
        before(async () => {
            const r = await renderStack(EXAMPLES, "existing-secrets");
            objects = r.objects;
            checklist = r.checklist;
        });
        const one = (kind: string, name: string) => {
            const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
            assert.ok(o, `no ${kind} ${name}`);
            return o as any;
        };

        it("Grafana reads its admin password and the search password, fluentd the search password, from the existing Secrets; no own Secret holds them", () => {
            const env = one("Deployment", "grafana").spec.template.spec.containers[0].env;
            assert.deepStrictEqual(env.find((e: any) => e.name === "GF_SECURITY_ADMIN_PASSWORD").valueFrom, { secretKeyRef: { name: "grafana-admin", key: "password" } });
            assert.deepStrictEqual(env.find((e: any) => e.name === "SEARCH_PASSWORD").valueFrom, { secretKeyRef: { name: "search-credentials", key: "password" } });
            const fluentd = objects.find((o) => o.kind === "DaemonSet" && o.metadata.name.startsWith("fluentd")) as any;
            assert.deepStrictEqual(fluentd.spec.template.spec.containers[0].env.find((e: any) => e.name === "OUTPUT_PASSWORD").valueFrom, { secretKeyRef: { name: "search-credentials", key: "password" } });
            assert.ok(!objects.some((o) => o.kind === "Secret" && o.metadata.name.endsWith("-search-credentials")), "the log agent's own credentials Secret");
            assert.ok(!("admin-password" in (one("Secret", "grafana").stringData ?? {})));
        });

        it("Alertmanager and Prometheus mount the existing Secrets' keys as files named after the stack keys; no Secret of the program holds them", () => {
            const am = one("StatefulSet", "alertmanager").spec.template.spec;
            const projected = am.volumes.find((v: any) => v.name === "existing-secrets").projected;
            assert.deepStrictEqual(projected.sources, [
                { secret: { name: "opsgenie", items: [{ key: "api-key", path: "alertOpsgenieKey" }] } },
                { secret: { name: "alertmanager-receivers", items: [{ key: "pagerduty-routing-key", path: "alertPagerdutyKey" }, { key: "slack-url", path: "alertSlackUrl" }] } },
            ]);
            assert.deepStrictEqual(am.containers[0].volumeMounts.find((m: any) => m.name === "existing-secrets"), { name: "existing-secrets", mountPath: EXISTING_SECRETS_DIR, readOnly: true });
            const prometheus = one("StatefulSet", "monitor").spec.template.spec;
            assert.deepStrictEqual(prometheus.volumes.find((v: any) => v.name === "secret-remote-write").projected.sources, [{ secret: { name: "central-write", items: [{ key: "password", path: "centralWritePassword" }] } }]);
            // The program writes no remote-write Secret at all: every key it would hold comes from the cluster.
            assert.ok(!objects.some((o) => o.kind === "Secret" && o.metadata.name === "monitor-remote-write"));
            for (const secret of objects.filter((o) => o.kind === "Secret") as any[]) {
                for (const key of ["grafanaAdminPassword", "alertSlackUrl", "alertPagerdutyKey", "alertOpsgenieKey", "centralWritePassword", "searchPassword", "admin-password", "search-password"]) {
                    assert.ok(!(key in (secret.stringData ?? {})) && !(key in (secret.data ?? {})), `${secret.metadata.name} holds ${key}`);
                }
            }
        });

        it("Prometheus' auth gateway: oauth2-proxy reads the OIDC client secret from the existing Secret; the gateway's own Secret holds the generated cookie secret only", () => {
            const proxy = one("Deployment", "monitor-auth").spec.template.spec.containers.find((c: any) => c.name === "oauth2-proxy");
            assert.deepStrictEqual(proxy.env, [{ name: "OAUTH2_PROXY_CLIENT_SECRET", valueFrom: { secretKeyRef: { name: "oidc-clients", key: "prometheus" } } }]);
            assert.ok(!proxy.args.some((a: string) => a.startsWith("--client-secret")), proxy.args.join(" "));
            assert.ok(proxy.args.includes("--cookie-secret-file=/etc/oauth2-proxy/cookie-secret"));
            const own = one("Secret", "monitor-auth-oauth2");
            assert.deepStrictEqual(Object.keys({ ...(own.stringData ?? {}), ...(own.data ?? {}) }), ["cookie-secret"]);
            for (const map of objects.filter((o) => o.kind === "ConfigMap") as any[]) {
                assert.ok(!JSON.stringify(map.data ?? {}).includes("client-secret"), `${map.metadata.name} names a client secret`);
            }
        });

        it("the configs name the files, never a value: Alertmanager's *_file keys, Prometheus' password_file", () => {
            const s = exampleSettings("existing-secrets");
            const config = parse(renderAlertmanagerConfig(alertmanagerConfig(s.alertmanager, {}, {})));
            const receiver = (name: string) => config.receivers.find((r: any) => r.name === name);
            assert.deepStrictEqual(Object.keys(receiver("default").slack_configs[0]).filter((k) => k.startsWith("api_url")), ["api_url_file"]);
            assert.strictEqual(receiver("default").slack_configs[0].api_url_file, `${EXISTING_SECRETS_DIR}/alertSlackUrl`);
            assert.strictEqual(receiver("pagerduty").pagerduty_configs[0].routing_key_file, `${EXISTING_SECRETS_DIR}/alertPagerdutyKey`);
            assert.strictEqual(receiver("db-oncall").opsgenie_configs[0].api_key_file, `${EXISTING_SECRETS_DIR}/alertOpsgenieKey`);
            assert.ok(!("api_key" in receiver("db-oncall").opsgenie_configs[0]));
            const prometheus = parse(generatedPrometheusFiles(s).prometheusYml);
            assert.deepStrictEqual(prometheus.remote_write[0].basic_auth, { username: "platform", password_file: `${remoteWriteSecretMountPath(s.metrics)}/centralWritePassword` });
        });

        it("the production checklist lists each existing Secret, with its namespace, name and key, as provided by the cluster", () => {
            const section = checklist.slice(checklist.indexOf("Secrets provided by the cluster"), checklist.indexOf("Secrets the program generates"));
            for (const line of [
                "monitoring/alertmanager-receivers, keys pagerduty-routing-key, slack-url: read by StatefulSet monitoring/alertmanager",
                "monitoring/central-write, key password: read by StatefulSet monitoring/monitor",
                "monitoring/grafana-admin, key password: read by Deployment monitoring/grafana",
                "monitoring/opsgenie, key api-key: read by StatefulSet monitoring/alertmanager",
                // One Secret, read in two namespaces: it must exist in each.
                "kube-system/search-credentials, key password: read by DaemonSet kube-system/fluentd-es-v2.7.0",
                "monitoring/search-credentials, key password: read by Deployment monitoring/grafana",
                "monitoring/oidc-clients, key prometheus: read by Deployment monitoring/monitor-auth",
            ]) {
                assert.ok(section.includes(line), `${line}\nnot in\n${section}`);
            }
            assert.ok(/Secrets set in the stack \(pulumi config set --secret\):\n    none/.test(checklist), checklist);
        });
    });
});
