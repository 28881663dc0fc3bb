import * as assert from "assert";
import * as path from "path";
import { renderStack, RenderedStack } from "../render";
import { formatProblems, kubernetesSchemaProblems } from "../validate";
import { gatewayModels } from "../stack/gateways";
import { oauth2ProxyArgs } from "../components/auth-gateway";
import { ingressAuth } from "../validate/ingress-auth";
import { authFactsOf } from "../stack/production-checklist";
import { snapshotStacks } from "../render/snapshot-stacks";
import { engineConfigOf } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { runProgram } from "../render/run-program";
import { withChange } from "./harness/rendered-stacks";
import { problemAt, problemsOfConfig, requiredConfig, settingsWith } from "./harness/stack-config";

/**
 * Issue #44, part 3: `<component>.httpRoute` renders a Gateway API HTTPRoute
 * (gateway.networking.k8s.io/v1) beside the Ingress, with the Ingress's auth rule; under proxy
 * auth its backend is the auth gateway's Service; networkPolicies.gatewayNamespaces admits the
 * Gateway's data plane to exactly that port (docs/gateway-api.md).
 */

const EXAMPLES = path.resolve(__dirname, "..", "docs", "examples");
const GATEWAY = { name: "platform-gateway", namespace: "gateway-system", sectionName: "https" };
const route = (hostname: string, auth?: unknown) => ({ parentRefs: [GATEWAY], hostname, ...(auth !== undefined ? { auth } : {}) });
const BASIC = { proxy: { basicAuth: { users: ["alice"] } } };
const NETPOL = { networkPolicies: { gatewayNamespaces: ["gateway-system"] } };

/** A whole stack config: the required keys, then each override merged one level deep. */
function configWith(overrides: Record<string, Record<string, unknown>>): Record<string, any> {
    const config = requiredConfig();
    for (const [key, value] of Object.entries(overrides)) {
        config[key] = { ...(config[key] ?? {}), ...value };
    }
    return config;
}

describe("Gateway API routes: the settings (config/gateway-route.ts)", () => {
    it("a route behind the auth gateway, with the Gateway's namespaces, loads", () => {
        const s = settingsWith({ metrics: { httpRoute: route("monitor.example.com", BASIC) }, ...NETPOL });
        assert.deepStrictEqual(s.metrics.httpRoute?.parentRefs, [GATEWAY]);
        assert.deepStrictEqual(s.networkPolicies.gatewayNamespaces, ["gateway-system"]);
    });

    it("a route that names no way to authenticate is refused at metrics.httpRoute.auth, naming the ways", () => {
        const p = problemAt(problemsOfConfig(configWith({ metrics: { httpRoute: route("monitor.example.com") }, ...NETPOL })), "cluster-monitoring:metrics.httpRoute.auth");
        assert.match(p.expected, /one of proxy, server or public: HTTPRoute monitor\.example\.com would publish Prometheus to anyone/);
    });

    it("the ingressNginx adapter is refused for a route, naming the key; proxy beside it loads", () => {
        const adapter = { ingressNginx: { basicAuthSecret: "people" } };
        const p = problemAt(problemsOfConfig(configWith({ metrics: { httpRoute: route("monitor.example.com", adapter) }, ...NETPOL })), "cluster-monitoring:metrics.httpRoute.auth.ingressNginx");
        assert.match(p.expected, /no Gateway reads/);
        assert.doesNotThrow(() => settingsWith({ metrics: { httpRoute: route("monitor.example.com", BASIC) }, ...NETPOL }));
    });

    it("a public Alertmanager route is refused, as a public Ingress is", () => {
        const config = configWith({ alertmanager: { enabled: true, httpRoute: route("alerts.example.com", { public: { reason: "lab cluster behind the VPN" } }) }, ...NETPOL });
        assert.match(problemAt(problemsOfConfig(config), "cluster-monitoring:alertmanager.httpRoute.auth.public").expected, /no public HTTPRoute: .*silences/);
    });

    it("server auth while web.tls is set is refused: the Gateway would speak plain HTTP to the TLS port", () => {
        const metrics = { image: "quay.io/prometheus/prometheus:v3.13.3", web: { tls: { secretName: "monitor-web-tls" }, basicAuth: {} }, httpRoute: route("monitor.example.com") };
        const p = problemAt(problemsOfConfig(configWith({ metrics, ...NETPOL })), "cluster-monitoring:metrics.httpRoute.auth");
        assert.match(p.expected, /proxy while cluster-monitoring:metrics\.web\.tls is set/);
        // The neighbour: the same server behind the auth gateway, which verifies its certificate.
        assert.doesNotThrow(() => settingsWith({ metrics: { ...metrics, httpRoute: route("monitor.example.com", BASIC) }, ...NETPOL }));
    });

    it("an Ingress and a route on one component are refused at the route: one way in", () => {
        const config = configWith({ metrics: { ingress: { host: "monitor.example.com", auth: BASIC }, httpRoute: route("monitor2.example.com", BASIC) }, ...NETPOL });
        assert.match(problemAt(problemsOfConfig(config), "cluster-monitoring:metrics.httpRoute").expected, /one way in per component/);
    });

    it("a wildcard hostname and a parentRef without sectionName are refused, naming their keys", () => {
        const bad = { parentRefs: [{ name: "platform-gateway", namespace: "gateway-system" }], hostname: "*.example.com", auth: BASIC };
        const problems = problemsOfConfig(configWith({ metrics: { httpRoute: bad }, ...NETPOL }));
        assert.match(problemAt(problems, "cluster-monitoring:metrics.httpRoute.hostname").expected, /without a wildcard/);
        assert.ok(problems.some((p) => p.key === "cluster-monitoring:metrics.httpRoute.parentRefs[0].sectionName" || p.key === "cluster-monitoring:metrics.httpRoute.parentRefs.0.sectionName"), problems.map((p) => p.key).join(", "));
    });

    it("networkPolicies.gatewayNamespaces is required while a route exists, and refused without one", () => {
        const missing = problemAt(problemsOfConfig(configWith({ metrics: { httpRoute: route("monitor.example.com", BASIC) } })), "cluster-monitoring:networkPolicies.gatewayNamespaces");
        assert.match(missing.expected, /the namespaces of the Gateway's data plane.*cluster-monitoring:metrics\.httpRoute is set/);
        const idle = problemAt(problemsOfConfig(configWith({ ...NETPOL })), "cluster-monitoring:networkPolicies.gatewayNamespaces");
        assert.match(idle.expected, /nothing unless a component has an httpRoute/);
        const off = problemAt(problemsOfConfig(configWith({ metrics: { httpRoute: route("monitor.example.com", BASIC) }, networkPolicies: { enabled: false, gatewayNamespaces: ["gateway-system"] } })), "cluster-monitoring:networkPolicies.gatewayNamespaces");
        assert.match(off.expected, /nothing unless cluster-monitoring:networkPolicies\.enabled is true/);
        // Without policies, a route needs no namespaces.
        assert.doesNotThrow(() => settingsWith({ metrics: { httpRoute: route("monitor.example.com", BASIC) }, networkPolicies: { enabled: false } }));
    });

    it("two routes of one host are refused at the second", () => {
        const config = configWith({ metrics: { httpRoute: route("monitor.example.com", BASIC) }, alertmanager: { enabled: true, httpRoute: route("monitor.example.com", BASIC) }, ...NETPOL });
        assert.match(problemAt(problemsOfConfig(config), "cluster-monitoring:alertmanager.httpRoute.hostname").expected, /already routes it/);
    });

    it("Kibana's route: refused without proxy or public (it has no login), refused for kind opensearch; basicAuth and public load", () => {
        const store = (kibana: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ searchStore: { enabled: true, kibana, ...extra }, ...NETPOL });
        const none = problemAt(problemsOfConfig(configWith(store({ httpRoute: route("logs.example.com") }))), "cluster-monitoring:searchStore.kibana.httpRoute.auth");
        assert.match(none.expected, /one of proxy or public: HTTPRoute logs\.example\.com would publish Kibana, which has no login of its own/);
        const server = problemAt(problemsOfConfig(configWith(store({ httpRoute: route("logs.example.com", { server: {} }) }))), "cluster-monitoring:searchStore.kibana.httpRoute.auth.server");
        assert.match(server.expected, /no login of its own/);
        const adapter = problemAt(problemsOfConfig(configWith(store({ httpRoute: route("logs.example.com", { ingressNginx: { basicAuthSecret: "people" } }) }))), "cluster-monitoring:searchStore.kibana.httpRoute.auth.ingressNginx");
        assert.match(adapter.expected, /no Gateway reads/);
        const off = problemAt(problemsOfConfig(configWith(store({ enabled: false, httpRoute: route("logs.example.com", BASIC) }))), "cluster-monitoring:searchStore.kibana.httpRoute");
        assert.match(off.expected, /no httpRoute unless kibana\.enabled is true/);
        const os = problemsOfConfig(configWith(store({ httpRoute: route("logs.example.com", BASIC) }, { kind: "opensearch", tls: { secretName: "search-tls" } })));
        assert.match(problemAt(os, "cluster-monitoring:searchStore.kibana.httpRoute").expected, /no httpRoute for kind opensearch/);
        assert.doesNotThrow(() => settingsWith(store({ httpRoute: route("logs.example.com", BASIC) })));
        assert.doesNotThrow(() => settingsWith(store({ httpRoute: route("logs.example.com", { public: { reason: "lab cluster behind the office VPN" } }) })));
    });

    it("oauth2Proxy behind a route needs the OIDC client secret, named by the route's key", () => {
        const oauth = { proxy: { oauth2Proxy: { issuerUrl: "https://login.example.com/realms/ops", clientId: "prometheus", emailDomains: ["example.com"] } } };
        const p = problemAt(problemsOfConfig(configWith({ metrics: { httpRoute: route("monitor.example.com", oauth) }, ...NETPOL })), "cluster-monitoring:prometheusOidcClientSecret");
        assert.match(p.expected, /cluster-monitoring:metrics\.httpRoute\.auth\.proxy\.oauth2Proxy/);
    });

    it("oauth2-proxy's callback is https on the route's one hostname, and its cookie stays that host's (no --cookie-domain)", () => {
        const oauth = { proxy: { oauth2Proxy: { issuerUrl: "https://login.example.com/realms/ops", clientId: "prometheus", emailDomains: ["example.com"] } } };
        const s = settingsWith({ metrics: { httpRoute: route("monitor.example.com", oauth) }, ...NETPOL }, { prometheusOidcClientSecret: "client-secret-value-1234" });
        const args = oauth2ProxyArgs(gatewayModels(s)[0]);
        assert.ok(args.includes("--redirect-url=https://monitor.example.com/oauth2/callback"), args.join(" "));
        assert.ok(!args.some((a) => a.startsWith("--cookie-domain")), args.join(" "));
        assert.ok(args.includes("--cookie-secure=true"));
    });
});

describe("Gateway API routes: the docs/examples/Pulumi.gateway-api.yaml render", function () {
    let r: RenderedStack;
    before(async () => {
        r = await renderStack(EXAMPLES, "gateway-api");
    });

    const routeOf = (name: string) => r.objects.find((o) => o.kind === "HTTPRoute" && o.metadata.name === name) as any;
    const policyOf = (name: string) => r.objects.find((o) => o.kind === "NetworkPolicy" && o.metadata.name === name) as any;

    it("is a docs/examples stack whose resources the snapshot test holds", () => {
        assert.ok(snapshotStacks().includes("examples-gateway-api"));
    });

    it("every object, the HTTPRoutes too, is valid against its schema (Gateway API v1.5.1 for the routes), with no unknown field", () => {
        assert.strictEqual(r.objects.filter((o) => o.kind === "HTTPRoute").length, 4);
        const problems = kubernetesSchemaProblems(r.objects);
        assert.deepStrictEqual(problems, [], formatProblems(problems));
    });

    it("under proxy auth the routes' backendRefs are the auth gateways' Services, never the servers'", () => {
        assert.deepStrictEqual(routeOf("monitor").spec.rules[0].backendRefs, [{ name: "monitor-auth", port: 8080 }]);
        assert.deepStrictEqual(routeOf("alertmanager").spec.rules[0].backendRefs, [{ name: "alertmanager-auth", port: 8080 }]);
        assert.deepStrictEqual(routeOf("kibana-logging").spec.rules[0].backendRefs, [{ name: "kibana-logging-auth", port: 8080 }]);
        const gatewayService: any = r.objects.find((o) => o.kind === "Service" && o.metadata.name === "monitor-auth");
        assert.deepStrictEqual(gatewayService.spec.ports.map((p: any) => p.port), [8080]);
        assert.deepStrictEqual(routeOf("grafana").spec.rules[0].backendRefs, [{ name: "grafana", port: 3000 }]);
        assert.deepStrictEqual(routeOf("monitor").spec.parentRefs, [GATEWAY]);
    });

    it("read from the objects alone, each route authenticates: oauth2-proxy, htpasswd, Grafana's login", () => {
        const byHost = Object.fromEntries(ingressAuth(r.objects, authFactsOf(r.settings)).map((f) => [f.host, `${f.server}: ${f.how}`]));
        assert.deepStrictEqual(byHost, {
            "monitor.gw.example.com": "Prometheus: auth gateway: oauth2-proxy (auth_request)",
            "alerts.gw.example.com": "Alertmanager: auth gateway: htpasswd (auth_basic)",
            "grafana.gw.example.com": "Grafana: Grafana's own login",
            "logs.gw.example.com": "Kibana: auth gateway: htpasswd (auth_basic)",
        });
    });

    it("the NetworkPolicies admit gateway-system to the auth gateway's port only, and not to the servers", () => {
        const fromGateway = (p: any) => (p.spec.ingress ?? []).filter((rule: any) => (rule.from ?? []).some((f: any) => f.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] === "gateway-system"));
        for (const name of ["monitor-auth", "alertmanager-auth", "kibana-logging-auth"]) {
            assert.deepStrictEqual(fromGateway(policyOf(name)), [{ from: [{ namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": "gateway-system" } } }], ports: [{ port: "http", protocol: "TCP" }] }], name);
        }
        assert.deepStrictEqual(fromGateway(policyOf("monitor")), []);
        assert.deepStrictEqual(fromGateway(policyOf("alertmanager")), []);
        assert.deepStrictEqual(fromGateway(policyOf("kibana-logging")), []);
        assert.deepStrictEqual(fromGateway(policyOf("grafana")).map((rule: any) => rule.ports), [[{ port: "http", protocol: "TCP" }]]);
    });

    it("Grafana's root_url and secure cookie follow its route (https, the listener's TLS)", () => {
        const grafana: any = r.objects.find((o) => o.kind === "Deployment" && o.metadata.name === "grafana");
        const env = Object.fromEntries(grafana.spec.template.spec.containers[0].env.filter((e: any) => e.value !== undefined).map((e: any) => [e.name, e.value]));
        assert.strictEqual(env.GF_SERVER_ROOT_URL, "https://grafana.gw.example.com/");
        assert.strictEqual(env.GF_SECURITY_COOKIE_SECURE, "true");
    });

    it("the production checklist lists every HTTPRoute with the Service it reaches", () => {
        assert.match(r.checklist, /https:\/\/monitor\.gw\.example\.com\/ {2}Prometheus \(cluster-monitoring:metrics\.httpRoute; HTTPRoute monitoring\/monitor to Service monitor-auth:8080\): auth gateway monitor-auth: oauth2-proxy/);
        assert.match(r.checklist, /https:\/\/alerts\.gw\.example\.com\/ {2}Alertmanager \(cluster-monitoring:alertmanager\.httpRoute; HTTPRoute monitoring\/alertmanager to Service alertmanager-auth:8080\)/);
        assert.match(r.checklist, /https:\/\/logs\.gw\.example\.com\/ {2}Kibana \(cluster-monitoring:searchStore\.kibana\.httpRoute; HTTPRoute kube-system\/kibana-logging to Service kibana-logging-auth:8080\): auth gateway kibana-logging-auth: htpasswd/);
        assert.match(r.checklist, /https:\/\/grafana\.gw\.example\.com\/ {2}Grafana \(cluster-monitoring:grafana\.httpRoute; HTTPRoute monitoring\/grafana to Service grafana:3000\): Grafana's own login/);
    });

    it("a route bent around the gateway to the server shows up in the checklist as the server's port, with no gateway", () => {
        const bent = withChange(r.objects, "HTTPRoute", "monitor", (o) => (o.spec.rules[0].backendRefs = [{ name: "monitor", port: 9090 }]));
        const found = ingressAuth(bent, { ...authFactsOf(r.settings), serverLogin: () => false }).find((f) => f.host === "monitor.gw.example.com");
        assert.deepStrictEqual(found, { ingress: "HTTPRoute monitoring/monitor", host: "monitor.gw.example.com", server: "Prometheus" });
    });
});

describe("Gateway API routes: a public Kibana route, rendered", function () {
    it("reaches Kibana itself, whose policy admits the Gateway's namespaces on its http port only, and no auth gateway is deployed", async () => {
        const config = configWith({
            logs: { search: { host: "elasticsearch-logging", port: 9200, scheme: "http" } },
            searchStore: { enabled: true, storage: { mode: "storageClass", size: "5Gi" }, kibana: { httpRoute: route("logs.example.com", { public: { reason: "lab cluster behind the office VPN" } }) } },
            ...NETPOL,
        });
        const text = `config:\n${Object.entries(config).map(([k, v]) => `  ${k.includes(":") ? k : `cluster-monitoring:${k}`}: ${JSON.stringify(v)}`).join("\n")}\n`;
        const objects = kubernetesObjects((await runProgram(engineConfigOf(text, "Pulumi.lab.yaml"), "lab")).resources) as any[];
        const kibanaRoute = objects.find((o) => o.kind === "HTTPRoute");
        assert.deepStrictEqual(kibanaRoute.spec.rules[0].backendRefs, [{ name: "kibana-logging", port: 5601 }]);
        assert.ok(!objects.some((o) => o.kind === "Deployment" && o.metadata.name === "kibana-logging-auth"));
        const policy = objects.find((o) => o.kind === "NetworkPolicy" && o.metadata.name === "kibana-logging");
        const fromGateway = policy.spec.ingress.filter((rule: any) => rule.from.some((f: any) => f.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] === "gateway-system" && f.podSelector === undefined));
        assert.deepStrictEqual(fromGateway.map((rule: any) => rule.ports), [[{ port: "http", protocol: "TCP" }]]);
        const problems = kubernetesSchemaProblems(objects);
        assert.deepStrictEqual(problems, [], formatProblems(problems));
    });
});

