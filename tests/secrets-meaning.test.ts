import * as assert from "assert";
import { execFileSync } from "child_process";
import { ConfigError, plainConfigSource } from "../config";
import { secretKindOf, secretValueProblem, UNREADABLE_SECRET } from "../config/secret-text";
import { SECRET_MARKER } from "../render/secret-marker";
import { loadStackSettings } from "../stack";
import { testCredentials } from "./harness/prometheus";
import { configErrorOf, requiredConfig, settingsWith } from "./harness/stack-config";

/**
 * Issue #41, class 4: a secret value was checked for control characters only, so an empty edge
 * password rendered a vmauth user anyone could write as. Each secret is now checked for what it
 * means at load (config/secret-text.ts): not empty; a URL where a URL is expected (absolute
 * http(s), https unless the host is inside the cluster); PEM where PEM is expected. Each refusal
 * names the key and the setting that refers to it, never shows the value, and says what was
 * expected; each valid neighbour loads. A value read from another stack is checked by the same
 * function at deploy time, before the provider exists (tests/long-term-store-central-stack.test.ts).
 */

const { cert, key } = testCredentials();
/** The same key as openssl writes it in other ways. */
function keyAs(...args: string[]): string {
    return execFileSync("openssl", ["pkey", ...args], { input: key, encoding: "utf8" });
}
const RSA_KEY = keyAs("-traditional");
const ENCRYPTED_KEY = keyAs("-aes256", "-passout", "pass:x");
const BUNDLE = `# Issuer: test one\n${cert}\n# Issuer: test two\n${cert}`;

const store = (edges: unknown[]) => ({
    metrics: { externalLabels: { cluster: "central" } },
    longTermStore: { enabled: true, edges, ingress: { host: "metrics.central.example.com", tlsSecretName: "tls" } },
});
const etcd = { metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "https" } } };
const WRITE = "https://metrics.example.com/api/v1/write";
const webhook = (urlKey: string) => ({ alertmanager: { receivers: [{ name: "chat", webhook_configs: [{ url_secret: urlKey }] }], routes: [{ receiver: "chat", matchers: ["team=db"] }] } });

type Overrides = Record<string, Record<string, unknown>>;

/** [what, overrides, secrets, key, expected]: each refused at the secret's key. */
const REFUSED: [string, Overrides, Record<string, string>, string, RegExp][] = [
    [
        "an empty edge password, which vmauth would take as a user anyone can write as",
        store([{ cluster: "edge-eu", passwordKey: "edgeEuWritePassword" }]),
        { edgeEuWritePassword: "" },
        "cluster-monitoring:edgeEuWritePassword",
        /a secret of one line that is not empty: the value is empty.*as cluster-monitoring:longTermStore\.edges\[0\]\.passwordKey expects/,
    ],
    ["a Grafana admin password of white space", { grafana: { enabled: true } }, { grafanaAdminPassword: "   " }, "cluster-monitoring:grafanaAdminPassword", /not empty: the value is white space alone/],
    ["an empty search password", { logs: { search: { host: "es.example.com", scheme: "https", user: "fluentd" } } }, { searchPassword: "" }, "cluster-monitoring:searchPassword", /not empty/],
    ["an empty remote write token", { metrics: { remoteWrite: [{ url: WRITE, bearerTokenKey: "remoteWriteToken" }] } }, { remoteWriteToken: "" }, "cluster-monitoring:remoteWriteToken", /not empty.*as cluster-monitoring:metrics\.remoteWrite\[0\]\.bearerTokenKey expects/],
    ["a webhook URL that is no URL", {}, { alertWebhookUrl: "hooks.example.com/alerts" }, "cluster-monitoring:alertWebhookUrl", /an absolute http:\/\/ or https:\/\/ URL; the value does not parse as one/],
    ["a Slack URL of another scheme", { alertmanager: { slack: { channel: "#alerts" } } }, { alertSlackUrl: "ftp://hooks.slack.com/services/x" }, "cluster-monitoring:alertSlackUrl", /the value's scheme is ftp/],
    ["a watchdog URL over http to a host outside the cluster", {}, { alertWatchdogUrl: "http://hc-ping.example.com/5f3a" }, "cluster-monitoring:alertWatchdogUrl", /an https:\/\/ URL: over http:\/\/ the URL.*crosses the network in clear; http:\/\/ is accepted only for a host inside the cluster/],
    ["a receiver's webhook URL over http outside", webhook("alertDbWebhookUrl"), { alertDbWebhookUrl: "http://chat.example.com/hooks/db" }, "cluster-monitoring:alertDbWebhookUrl", /an https:\/\/ URL.*as cluster-monitoring:alertmanager\.receivers\[0\]\.webhook_configs\[0\]\.url_secret expects/],
    ["a private key where the etcd CA is expected", etcd, { etcdCaCert: key, etcdClientCert: cert, etcdClientKey: key }, "cluster-monitoring:etcdCaCert", /a PEM certificate \(-----BEGIN CERTIFICATE-----\) and no private key: the value holds a PRIVATE KEY block/],
    ["a certificate where the etcd client key is expected", etcd, { etcdCaCert: cert, etcdClientCert: cert, etcdClientKey: cert }, "cluster-monitoring:etcdClientKey", /a PEM private key .*; the value holds a CERTIFICATE block/],
    ["an encrypted client key, which no Go TLS reads", etcd, { etcdCaCert: cert, etcdClientCert: cert, etcdClientKey: ENCRYPTED_KEY }, "cluster-monitoring:etcdClientKey", /unencrypted: neither Prometheus nor Go's TLS reads an encrypted key/],
    ["a remote write CA that is no PEM", { metrics: { remoteWrite: [{ url: WRITE, tls: { caKey: "remoteWriteCa" } }] } }, { remoteWriteCa: "ca-bundle.pem" }, "cluster-monitoring:remoteWriteCa", /the value holds no PEM block.*as cluster-monitoring:metrics\.remoteWrite\[0\]\.tls\.caKey expects/],
    [
        "a scrape CA whose body is no base64",
        { metrics: { extraScrapeConfigs: [{ job_name: "db", scheme: "https", static_configs: [{ targets: ["10.0.0.5:9187"] }], tls_config: { ca_secret: "dbCa" } }] } },
        { dbCa: "-----BEGIN CERTIFICATE-----\nnot base64!\n-----END CERTIFICATE-----\n" },
        "cluster-monitoring:dbCa",
        /a base64 body in the CERTIFICATE block/,
    ],
    [
        "a data source's client key that is no PEM",
        { grafana: { enabled: true, dataSources: [{ name: "Loki", uid: "loki", type: "loki", url: "https://loki.example.com", jsonData: { tlsAuth: true }, secureJsonData: { tlsClientCert_secret: "lokiCert", tlsClientKey_secret: "lokiKey" } }] } },
        { grafanaAdminPassword: "admin-pw-1", lokiCert: cert, lokiKey: "key-7f" },
        "cluster-monitoring:lokiKey",
        /a PEM private key/,
    ],
    ["a PagerDuty key with a line break", { alertmanager: { pagerduty: {} } }, { alertPagerdutyKey: "routing-key-9\n" }, "cluster-monitoring:alertPagerdutyKey", /a secret of one line, as text without control characters \(found U\+000A/],
];

/** [what, overrides, secrets]: each loads. */
const ACCEPTED: [string, Overrides, Record<string, string>][] = [
    ["an http:// webhook to a Service in the cluster", {}, { alertWebhookUrl: "http://alert-receiver.monitoring.svc:8080/hook" }],
    ["an http:// webhook to a Service of the namespace, or the cluster's full name", webhook("alertDbWebhookUrl"), { alertDbWebhookUrl: "http://chat-bridge/hooks/db", alertWebhookUrl: "http://receiver.ops.svc.cluster.local/x" }],
    ["an https:// webhook with user info, which the Secret holds", {}, { alertWebhookUrl: "https://alerts:pw@hooks.example.com/x" }],
    ["a CA bundle of two certificates with comments between them", etcd, { etcdCaCert: BUNDLE, etcdClientCert: cert, etcdClientKey: RSA_KEY }],
    ["a PKCS#8 key", etcd, { etcdCaCert: cert, etcdClientCert: cert, etcdClientKey: key }],
    ["an edge password that is not empty", store([{ cluster: "edge-eu", passwordKey: "edgeEuWritePassword" }]), { edgeEuWritePassword: "a-long-random-password-7c1e" }],
];

describe("issue #41 class 4: each secret value is checked for what it means, never echoed", () => {
    describe("refused, naming the key, the value masked, what was expected", () => {
        for (const [what, overrides, secrets, at, expected] of REFUSED) {
            it(what, () => {
                const e = configErrorOf(overrides, secrets);
                const p = e.problems.find((x) => x.key === at);
                assert.ok(p, `no problem at ${at}:\n${e.message}`);
                assert.match(p.expected, expected, e.message);
                assert.strictEqual(e.message.includes(`${at}: got a secret value`), true, "the value is masked");
                for (const value of Object.values(secrets).filter((v) => v.trim().length >= 6)) {
                    for (const line of value.split("\n").filter((l) => l.length >= 6 && !/^-----/.test(l))) {
                        assert.ok(!e.message.includes(line), `the value is shown:\n${e.message}`);
                    }
                }
            });
        }
    });

    describe("the valid neighbours load", () => {
        for (const [what, overrides, secrets] of ACCEPTED) {
            it(what, () => {
                assert.doesNotThrow(() => settingsWith(overrides, secrets), (e: unknown) => (e instanceof ConfigError ? e.message : String(e)));
            });
        }
    });

    it("one table says which secret holds what, by the setting that names it", () => {
        assert.deepStrictEqual(
            [
                "alertWebhookUrl",
                "cluster-monitoring:alertmanager.receivers[0].slack_configs[0].api_url_secret",
                "cluster-monitoring:metrics.remoteWrite[2].tls.caKey",
                "cluster-monitoring:metrics.extraScrapeConfigs[0].tls_config.key_secret",
                "cluster-monitoring:grafana.dataSources[1].secureJsonData.tlsCACert_secret",
                "etcdClientKey",
                "cluster-monitoring:longTermStore.edges[0].passwordKey",
            ].map(secretKindOf),
            ["url", "url", "certificate", "privateKey", "certificate", "privateKey", "line"],
        );
        assert.strictEqual(secretValueProblem("pw", "line"), undefined);
        assert.match(String(secretValueProblem("", "line")), /not empty/);
    });

    it("a secure: value the offline render cannot decrypt is left to pulumi preview, which checks it; the marker is the render's", () => {
        assert.strictEqual(UNREADABLE_SECRET, SECRET_MARKER);
        const config = { ...requiredConfig(), metrics: { ...requiredConfig().metrics, ...etcd.metrics } };
        assert.doesNotThrow(() => loadStackSettings(plainConfigSource(config, { etcdCaCert: SECRET_MARKER, etcdClientCert: SECRET_MARKER, etcdClientKey: SECRET_MARKER })));
    });
});
