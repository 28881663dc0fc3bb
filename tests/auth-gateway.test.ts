import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { gatewayModels } from "../stack/gateways";
import { GATEWAY_KEYS, gatewayNginxConf, gatewayUpstreamInc, oauth2ProxyArgs, SECRET_FLAGS, upstreamAuthorizationConf } from "../components/auth-gateway";
import { ConfigError } from "../config";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { isWrappedSecret, unwrapSecret } from "../render/engine-mocks";
import { podSecurityLevel } from "../validate/pod-security";
import { findOne } from "./harness/pulumi-mocks";
import { runProgram } from "./harness/program";
import { requiredConfig, settingsWith } from "./harness/stack-config";
import { metricsWarnings } from "../components/prometheus/warnings";
import { ingressAuth } from "../validate/ingress-auth";

/**
 * The auth gateway (components/auth-gateway, docs/security.md#the-auth-gateway) and the rule it
 * serves: every Ingress authenticates or says why it is public (config/ingress-auth.ts).
 * tests/auth-gateway.real.test.ts runs the same nginx config in a real nginx.
 */

const MODERN = "quay.io/prometheus/prometheus:v3.13.0";
const BASIC = { proxy: { basicAuth: { users: ["alice", "bob"] } } };
const OIDC = { issuerUrl: "https://login.example.com/realms/ops", clientId: "prometheus-test", emailDomains: ["example.com"], allowedGroups: ["sre"] };
const CLIENT_SECRET = "oidc-client-secret-7f3a";

function refusal(overrides: Record<string, Record<string, unknown>>, secrets: Record<string, string> = {}): ConfigError {
    try {
        settingsWith(overrides, secrets);
    } catch (e) {
        if (e instanceof ConfigError) {
            return e;
        }
        throw e;
    }
    assert.fail("expected a ConfigError");
}

function problemAt(e: ConfigError, key: string) {
    const p = e.problems.find((x) => x.key === key);
    assert.ok(p, `a problem at ${key} among ${e.problems.map((x) => x.key).join(", ")}`);
    return p!;
}

const M = "cluster-monitoring:metrics";

describe("every Ingress authenticates (config/ingress-auth.ts)", () => {
    it("refuses an Ingress without auth, naming the key, the value and the three ways", () => {
        const p = problemAt(refusal({ metrics: { ingress: { host: "monitor.example.com" } } }), `${M}.ingress.auth`);
        assert.strictEqual(p.got, undefined);
        assert.match(p.expected, /one of proxy, server or public: Ingress monitor\.example\.com would publish Prometheus/);
        assert.match(p.expected, /Prometheus 2\.11\.1 has no web auth/);
        assert.match(new ConfigError([p]).message, /metrics\.ingress\.auth: got nothing, expected/);
    });

    it("accepts the server's own login as the default under web.basicAuth, and refuses auth.server without it", () => {
        const s = settingsWith({ metrics: { image: MODERN, web: { basicAuth: {} }, ingress: { host: "monitor.example.com" } } });
        assert.ok(s.metrics.ingress);
        const p = problemAt(refusal({ metrics: { image: MODERN, ingress: { host: "monitor.example.com", auth: { server: {} } } } }), `${M}.ingress.auth.server`);
        assert.match(p.expected, /metrics\.web\.basicAuth/);
    });

    it("refuses a public Ingress beside the admin or lifecycle API, and a reason that says nothing", () => {
        const p = problemAt(refusal({ metrics: { ingress: { host: "monitor.example.com", auth: { public: { reason: "a lab cluster behind the office VPN" } } } } }), `${M}.ingress.auth.public`);
        assert.match(p.expected, /metrics\.enableAdminApi and metrics\.enableLifecycle are true/);
        for (const reason of ["todo", "n/a", "short"]) {
            problemAt(refusal({ metrics: { enableAdminApi: false, enableLifecycle: false, ingress: { host: "m.example.com", auth: { public: { reason } } } } }), `${M}.ingress.auth.public.reason`);
        }
    });

    it("refuses two ways at once, a proxy with no or two logins, and oauth2Proxy over plain HTTP", () => {
        assert.match(problemAt(refusal({ metrics: { ingress: { host: "m.example.com", auth: { ...BASIC, server: {} } } } }), `${M}.ingress.auth`).expected, /exactly one of proxy, server, public or ingressNginx \(got proxy and server\)/);
        assert.match(problemAt(refusal({ metrics: { ingress: { host: "m.example.com", auth: { proxy: {} } } } }), `${M}.ingress.auth.proxy`).expected, /exactly one of basicAuth or oauth2Proxy/);
        const plain = refusal({ metrics: { ingress: { host: "m.example.com", auth: { proxy: { oauth2Proxy: OIDC } } } } }, { prometheusOidcClientSecret: CLIENT_SECRET });
        assert.match(problemAt(plain, `${M}.ingress.auth.proxy.oauth2Proxy`).expected, /tlsSecretName/);
    });

    it("refuses an issuer that is not https, and keeps the client secret required, secret and used", () => {
        const ingress = (o: object) => ({ metrics: { ingress: { host: "m.example.com", tlsSecretName: "m-tls", auth: { proxy: { oauth2Proxy: { ...OIDC, ...o } } } } } });
        problemAt(refusal(ingress({ issuerUrl: "http://login.example.com/" }), { prometheusOidcClientSecret: CLIENT_SECRET }), `${M}.ingress.auth.proxy.oauth2Proxy.issuerUrl`);
        const missing = problemAt(refusal(ingress({})), "cluster-monitoring:prometheusOidcClientSecret");
        assert.match(missing.expected, /pulumi config set --secret/);
        const unused = refusal({}, { prometheusOidcClientSecret: CLIENT_SECRET });
        assert.ok(!unused.message.includes(CLIENT_SECRET));
        problemAt(unused, "cluster-monitoring:prometheusOidcClientSecret");
        const clear = refusal({ ...ingress({}), prometheusOidcClientSecret: CLIENT_SECRET } as any);
        assert.ok(!clear.message.includes(CLIENT_SECRET), clear.message);
    });
});

describe("the auth gateway's nginx config (components/auth-gateway/nginx-config.ts)", () => {
    const modelOf = (ingressAuth: object, metrics: Record<string, unknown> = {}, secrets: Record<string, string> = {}) =>
        gatewayModels(settingsWith({ metrics: { ingress: { host: "monitor.example.com", tlsSecretName: "monitor-tls", auth: ingressAuth }, ...metrics } }, secrets))[0];

    it("basicAuth in front of a server without web auth: htpasswd at the gateway, the person's Authorization dropped", () => {
        const m = modelOf(BASIC);
        const conf = gatewayNginxConf(m);
        assert.match(conf, /auth_basic "Prometheus monitor\.example\.com";/);
        assert.match(conf, /auth_basic_user_file \/etc\/nginx\/users\/htpasswd;/);
        assert.match(conf, /proxy_pass http:\/\/monitor-auth-backend\.monitoring\.svc:9090;/);
        assert.doesNotMatch(conf, /auth_request/);
        const inc = gatewayUpstreamInc(m);
        assert.match(inc, /proxy_set_header Authorization "";/);
        assert.doesNotMatch(inc, /^(proxy_ssl|include)/m);
    });

    it("in front of a server with web TLS and basic auth: the gateway's own login replaces the person's, TLS verified under the Service's name", () => {
        const m = modelOf(BASIC, { image: MODERN, web: { tls: { secretName: "monitor-web-tls" }, basicAuth: { username: "scraper" } } });
        assert.match(gatewayNginxConf(m), /proxy_pass https:\/\/monitor-auth-backend\.monitoring\.svc:9090;/);
        const inc = gatewayUpstreamInc(m);
        assert.match(inc, /include \/etc\/nginx\/upstream-auth\/authorization\.conf;/);
        assert.match(inc, /proxy_ssl_verify on;/);
        assert.match(inc, /proxy_ssl_name monitor\.monitoring\.svc;/);
        assert.doesNotMatch(inc, /Authorization ""/);
        assert.strictEqual(upstreamAuthorizationConf("scraper", "pw"), `proxy_set_header Authorization "Basic ${Buffer.from("scraper:pw").toString("base64")}";\n`);
    });

    it("oauth2Proxy: auth_request to the loopback sidecar, 401 for the API, the session cookie kept from the server", () => {
        const m = modelOf({ proxy: { oauth2Proxy: OIDC } }, {}, { prometheusOidcClientSecret: CLIENT_SECRET });
        const conf = gatewayNginxConf(m);
        assert.match(conf, /location = \/oauth2\/auth \{\n\s+internal;\n\s+proxy_pass http:\/\/127\.0\.0\.1:4180;/);
        assert.match(conf, /location \/api\/ \{\n\s+auth_request \/oauth2\/auth;/);
        assert.match(conf, /location \/ \{\n\s+error_page 401 = @oauth2_signin;/);
        assert.strictEqual(conf.match(/proxy_set_header Cookie "";/g)?.length, 2);
        assert.match(conf, /absolute_redirect off;/);
        assert.doesNotMatch(conf, /auth_basic/);
    });

    it("passes oauth2-proxy only flags declared at v7.15.3, and no flag that carries a secret", () => {
        const m = modelOf({ proxy: { oauth2Proxy: OIDC } }, {}, { prometheusOidcClientSecret: CLIENT_SECRET });
        const declared = new Set(
            fs
                .readFileSync(path.join(__dirname, "../components/auth-gateway/oauth2-proxy-v7.15.3-flags.txt"), "utf8")
                .split("\n")
                .filter((l) => l.startsWith("--"))
                .map((l) => l.split(" ")[0]),
        );
        const args = oauth2ProxyArgs(m);
        for (const a of args) {
            const flag = a.split("=")[0];
            assert.ok(declared.has(flag), `${flag} is declared at v7.15.3`);
            assert.ok(!(SECRET_FLAGS as readonly string[]).includes(flag), `${flag} carries no secret`);
        }
        for (const flag of SECRET_FLAGS) {
            assert.ok(declared.has(flag), `${flag} exists, so refusing it means something`);
        }
        assert.ok(args.includes("--redirect-url=https://monitor.example.com/oauth2/callback"));
        assert.ok(args.includes("--client-secret-file=/etc/oauth2-proxy/client-secret"));
        assert.ok(args.includes("--allowed-group=sre"));
    });
});

describe("the auth gateway's objects (a program run)", () => {
    it("basicAuth: backend, Secrets as Pulumi secrets, no secret in the ConfigMap or the args, Pod Security restricted", async () => {
        const config = requiredConfig();
        config.metrics = {
            ...config.metrics,
            image: MODERN,
            web: { tls: { secretName: "monitor-web-tls" }, basicAuth: {} },
            ingress: { host: "monitor.example.com", tlsSecretName: "monitor-tls", auth: BASIC },
        };
        const { resources, exports } = await runProgram(config);
        const ingress = findOne(resources, "kubernetes:networking.k8s.io/v1:Ingress", "monitor").inputs;
        assert.deepStrictEqual(ingress.spec.rules[0].http.paths[0].backend, { service: { name: "monitor-auth", port: { number: 8080 } } });
        assert.strictEqual(ingress.metadata.annotations, undefined, "no backend-protocol: the gateway speaks HTTP to the controller");
        // nginx resolves its proxy_pass host once: a ClusterIP survives the server's pods being replaced, the headless Service's pod addresses do not.
        const server = findOne(resources, "kubernetes:core/v1:Service", "monitor").inputs;
        const backend = findOne(resources, "kubernetes:core/v1:Service", "monitor-auth-backend").inputs;
        assert.strictEqual(server.spec.clusterIP, "None");
        assert.strictEqual(backend.spec.clusterIP, undefined);
        assert.deepStrictEqual(backend.spec.selector, server.spec.selector);
        assert.deepStrictEqual(backend.spec.ports, [{ name: "web", port: 9090, targetPort: 9090, protocol: "TCP" }]);
        for (const name of ["monitor-auth-users", "monitor-auth-upstream"]) {
            const secret = findOne(resources, "kubernetes:core/v1:Secret", name).inputs;
            assert.ok(isWrappedSecret(secret.stringData), `${name} is a Pulumi secret`);
        }
        const upstream = unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "monitor-auth-upstream").inputs.stringData);
        assert.strictEqual(upstream[GATEWAY_KEYS.authorization], upstreamAuthorizationConf("monitor", "mock-generated-monitor-web-password"));
        const users = unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "monitor-auth-users").inputs.stringData);
        assert.strictEqual(users.htpasswd, "alice:mock-bcrypt-monitor-auth-user-alice\nbob:mock-bcrypt-monitor-auth-user-bob\n");
        const cm = JSON.stringify(findOne(resources, "kubernetes:core/v1:ConfigMap", "monitor-auth").inputs);
        const deployment = findOne(resources, "kubernetes:apps/v1:Deployment", "monitor-auth").inputs;
        for (const text of [cm, JSON.stringify(deployment)]) {
            assert.ok(!text.includes("mock-generated") && !text.includes("mock-bcrypt") && !text.includes("Basic "), text.slice(0, 200));
        }
        assert.strictEqual(podSecurityLevel(deployment.spec.template.spec).level, "restricted");
        assert.ok(deployment.spec.template.metadata.annotations["cluster-monitoring/prometheus-credentials"], "rolls onto a replaced server password");
        assert.ok(isWrappedSecret(exports.prometheusIngressPasswords) || exports.prometheusIngressPasswords !== undefined);
        const objects = kubernetesObjects(resources);
        assert.ok(objects.some((o) => o.kind === "ServiceAccount" && o.metadata.name === "monitor-auth"));
    });

    it("oauth2Proxy: a sidecar on loopback, its secrets from files in a Secret only it mounts", async () => {
        const config = requiredConfig();
        config.metrics = { ...config.metrics, ingress: { host: "monitor.example.com", tlsSecretName: "monitor-tls", auth: { proxy: { oauth2Proxy: OIDC } } } };
        const { resources } = await runProgram(config, { prometheusOidcClientSecret: CLIENT_SECRET });
        const deployment = findOne(resources, "kubernetes:apps/v1:Deployment", "monitor-auth").inputs;
        const [nginx, sidecar] = deployment.spec.template.spec.containers;
        assert.strictEqual(sidecar.name, "oauth2-proxy");
        assert.ok(!JSON.stringify(deployment).includes(CLIENT_SECRET));
        assert.deepStrictEqual(sidecar.volumeMounts.map((v: any) => v.name), ["oauth2"]);
        assert.ok(!nginx.volumeMounts.some((v: any) => v.name === "oauth2"));
        const secret = unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "monitor-auth-oauth2").inputs.stringData);
        assert.strictEqual(secret["client-secret"], CLIENT_SECRET);
        // One gateway pod beside one Prometheus: no budget, no spread.
        assert.strictEqual(deployment.spec.replicas, 1);
        assert.ok(!resources.some((r) => r.type === "kubernetes:policy/v1:PodDisruptionBudget" && r.name.startsWith("monitor-auth")));
        assert.strictEqual(podSecurityLevel(deployment.spec.template.spec).level, "restricted");
    });
});

describe("Alertmanager's Ingress (alertmanager.ingress), under the same rule", () => {
    const A = "cluster-monitoring:alertmanager";

    it("refuses one without auth, a public one (anyone could silence every alert), and one on a switched-off Alertmanager", () => {
        assert.match(problemAt(refusal({ alertmanager: { ingress: { host: "alerts.example.com" } } }), `${A}.ingress.auth`).expected, /would publish Alertmanager/);
        const pub = refusal({ alertmanager: { ingress: { host: "alerts.example.com", auth: { public: { reason: "a lab cluster behind the office VPN" } } } } });
        assert.match(problemAt(pub, `${A}.ingress.auth.public`).expected, /mute every alert/);
        problemAt(refusal({ alertmanager: { enabled: false, ingress: { host: "alerts.example.com", auth: BASIC } } }), `${A}.ingress`);
        assert.match(problemAt(refusal({ alertmanager: { ingress: { host: "monitor.example.com", auth: BASIC } }, metrics: { ingress: { host: "monitor.example.com", auth: BASIC } }, grafana: { enabled: false } }), `${A}.ingress.host`).expected, /already routes/);
    });

    it("runs two gateway pods, spread over nodes with a disruption budget, beside a replicated server", async () => {
        const config = requiredConfig();
        config.metrics = { ...config.metrics, replicas: 2, storage: { mode: "storageClass" }, ingress: { host: "monitor.example.com", auth: BASIC } };
        const { resources } = await runProgram(config);
        const spec = findOne(resources, "kubernetes:apps/v1:Deployment", "monitor-auth").inputs.spec;
        assert.strictEqual(spec.replicas, 2);
        assert.ok(spec.template.spec.affinity?.podAntiAffinity || spec.template.spec.topologySpreadConstraints, "spread over nodes");
        assert.deepStrictEqual(findOne(resources, "kubernetes:policy/v1:PodDisruptionBudget", "monitor-auth").inputs.spec.maxUnavailable, 1);
    });

    it("puts the gateway in front of it, logging in with Alertmanager's own web password", async () => {
        const config = requiredConfig();
        config.alertmanager = {
            web: { tls: { secretName: "alertmanager-web-tls" }, basicAuth: {} },
            ingress: { host: "alerts.example.com", tlsSecretName: "alerts-tls", auth: { proxy: { oauth2Proxy: OIDC } } },
        };
        const { resources } = await runProgram(config, { alertmanagerOidcClientSecret: CLIENT_SECRET });
        const ingress = findOne(resources, "kubernetes:networking.k8s.io/v1:Ingress", "alertmanager").inputs;
        assert.deepStrictEqual(ingress.spec.rules[0].http.paths[0].backend, { service: { name: "alertmanager-auth", port: { number: 8080 } } });
        const upstream = unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "alertmanager-auth-upstream").inputs.stringData);
        assert.strictEqual(upstream[GATEWAY_KEYS.authorization], upstreamAuthorizationConf("monitor", "mock-generated-alertmanager-web-password"));
        const conf = findOne(resources, "kubernetes:core/v1:ConfigMap", "alertmanager-auth").inputs.data;
        assert.strictEqual(findOne(resources, "kubernetes:apps/v1:Deployment", "alertmanager-auth").inputs.spec.replicas, 1);
        assert.match(conf["nginx.conf"], /proxy_pass https:\/\/alertmanager-auth-backend\.monitoring\.svc:9093;/);
        assert.match(conf["upstream.inc"], /proxy_ssl_name alertmanager\.monitoring\.svc;/);
    });
});

describe("the optional ingress-nginx adapter (ingress.auth.ingressNginx)", () => {
    const adapter = { ingressNginx: { basicAuthSecret: "monitor-people" } };

    it("needs an explicit IngressClass, refuses to share the Authorization header with the server's login, and warns at every render", () => {
        problemAt(refusal({ metrics: { ingress: { host: "m.example.com", auth: adapter } } }), `${M}.ingress.className`);
        const both = refusal({ metrics: { image: MODERN, web: { basicAuth: {} }, ingress: { host: "m.example.com", className: "nginx", auth: adapter } } });
        assert.match(problemAt(both, `${M}.ingress.auth.ingressNginx`).expected, /one Authorization header/);
        const s = settingsWith({ metrics: { ingress: { host: "m.example.com", className: "nginx", auth: adapter } } });
        assert.match(metricsWarnings(s.metrics).join("\n"), /authenticates through ingress-nginx's annotations only: .*retired in March 2026/);
    });

    it("puts the auth-type, auth-secret and auth-realm annotations on the Ingress, whose backend stays the server", async () => {
        const config = requiredConfig();
        config.metrics = { ...config.metrics, ingress: { host: "monitor.example.com", className: "nginx", auth: adapter } };
        const { resources } = await runProgram(config);
        const ingress = findOne(resources, "kubernetes:networking.k8s.io/v1:Ingress", "monitor").inputs;
        assert.deepStrictEqual(ingress.metadata.annotations, {
            "nginx.ingress.kubernetes.io/auth-type": "basic",
            "nginx.ingress.kubernetes.io/auth-secret": "monitor-people",
            "nginx.ingress.kubernetes.io/auth-realm": "Prometheus monitor.example.com",
        });
        assert.deepStrictEqual(ingress.spec.rules[0].http.paths[0].backend, { service: { name: "monitor", port: { number: 9090 } } });
        assert.ok(!resources.some((r) => r.name.startsWith("monitor-auth")), "no gateway");
        const found = ingressAuth(kubernetesObjects(resources), { serverLogin: () => false, publicReasons: {} });
        assert.deepStrictEqual(found.map((f) => [f.server, f.how]), [["Prometheus", "ingress-nginx basic auth (annotations, class nginx)"]]);
    });
});
