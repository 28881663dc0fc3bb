import { longTermStoreServer } from "../components/long-term-store/server";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { storeUrlForVmauth, vmauthSecret } from "../components/long-term-store/vmauth";
import { Settings } from "../config";
import { generatedPrometheusFiles, selfMonitoringTarget } from "./harness/generated-config";
import { outputValue } from "./harness/program";
import { PrometheusProcess, sandboxConfig, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { VictoriaMetricsProcess } from "./harness/victoria-metrics";
import { VmauthProcess } from "./harness/vmauth";
import { parser } from "@prometheus-io/lezer-promql";
import { CLUSTER_VARIABLE } from "../components/common/dashboards/cluster-variable";
import { PROJECT } from "../config/source";
import { dashboardsFor } from "../stack/dashboards";
import { prometheusQueries } from "./harness/dashboards";
import { fillVariables } from "./harness/promql";

/**
 * Central and edge stacks on real binaries (docs/long-term-storage.md#central-and-edge-stacks):
 * a central stack's store (Debian's VictoriaMetrics 1.79.5) behind Debian's vmauth 1.79.5 on the
 * generated auth config, and two edges' Prometheus 2.42 on their generated configurations, each
 * with its own cluster label and credential. Every wait ends on the event it waits for.
 */

const PASSWORDS = { edgeAWritePassword: "edgeApassw0rdFromTheSecret", edgeBWritePassword: "edgeBpassw0rdFromTheSecret" };

function centralStack(): Settings {
    return settingsWith(
        {
            // A central stack names its own cluster (components/long-term-store/central-cluster-label.ts).
            metrics: { externalLabels: { cluster: "central" } },
            longTermStore: {
                enabled: true,
                edges: [
                    { cluster: "edge-a", passwordKey: "edgeAWritePassword" },
                    { cluster: "edge-b", passwordKey: "edgeBWritePassword" },
                ],
            },
        },
        PASSWORDS,
    );
}

/** An edge as its stack file would set it: its cluster label, and the central endpoint with its credential. */
function edgeStack(cluster: string, password: string): Settings {
    return settingsWith(
        {
            metrics: {
                scrapeInterval: "1s",
                externalLabels: { monitor: "monitoring/main", cluster },
                remoteWrite: [{ url: "https://metrics.central.example.com/api/v1/write", central: true, basicAuth: { username: cluster, passwordKey: "centralWritePassword" } }],
            },
        },
        { centralWritePassword: password },
    );
}

const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` });

describe("central and edge stacks through a real vmauth (Debian's vmauth, VictoriaMetrics 1.79.5, Prometheus 2.42)", function () {
    const central = centralStack();
    let store: VictoriaMetricsProcess | undefined;
    let vmauth: VmauthProcess | undefined;
    const edges: PrometheusProcess[] = [];

    /** An edge's Prometheus on its generated config, writing to the local vmauth; `change` may doctor the config. */
    async function startEdge(settings: Settings, password: string, change: (config: any) => void = () => undefined): Promise<PrometheusProcess> {
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            const target = config.remote_write[0];
            // vmauth listens on plain http here; the password file holds what the Secret would.
            target.url = `${vmauth!.url}/api/v1/write`;
            const file = path.join(tempDir("edge-secret"), "centralWritePassword");
            fs.writeFileSync(file, password);
            target.basic_auth.password_file = file;
            change(config);
        });
        const server = await PrometheusProcess.start(sandbox.configFile);
        const m = settings.metrics;
        // The edge scrapes itself, as its self-monitoring job finds it.
        sandbox.setTargets(m.name, [selfMonitoringTarget(server.url, m)]);
        edges.push(server);
        return server;
    }

    before(async () => {
        store = await VictoriaMetricsProcess.start(longTermStoreServer(central));
        const generated: string = await outputValue((vmauthSecret(central.longTermStore).stringData as any)["auth.yml"]);
        // Only the store's address moves to this machine.
        const local = generated.split(storeUrlForVmauth(central.longTermStore)).join(store.url);
        assert.notStrictEqual(local, generated);
        const configFile = path.join(tempDir("vmauth"), "auth.yml");
        fs.writeFileSync(configFile, local);
        vmauth = await VmauthProcess.start(configFile);
    });

    after(async () => {
        await Promise.all(edges.map((e) => e.stop()));
        await vmauth?.stop();
        await store?.stop();
    });

    it("the generated auth config: one user per edge, named after its cluster, whose only route is the write endpoint with its cluster label", async () => {
        const config = parse(await outputValue((vmauthSecret(central.longTermStore).stringData as any)["auth.yml"]));
        assert.deepStrictEqual(config, {
            users: [
                { username: "edge-a", password: PASSWORDS.edgeAWritePassword, url_map: [{ src_paths: ["/api/v1/write"], url_prefix: "http://long-term-store.monitoring.svc:8428?extra_label=cluster%3Dedge-a" }] },
                { username: "edge-b", password: PASSWORDS.edgeBWritePassword, url_map: [{ src_paths: ["/api/v1/write"], url_prefix: "http://long-term-store.monitoring.svc:8428?extra_label=cluster%3Dedge-b" }] },
            ],
        });
    });

    it("a write without the credential, or with a wrong one, is refused; an edge's credential reaches no other path", async () => {
        const write = `${vmauth!.url}/api/v1/write`;
        // 1.79.5 answers 400 with its reason, later releases 401; either way nothing is forwarded.
        const refused = async (headers: Record<string, string>) => {
            const r = await fetch(write, { method: "POST", body: "", headers });
            const text = await r.text();
            return [400, 401].includes(r.status) && /auth|user/i.test(text) ? true : `${r.status} ${text}`;
        };
        assert.strictEqual(await refused({}), true, "without a credential");
        assert.strictEqual(await refused(basic("edge-a", PASSWORDS.edgeBWritePassword)), true, "edge-a with edge-b's password");
        const query = await fetch(`${vmauth!.url}/api/v1/query?query=up`, { headers: basic("edge-a", PASSWORDS.edgeAWritePassword) });
        assert.ok(query.status >= 400, `the query API through vmauth answered ${query.status}`);
        // vmauth's own /flags and /-/reload need their keys, read from the environment as the Deployment gives them.
        assert.ok((await fetch(`${vmauth!.url}/flags`)).status >= 400);
        assert.strictEqual((await fetch(`${vmauth!.url}/flags?authKey=vmauthFlagsKey`)).status, 200);
        assert.ok((await fetch(`${vmauth!.url}/-/reload`)).status >= 400);
        assert.strictEqual((await fetch(`${vmauth!.url}/-/reload?authKey=vmauthReloadKey`)).status, 200);
    });

    it("two edges write with their own cluster labels; the store lists both, as a cluster variable's query would", async () => {
        await startEdge(edgeStack("edge-a", PASSWORDS.edgeAWritePassword), PASSWORDS.edgeAWritePassword);
        await startEdge(edgeStack("edge-b", PASSWORDS.edgeBWritePassword), PASSWORDS.edgeBWritePassword);
        const clusters = async () => {
            const body = (await (await fetch(`${store!.url}/api/v1/label/cluster/values?match[]=up`)).json()) as any;
            return body.data as string[];
        };
        await store!.waitFor(async () => (await clusters()).length === 2, "both edges' up series in the store");
        assert.deepStrictEqual((await clusters()).sort(), ["edge-a", "edge-b"]);
    });

    it("the central stack's dashboards show the cluster variable, and their selectors pick one edge's series from the store, or none for an empty value", async () => {
        // The selectors of every rendered query of the Prometheus board, which both edges' own series fill (docs/grafana.md#many-clusters).
        const board = dashboardsFor(central, PROJECT).find((d) => d.json.uid === "cm-prometheus")!;
        assert.strictEqual(board.json.templating!.list!.find((v: any) => v.name === CLUSTER_VARIABLE).hide, 0, "shown on a central stack");
        const selectors = new Set<string>();
        for (const q of prometheusQueries([board])) {
            const text = fillVariables(q.expr, { __rate_interval: "1m" });
            parser.parse(text).iterate({ enter: (n) => void (n.name === "VectorSelector" && selectors.add(text.slice(n.from, n.to))) });
        }
        assert.ok(selectors.size >= 5, `${selectors.size} selectors`);
        const answeredNow = async (): Promise<string[]> => {
            const answered: string[] = [];
            for (const selector of selectors) {
                assert.ok(selector.includes('cluster=""'), selector);
                assert.deepStrictEqual(await store!.series(selector), [], `${selector}: every series in the store has a cluster`);
                for (const cluster of ["edge-a", "edge-b"]) {
                    const series = await store!.series(selector.replace('cluster=""', `cluster="${cluster}"`));
                    assert.deepStrictEqual([...new Set(series.map((x) => x.cluster))].filter((c) => c !== cluster), [], selector);
                    if (series.length > 0) answered.push(`${cluster} ${selector}`);
                }
            }
            return answered;
        };
        // The second edge started a moment after the first, and some series (the scrape interval's
        // histogram, the samples appended) appear only from its second scrape: wait until both
        // edges' series have reached the store, then compare.
        const sameSelectors = (a: string[]) =>
            JSON.stringify(a.filter((x) => x.startsWith("edge-a ")).map((x) => x.slice(7))) === JSON.stringify(a.filter((x) => x.startsWith("edge-b ")).map((x) => x.slice(7)));
        await store!.waitFor(async () => sameSelectors(await answeredNow()), "both edges' series of every selector in the store");
        const answered = await answeredNow();
        // Both edges answer the same selectors: each cluster's view holds its own series.
        assert.ok(answered.filter((a) => a.startsWith("edge-a ")).length >= 3, answered.join("\n"));
        assert.strictEqual(answered.filter((a) => a.startsWith("edge-a ")).length, answered.filter((a) => a.startsWith("edge-b ")).length, answered.join("\n"));
    });

    it("one edge's credential cannot write the other's label: a doctored edge-a that claims cluster edge-b, and asks for it in the URL, lands as edge-a", async () => {
        // What the program would refuse (config test below): edge-a's credential with the cluster label of edge-b.
        await startEdge(edgeStack("edge-a", PASSWORDS.edgeAWritePassword), PASSWORDS.edgeAWritePassword, (config) => {
            config.global.external_labels = { ...config.global.external_labels, cluster: "edge-b", impostor: "yes" };
            config.remote_write[0].url += `?extra_label=${encodeURIComponent("cluster=edge-b")}`;
        });
        await store!.waitFor(async () => (await store!.series('up{impostor="yes"}')).length > 0, "the doctored edge's series");
        const series = await store!.series('{impostor="yes"}');
        assert.deepStrictEqual([...new Set(series.map((s) => s.cluster))], ["edge-a"]);
    });

    it("the program refuses the doctored edge: its vmauth user must be its cluster label, and an edge needs one", () => {
        assert.throws(
            () =>
                settingsWith(
                    {
                        metrics: {
                            externalLabels: { cluster: "edge-b" },
                            remoteWrite: [{ url: "https://metrics.central.example.com/api/v1/write", central: true, basicAuth: { username: "edge-a", passwordKey: "centralWritePassword" } }],
                        },
                    },
                    { centralWritePassword: "x" },
                ),
            /cluster-monitoring:metrics\.remoteWrite\[0\]\.basicAuth\.username[\s\S]*edge-b, the cluster label/,
        );
        assert.throws(
            () =>
                settingsWith(
                    { metrics: { remoteWrite: [{ url: "https://metrics.central.example.com/api/v1/write", central: true, basicAuth: { username: "edge-a", passwordKey: "centralWritePassword" } }] } },
                    { centralWritePassword: "x" },
                ),
            /cluster-monitoring:metrics\.externalLabels\.cluster/,
        );
        assert.ok(stringify(parse(generatedPrometheusFiles(edgeStack("edge-a", "x"), { withRules: false }).prometheusYml).remote_write).includes("basic_auth"));
    });
});
