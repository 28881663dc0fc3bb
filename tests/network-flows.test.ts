import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { KubernetesObject } from "../render";
import { blockedNeeds, Connection, describeConnection, End, neededConnections, OUTSIDE, podsOf, stranger, unneededAllowed } from "./harness/flow-graph";
import { renderedObjects, STACKS, withChange } from "./harness/rendered-stacks";

/** Where a stack's Ingress traffic comes from: its Ingress controllers' namespaces, or anywhere. */
function ingressSources(stack: string, objects: readonly KubernetesObject[]): End[] {
    const file = parse(fs.readFileSync(path.resolve(__dirname, "..", `Pulumi.${stack}.yaml`), "utf8"));
    const namespaces: string[] | undefined = file?.config?.["cluster-monitoring:networkPolicies"]?.ingressControllerNamespaces;
    if (namespaces) {
        return namespaces.map(stranger);
    }
    const all = [...new Set([...podsOf(objects).map((p) => p.namespace), "default", "kube-system"])];
    return [...all.map(stranger), OUTSIDE];
}

function report(title: string, connections: readonly Connection[]): string {
    return `${title}:\n${connections.map((c) => `  ${describeConnection(c)}`).join("\n")}`;
}

function check(stack: string, objects: readonly KubernetesObject[]): { blocked: Connection[]; extra: Connection[] } {
    const needed = neededConnections(objects, ingressSources(stack, objects));
    return { blocked: blockedNeeds(objects, needed), extra: unneededAllowed(objects, needed) };
}

describe("the flow graph of every stack: the NetworkPolicies allow exactly the connections the rendered configuration makes", function () {
    // The first render loads and compiles the whole program; on a loaded machine that alone can
    // pass the suite's 60s. The bound catches a hang, not slowness.
    for (const stack of STACKS) {
        it(`stack ${stack}: every connection its config files make is allowed, and nothing else`, async () => {
            const objects = await renderedObjects(stack);
            assert.ok(objects.some((o) => o.kind === "NetworkPolicy"), `stack ${stack} renders NetworkPolicies`);
            const { blocked, extra } = check(stack, objects);
            assert.deepStrictEqual(blocked.map(describeConnection), [], report("needed but blocked", blocked));
            assert.deepStrictEqual(extra.map(describeConnection), [], report("allowed but not needed", extra));
        });
    }

    describe("catches a policy that falls behind the configuration", () => {
        let objects: KubernetesObject[];
        before(async () => {
            objects = await renderedObjects("dev");
        });

        it("a scrape job added to prometheus.yml without its flow is reported blocked", () => {
            // A job that scrapes the in-cluster Elasticsearch's pods, which no policy lets Prometheus reach.
            const broken = withChange(objects, "ConfigMap", "monitor", (o) => {
                const config = parse(o.data["prometheus.yml"]);
                config.scrape_configs.push({
                    job_name: "search-store",
                    kubernetes_sd_configs: [{ role: "pod", namespaces: { names: ["kube-system"] } }],
                    relabel_configs: [{ action: "keep", source_labels: ["__meta_kubernetes_pod_label_k8s_app"], regex: "elasticsearch-logging" }],
                });
                o.data["prometheus.yml"] = stringify(config);
            });
            const { blocked } = check("dev", broken);
            assert.ok(
                blocked.some((c) => c.why === "scrape job search-store" && c.port === 9200),
                report("expected the new job's flow among the blocked ones, got", blocked),
            );
        });

        it("the exporter's policy without its egress to the store blocks the exporter's stats requests", () => {
            const broken = withChange(objects, "NetworkPolicy", "elasticsearch-logging-exporter", (o) => {
                o.spec.egress = o.spec.egress.filter((r: any) => !(r.ports ?? []).some((p: any) => p.port === "db"));
            });
            const { blocked } = check("dev", broken);
            assert.ok(
                blocked.some((c) => c.why.startsWith("--es.uri of") && c.to.kind === "pod" && c.to.name === "elasticsearch-logging" && c.port === 9200),
                report("expected the exporter's connection to the store among the blocked ones, got", blocked),
            );
        });

        it("the index template Job's policy without its egress to the store blocks the Job's SEARCH_URL", () => {
            const broken = withChange(objects, "NetworkPolicy", "elasticsearch-logging-template", (o) => {
                o.spec.egress = o.spec.egress.filter((r: any) => !(r.ports ?? []).some((p: any) => p.port === "db"));
            });
            const { blocked } = check("dev", broken);
            assert.ok(
                blocked.some((c) => c.why.startsWith("SEARCH_URL of") && c.from.kind === "pod" && c.from.name === "elasticsearch-logging-template" && c.port === 9200),
                report("expected the template Job's connection to the store among the blocked ones, got", blocked),
            );
        });

        it("the store's policy without ingress from the index template Job blocks the Job's SEARCH_URL", () => {
            const broken = withChange(objects, "NetworkPolicy", "elasticsearch-logging", (o) => {
                o.spec.ingress = o.spec.ingress.map((r: any) => ({ ...r, from: (r.from ?? []).filter((f: any) => f.podSelector?.matchLabels?.["k8s-app"] !== "elasticsearch-logging-template") }));
                o.spec.ingress = o.spec.ingress.filter((r: any) => r.from.length > 0);
            });
            const { blocked } = check("dev", broken);
            assert.ok(
                blocked.some((c) => c.why.startsWith("SEARCH_URL of") && c.from.kind === "pod" && c.from.name === "elasticsearch-logging-template" && c.port === 9200),
                report("expected the template Job's connection to the store among the blocked ones, got", blocked),
            );
        });

        it("dropping the elasticsearch job's flow from Prometheus' egress blocks the scrape", () => {
            const broken = withChange(objects, "NetworkPolicy", "monitor", (o) => {
                o.spec.egress = o.spec.egress.filter((r: any) => !(r.to ?? []).some((t: any) => t.podSelector?.matchLabels?.["k8s-app"] === "elasticsearch-logging-exporter"));
            });
            const { blocked } = check("dev", broken);
            assert.ok(blocked.some((c) => c.why === "scrape job elasticsearch" && c.port === 9114), report("expected the elasticsearch job's flow among the blocked ones, got", blocked));
        });

        it("a Prometheus policy opened to any pod is reported as allowing too much", () => {
            const broken = withChange(objects, "NetworkPolicy", "monitor", (o) => {
                o.spec.ingress.push({ ports: [{ port: "web", protocol: "TCP" }] });
            });
            const { extra } = check("dev", broken);
            assert.ok(
                extra.some((c) => c.to.kind === "pod" && c.to.name === "monitor" && c.port === 9090),
                report("expected a stranger reaching Prometheus' web port, got", extra),
            );
        });

        it("a Prometheus policy opened on a port no container declares is reported too: the probes cover every port a policy names", () => {
            const broken = withChange(objects, "NetworkPolicy", "monitor", (o) => {
                o.spec.ingress.push({ ports: [{ port: 9999, protocol: "TCP" }] });
            });
            const { extra } = check("dev", broken);
            assert.ok(
                extra.some((c) => c.to.kind === "pod" && c.to.name === "monitor" && c.port === 9999),
                report("expected a stranger reaching Prometheus on 9999, got", extra),
            );
        });

        it("an egress opened on a port nothing uses is reported, whichever port it is", () => {
            const broken = withChange(objects, "NetworkPolicy", "monitor", (o) => {
                o.spec.egress.push({ ports: [{ port: 6379, protocol: "TCP" }] });
            });
            const { extra } = check("dev", broken);
            assert.ok(extra.some((c) => c.from.kind === "pod" && c.from.name === "monitor" && c.port === 6379), report("expected Prometheus reaching 6379 outside, got", extra));
        });

        it("a policy without the DNS rule blocks name resolution", () => {
            const broken = withChange(objects, "NetworkPolicy", "monitor", (o) => {
                o.spec.egress = o.spec.egress.filter((r: any) => !(r.ports ?? []).some((p: any) => p.port === 53));
            });
            const { blocked } = check("dev", broken);
            assert.ok(blocked.some((c) => c.why === "DNS" && c.from.kind === "pod" && c.from.name === "monitor"), report("expected DNS blocked, got", blocked));
        });
    });
});
