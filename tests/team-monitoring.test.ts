import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { TeamMonitoring } from "../components/teams/team-monitoring";
import { TeamContract } from "../components/teams/contract";
import { enforceNamespace } from "../components/teams/enforce-namespace";
import { captureResources, ofType } from "./harness/pulumi-mocks";
import { resetEngine, waitForRegistrations } from "../render/engine-mocks";

const contract: TeamContract = {
    contractVersion: 1,
    prometheus: { version: "2.11.1", line: "2.11" },
    keptFamilies: { cadvisor: { kept: [], dropped: ["container_cpu_system_seconds_total"], unlisted: "kept" } },
    dashboards: { label: "grafana_dashboard", value: "1", namespaces: ["shop"], platformUids: ["cm-home"], reservedUidPrefix: "cm-" },
    rules: { label: "prometheus_rule", value: "1", namespaces: ["shop"], maxFilesPerNamespace: 20, maxRulesPerNamespace: 200 },
    probes: { namespaces: ["shop"], modules: ["http_2xx", "tcp_connect"] },
};

/** The error an Output's apply throws at preview, or undefined. */
async function failureOf(o: pulumi.Output<unknown>): Promise<Error | undefined> {
    return new Promise((resolve) => {
        o.apply(() => resolve(undefined));
        process.once("unhandledRejection", (e) => resolve(e as Error));
    });
}

describe("TeamMonitoring (path 2): checked at the team's preview, then the labelled ConfigMaps", () => {
    before(() => resetEngine("team"));
    after(() => waitForRegistrations());

    it("good input: a dashboards ConfigMap and a rules ConfigMap in the team's namespace, with the platform's labels", async () => {
        const resources = await captureResources(
            () =>
                new TeamMonitoring("shop", {
                    namespace: "shop",
                    contract,
                    dashboards: { orders: { uid: "shop-orders", title: "Orders", panels: [{ type: "timeseries", targets: [{ expr: "sum(rate(orders_total[$__rate_interval]))" }] }] } },
                    ruleGroups: [{ name: "orders", rules: [{ alert: "OrdersFailing", expr: "sum(rate(orders_failed_total[5m])) > 1", for: "10m" }] }],
                }),
        );
        const cms = ofType(resources, "kubernetes:core/v1:ConfigMap");
        assert.deepStrictEqual(cms.map((c) => [c.inputs.metadata.name, c.inputs.metadata.namespace, c.inputs.metadata.labels]), [
            ["shop-dashboards", "shop", { grafana_dashboard: "1" }],
            ["shop-rules", "shop", { prometheus_rule: "1" }],
        ]);
        assert.match(cms[1].inputs.data["shop.yml"], /alert: OrdersFailing/);
    });

    it("bad input: the preview fails with every problem at once, naming the field", async () => {
        const tm = new TeamMonitoring("bad", {
            namespace: "shop",
            contract,
            dashboards: { home: { uid: "cm-home", title: "Mine", panels: [] }, cpu: { uid: "shop-cpu", title: "CPU", panels: [{ targets: [{ expr: "rate(container_cpu_system_seconds_total[5m])" }] }] } },
            ruleGroups: [{ name: "g", rules: [{ record: "x", expr: "last_over_time(up[5m])" }] }],
        });
        const e = await failureOf(tm.configMapNames);
        assert.ok(e, "the preview fails");
        // Pulumi prefixes the serialization path of the property whose value failed.
        assert.match(e!.message, /invalid team objects \(3 problems\):\n/);
        assert.match(e!.message, /TeamMonitoring bad: ConfigMap shop\/bad-dashboards data\["home\.json"\]\.uid: got "cm-home"/);
        assert.match(e!.message, /data\["cpu\.json"\]\.panels\[0\]\.targets\[0\]\.expr: .*job cadvisor drops container_cpu_system_seconds_total/);
        assert.match(e!.message, /ConfigMap shop\/bad-rules data\["bad\.yml"\]\.groups\[0\]\.rules\[0\]\.expr: .*`last_over_time` is not available in Prometheus v2\.11\.1 \(it came in 2\.26\)/);
    });

    it("enforceNamespace: every selector of the team's rules reads only its namespace, and one that asks for another is refused", async () => {
        const resources = await captureResources(
            () =>
                new TeamMonitoring("held", {
                    namespace: "shop",
                    contract,
                    enforceNamespace: true,
                    ruleGroups: [{ name: "orders", rules: [{ alert: "OrdersFailing", expr: 'sum(rate(orders_failed_total{code="500"}[5m])) / sum(rate(orders_total[5m])) > 0.1' }] }],
                }),
        );
        const rules = ofType(resources, "kubernetes:core/v1:ConfigMap")[0].inputs.data["held.yml"];
        assert.match(rules, /orders_failed_total\{namespace="shop", code="500"\}\[5m\]/);
        assert.match(rules, /orders_total\{namespace="shop"\}\[5m\]/);
        const tm = new TeamMonitoring("other", {
            namespace: "shop",
            contract,
            enforceNamespace: true,
            ruleGroups: [{ name: "g", rules: [{ alert: "Theirs", expr: 'up{namespace="payments"} == 0' }] }],
        });
        const e = await failureOf(tm.configMapNames);
        assert.match(e!.message, /TeamMonitoring other: ruleGroups\[0\]\.rules\[0\]\.expr: got "up\{namespace=\\"payments\\"\} == 0", expected `up\{namespace="payments"\}` selects another namespace than shop/);
    });
});

describe("TeamMonitoring probes: the team's Services annotated for the platform's probe job", () => {
    before(() => resetEngine("team-probes"));
    after(() => waitForRegistrations());

    it("good input: a server-side apply patch of each Service with only the probe annotations", async () => {
        const resources = await captureResources(
            () => new TeamMonitoring("shop", { namespace: "shop", contract, probes: [{ service: "orders", path: "/healthz" }, { service: "db", module: "tcp_connect" }] }),
        );
        const patches = ofType(resources, "kubernetes:core/v1:ServicePatch");
        assert.deepStrictEqual(patches.map((p) => p.inputs.metadata), [
            { name: "orders", namespace: "shop", annotations: { "prometheus.io/probe": "true", "prometheus.io/path": "/healthz" } },
            { name: "db", namespace: "shop", annotations: { "prometheus.io/probe": "true", "prometheus.io/probe-module": "tcp_connect" } },
        ]);
        assert.deepStrictEqual(ofType(resources, "kubernetes:core/v1:ConfigMap"), []);
    });

    it("bad input: a module the platform lacks, a path on tcp_connect, a Service twice, a name that is no Service; all at once, nothing patched", async () => {
        let tm: TeamMonitoring | undefined;
        const resources = await captureResources(() => {
            tm = new TeamMonitoring("bad", {
                namespace: "shop",
                contract,
                probes: [{ service: "orders", module: "icmp" }, { service: "db", module: "tcp_connect", path: "/x" }, { service: "orders" }, { service: "Orders_API" }],
            });
        });
        const e = await failureOf(tm!.probedServices);
        assert.match(e!.message, /invalid team objects \(4 problems\)/);
        assert.match(e!.message, /probes\[0\]\.module: got "icmp", expected one of the platform's modules: http_2xx, tcp_connect/);
        assert.match(e!.message, /probes\[1\]\.path: got "\/x", expected no path: tcp_connect only opens the port/);
        assert.match(e!.message, /probes\[2\]\.service: got "orders", expected a Service not probed already/);
        assert.match(e!.message, /probes\[3\]\.service: got "Orders_API", expected a Service name/);
        assert.deepStrictEqual(ofType(resources, "kubernetes:core/v1:ServicePatch"), []);
    });

    it("bad input: a namespace the platform does not probe, or a contract without probes, refuses the probes", async () => {
        const { probes: _, ...older } = contract;
        for (const [c, expected] of [
            [{ ...contract, probes: { namespaces: ["payments"], modules: ["http_2xx"] } }, /namespace: got "shop", expected a namespace whose annotated Services the platform probes \(payments\)/],
            [older, /namespace: got "shop", expected a namespace whose annotated Services the platform probes \(none: /],
        ] as const) {
            const tm = new TeamMonitoring("off", { namespace: "shop", contract: c as TeamContract, probes: [{ service: "orders" }] });
            const e = await failureOf(tm.probedServices);
            assert.match(e!.message, expected);
        }
    });
});

describe("enforceNamespace (components/teams/enforce-namespace.ts)", () => {
    const held = (e: string) => enforceNamespace(e, "shop");
    it("adds the matcher to every selector: bare, with matchers, empty braces, by __name__, in ranges, subqueries and offsets", () => {
        assert.deepStrictEqual(held('sum(rate(a{job="x"}[5m])) / count(b) + c offset 5m'), { expr: 'sum(rate(a{namespace="shop", job="x"}[5m])) / count(b{namespace="shop"}) + c{namespace="shop"} offset 5m' });
        assert.deepStrictEqual(held("a{}"), { expr: 'a{namespace="shop"}' });
        assert.deepStrictEqual(held('{__name__="a"}'), { expr: '{namespace="shop", __name__="a"}' });
        assert.deepStrictEqual(held("max_over_time(a[1h:5m])"), { expr: 'max_over_time(a{namespace="shop"}[1h:5m])' });
    });
    it("leaves a selector that already asks for the namespace, and refuses any other namespace matcher", () => {
        assert.deepStrictEqual(held('a{namespace="shop"}'), { expr: 'a{namespace="shop"}' });
        for (const e of ['a{namespace="other"}', 'a{namespace=~"shop|other"}', 'a{namespace!="shop"}', "a{namespace=~'.*'}"]) {
            assert.ok("conflict" in held(e), e);
        }
    });
    it("returns an expression that does not parse unchanged, for the checker to report", () => {
        assert.deepStrictEqual(held("sum(a"), { expr: "sum(a" });
    });
});
