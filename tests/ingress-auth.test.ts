import * as assert from "assert";
import * as path from "path";
import { renderStack, RenderedStack } from "../render";
import { Settings } from "../config";
import { gatewayModels } from "../stack/gateways";
import { gatewayNginxConf } from "../components/auth-gateway";
import { productionChecklist } from "../stack/production-checklist";
import { IMAGE_SUPPORT, IMAGE_SUPPORT_REVIEWED } from "../stack/image-support";
import { gatewayAuth, ingressAuth, StackAuthFacts } from "../validate/ingress-auth";
import { STACKS, withChange } from "./harness/rendered-stacks";
import { requiredConfig, settingsWith } from "./harness/stack-config";
import { engineConfigOf } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { runProgram } from "../render/run-program";

/**
 * Every shipped stack renders, and no Ingress in front of Prometheus or Alertmanager is an open
 * door: read from the rendered objects (the backend Service, its pods, the gateway's nginx
 * config), not from the settings that asked for them (docs/security.md#every-way-in-is-authenticated).
 */

const REPO = path.resolve(__dirname, "..");

function factsOf(s: Settings): StackAuthFacts {
    const publicReasons: Record<string, string> = {};
    for (const ingress of [s.metrics.ingress, s.alertmanager.enabled ? s.alertmanager.ingress : undefined]) {
        if (ingress?.auth?.public) {
            publicReasons[ingress.host] = ingress.auth.public.reason;
        }
    }
    return {
        serverLogin: (server) => (server === "Prometheus" ? s.metrics.web?.basicAuth !== undefined : s.alertmanager.web?.basicAuth !== undefined),
        publicReasons,
    };
}

describe("every shipped stack's Ingresses authenticate (rendered objects)", () => {
    const rendered = new Map<string, RenderedStack>();
    before(async () => {
        for (const stack of STACKS) {
            rendered.set(stack, await renderStack(REPO, stack));
        }
    });

    it("renders every shipped stack", () => {
        assert.deepStrictEqual([...rendered.keys()].sort(), ["dev", "e2e", "prod"]);
    });

    for (const stack of STACKS) {
        it(`stack ${stack}: every Prometheus or Alertmanager Ingress authenticates, or is public with its reason`, () => {
            const r = rendered.get(stack)!;
            const found = ingressAuth(r.objects, factsOf(r.settings));
            const open = found.filter((f) => f.how === undefined || f.server === undefined);
            assert.deepStrictEqual(open, [], `Ingresses with no authentication or no known server: ${JSON.stringify(open)}`);
        });
    }

    it("prod, the example to copy, puts both Prometheus and Alertmanager behind oauth2-proxy gateways, and none is public", () => {
        const r = rendered.get("prod")!;
        const found = ingressAuth(r.objects, factsOf(r.settings));
        const byServer = Object.fromEntries(found.map((f) => [f.server, f.how]));
        assert.strictEqual(byServer.Prometheus, "auth gateway: oauth2-proxy (auth_request)");
        assert.strictEqual(byServer.Alertmanager, "auth gateway: oauth2-proxy (auth_request)");
        assert.strictEqual(byServer.Grafana, "Grafana's own login");
        assert.match(r.checklist, /Public endpoints:\n {4}none\n/);
    });

    describe("catches an open door", () => {
        it("an Ingress that routes around the gateway to a server without its own login", () => {
            const r = rendered.get("prod")!;
            const broken = withChange(r.objects, "Ingress", "monitor", (o) => (o.spec.rules[0].http.paths[0].backend.service = { name: "monitor", port: { number: 9090 } }));
            const found = ingressAuth(broken, { ...factsOf(r.settings), serverLogin: () => false });
            assert.deepStrictEqual(found.find((f) => f.ingress === "monitoring/monitor"), { ingress: "monitoring/monitor", host: "monitor.prod.example.com", server: "Prometheus" });
        });

        it("a gateway whose location lost its auth_request", () => {
            const r = rendered.get("prod")!;
            const broken = withChange(r.objects, "ConfigMap", "monitor-auth", (o) => (o.data["nginx.conf"] = o.data["nginx.conf"].replace(/^\s*auth_request \/oauth2\/auth;\n/m, "")));
            const found = ingressAuth(broken, factsOf(r.settings));
            assert.strictEqual(found.find((f) => f.ingress === "monitoring/monitor")?.how, undefined);
        });

        it("a basic-auth gateway without auth_basic, or with auth_basic off in a location", () => {
            const m = gatewayModels(settingsWith({ metrics: { ingress: { host: "m.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } } } }))[0];
            const conf = gatewayNginxConf(m);
            assert.strictEqual(gatewayAuth(conf).how, "auth gateway: htpasswd (auth_basic)");
            assert.deepStrictEqual(gatewayAuth(conf).upstreams, ["http://monitor-auth-backend.monitoring.svc:9090"]);
            assert.strictEqual(gatewayAuth(conf.replace(/^\s*auth_basic "[^"]*";\n/m, "")).how, undefined);
            assert.strictEqual(gatewayAuth(conf.replace(/location \/ \{\n(\s+)proxy_pass/, "location / {\n$1auth_basic off;\n$1proxy_pass")).how, undefined);
        });
    });
});

describe("the production checklist (npm run render -- <stack>)", () => {
    const base = { images: ["quay.io/prometheus/prometheus:v2.11.1", "example.com/unknown:1.0.0"], secretKeys: ["cluster-monitoring:grafanaAdminPassword"], generated: ["monitor-auth-user-alice"] };

    it("lists each exposed endpoint with its authentication, the public ones with their reasons as warnings, secrets set and generated by name, and EOL images", async () => {
        const reason = "a lab cluster reached only through the office VPN";
        const overrides = {
            metrics: { enableAdminApi: false, enableLifecycle: false, ingress: { host: "monitor.example.com", auth: { public: { reason } } } },
            alertmanager: { ingress: { host: "alerts.example.com", tlsSecretName: "alerts-tls", auth: { proxy: { basicAuth: { users: ["alice"] } } } } },
        };
        const s = settingsWith(overrides);
        // The endpoints are the rendered objects' Ingresses: the program's for these settings.
        const config = requiredConfig();
        for (const [key, value] of Object.entries(overrides)) {
            config[key] = { ...(config[key] ?? {}), ...value };
        }
        const text0 = `config:\n${Object.entries(config).map(([k, v]) => `  ${k.includes(":") ? k : `cluster-monitoring:${k}`}: ${JSON.stringify(v)}`).join("\n")}\n`;
        const objects = kubernetesObjects((await runProgram(engineConfigOf(text0, "Pulumi.lab.yaml"), "lab")).resources);
        const text = productionChecklist({ stack: "lab", settings: s, objects, ...base });
        assert.match(text, /https:\/\/alerts\.example\.com\/ {2}Alertmanager \(cluster-monitoring:alertmanager\.ingress; Ingress monitoring\/alertmanager to Service alertmanager-auth:8080\): auth gateway alertmanager-auth: htpasswd of generated passwords for alice/);
        assert.match(text, new RegExp(`WARNING http://monitor\\.example\\.com/ {2}Prometheus \\(cluster-monitoring:metrics\\.ingress; Ingress monitoring/monitor to Service monitor:9090\\) is public, without authentication: ${reason}`));
        assert.match(text, /Secrets set in the stack \(pulumi config set --secret\):\n {4}grafanaAdminPassword\n/);
        assert.match(text, /generates \(kept encrypted in the stack's state\):\n {4}monitor-auth-user-alice\n/);
        assert.match(text, new RegExp(`support table of ${IMAGE_SUPPORT_REVIEWED}`));
        assert.match(text, /WARNING quay\.io\/prometheus\/prometheus:v2\.11\.1: END OF LIFE/);
        assert.match(text, /example\.com\/unknown:1\.0\.0: not in the table/);
    });

    it("keeps a dated table whose every row names its source", () => {
        assert.match(IMAGE_SUPPORT_REVIEWED, /^\d{4}-\d{2}-\d{2}$/);
        for (const row of IMAGE_SUPPORT) {
            assert.ok(row.source.length > 20, row.prefix);
            assert.ok(row.until === undefined || /^\d{4}-\d{2}$/.test(row.until), row.prefix);
        }
    });
});
