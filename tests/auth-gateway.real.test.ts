import * as assert from "assert";
import { ChildProcess, execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as http from "http";
import * as path from "path";
import { stringify } from "yaml";
import { GatewayModel, gatewayNginxConf, GatewayPaths, gatewayUpstreamInc, GATEWAY_KEYS, htpasswdFile, upstreamAuthorizationConf } from "../components/auth-gateway";
import { webConfigYaml } from "../components/prometheus/web-config";
import { webServerName } from "../components/prometheus/layout";
import { gatewayModels } from "../stack/gateways";
import { until } from "./harness/hang";
import { freePort, PrometheusProcess, requireBinary, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { renderStack, RenderedStack } from "../render";
import { MetricsSettings } from "../config";

const REPO = path.resolve(__dirname, "..");
import { bcryptHash, throwawayCa, ThrowawayCa, webRequest } from "./harness/web-client";
import { stopChild } from "./harness/server-process";

/**
 * The auth gateway's generated nginx config (components/auth-gateway/nginx-config.ts), unchanged
 * but for its file paths and listen addresses, run in Debian's real nginx (auth_basic with an
 * htpasswd from apache2-utils, auth_request) in front of a real Prometheus 2.42: one without web
 * auth (the shape of v2.11.1, which has none) and one with the TLS and basic auth of metrics.web
 * (the prod shape). A small local endpoint stands in for oauth2-proxy's /oauth2/auth, as the
 * issue allows; oauth2-proxy's flags are checked against its source in tests/auth-gateway.test.ts.
 * A request without a login is refused; one with it reaches Prometheus, although the person's
 * login is not the server's: the gateway replaced it. Every wait ends on the event it waits for.
 */

const MODERN = "quay.io/prometheus/prometheus:v3.13.0";
/** The default web user, which prod's metrics.web.basicAuth keeps. */
const SERVER_USER = "monitor";
const SERVER_PASSWORD = "Pw7generatedLettersAndDigits0k";
const ALICE = "alice:Alice7passwordLetters0k";
const BOB = "bob:Bob7passwordLetters0kToo";
const SESSION = "_oauth2_proxy=valid-session";
const BUILDINFO = "/api/v1/status/buildinfo";
/** nobody:nogroup, when the test runs as root: nginx then runs as a non-root user, as uid 101 does in the pod. */
const NOBODY = 65534;

function asRoot(): boolean {
    return typeof process.getuid === "function" && process.getuid() === 0;
}

/** Readable by nginx whoever it runs as: the files are test throwaways, as the pod's Secret files are 0440 to its group. */
function openUp(dir: string): void {
    fs.chmodSync(dir, 0o755);
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) {
            openUp(p);
        } else {
            fs.chmodSync(p, 0o644);
        }
    }
}

class NginxProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly url: string,
        readonly healthUrl: string,
        readonly accessLog: string,
        private readonly output: string[],
    ) {}

    static async start(name: string, model: GatewayModel, files: { htpasswd?: string; upstreamAuth?: string; ca?: string }, upstreamPort: number, oauth2Port?: number): Promise<NginxProcess> {
        const dir = tempDir(`gateway-${name}`);
        const tmp = path.join(dir, "tmp");
        fs.mkdirSync(tmp);
        const [port, health] = [await freePort(), await freePort()];
        const write = (file: string, text: string) => {
            fs.writeFileSync(path.join(dir, file), text);
            return path.join(dir, file);
        };
        const paths: GatewayPaths = {
            configDir: dir,
            tmp,
            htpasswdFile: write(GATEWAY_KEYS.htpasswd, files.htpasswd ?? ""),
            upstreamAuthFile: write(GATEWAY_KEYS.authorization, files.upstreamAuth ?? ""),
            // Only ca.crt of the server's TLS Secret, as the pod mounts it.
            upstreamCaFile: write(GATEWAY_KEYS.ca, files.ca ?? ""),
            accessLog: path.join(tmp, "access.log"),
            listen: `127.0.0.1:${port}`,
            healthListen: `127.0.0.1:${health}`,
            oauth2Address: `127.0.0.1:${oauth2Port ?? 1}`,
            upstreamAddress: `127.0.0.1:${upstreamPort}`,
        };
        write(GATEWAY_KEYS.nginxConf, gatewayNginxConf(model, paths));
        write(GATEWAY_KEYS.upstreamInc, gatewayUpstreamInc(model, paths));
        openUp(dir);
        const conf = path.join(dir, GATEWAY_KEYS.nginxConf);
        const nginx = requireBinary("nginx");
        let prefix: string[] = [];
        if (asRoot()) {
            fs.chownSync(tmp, NOBODY, NOBODY);
            prefix = ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", "--"];
        }
        const command = [...prefix, nginx, "-e", "stderr", "-c", conf];
        // The config is valid for nginx itself before it serves anything.
        execFileSync(command[0], [...command.slice(1), "-t"], { stdio: "pipe" });
        const output: string[] = [];
        const child = spawn(command[0], command.slice(1), { stdio: ["ignore", "pipe", "pipe"] });
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const proc = new NginxProcess(child, `http://127.0.0.1:${port}`, `http://127.0.0.1:${health}`, paths.accessLog, output);
        await until(
            async () => (await fetch(`${proc.healthUrl}/healthz`)).status === 200 && (await fetch(`${proc.url}/`, { redirect: "manual" })).status > 0,
            `nginx ${name} answering`,
            () => (child.exitCode !== null ? `nginx exited with ${child.exitCode}:\n${output.join("")}` : undefined),
        );
        return proc;
    }

    get log(): string {
        return this.output.join("");
    }

    async stop(): Promise<void> {
        // SIGKILL after 5 s: a server that ignores SIGTERM fails no test by hanging its after hook.
        await stopChild(this.child, 5000);
    }
}

/**
 * Stands in for oauth2-proxy with --upstream=static://202 --set-xauthrequest --skip-provider-button:
 * /oauth2/auth answers 202 and X-Auth-Request-User for the session cookie, 401 otherwise;
 * /oauth2/start sends the browser to the identity provider with the way back it was given in
 * X-Auth-Request-Redirect; /ready answers 200.
 */
async function oauth2StandIn(): Promise<{ server: http.Server; port: number }> {
    const server = http.createServer((req, res) => {
        const url = new URL(req.url ?? "/", "http://x");
        if (url.pathname === "/oauth2/auth") {
            const ok = (req.headers.cookie ?? "").split(/;\s*/).includes(SESSION);
            res.writeHead(ok ? 202 : 401, ok ? { "X-Auth-Request-User": "alice" } : {}).end();
        } else if (url.pathname === "/oauth2/start") {
            res.writeHead(302, { Location: `https://idp.example.com/authorize?back=${req.headers["x-auth-request-redirect"] ?? ""}` }).end();
        } else if (url.pathname === "/ready") {
            res.writeHead(200).end("OK\n");
        } else {
            res.writeHead(404).end();
        }
    });
    const port = await freePort();
    await new Promise<void>((r) => server.listen(port, "127.0.0.1", () => r()));
    return { server, port };
}

/** A Prometheus 2.42 with an empty scrape config; with `web`, the web config the program generates for `web.metrics` (prod's). */
async function prometheus(web?: { tls: ThrowawayCa; metrics: MetricsSettings }): Promise<{ server: PrometheusProcess; port: number }> {
    const dir = tempDir("gateway-prometheus");
    const configFile = path.join(dir, "prometheus.yml");
    fs.writeFileSync(configFile, stringify({ global: { scrape_interval: "1m" }, scrape_configs: [] }));
    if (web === undefined) {
        const server = await PrometheusProcess.start(configFile);
        return { server, port: Number(new URL(server.url).port) };
    }
    const metrics = web.metrics;
    const webConfig = webConfigYaml(metrics, bcryptHash(SERVER_PASSWORD)).replace(/cert_file: .*/, `cert_file: ${web.tls.certFile}`).replace(/key_file: .*/, `key_file: ${web.tls.keyFile}`);
    const webFile = path.join(dir, "web.yml");
    fs.writeFileSync(webFile, webConfig);
    const server = await PrometheusProcess.start(configFile, [`--web.config.file=${webFile}`], "", {
        scheme: "https",
        ready: async (url) => (await webRequest(`${url}/-/ready`, { auth: `${SERVER_USER}:${SERVER_PASSWORD}`, ca: web.tls.ca, servername: webServerName(metrics) })).status === 200,
    });
    return { server, port: Number(new URL(server.url).port) };
}

/** The gateway model the program builds for a stack, with the server's web settings of that stack. */
function modelFor(auth: object, web?: object): GatewayModel {
    const metrics = { ...(web ? { image: MODERN, web } : {}), ingress: { host: "monitor.example.com", tlsSecretName: "monitor-tls", auth } };
    const secrets: Record<string, string> = "proxy" in auth && (auth as any).proxy.oauth2Proxy ? { prometheusOidcClientSecret: "client-secret" } : {};
    return gatewayModels(settingsWith({ metrics }, secrets))[0];
}

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString("base64")}`;

async function status(url: string, init: RequestInit = {}): Promise<number> {
    return (await fetch(url, { redirect: "manual", ...init })).status;
}

/** An htpasswd line as `htpasswd -nbB` (apache2-utils) writes it: $2y$. */
function htpasswdLine(credentials: string): string {
    const [user, password] = credentials.split(":");
    return execFileSync(requireBinary("htpasswd"), ["-nbB", "-C", "10", user, password], { encoding: "utf8" }).trim() + "\n";
}

describe("the auth gateway on real nginx, htpasswd and Prometheus 2.42", () => {
    let tls: ThrowawayCa;
    let open: { server: PrometheusProcess; port: number };
    let secure: { server: PrometheusProcess; port: number };
    let standIn: { server: http.Server; port: number };
    let prod: RenderedStack;
    const gateways: NginxProcess[] = [];
    let users: string;

    before(async () => {
        for (const binary of ["nginx", "htpasswd", "prometheus", "openssl", "python3"]) {
            requireBinary(binary);
        }
        // The prod stack, the example to copy: its web config (TLS + basic auth on 3.13) and its gateway's nginx config run here.
        prod = await renderStack(REPO, "prod");
        assert.strictEqual(prod.settings.metrics.web?.basicAuth?.username, SERVER_USER);
        tls = throwawayCa(webServerName(prod.settings.metrics));
        [open, secure, standIn] = await Promise.all([prometheus(), prometheus({ tls, metrics: prod.settings.metrics }), oauth2StandIn()]);
        // alice as apache2-utils writes bcrypt ($2y$), bob as Go's bcrypt does ($2a$, pulumi-random's bcryptHash), through the program's own file builder.
        const bobHash = htpasswdLine(BOB).trim().split(":")[1].replace(/^\$2y\$/, "$2a$");
        users = htpasswdLine(ALICE) + htpasswdFile([{ user: "bob", bcryptHash: bobHash }]);
    });
    after(async () => {
        await Promise.all([...gateways.map((g) => g.stop()), open?.server.stop(), secure?.server.stop()]);
        standIn?.server.close();
    });

    async function gateway(name: string, model: GatewayModel, upstreamPort: number): Promise<NginxProcess> {
        const g = await NginxProcess.start(name, model, { htpasswd: users, upstreamAuth: upstreamAuthorizationConf(SERVER_USER, SERVER_PASSWORD), ca: tls.ca }, upstreamPort, standIn.port);
        gateways.push(g);
        return g;
    }

    describe("basicAuth in front of a Prometheus without web auth (the v2.11.1 shape)", () => {
        let g: NginxProcess;
        before(async () => {
            g = await gateway("basic-open", modelFor({ proxy: { basicAuth: { users: ["alice", "bob"] } } }), open.port);
        });

        it("refuses a request without a login, or with a wrong password, and asks the browser to log in", async () => {
            const answer = await fetch(`${g.url}${BUILDINFO}`);
            assert.strictEqual(answer.status, 401);
            assert.match(answer.headers.get("www-authenticate") ?? "", /^Basic realm="Prometheus monitor\.example\.com"$/);
            assert.strictEqual(await status(`${g.url}${BUILDINFO}`, { headers: { Authorization: basic("alice:wrong") } }), 401);
            assert.strictEqual(await status(`${g.url}/-/healthy`), 401);
        });

        it("lets alice ($2y$) and bob ($2a$) through to the real Prometheus", async () => {
            for (const who of [ALICE, BOB]) {
                const answer = await fetch(`${g.url}${BUILDINFO}`, { headers: { Authorization: basic(who) } });
                assert.strictEqual(answer.status, 200, who);
                assert.match(((await answer.json()) as any).data.version, /^2\.42\./);
            }
        });

        it("answers the kubelet's probes on the health port without a login, and proxies nothing there", async () => {
            assert.strictEqual(await status(`${g.healthUrl}/healthz`), 200);
            assert.strictEqual(await status(`${g.healthUrl}/ready`), 200);
            assert.strictEqual(await status(`${g.healthUrl}${BUILDINFO}`), 404);
        });
    });

    describe("basicAuth in front of a Prometheus with metrics.web TLS and basic auth (the prod shape)", () => {
        let g: NginxProcess;
        before(async () => {
            g = await gateway("basic-secure", modelFor({ proxy: { basicAuth: { users: ["alice"] } } }, { tls: { secretName: "monitor-web-tls" }, basicAuth: { username: SERVER_USER } }), secure.port);
        });

        it("alice's login is not the server's: the server itself refuses it", async () => {
            const direct = await webRequest(`${secure.server.url}${BUILDINFO}`, { auth: ALICE, ca: tls.ca, servername: "monitor.monitoring.svc" });
            assert.strictEqual(direct.status, 401);
        });

        it("through the gateway she reaches it over verified TLS: the gateway replaced her Authorization with its own", async () => {
            assert.strictEqual(await status(`${g.url}${BUILDINFO}`), 401);
            const answer = await fetch(`${g.url}/api/v1/query`, { method: "POST", headers: { Authorization: basic(ALICE), "Content-Type": "application/x-www-form-urlencoded" }, body: "query=vector(42)" });
            assert.strictEqual(answer.status, 200);
            assert.strictEqual(((await answer.json()) as any).data.result[0].value[1], "42");
        });

        it("refuses the server's own login at the gateway: it is not a person's", async () => {
            assert.strictEqual(await status(`${g.url}${BUILDINFO}`, { headers: { Authorization: basic(`${SERVER_USER}:${SERVER_PASSWORD}`) } }), 401);
        });
    });

    describe("prod's oauth2Proxy gateway (a local stand-in answers /oauth2/auth) in front of prod's Prometheus web config", () => {
        let g: NginxProcess;
        before(async () => {
            const model = gatewayModels(prod.settings).find((m) => m.product === "Prometheus")!;
            assert.ok(model.proxy.oauth2Proxy, "prod logs people in through oauth2-proxy");
            g = await gateway("oauth2-secure", model, secure.port);
        });

        it("sends a browser without a session to the identity provider, its whole URI kept, and answers the API with 401", async () => {
            const answer = await fetch(`${g.url}/graph?g0.expr=up&g0.tab=1`, { redirect: "manual", headers: { Host: "monitor.example.com" } });
            assert.strictEqual(answer.status, 302);
            assert.strictEqual(answer.headers.get("location"), "https://idp.example.com/authorize?back=/graph?g0.expr=up&g0.tab=1");
            assert.strictEqual(await status(`${g.url}/api/v1/query?query=up`), 401);
            assert.strictEqual(await status(`${g.url}/oauth2/auth`), 404, "the check is internal");
        });

        it("lets a session through to Prometheus, also with a forged Authorization, and names the person in the access log", async () => {
            assert.strictEqual(await status(`${g.url}${BUILDINFO}`, { headers: { Cookie: SESSION } }), 200);
            assert.strictEqual(await status(`${g.url}${BUILDINFO}`, { headers: { Cookie: SESSION, Authorization: basic(ALICE) } }), 200);
            assert.strictEqual(await status(`${g.url}${BUILDINFO}`, { headers: { Cookie: "_oauth2_proxy=forged" } }), 401);
            const log = await until(async () => {
                const text = fs.existsSync(g.accessLog) ? fs.readFileSync(g.accessLog, "utf8") : "";
                return text.includes(`user="alice" "GET ${BUILDINFO}`) ? text : undefined;
            }, "alice's request in the access log");
            for (const secret of [SERVER_PASSWORD, basic(`${SERVER_USER}:${SERVER_PASSWORD}`).slice(6), basic(ALICE).slice(6)]) {
                assert.ok(!log.includes(secret) && !g.log.includes(secret), "no credential in the logs");
            }
        });

        it("is ready when oauth2-proxy is", async () => {
            assert.strictEqual(await status(`${g.healthUrl}/ready`), 200);
        });
    });
});
