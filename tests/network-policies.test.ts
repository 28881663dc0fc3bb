import * as assert from "assert";
import { networkPolicyObjects } from "../components/network-policies";
import { cidr, ConfigError } from "../config";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { runProgram } from "./harness/program";
import { requiredConfig, settingsWith } from "./harness/stack-config";
import { scrapeJobsWithReach } from "../stack/scrape-jobs";
import { namedDestinationWarnings, stackDestinations } from "../components/network-policies/destinations";

const REMOTE_WRITE = { remoteWrite: [{ url: "https://mimir.example.com:8443/api/v1/push" }] };

function policyOf(settings = settingsWith(), name = "monitor"): any {
    const p = networkPolicyObjects(settings, scrapeJobsWithReach((settings))).find((x: any) => x.metadata.name === name);
    assert.ok(p, `a NetworkPolicy named ${name}`);
    return p;
}

function refusal(overrides: Record<string, Record<string, unknown>>): string {
    try {
        settingsWith(overrides);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.message;
    }
    assert.fail("the settings were accepted");
}

describe("cluster-monitoring:networkPolicies (docs/security.md#network-policies)", () => {
    it("is on by default: one policy per workload, each denying both directions but its flows", () => {
        const policies = networkPolicyObjects(settingsWith(), scrapeJobsWithReach((settingsWith()))) as any[];
        assert.deepStrictEqual(
            policies.map((p) => `${p.metadata.namespace}/${p.metadata.name}`).sort(),
            ["kube-system/fluentd-es-v2.7.0", "kube-system/node-exporter", "monitoring/alertmanager", "monitoring/kube-state-metrics", "monitoring/monitor"],
        );
        for (const p of policies) {
            assert.deepStrictEqual(p.spec.policyTypes, ["Ingress", "Egress"]);
        }
    });

    it("switched off, the program registers no NetworkPolicy; on, one per workload", async () => {
        const policies = async (enabled: boolean) =>
            kubernetesObjects((await runProgram({ ...requiredConfig(), networkPolicies: { enabled } })).resources).filter((o) => o.kind === "NetworkPolicy").length;
        assert.strictEqual(await policies(false), 0);
        assert.strictEqual(await policies(true), 5);
    });

    it("remote write: its port to any address, or to outsideCidrs when given", () => {
        const open = policyOf(settingsWith({ metrics: REMOTE_WRITE }));
        assert.ok(open.spec.egress.some((r: any) => r.to === undefined && r.ports?.some((p: any) => p.port === 8443)), JSON.stringify(open.spec.egress));
        const narrowed = policyOf(settingsWith({ metrics: REMOTE_WRITE, networkPolicies: { outsideCidrs: ["203.0.113.0/24"] } }));
        const rule = narrowed.spec.egress.find((r: any) => r.ports?.some((p: any) => p.port === 8443));
        assert.deepStrictEqual(rule.to, [{ ipBlock: { cidr: "203.0.113.0/24" } }]);
    });

    it("a destination named by DNS under outsideCidrs is warned about, naming its key, since no check can resolve it at load; an address or no outsideCidrs is not", () => {
        const warnings = (metrics: Record<string, unknown>, networkPolicies: Record<string, unknown>) => {
            const s = settingsWith({ metrics, networkPolicies });
            return namedDestinationWarnings(stackDestinations(s), s.networkPolicies);
        };
        const named = { remoteWrite: [{ url: "https://metrics.example.com/api/v1/write" }] };
        // The required config's logs.search.host, elasticsearch-logging, is a name outside the stack too.
        const [remote, search, ...rest] = warnings(named, { outsideCidrs: ["203.0.113.0/24"] });
        assert.deepStrictEqual(rest, []);
        assert.match(remote, /^cluster-monitoring:metrics\.remoteWrite\[0\]\.url: Prometheus' remote write goes to metrics\.example\.com, a name; .*203\.0\.113\.0\/24/);
        assert.match(search, /^cluster-monitoring:logs\.search\.host: the log agent's search store goes to elasticsearch-logging, a name/);
        assert.deepStrictEqual(warnings(named, {}), []);
        const byAddress = warnings({ remoteWrite: [{ url: "https://203.0.113.9/api/v1/write" }] }, { outsideCidrs: ["203.0.113.0/24"] });
        assert.deepStrictEqual(byAddress.filter((w) => w.includes("remoteWrite")), []);
    });

    it("an Ingress admits its controller's namespaces when named, else any address on the web port only", () => {
        const ingress = { enableAdminApi: false, enableLifecycle: false, ingress: { host: "monitor.example.com", auth: { public: { reason: "a lab cluster reached only through the office VPN" } } } };
        const fromAnywhere = policyOf(settingsWith({ metrics: ingress }));
        assert.ok(fromAnywhere.spec.ingress.some((r: any) => r.from === undefined && r.ports.length === 1 && r.ports[0].port === "web"));
        const fromController = policyOf(settingsWith({ metrics: ingress, networkPolicies: { ingressControllerNamespaces: ["ingress-nginx"] } }));
        assert.ok(fromController.spec.ingress.every((r: any) => r.from !== undefined));
        assert.ok(fromController.spec.ingress.some((r: any) => r.from.some((p: any) => p.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] === "ingress-nginx")));
    });

    it("behind the auth gateway the controller reaches the gateway only, and the server admits the gateway instead", () => {
        const controller = (r: any) => r.from?.some((p: any) => p.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"] === "ingress-nginx");
        const base = { ingress: { host: "monitor.example.com", auth: { proxy: { basicAuth: { users: ["alice"] } } } } };
        const s = settingsWith({ metrics: base, networkPolicies: { ingressControllerNamespaces: ["ingress-nginx"] } });
        const server = policyOf(s);
        assert.ok(!server.spec.ingress.some(controller), JSON.stringify(server.spec.ingress));
        assert.ok(server.spec.ingress.some((r: any) => r.from?.some((p: any) => p.podSelector?.matchLabels?.app === "monitor-auth") && r.ports[0].port === "web"));
        const gateway = policyOf(s, "monitor-auth");
        assert.deepStrictEqual(gateway.spec.ingress.map((r: any) => [controller(r), r.ports.map((p: any) => p.port)]), [[true, ["http"]]]);
        const egressPorts = gateway.spec.egress.map((r: any) => r.ports.map((p: any) => p.port).join(","));
        assert.deepStrictEqual(egressPorts.sort(), ["53,53", "web"]);
        // oauth2Proxy adds the identity provider, outside, on its URL's port, and nothing else.
        const oidc = settingsWith(
            {
                metrics: { ingress: { host: "monitor.example.com", tlsSecretName: "monitor-tls", auth: { proxy: { oauth2Proxy: { issuerUrl: "https://login.example.com:8443/realms/ops", clientId: "prom", emailDomains: ["example.com"] } } } } },
                networkPolicies: { ingressControllerNamespaces: ["ingress-nginx"], outsideCidrs: ["203.0.113.0/24"] },
            },
            { prometheusOidcClientSecret: "s3cret" },
        );
        const idp = policyOf(oidc, "monitor-auth").spec.egress.find((r: any) => r.ports.some((p: any) => p.port === 8443));
        assert.deepStrictEqual(idp.to, [{ ipBlock: { cidr: "203.0.113.0/24" } }]);
    });

    it("etcd's static addresses become /32 blocks on its port", () => {
        const p = policyOf(settingsWith({ metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.20.0.11"], scheme: "http" } } }));
        assert.ok(p.spec.egress.some((r: any) => r.to?.[0]?.ipBlock?.cidr === "10.20.0.11/32" && r.ports[0].port === 2379), JSON.stringify(p.spec.egress));
    });

    it("refuses a CIDR that is not one, naming the key and the value", () => {
        for (const bad of ["203.0.113.7", "203.0.113.7/24", "10.0.0.0/33", "2001:db8::1/32", "example.com/8"]) {
            assert.notStrictEqual(cidr(bad), undefined, bad);
            assert.match(refusal({ networkPolicies: { outsideCidrs: [bad] } }), new RegExp(`cluster-monitoring:networkPolicies\\.outsideCidrs\\[0\\]: got "${bad.replace(/[.]/g, "\\.")}"`));
        }
        for (const good of ["203.0.113.0/24", "0.0.0.0/0", "10.20.0.11/32", "2001:db8::/32", "::/0"]) {
            assert.strictEqual(cidr(good), undefined, good);
        }
    });

    it("refuses a namespace that is not a DNS label, naming the key", () => {
        assert.match(refusal({ networkPolicies: { ingressControllerNamespaces: ["Ingress_Nginx"] } }), /cluster-monitoring:networkPolicies\.ingressControllerNamespaces\[0\]/);
    });
});
