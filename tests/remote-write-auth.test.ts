import * as assert from "assert";
import { testCredentials } from "./harness/prometheus";
import { stringify } from "yaml";
import { ConfigError } from "../config";
import { prometheusConfig } from "../components/prometheus/prometheus-config";
import { remoteWriteSecret } from "../components/prometheus/remote-write-secret";
import { statefulSet } from "../components/prometheus/statefulset";
import { metricsWarnings } from "../components/prometheus/warnings";
import { requiredFlows } from "../components/network-policies/flows";
import { REMOTE_WRITE_AUTH_SINCE } from "../prometheus-releases/remote-write-auth";
import { requiredConfig, settingsWith, configErrorOf, problemAt } from "./harness/stack-config";
import { prometheusInputsFor as prometheusInputsFor } from "./harness/stack-config";
import { runProgram } from "./harness/program";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { scrapeJobs } from "../stack/scrape-jobs";
import { isSecretGeneration } from "./harness/secret-generations";

/**
 * docs/long-term-storage.md#authentication: the auth kinds of a remote-write target beyond basic
 * auth and a bearer token, gated per minor version, one per target, every credential from the
 * remote-write Secret as a file or an environment reference, never a value in the config or pod.
 */

const M = "cluster-monitoring:metrics";
const DIR = "/etc/prometheus/secrets/monitor-remote-write";
const V3_14 = "quay.io/prometheus/prometheus:v3.14.0";

const SECRETS = {
    rwCert: testCredentials().cert,
    rwKey: testCredentials().key,
    awsKeyId: "AKIAEXAMPLE3d",
    awsSecret: "aws-secret-4c",
    oauthSecret: "oauth-secret-5b",
    azureSecret: "azure-secret-6a",
    rwToken: "token-7f",
};
const GUID = "11111111-2222-3333-4444-555555555555";
const TENANT = "66666666-7777-8888-9999-000000000000";

/** One target of each kind the later releases bring. */
const TARGETS = {
    headers: { url: "https://mimir.example.com/api/v1/push", headers: { "X-Scope-OrgID": "team-a" }, bearerTokenKey: "rwToken" },
    clientCert: { url: "https://store.example.com/api/v1/write", tls: { certKey: "rwCert", keyKey: "rwKey", serverName: "store.example.com" } },
    sigv4: { url: "https://aps-workspaces.eu-west-1.amazonaws.com/workspaces/ws-1/api/v1/remote_write", sigv4: { region: "eu-west-1", accessKeyIdKey: "awsKeyId", secretAccessKeyKey: "awsSecret" } },
    oauth2: {
        url: "https://write.example.com/api/v1/push",
        oauth2: { clientId: "prometheus", clientSecretKey: "oauthSecret", tokenUrl: "https://login.example.com/token", scopes: ["metrics.write"], endpointParams: { audience: "metrics" } },
    },
    azureOauth: { url: "https://ws.eastus.metrics.ingest.monitor.azure.com/dataCollectionRules/dcr-1/streams/Microsoft-PrometheusMetrics/api/v1/write", azureAd: { oauth: { clientId: GUID, tenantId: TENANT, clientSecretKey: "azureSecret" } } },
};

function configError(metrics: Record<string, unknown>, secrets: Record<string, string> = SECRETS): ConfigError {
    return configErrorOf({ metrics }, secrets);
}


/** A target that uses exactly `setting` of the table, with the secrets it needs. */
function targetUsing(setting: keyof typeof REMOTE_WRITE_AUTH_SINCE): Record<string, unknown> {
    const url = "https://store.example.com/api/v1/write";
    switch (setting) {
        case "basicAuth":
            return { url, basicAuth: { username: "w", passwordKey: "rwToken" } };
        case "bearerTokenKey":
            return { url, bearerTokenKey: "rwToken" };
        case "tls.caKey":
            return { url, tls: { caKey: "rwCert" } };
        case "tls.certKey":
        case "tls.keyKey":
            return TARGETS.clientCert;
        case "headers":
            return { url, headers: { "X-Scope-OrgID": "a" } };
        case "sigv4":
            return TARGETS.sigv4;
        case "oauth2":
            return TARGETS.oauth2;
        case "azureAd.managedIdentity":
            return { url, azureAd: { managedIdentity: { clientId: GUID } } };
        case "azureAd.oauth":
            return TARGETS.azureOauth;
        case "azureAd.workloadIdentity":
            return { url, azureAd: { workloadIdentity: { clientId: GUID, tenantId: TENANT } } };
    }
}

/** The secrets a target refers to, and no other: an unread secret is refused. */
function secretsOf(target: Record<string, unknown>): Record<string, string> {
    const text = JSON.stringify(target);
    return Object.fromEntries(Object.entries(SECRETS).filter(([k]) => text.includes(`"${k}"`)));
}

/** The version just below X.Y.0: the last minor before it, in a line the program supports. */
const BELOW: Record<string, string> = { "2.11.0": "", "2.25.0": "2.11.1", "2.26.0": "2.11.1", "2.27.0": "2.11.1", "2.45.0": "2.11.1", "2.52.0": "2.11.1", "3.7.0": "3.6.0" };

describe("remote-write authentication per release (docs/long-term-storage.md#authentication)", () => {
    describe("each auth key on the minor versions around its first release", () => {
        for (const [setting, { since, prometheusKey }] of Object.entries(REMOTE_WRITE_AUTH_SINCE) as [keyof typeof REMOTE_WRITE_AUTH_SINCE, (typeof REMOTE_WRITE_AUTH_SINCE)[keyof typeof REMOTE_WRITE_AUTH_SINCE]][]) {
            const target = targetUsing(setting);
            const below = BELOW[since];
            const lowest = since === "3.7.0" ? "3.7.0" : since <= "2.11.0" ? "2.11.1" : "2.53.0";
            it(`${setting} (${prometheusKey}): accepted on ${lowest}${below ? `, refused on ${below} naming ${since}` : ""}`, () => {
                const accepted = settingsWith({ metrics: { image: `quay.io/prometheus/prometheus:v${lowest}`, remoteWrite: [target] } }, secretsOf(target));
                assert.strictEqual(accepted.metrics.remoteWrite.length, 1);
                if (below) {
                    const e = configError({ image: `quay.io/prometheus/prometheus:v${below}`, remoteWrite: [target] }, secretsOf(target));
                    const p = problemAt(e, `${M}.remoteWrite[0].${setting}`);
                    assert.match(p.expected, new RegExp(`nothing on Prometheus ${below.replace(/\./g, "\\.")}: .*from ${since.replace(/\./g, "\\.")}`));
                }
            });
        }

        it("checks the minor version inside a line: workload identity is refused on 3.6 of the 3.5 to 3.14 line, all problems at once", () => {
            const e = configError(
                { image: "quay.io/prometheus/prometheus:v3.6.0", remoteWrite: [targetUsing("azureAd.workloadIdentity"), { ...TARGETS.sigv4, url: "https://aps.example.com/w" }] },
                secretsOf(TARGETS.sigv4),
            );
            assert.deepStrictEqual(
                e.problems.map((p) => p.key),
                [`${M}.remoteWrite[0].azureAd.workloadIdentity`],
            );
        });
    });

    describe("the rendered config", () => {
        const settings = settingsWith({ metrics: { image: V3_14, remoteWrite: Object.values(TARGETS) } }, SECRETS);
        const blocks = prometheusConfig(settings.metrics, prometheusInputsFor(settings, false)).remote_write!;

        it("writes each kind with its credentials as files of the mounted Secret or nothing", () => {
            const [headers, cert, sigv4, oauth2, azure] = blocks;
            assert.deepStrictEqual(headers.headers, { "X-Scope-OrgID": "team-a" });
            assert.strictEqual(headers.bearer_token_file, `${DIR}/rwToken`);
            assert.deepStrictEqual(cert.tls_config, { cert_file: `${DIR}/rwCert`, key_file: `${DIR}/rwKey`, server_name: "store.example.com" });
            assert.deepStrictEqual(sigv4.sigv4, { region: "eu-west-1" });
            assert.deepStrictEqual(oauth2.oauth2, {
                client_id: "prometheus",
                client_secret_file: `${DIR}/oauthSecret`,
                token_url: "https://login.example.com/token",
                scopes: ["metrics.write"],
                endpoint_params: { audience: "metrics" },
            });
            assert.deepStrictEqual(azure.azuread, { cloud: "AzurePublic", sdk: { tenant_id: TENANT } });
        });

        it("holds no secret value, and neither does the pod spec, which names Secret keys for the environment", () => {
            const config = stringify(blocks);
            const pod = JSON.stringify(statefulSet(settings.metrics, { scrapeJobs: scrapeJobs(settings), ruleFiles: {} }));
            for (const value of Object.values(SECRETS)) {
                assert.ok(!config.includes(value) && !pod.includes(value), value);
            }
            const env = (statefulSet(settings.metrics, { scrapeJobs: [], ruleFiles: {} }).spec as any).template.spec.containers[0].env;
            const ref = (key: string) => ({ secretKeyRef: { name: "monitor-remote-write", key } });
            assert.deepStrictEqual(env, [
                { name: "AWS_ACCESS_KEY_ID", valueFrom: ref("awsKeyId") },
                { name: "AWS_SECRET_ACCESS_KEY", valueFrom: ref("awsSecret") },
                { name: "AZURE_CLIENT_ID", value: GUID },
                { name: "AZURE_TENANT_ID", value: TENANT },
                { name: "AZURE_CLIENT_SECRET", valueFrom: ref("azureSecret") },
            ]);
        });

        it("puts every referenced credential in the remote-write Secret", () => {
            assert.deepStrictEqual(Object.keys((remoteWriteSecret(settings.metrics) as any).stringData).sort(), Object.keys(SECRETS).sort());
        });

        it("labels the pod for Azure's workload identity webhook only while a target uses it, and never selects on the label", () => {
            const wi = settingsWith({ metrics: { image: V3_14, remoteWrite: [targetUsing("azureAd.workloadIdentity")] } }).metrics;
            const spec = statefulSet(wi, { scrapeJobs: [], ruleFiles: {} }).spec as any;
            assert.strictEqual(spec.template.metadata.labels["azure.workload.identity/use"], "true");
            assert.ok(!("azure.workload.identity/use" in spec.selector.matchLabels));
            const others = statefulSet(settings.metrics, { scrapeJobs: [], ruleFiles: {} }).spec as any;
            assert.ok(!("azure.workload.identity/use" in others.template.metadata.labels));
        });

        it("gives the container no environment when no target needs one", () => {
            const plain = settingsWith({ metrics: { image: V3_14, remoteWrite: [TARGETS.oauth2, { url: "https://aps.example.com/w", sigv4: { region: "eu-west-1" } }] } }, secretsOf(TARGETS.oauth2));
            assert.strictEqual((statefulSet(plain.metrics, { scrapeJobs: [], ruleFiles: {} }).spec as any).template.spec.containers[0].env, undefined);
        });
    });

    it("opens Prometheus' egress to where each kind gets its token: the OAuth2 token URL's port, 443 for STS and Azure AD, 80 for the instance metadata", () => {
        const flows = (target: Record<string, unknown>) => {
            const m = settingsWith({ metrics: { image: V3_14, remoteWrite: [target] } }, secretsOf(target));
            return requiredFlows(m, [], [])
                .filter((f) => f.why.startsWith("remote write") && f.to.kind === "outside")
                .map((f) => `${f.ports.map((p) => p.port).join(",")} ${f.why}`);
        };
        const write = "https://write.example.com:9443/w";
        assert.deepStrictEqual(flows({ url: write, oauth2: { ...TARGETS.oauth2.oauth2, tokenUrl: "https://login.example.com:8443/token" } }), [
            "9443 remote write",
            "8443 remote write's OAuth2 token endpoint",
        ]);
        assert.deepStrictEqual(flows({ url: write, sigv4: { region: "eu-west-1" } }), ["9443 remote write", "443 remote write's AWS STS (roleArn, the pod's cloud identity)"]);
        assert.deepStrictEqual(flows({ url: write, azureAd: { managedIdentity: { clientId: GUID } } }), [
            "9443 remote write",
            "443 remote write's Azure AD token endpoint",
            "80 remote write's managed identity, from the node's instance metadata service (169.254.169.254)",
        ]);
        assert.deepStrictEqual(flows({ url: write, headers: { "X-Scope-OrgID": "a" } }), ["9443 remote write"]);
    });

    describe("registered by the program", function () {
        let resources: Awaited<ReturnType<typeof runProgram>>["resources"];
        before(async () => {
            const config = requiredConfig();
            config.metrics = { ...config.metrics, image: V3_14, remoteWrite: Object.values(TARGETS) };
            resources = (await runProgram(config, SECRETS)).resources;
        });

        it("holds no secret value outside the remote-write Secret, and every environment reference names a key of it", () => {
            for (const r of resources) {
                // And the generation of the keys Prometheus reads from its environment, whose keepers are a Pulumi secret.
                if ((r.type === "kubernetes:core/v1:Secret" && r.inputs.metadata?.name === "monitor-remote-write") || isSecretGeneration(r)) {
                    continue;
                }
                const text = JSON.stringify(r.inputs);
                for (const value of Object.values(SECRETS)) {
                    assert.ok(!text.includes(value), `${r.type} ${r.name} holds a secret`);
                }
            }
            const objects = kubernetesObjects(resources);
            const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects)];
            assert.deepStrictEqual(problems, [], formatProblems(problems));
        });
    });

    describe("refused at load, naming the key", () => {
        it("a second auth kind on one target, basic auth included", () => {
            const e = configError({
                image: V3_14,
                remoteWrite: [
                    { ...TARGETS.oauth2, basicAuth: { username: "w", passwordKey: "rwToken" } },
                    { ...TARGETS.clientCert, bearerTokenKey: "rwToken" },
                ],
            }, secretsOf({ ...TARGETS.oauth2, ...TARGETS.clientCert, b: "rwToken" }));
            assert.match(problemAt(e, `${M}.remoteWrite[0].oauth2`).expected, /nothing when basicAuth is set: one auth kind per target/);
            assert.match(problemAt(e, `${M}.remoteWrite[1].tls.certKey`).expected, /nothing when bearerTokenKey is set/);
        });

        it("a header Prometheus reserves, one that looks like a credential, and one given twice", () => {
            const e = configError({ image: V3_14, remoteWrite: [{ url: "https://x.example.com/w", headers: { "User-Agent": "a", "X-Api-Key": "k", "x-scope-orgid": "a", "X-Scope-OrgID": "b" } }] });
            assert.match(problemAt(e, `${M}.remoteWrite[0].headers.User-Agent`).expected, /refuses User-Agent/);
            assert.match(problemAt(e, `${M}.remoteWrite[0].headers.X-Api-Key`).expected, /carries no credential/);
            assert.match(problemAt(e, `${M}.remoteWrite[0].headers.X-Scope-OrgID`).expected, /given once/);
        });

        it("sigv4 with one key of two, and two sigv4 targets with different keys", () => {
            const e = configError({
                image: V3_14,
                remoteWrite: [
                    { url: "https://a.example.com/w", sigv4: { region: "eu-west-1", accessKeyIdKey: "awsKeyId" } },
                    TARGETS.sigv4,
                    { url: "https://b.example.com/w", sigv4: { region: "eu-west-1" } },
                ],
            });
            assert.match(problemAt(e, `${M}.remoteWrite[0].sigv4.secretAccessKeyKey`).expected, /both accessKeyIdKey and secretAccessKeyKey, or neither/);
            assert.match(problemAt(e, `${M}.remoteWrite[2].sigv4`).expected, /the same accessKeyIdKey and secretAccessKeyKey as remoteWrite\[1\]/);
        });

        it("Azure AD with two modes, or none", () => {
            const e = configError({
                image: V3_14,
                remoteWrite: [
                    { url: "https://a.example.com/w", azureAd: { managedIdentity: { clientId: GUID }, workloadIdentity: { clientId: GUID, tenantId: TENANT } } },
                    { url: "https://b.example.com/w", azureAd: { cloud: "AzureChina" } },
                ],
            });
            assert.match(problemAt(e, `${M}.remoteWrite[0].azureAd.workloadIdentity`).expected, /exactly one of managedIdentity, oauth and workloadIdentity/);
            assert.match(problemAt(e, `${M}.remoteWrite[1].azureAd`).expected, /exactly one of/);
        });

        it("an OAuth2 token URL or an authenticated write URL over plain http, without the opt-in", () => {
            const e = configError({
                image: V3_14,
                remoteWrite: [
                    { ...TARGETS.oauth2, oauth2: { ...TARGETS.oauth2.oauth2, tokenUrl: "http://login.example.com/token" } },
                    { ...TARGETS.sigv4, url: "http://aps.example.com/w" },
                ],
            });
            assert.match(problemAt(e, `${M}.remoteWrite[0].oauth2.tokenUrl`).expected, /the OAuth2 client secret would cross the network in clear text/);
            assert.match(problemAt(e, `${M}.remoteWrite[1].url`).expected, /sigv4 signature/);
        });

        it("accepted with allowPlaintextCredentials, but warned about at every run", () => {
            const m = settingsWith(
                { metrics: { image: V3_14, remoteWrite: [{ ...TARGETS.oauth2, url: "http://write.example.com/w", oauth2: { ...TARGETS.oauth2.oauth2, tokenUrl: "http://login.example.com/token" }, allowPlaintextCredentials: true }] } },
                secretsOf(TARGETS.oauth2),
            ).metrics;
            const warnings = metricsWarnings(m);
            assert.strictEqual(warnings.length, 2, warnings.join("\n"));
            assert.match(warnings[0], /sends an OAuth2 access token to http:\/\/write\.example\.com\/w over plain http/);
            assert.match(warnings[1], /oauth2 sends its client secret to http:\/\/login\.example\.com\/token over plain http/);
        });

        it("a credential the stack does not hold", () => {
            const e = configError({ image: V3_14, remoteWrite: [TARGETS.oauth2] }, {});
            assert.ok(e.problems.some((p) => p.key.includes("remoteWrite[0].oauth2.clientSecretKey")), e.message);
        });
    });
});
