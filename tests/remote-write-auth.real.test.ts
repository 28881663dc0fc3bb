import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as https from "https";
import * as path from "path";
import { TLSSocket } from "tls";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { serveExposition } from "./harness/exposition-server";
import { PrometheusProcess, promtool, sandboxConfig, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { prometheusContainer } from "../components/prometheus/statefulset";
import { REMOTE_WRITE_AUTH_SINCE } from "../prometheus-releases/remote-write-auth";
import { versionAtLeast } from "../prometheus-releases/scrape-config-keys";

/**
 * Proof of docs/long-term-storage.md#authentication: one real Prometheus 2.42 runs the rendered
 * remote_write block of five targets, one per auth kind it can prove, against fakes here on
 * 127.0.0.1 that record what arrived: a custom header, a bearer token, a TLS client certificate
 * signed by a CA made in this test, a sigv4 signature, and an OAuth2 client-credentials grant
 * whose token then authorises the writes. The
 * credentials reach Prometheus as the pod would hand them over: files named after the Secret's
 * keys, and the environment built from the container's secretKeyRefs. Debian's build of 2.42
 * sends neither the headers nor the sigv4 signature (see the test that says so).
 */

const SECRETS: Record<string, string> = {
    rwToken: "bearer-token-8e1f",
    awsKeyId: "AKIDEXAMPLE42",
    awsSecret: "aws-secret-key-9d3c",
    oauthSecret: "oauth-client-secret-17ab",
};
const ACCESS_TOKEN = "issued-access-token-5c2e";
const REGION = "eu-west-1";
/** The line whose rendering the test runs; every kind below came before 2.42 (REMOTE_WRITE_AUTH_SINCE). */
const IMAGE = "quay.io/prometheus/prometheus:v2.53.5";
const PROVED_ON = "2.42.0";

interface Arrived {
    path: string;
    headers: http.IncomingHttpHeaders;
    body: Buffer;
    /** The CN of the client certificate, on the TLS listener. */
    clientCn?: string;
}

/** A CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl. */
function makeCertificates(): { ca: string; serverCert: string; serverKey: string; clientCert: string; clientKey: string } {
    const dir = tempDir("remote-write-ca");
    const run = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
    run("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=remote-write-test-ca", "-days", "1", "-keyout", "ca.key", "-out", "ca.crt");
    fs.writeFileSync(path.join(dir, "server.ext"), "subjectAltName=IP:127.0.0.1\n");
    for (const [name, cn, ext] of [["server", "127.0.0.1", ["-extfile", "server.ext"]], ["client", "prometheus-writer", []]] as const) {
        run("req", "-newkey", "rsa:2048", "-nodes", "-subj", `/CN=${cn}`, "-keyout", `${name}.key`, "-out", `${name}.csr`);
        run("x509", "-req", "-in", `${name}.csr`, "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "1", "-out", `${name}.crt`, ...ext);
    }
    const read = (f: string) => fs.readFileSync(path.join(dir, f), "utf8");
    return { ca: read("ca.crt"), serverCert: read("server.crt"), serverKey: read("server.key"), clientCert: read("client.crt"), clientKey: read("client.key") };
}

/** Records every request; the token endpoint answers a client-credentials grant, everything else 204. */
function recorder(arrived: Arrived[]) {
    return (req: http.IncomingMessage, res: http.ServerResponse) => {
        const chunks: Buffer[] = [];
        req.on("data", (c) => chunks.push(c));
        req.on("end", () => {
            const socket = req.socket as TLSSocket;
            const clientCn = typeof socket.getPeerCertificate === "function" ? String(socket.getPeerCertificate().subject?.CN ?? "") : undefined;
            arrived.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks), clientCn });
            if (req.url === "/token") {
                res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 3600 }));
            } else {
                res.writeHead(204).end();
            }
        });
    };
}

async function listen(server: http.Server | https.Server): Promise<number> {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return (server.address() as { port: number }).port;
}

function close(server: http.Server | https.Server): Promise<void> {
    return new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
    });
}

describe("remote-write authentication on a real Prometheus 2.42", function () {
    let prometheus: PrometheusProcess | undefined;
    let plain: http.Server | undefined;
    let secure: https.Server | undefined;
    let exporter: Awaited<ReturnType<typeof serveExposition>> | undefined;
    const arrived: Arrived[] = [];
    let configYaml = "";
    let env: Record<string, string> = {};
    let certs: ReturnType<typeof makeCertificates>;
    let sandboxFile: string | undefined;

    before(async () => {
        certs = makeCertificates();
        exporter = await serveExposition("/metrics", "# TYPE rw_auth_total counter\nrw_auth_total 1\n");
        plain = http.createServer(recorder(arrived));
        secure = https.createServer({ key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: true }, recorder(arrived));
        const base = `http://127.0.0.1:${await listen(plain)}`;
        const secureBase = `https://127.0.0.1:${await listen(secure)}`;
        const queue = { batchSendDeadline: "1s" };
        const secrets = { ...SECRETS, rwCa: certs.ca, rwCert: certs.clientCert, rwKey: certs.clientKey };
        const settings = settingsWith(
            {
                metrics: {
                    image: IMAGE,
                    scrapeInterval: "1s",
                    // A short deadline sends the first samples within a second or two.
                    remoteWrite: [
                        { url: `${base}/headers`, headers: { "X-Scope-OrgID": "tenant-a" }, queue },
                        // The fakes listen on loopback over plain http.
                        { url: `${base}/bearer`, bearerTokenKey: "rwToken", allowPlaintextCredentials: true, queue },
                        { url: `${secureBase}/tls`, tls: { caKey: "rwCa", certKey: "rwCert", keyKey: "rwKey" }, queue },
                        { url: `${base}/sigv4`, sigv4: { region: REGION, accessKeyIdKey: "awsKeyId", secretAccessKeyKey: "awsSecret" }, allowPlaintextCredentials: true, queue },
                        {
                            url: `${base}/oauth2`,
                            oauth2: { clientId: "prometheus-writer", clientSecretKey: "oauthSecret", tokenUrl: `${base}/token`, scopes: ["metrics.write"] },
                            allowPlaintextCredentials: true,
                            queue,
                        },
                    ],
                },
            },
            secrets,
        );
        // The pod's environment: each secretKeyRef resolved from the Secret's data.
        env = Object.fromEntries(
            (prometheusContainer(settings.metrics).env as any[]).map((e) => [e.name, e.value ?? secrets[e.valueFrom.secretKeyRef.key as keyof typeof secrets]]),
        );
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings);
        configYaml = prometheusYml;
        const files = tempDir("remote-write-auth-secrets");
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            // Every path into the mounted Secret becomes a file with the value that key holds.
            const relocate = (o: any) => {
                for (const [k, v] of Object.entries(o)) {
                    if (typeof v === "string" && v.startsWith("/etc/prometheus/secrets/monitor-remote-write/")) {
                        const file = path.join(files, path.basename(v));
                        fs.writeFileSync(file, secrets[path.basename(v) as keyof typeof secrets]);
                        o[k] = file;
                    } else if (v !== null && typeof v === "object") {
                        relocate(v);
                    }
                }
            };
            relocate(config.remote_write);
            config.scrape_configs.push({ job_name: "exposition", scrape_interval: "1s", static_configs: [{ targets: [exporter!.address] }] });
        });
        sandboxFile = sandbox.configFile;
        prometheus = await PrometheusProcess.start(sandbox.configFile, [], "", {}, env);
    });

    after(async () => {
        await prometheus?.stop();
        await Promise.all([plain && close(plain), secure && close(secure), exporter?.close()]);
    });

    async function requestsAt(urlPath: string): Promise<Arrived[]> {
        await prometheus!.waitFor(async () => arrived.some((r) => r.path === urlPath && r.body.length > 0), `a write at ${urlPath}`);
        return arrived.filter((r) => r.path === urlPath);
    }

    it(`proves only kinds that came by ${PROVED_ON}, and holds no credential in the config`, () => {
        for (const kind of ["headers", "bearerTokenKey", "tls.certKey", "sigv4", "oauth2"] as const) {
            assert.ok(versionAtLeast(PROVED_ON, REMOTE_WRITE_AUTH_SINCE[kind].since), kind);
        }
        for (const value of [...Object.values(SECRETS), certs.clientKey]) {
            assert.ok(!configYaml.includes(value), "a credential in the rendered config");
        }
    });

    it("sends the bearer token read from the Secret's file", async () => {
        for (const r of await requestsAt("/bearer")) {
            assert.strictEqual(r.headers.authorization, `Bearer ${SECRETS.rwToken}`);
        }
    });

    it("presents the client certificate, which the fake verified against the test's CA", async () => {
        for (const r of await requestsAt("/tls")) {
            assert.strictEqual(r.clientCn, "prometheus-writer");
        }
    });

    it(
        "Debian's 2.42 build drops remote_write headers and sigv4 when it sends (prometheus/prometheus#13030, 2.42.0+ds-5): both arrive bare, " +
            "so these two kinds are checked against promtool 2.42's parser and the source, not proven here; when this fails, Debian sends them: assert them instead",
        async () => {
            const bare = [...(await requestsAt("/headers")), ...(await requestsAt("/sigv4"))];
            for (const r of bare) {
                assert.strictEqual(r.headers["x-scope-orgid"], undefined, r.path);
                assert.strictEqual(r.headers.authorization, undefined, r.path);
            }
            // The same config passes the 2.42 parser, headers and sigv4 included.
            assert.match(promtool("check", "config", sandboxFile!), /SUCCESS/);
            assert.ok(/X-Scope-OrgID: tenant-a/.test(fs.readFileSync(sandboxFile!, "utf8")) && /sigv4:\n\s+region: eu-west-1/.test(fs.readFileSync(sandboxFile!, "utf8")));
        },
    );

    it("gets a token from the OAuth2 endpoint with the client secret from the file, then writes with it", async () => {
        const writes = await requestsAt("/oauth2");
        const grants = arrived.filter((r) => r.path === "/token");
        assert.ok(grants.length >= 1);
        for (const g of grants) {
            const form = new URLSearchParams(g.body.toString());
            assert.strictEqual(form.get("grant_type"), "client_credentials");
            assert.strictEqual(form.get("scope"), "metrics.write");
            const basic = `Basic ${Buffer.from(`prometheus-writer:${SECRETS.oauthSecret}`).toString("base64")}`;
            const inForm = form.get("client_id") === "prometheus-writer" && form.get("client_secret") === SECRETS.oauthSecret;
            assert.ok(g.headers.authorization === basic || inForm, JSON.stringify(g.headers));
        }
        for (const w of writes) {
            assert.strictEqual(w.headers.authorization, `Bearer ${ACCESS_TOKEN}`);
        }
    });

    it("promtool 2.42 refuses azuread, which the table dates 2.45, in the same rendering that it otherwise accepts", () => {
        const withAzure = settingsWith(
            { metrics: { image: IMAGE, remoteWrite: [{ url: "https://ws.example.com/w", azureAd: { managedIdentity: { clientId: "11111111-2222-3333-4444-555555555555" } } }] } },
            {},
        );
        assert.ok(!versionAtLeast(PROVED_ON, REMOTE_WRITE_AUTH_SINCE["azureAd.managedIdentity"].since));
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(withAzure);
        const refused = sandboxConfig(prometheusYml, ruleFiles);
        assert.throws(() => promtool("check", "config", refused.configFile), /azuread/);
        const accepted = sandboxConfig(prometheusYml, ruleFiles, (config) => delete config.remote_write[0].azuread);
        assert.match(promtool("check", "config", accepted.configFile), /SUCCESS/);
    });
});
