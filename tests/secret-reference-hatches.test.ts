import { isSecretGeneration } from "./harness/secret-generations";
import * as assert from "assert";
import { ConfigError } from "../config";
import { credentialInPlainText, credentialNamed, KUBERNETES_VAR_REFERENCE } from "../config/credentials";
import { remoteWriteSecretName } from "../components/prometheus/layout";
import { secretName as grafanaSecretName } from "../components/grafana/layout";
import { isWrappedSecret, unwrapSecret } from "../render/engine-mocks";
import { runProgram } from "./harness/program";
import { findOne } from "./harness/pulumi-mocks";
import { configErrorOf, GRAFANA_SECRETS, requiredConfig, settingsWith } from "./harness/stack-config";

/**
 * Issue #41, class 3: a credential in plain text outside a Secret. One shape of secret reference,
 * `{ secretKey } | { secretKeyRef: { name, key } }` (config/secret-reference.ts), taken by every
 * field that may carry a credential without a dedicated secret key; where the consumer has no file
 * or env indirection (Prometheus' endpoint_params and params, remote-write headers, a data source's
 * jsonData), a value that looks like a credential is refused. Each refusal names the key, never
 * shows the value, and says what was expected; each valid neighbour loads.
 */

const M = "cluster-monitoring:metrics";
const AM = "cluster-monitoring:alertmanager";
const G = "cluster-monitoring:grafana";
const TOKEN = "ghp_s3cr3tT0kenValue9f2a";
const PASSWORD = "Pa55-w0rd-9x";
const WRITE = "https://metrics.example.com/api/v1/write";
const env = (entry: Record<string, unknown>) => ({ extra: { env: [entry] } });

type Overrides = Record<string, Record<string, unknown>>;

/** [what, overrides, secrets, key, expected]: each refused, naming the key. */
const REFUSED: [string, Overrides, Record<string, string>, string, RegExp][] = [
    ["a token in an env value", { metrics: env({ name: "API_TOKEN", value: TOKEN }) }, {}, `${M}.extra.env[0].value`, /no credential in plain text: API_TOKEN looks like one \(its name ends in token\).*valueFrom: \{ secretKey \} or \{ secretKeyRef: \{ name, key \} \}/],
    ["a camelCase client secret in Alertmanager's env", { alertmanager: env({ name: "clientSecret", value: TOKEN }) }, {}, `${AM}.extra.env[0].value`, /its name ends in secret/],
    ["a password in Grafana's env", { grafana: { enabled: true, ...env({ name: "DB_PASSWORD", value: PASSWORD }) } }, GRAFANA_SECRETS, `${G}.extra.env[0].value`, /its name ends in password/],
    ["an access key in an env value", { metrics: env({ name: "AWS_SECRET_ACCESS_KEY", value: TOKEN }) }, {}, `${M}.extra.env[0].value`, /its name ends in access key/],
    ["a URL with a password under any name", { metrics: env({ name: "DATABASE_URL", value: `postgres://app:${PASSWORD}@db.example.com/app` }) }, {}, `${M}.extra.env[0].value`, /it holds a URL with a password/],
    ["a proxy with a password", { metrics: env({ name: "HTTPS_PROXY", value: `http://ops:${PASSWORD}@proxy.example.com:3128` }) }, {}, `${M}.extra.env[0].value`, /it holds a URL with a password/],
    ["a URL with a password in a flag", { metrics: { extra: { args: [`--web.page-title=https://ops:${PASSWORD}@x.example.com`] } } }, {}, `${M}.extra.args[0]`, /a flag without a credential.*URL with a password/],
    [
        "a credential in OAuth2's endpointParams, which Prometheus reads only from its ConfigMap",
        { metrics: { image: "quay.io/prometheus/prometheus:v3.5.0", remoteWrite: [{ url: WRITE, oauth2: { clientId: "w", clientSecretKey: "rwSecret", tokenUrl: "https://login.example.com/t", endpointParams: { client_assertion: TOKEN } } }] } },
        { rwSecret: "client-secret-1" },
        `${M}.remoteWrite[0].oauth2.endpointParams.client_assertion`,
        /no credential in plain text: client_assertion looks like one \(its name ends in assertion\); Prometheus reads endpoint_params only from its config file, in a ConfigMap, with no file or env indirection/,
    ],
    [
        "a credential in an extra scrape config's params",
        { metrics: { extraScrapeConfigs: [{ job_name: "x", static_configs: [{ targets: ["10.0.0.5:9100"] }], params: { api_key: [TOKEN] } }] } },
        {},
        `${M}.extraScrapeConfigs[0].params.api_key`,
        /its name ends in api key\); Prometheus sends params in the URL's query/,
    ],
    ["a credential header of remote write", { metrics: { image: "quay.io/prometheus/prometheus:v3.5.0", remoteWrite: [{ url: WRITE, headers: { "X-Auth-Token": TOKEN } }] } }, {}, `${M}.remoteWrite[0].headers.X-Auth-Token`, /a header that carries no credential: X-Auth-Token looks like one \(its name ends in token\)/],
    [
        "a token in a data source's jsonData",
        { grafana: { enabled: true, dataSources: [{ name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100", jsonData: { apiToken: TOKEN } }] } },
        GRAFANA_SECRETS,
        `${G}.dataSources[0].jsonData.apiToken`,
        /looks like a credential \(its name ends in token\).*secureJsonData as apiToken_secret/,
    ],
    [
        "a credential in a probe URL's query, which lands in Prometheus' ConfigMap",
        { blackboxExporter: { enabled: true, probes: [{ name: "shop", target: `https://shop.example.com/health?api_key=${TOKEN}` }] } },
        {},
        "cluster-monitoring:blackboxExporter.probes[0].target",
        /a URL whose query holds no credential: its parameter api_key looks like one \(its name ends in api key\)/,
    ],
    [
        "a URL with a password in a free grafana.ini section",
        { grafana: { enabled: true, ini: { date_formats: { default_timezone: `https://ops:${PASSWORD}@tz.example.com/` } } } },
        GRAFANA_SECRETS,
        `${G}.ini.date_formats.default_timezone`,
        /default_timezone_secret naming a secret stack key: the value holds a URL with a password/,
    ],
    ["a URL with a password in a pod annotation", { metrics: { extra: { podAnnotations: { "example.com/backup": `s3://ak:${PASSWORD}@bucket/x` } } } }, {}, `${M}.extra.podAnnotations.example.com/backup`, /an annotation without a credential/],
    ["a secretKey that is not set", { metrics: env({ name: "API_TOKEN", valueFrom: { secretKey: "appToken" } }) }, {}, `${M}.extra.env[0].valueFrom.secretKey, cluster-monitoring:appToken`, /a secret at cluster-monitoring:appToken/],
    ["a secretKey that the program reads for another purpose", { metrics: env({ name: "API_TOKEN", valueFrom: { secretKey: "searchPassword" } }) }, {}, `${M}.extra.env[0].valueFrom.secretKey`, /a top-level key of its own.*reads cluster-monitoring:searchPassword for another purpose/],
    ["a secretKey on Alertmanager, whose pod holds no Secret of stack keys", { alertmanager: env({ name: "HTTPS_PROXY", valueFrom: { secretKey: "proxyUrl" } }) }, { proxyUrl: "https://proxy.example.com" }, `${AM}.extra.env[0].valueFrom.secretKey`, /secretKeyRef: \{ name, key \} \} naming an existing Secret: Alertmanager's pod has no Secret/],
    ["both arms of the reference", { metrics: env({ name: "API_TOKEN", valueFrom: { secretKey: "appToken", secretKeyRef: { name: "app", key: "token" } } }) }, { appToken: TOKEN }, `${M}.extra.env[0].valueFrom.secretKeyRef`, /exactly one of secretKey, secretKeyRef, configMapKeyRef \(secretKey and secretKeyRef are both set\)/],
    ["a Secret key Kubernetes refuses", { metrics: env({ name: "API_TOKEN", valueFrom: { secretKeyRef: { name: "app", key: "my token" } } }) }, {}, `${M}.extra.env[0].valueFrom.secretKeyRef.key`, /a key of a Secret's data/],
];

/** [what, overrides, secrets]: each loads. */
const ACCEPTED: [string, Overrides, Record<string, string>][] = [
    ["a path under a credential's name", { metrics: env({ name: "GITHUB_TOKEN", value: "/var/run/secrets/github/token" }) }, {}],
    ["a $(VAR) reference, Kubernetes' own indirection", { metrics: { extra: { env: [{ name: "RAW", valueFrom: { secretKeyRef: { name: "app", key: "t" } } }, { name: "API_TOKEN", value: "$(RAW)" }, { name: "AUTHORIZATION", value: "Bearer $(RAW)" }] } } }, {}],
    ["an OpenSSH public key under a key's name", { metrics: env({ name: "SSH_KEY", value: "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGp6XN5PAs2o6Mex4Yk1v6dsm2Ycu0fQz0JfVPb2S0p7 ops@example.com" }) }, {}],
    ["a name that says public", { metrics: env({ name: "JWT_PUBLIC_KEY", value: "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1L7VLPHCgcBIjAN" }) }, {}],
    ["names whose last word is no credential", { metrics: { extra: { env: [{ name: "TOKEN_TTL", value: "3600" }, { name: "AUTH_ENABLED", value: "true" }, { name: "PASSWORD_MIN_LENGTH", value: "12" }] } } }, {}],
    ["an empty value", { alertmanager: env({ name: "API_TOKEN", value: "" }) }, {}],
    ["an endpoint parameter that is no credential", { metrics: { image: "quay.io/prometheus/prometheus:v3.5.0", remoteWrite: [{ url: WRITE, oauth2: { clientId: "w", clientSecretKey: "rwSecret", tokenUrl: "https://login.example.com/t", endpointParams: { audience: "metrics", resource: "https://metrics.example.com" } } }] } }, { rwSecret: "client-secret-1" }],
    [
        "jsonData keys that only contain a credential's word (tokenUri, privateKeyPath), which the old substring check refused",
        { grafana: { enabled: true, dataSources: [{ name: "Sheets", uid: "sheets", type: "loki", url: "http://loki.logging.svc:3100", jsonData: { tokenUri: "https://oauth2.googleapis.com/token", privateKeyPath: "/etc/sheets/key.pem" } }] } },
        GRAFANA_SECRETS,
    ],
    ["a header that is no credential", { metrics: { image: "quay.io/prometheus/prometheus:v3.5.0", remoteWrite: [{ url: WRITE, headers: { "X-Scope-OrgID": "prod", "X-Auth-Request-Redirect": "/" } }] } }, {}],
    ["a probe URL with a query that is no credential", { blackboxExporter: { enabled: true, probes: [{ name: "shop", target: "https://shop.example.com/health?ready=1&token_ttl=60" }] } }, {}],
    ["annotations whose names speak of secrets, valued with paths and switches (Vault's)", { metrics: { extra: { podAnnotations: { "vault.hashicorp.com/agent-inject-secret-db-password": "database/creds/app", "vault.hashicorp.com/agent-inject-token": "true" } } } }, {}],
    ["both arms of the reference, each alone", { metrics: { extra: { env: [{ name: "A_TOKEN", valueFrom: { secretKey: "appToken" } }, { name: "B_TOKEN", valueFrom: { secretKeyRef: { name: "app", key: "token" } } }] } } }, { appToken: TOKEN }],
];

describe("issue #41 class 3: credentials in plain text outside Secrets, and the one secret reference", () => {
    describe("refused, naming the key, the value masked, what was expected", () => {
        for (const [what, overrides, secrets, key, expected] of REFUSED) {
            it(what, () => {
                const e = configErrorOf(overrides, secrets);
                const p = e.problems.find((x) => x.key === key);
                assert.ok(p, `no problem at ${key}:\n${e.message}`);
                assert.match(p.expected, expected, e.message);
                for (const secret of [TOKEN, PASSWORD]) {
                    assert.ok(!e.message.includes(secret), `the value is shown:\n${e.message}`);
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

    it("the name-based check reads the last word of a name, and the neighbours whatever the name", () => {
        const names: [string, string | undefined][] = [
            ["GITHUB_TOKEN", "token"],
            ["clientSecret", "secret"],
            ["X-Api-Key", "api key"],
            ["APIKey", "api key"],
            ["secretAccessKey", "access key"],
            ["routing_key", "routing key"],
            ["DB_CONNECTION_STRING", "connection string"],
            ["TOKEN_TTL", undefined],
            ["tokenUri", undefined],
            ["PUBLIC_KEY", undefined],
            ["X-Scope-OrgID", undefined],
            ["AWS_ACCESS_KEY_ID", undefined],
        ];
        assert.deepStrictEqual(names.map(([n]) => [n, credentialNamed(n)]), names);
        const ref = { reference: KUBERNETES_VAR_REFERENCE };
        assert.strictEqual(credentialInPlainText("API_TOKEN", "$(RAW)", ref), undefined);
        assert.match(String(credentialInPlainText("API_TOKEN", "$(RAW)")), /its name ends in token/, "$(VAR) is a neighbour only where the consumer expands it");
        assert.match(String(credentialInPlainText("API_TOKEN", "x$(RAW)", ref)), /its name ends in token/, "text around a reference is literal");
        assert.strictEqual(credentialInPlainText("CA_BUNDLE_TOKEN", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"), undefined);
        assert.match(String(credentialInPlainText("SIGNING_KEY", "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n")), /signing key/);
        assert.match(String(credentialInPlainText("NOTE", "see https://a:b@x.example.com")), /URL with a password/);
        assert.strictEqual(credentialInPlainText("NOTE", "see https://x.example.com/a:b@c"), undefined, "an @ in a path is no user info");
    });

    it("secretKey joins the Secret the program writes beside the workload, and the env points at it; secretKeyRef points at the named Secret; the value is nowhere else", async () => {
        const config = requiredConfig();
        config.metrics = { ...config.metrics, extra: { env: [{ name: "API_TOKEN", valueFrom: { secretKey: "appToken" } }, { name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } }] } };
        config.grafana = { enabled: true, extra: { env: [{ name: "LOKI_TOKEN", valueFrom: { secretKey: "lokiToken" } }] } };
        const lokiToken = "loki-t0ken-77c1";
        const { resources } = await runProgram(config, { ...GRAFANA_SECRETS, appToken: TOKEN, lokiToken });
        const main = findOne(resources, "kubernetes:apps/v1:StatefulSet", "monitor").inputs.spec.template.spec.containers.find((c: any) => c.name === "monitor");
        const secretName = remoteWriteSecretName({ name: "monitor" } as any);
        assert.deepStrictEqual(main.env.slice(-2), [
            { name: "API_TOKEN", valueFrom: { secretKeyRef: { name: secretName, key: "appToken" } } },
            { name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } },
        ]);
        const grafana = findOne(resources, "kubernetes:apps/v1:Deployment", "grafana").inputs.spec.template.spec.containers.find((c: any) => c.name === "grafana");
        assert.deepStrictEqual(grafana.env.at(-1), { name: "LOKI_TOKEN", valueFrom: { secretKeyRef: { name: grafanaSecretName({ name: "grafana" }), key: "lokiToken" } } });
        const plain = (stringData: any, key: string) => {
            const files = isWrappedSecret(stringData) ? unwrapSecret(stringData) : stringData;
            return isWrappedSecret(files[key]) ? unwrapSecret(files[key]) : files[key];
        };
        const holder = (name: string) => resources.find((r) => r.type === "kubernetes:core/v1:Secret" && r.inputs.metadata?.name === name)!;
        assert.strictEqual(plain(holder(secretName).inputs.stringData, "appToken"), TOKEN);
        assert.strictEqual(plain(holder("grafana").inputs.stringData, "lokiToken"), lokiToken);
        // Nowhere else: no ConfigMap, argument, annotation or other Secret holds either value; only the
        // generations of the Secrets that hold them, whose keepers are Pulumi secrets (tests/harness/secret-generations.ts).
        const others = resources.filter((r) => r !== holder(secretName) && r !== holder("grafana") && !isSecretGeneration(r)).map((r) => JSON.stringify(r.inputs));
        assert.ok(!others.some((t) => t.includes(TOKEN) || t.includes(lokiToken)), "a secret value is in another resource");
    });
});
