import { longTermStoreServer } from "../components/long-term-store/server";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { storeUrlForVmauth, vmauthEnv, vmauthSecret } from "../components/long-term-store/vmauth";
import { Settings } from "../config";
import { generatedPrometheusFiles, selfMonitoringTarget } from "./harness/generated-config";
import { outputValue } from "./harness/program";
import { PrometheusProcess, sandboxConfig, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";
import { VictoriaMetricsProcess } from "./harness/victoria-metrics";
import { VmauthProcess } from "./harness/vmauth";

/**
 * An edge's password in an existing Secret (docs/existing-secrets.md), on Debian's vmauth and
 * VictoriaMetrics 1.79.5 and Prometheus 2.42: the generated auth.yml holds only the `%{ENV}`
 * placeholder of edge-b, vmauth gets the variable as the Deployment's secretKeyRef would give it
 * (the "cluster's" Secret below, resolved by vmauthEnv's own references), and the edge's generated
 * Prometheus writes through it. edge-a keeps a Pulumi secret, in the file itself.
 */

const EDGE_A_PASSWORD = "edgeApassw0rdFromPulumi";
// What the organisation's Secret holds: characters YAML would mind in a plain or double-quoted scalar.
const EDGE_B_PASSWORD = 'edgeB "pass" #w0rd: \\ from the Secret';
const CLUSTER_SECRETS: Record<string, Record<string, string>> = { "edge-credentials": { "edge-b": EDGE_B_PASSWORD } };

function centralStack(): Settings {
    return settingsWith(
        {
            metrics: { externalLabels: { cluster: "central" } },
            longTermStore: {
                enabled: true,
                edges: [
                    { cluster: "edge-a", passwordKey: "edgeAWritePassword" },
                    { cluster: "edge-b", passwordKey: "edgeBWritePassword" },
                ],
            },
            edgeBWritePassword: { secretKeyRef: { name: "edge-credentials", key: "edge-b" } },
        },
        { edgeAWritePassword: EDGE_A_PASSWORD },
    );
}

/** The variables vmauthEnv reads from Secrets other than the store's auth keys, resolved against the cluster's Secrets. */
function existingSecretEnv(s: Settings): Record<string, string> {
    const env: Record<string, string> = {};
    for (const e of vmauthEnv(s.longTermStore) as any[]) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && CLUSTER_SECRETS[ref.name]) {
            env[e.name] = CLUSTER_SECRETS[ref.name][ref.key];
        }
    }
    return env;
}

const basic = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}` });

describe("an edge's password from an existing Secret through a real vmauth's %{ENV} placeholder (Debian's vmauth, VictoriaMetrics 1.79.5, Prometheus 2.42)", function () {
    const central = centralStack();
    let store: VictoriaMetricsProcess | undefined;
    let vmauth: VmauthProcess | undefined;
    let edge: PrometheusProcess | undefined;
    let generated = "";

    before(async () => {
        store = await VictoriaMetricsProcess.start(longTermStoreServer(central));
        generated = await outputValue((vmauthSecret(central.longTermStore).stringData as any)["auth.yml"]);
        const local = generated.split(storeUrlForVmauth(central.longTermStore)).join(store.url);
        const configFile = path.join(tempDir("vmauth"), "auth.yml");
        fs.writeFileSync(configFile, local);
        vmauth = await VmauthProcess.start(configFile, existingSecretEnv(central));
    });

    after(async () => {
        await edge?.stop();
        await vmauth?.stop();
        await store?.stop();
    });

    it("the program's auth.yml holds edge-b's placeholder, never its password; vmauth's environment gets it from the existing Secret", () => {
        assert.ok(!generated.includes(EDGE_B_PASSWORD));
        assert.deepStrictEqual(parse(generated).users.map((u: any) => [u.username, u.password]), [["edge-a", EDGE_A_PASSWORD], ["edge-b", "%{EDGE_PASSWORD_1}"]]);
        assert.deepStrictEqual(existingSecretEnv(central), { EDGE_PASSWORD_1: EDGE_B_PASSWORD });
    });

    it("vmauth refuses edge-b with a wrong password, with the placeholder's own text, and with edge-a's password", async () => {
        const write = `${vmauth!.url}/api/v1/write`;
        // 1.79.5 answers 400 with its reason, later releases 401; either way nothing is forwarded.
        for (const password of ["wrong", "%{EDGE_PASSWORD_1}", EDGE_A_PASSWORD, ""]) {
            const r = await fetch(write, { method: "POST", body: "", headers: basic("edge-b", password) });
            const text = await r.text();
            assert.ok([400, 401].includes(r.status) && /auth|user/i.test(text), `edge-b with ${JSON.stringify(password)}: ${r.status} ${text}`);
        }
    });

    it("edge-b's generated Prometheus writes through vmauth with the Secret's password; its series land with its cluster label", async () => {
        const settings = settingsWith(
            {
                metrics: {
                    scrapeInterval: "1s",
                    externalLabels: { monitor: "monitoring/main", cluster: "edge-b" },
                    remoteWrite: [{ url: "https://metrics.central.example.com/api/v1/write", central: true, basicAuth: { username: "edge-b", passwordKey: "centralWritePassword" } }],
                },
            },
            { centralWritePassword: EDGE_B_PASSWORD },
        );
        const { prometheusYml, ruleFiles } = generatedPrometheusFiles(settings, { withRules: false });
        const sandbox = sandboxConfig(prometheusYml, ruleFiles, (config) => {
            const target = config.remote_write[0];
            target.url = `${vmauth!.url}/api/v1/write`;
            const file = path.join(tempDir("edge-secret"), "centralWritePassword");
            fs.writeFileSync(file, EDGE_B_PASSWORD);
            target.basic_auth.password_file = file;
        });
        edge = await PrometheusProcess.start(sandbox.configFile);
        const m = settings.metrics;
        sandbox.setTargets(m.name, [selfMonitoringTarget(edge.url, m)]);
        await store!.waitFor(async () => (await store!.series('up{cluster="edge-b"}')).length > 0, "edge-b's up series in the store");
        assert.deepStrictEqual([...new Set((await store!.series("up")).map((s) => s.cluster))], ["edge-b"]);
    });
});
