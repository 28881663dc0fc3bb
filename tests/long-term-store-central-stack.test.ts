import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { parse } from "yaml";
import { engineConfigOf } from "../render";
import { runProgram, ProgramRun } from "../render/run-program";
import { allRegistered, isWrappedSecret, setStackOutputs, unwrapSecret, waitForRegistrations } from "../render/engine-mocks";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { CENTRAL_EDGES_OUTPUT, CentralEdge } from "../components/long-term-store/edges-output";
import { CENTRAL_WRITE_PASSWORD_FILE, ConfigError } from "../config";
import { settingsWith } from "./harness/stack-config";
import { requireBinary, tempDir } from "./harness/prometheus";
import { until } from "./harness/hang";
import { execFileSync } from "child_process";

const EXAMPLES = path.join(__dirname, "..", "docs", "examples");
/** The edge example's centralStack. */
const CENTRAL = "acme/cluster-monitoring/central";

function exampleConfig(stack: string, change: (config: Record<string, string>) => void = () => undefined) {
    const file = path.join(EXAMPLES, `Pulumi.${stack}.yaml`);
    const config = engineConfigOf(fs.readFileSync(file, "utf8"), file);
    change(config.values);
    return config;
}

/**
 * The edge's run, or the error its deploy fails with: a wrong central output fails inside an
 * Output, as in `pulumi up`, and each resource whose inputs wait on it rejects once it is
 * serialized, after its registration is queued; so a run expected to fail waits for that
 * rejection (an event, bounded by the hang timeout), and one expected to succeed has none.
 */
async function runEdge(change?: (config: Record<string, string>) => void, expectError = false): Promise<{ run: ProgramRun; error?: Error }> {
    const errors: Error[] = [];
    const onRejection = (e: unknown) => errors.push(e as Error);
    process.on("unhandledRejection", onRejection);
    try {
        const run = await runProgram(exampleConfig("edge-eu", change), "edge-eu");
        await waitForRegistrations();
        if (expectError) {
            await until(async () => errors[0], "the edge's deploy to fail on the central stack's output");
        }
        return { run, error: errors[0] };
    } finally {
        process.removeListener("unhandledRejection", onRejection);
    }
}

function outputOf<T>(o: pulumi.Output<T>): Promise<{ value: T; secret: boolean }> {
    return new Promise((resolve) => o.apply(async (value) => resolve({ value, secret: await (o as any).isSecret })));
}

/**
 * docs/long-term-storage.md#central-and-edge-stacks, both sides through Pulumi: the central example
 * exports each edge's endpoint and credential as a secret output, and the edge example, which
 * names only the central stack, reads them through a StackReference (render/engine-mocks.ts
 * hands the central's rendered outputs to it, as the engine would).
 */
describe("central and edge stacks through a StackReference (docs/examples/Pulumi.central.yaml, Pulumi.edge-eu.yaml)", function () {
    let edges: Record<string, CentralEdge>;
    let centralVmauth: string;

    before(async () => {
        // The example's `secure:` placeholders read as one marker; each edge gets a password of its own here.
        const central = await runProgram(
            exampleConfig("central", (c) => {
                c["cluster-monitoring:edgeEuWritePassword"] = "edge-eu-password-4f2a";
                c["cluster-monitoring:edgeUsWritePassword"] = "edge-us-password-9c7b";
            }),
            "central",
        );
        const out = await outputOf(central.exports[CENTRAL_EDGES_OUTPUT] as pulumi.Output<Record<string, CentralEdge>>);
        assert.strictEqual(out.secret, true, `${CENTRAL_EDGES_OUTPUT} must be a secret output`);
        edges = out.value;
        const config = central.resources.find((r) => r.type === "kubernetes:core/v1:Secret" && r.inputs.metadata?.name === "long-term-store-vmauth");
        centralVmauth = unwrapSecret(config!.inputs.stringData)["auth.yml"];
        setStackOutputs(CENTRAL, { [CENTRAL_EDGES_OUTPUT]: edges }, [CENTRAL_EDGES_OUTPUT]);
    });
    after(() => setStackOutputs(CENTRAL, {}));

    it("the central stack exports, per edge cluster, its endpoint and the password its vmauth user has", () => {
        assert.deepStrictEqual(Object.keys(edges).sort(), ["edge-eu", "edge-us"]);
        assert.strictEqual(edges["edge-eu"].password, "edge-eu-password-4f2a");
        const users = parse(centralVmauth).users as { username: string; password: string }[];
        for (const [cluster, e] of Object.entries(edges)) {
            assert.deepStrictEqual([e.url, e.username], ["https://metrics.central.example.com/api/v1/write", cluster]);
            assert.strictEqual(e.password, users.find((u) => u.username === cluster)?.password);
        }
        assert.notStrictEqual(edges["edge-eu"].password, edges["edge-us"].password);
    });

    it("the edge writes to the central endpoint as its cluster, with the password in the remote-write Secret only", async () => {
        const { run, error } = await runEdge();
        assert.strictEqual(error, undefined, String(error));
        const objects = kubernetesObjects(run.resources);
        const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects, [])];
        assert.deepStrictEqual(problems, [], formatProblems(problems));
        const prometheusYml = (objects.find((o: any) => o.kind === "ConfigMap" && o.metadata.name === "monitor") as any).data["prometheus.yml"];
        const [target, ...more] = parse(prometheusYml).remote_write;
        assert.deepStrictEqual(more, []);
        assert.deepStrictEqual(target, {
            url: edges["edge-eu"].url,
            write_relabel_configs: [{ action: "labeldrop", regex: "replica" }],
            basic_auth: { username: "edge-eu", password_file: `/etc/prometheus/secrets/monitor-remote-write/${CENTRAL_WRITE_PASSWORD_FILE}` },
        });
        const secret = run.resources.find((r) => r.type === "kubernetes:core/v1:Secret" && r.inputs.metadata?.name === "monitor-remote-write");
        const stringData = secret?.inputs.stringData;
        assert.ok(isWrappedSecret(stringData) || isWrappedSecret(stringData?.[CENTRAL_WRITE_PASSWORD_FILE]), "the password reaches the engine as a secret");
        const files = isWrappedSecret(stringData) ? unwrapSecret(stringData) : stringData;
        assert.strictEqual(isWrappedSecret(files[CENTRAL_WRITE_PASSWORD_FILE]) ? unwrapSecret(files[CENTRAL_WRITE_PASSWORD_FILE]) : files[CENTRAL_WRITE_PASSWORD_FILE], edges["edge-eu"].password);
        // Nowhere else: every other input of every resource, secrets left wrapped, lacks it.
        const elsewhere = run.resources.filter((r) => r !== secret).map((r) => JSON.stringify(r.inputs));
        assert.ok(!elsewhere.some((t) => t.includes(edges["edge-eu"].password)), "the password is in another resource");
        assert.ok(!JSON.stringify(objects.filter((o: any) => o.metadata?.name !== "monitor-remote-write")).includes(edges["edge-eu"].password));
        const sts = objects.find((o: any) => o.kind === "StatefulSet" && o.metadata.name === "monitor") as any;
        assert.ok(sts.spec.template.spec.volumes.some((v: any) => v.secret?.secretName === "monitor-remote-write"));
        assert.ok(run.resources.some((r) => r.type === "pulumi:pulumi:StackReference" && r.inputs.name === CENTRAL));
        // 2.11 names the queue "0:<url>", unknown at load: its max_shards alert matches the target's index, and promtool takes the rule.
        const rules = (objects.find((o: any) => o.kind === "ConfigMap" && o.metadata.name === "monitor-rulefiles") as any).data;
        const [file, text] = Object.entries(rules as Record<string, string>).find(([, t]) => t.includes("prometheus_remote_storage_shards{"))!;
        assert.match(text, /prometheus_remote_storage_shards\{job="monitor",queue=~"0:\.\+"\}/);
        const dir = tempDir("central-stack-rules");
        fs.writeFileSync(path.join(dir, file), text);
        execFileSync(requireBinary("promtool"), ["check", "rules", path.join(dir, file)]);
    });

    it("bad input at deploy time: an edge whose cluster the central stack has no credential for fails, naming both, with no password in the message", async () => {
        const { error } = await runEdge((c) => {
            const metrics = JSON.parse(c["cluster-monitoring:metrics"]);
            c["cluster-monitoring:metrics"] = JSON.stringify({ ...metrics, externalLabels: { ...metrics.externalLabels, cluster: "edge-ap" } });
        }, true);
        assert.match(String(error?.message), /central stack acme\/cluster-monitoring\/central has no credential for cluster edge-ap/);
        assert.match(String(error?.message), /lists edge-eu, edge-us/);
        assert.ok(!String(error?.message).includes(edges["edge-eu"].password));
    });

    it("bad input at deploy time: a central stack that exports no edges, or a plain http endpoint", async () => {
        setStackOutputs(CENTRAL, {});
        const none = await runEdge(undefined, true);
        assert.match(String(none.error?.message), /central stack acme\/cluster-monitoring\/central exports no longTermStoreEdges/);
        setStackOutputs(CENTRAL, { [CENTRAL_EDGES_OUTPUT]: { "edge-eu": { ...edges["edge-eu"], url: "http://metrics.central.example.com/api/v1/write" } } }, [CENTRAL_EDGES_OUTPUT]);
        const plain = await runEdge(undefined, true);
        assert.match(String(plain.error?.message), /an https:\/\/ URL, since the edge sends its password there/);
        setStackOutputs(CENTRAL, { [CENTRAL_EDGES_OUTPUT]: edges }, [CENTRAL_EDGES_OUTPUT]);
    });

    it("bad input at load, naming the key before any resource: a central stack beside a hand-written url or credential, a bad stack name, two central stacks, no cluster label", () => {
        const problemsOf = (metrics: Record<string, unknown>, secrets: Record<string, string> = {}) => {
            const before = allRegistered().length;
            try {
                settingsWith({ metrics }, secrets);
            } catch (e) {
                assert.ok(e instanceof ConfigError, String(e));
                assert.strictEqual(allRegistered().length, before);
                return e.problems.map((p) => [p.key, p.expected]);
            }
            assert.fail("accepted");
        };
        const edge = { externalLabels: { cluster: "edge-eu" } };
        const both = problemsOf({ ...edge, remoteWrite: [{ centralStack: CENTRAL, url: "https://metrics.central.example.com/api/v1/write", basicAuth: { username: "edge-eu", passwordKey: "centralWritePassword" } }] }, { centralWritePassword: "x" });
        assert.deepStrictEqual(both.map(([k]) => k), ["cluster-monitoring:metrics.remoteWrite[0].url", "cluster-monitoring:metrics.remoteWrite[0].basicAuth"]);
        assert.match(both[0][1], /nothing when centralStack is set \(acme\/cluster-monitoring\/central\)/);
        assert.deepStrictEqual(problemsOf({ ...edge, remoteWrite: [{ centralStack: "central" }] }).map(([k]) => k), ["cluster-monitoring:metrics.remoteWrite[0].centralStack"]);
        assert.deepStrictEqual(problemsOf({ ...edge, remoteWrite: [{ centralStack: CENTRAL }, { centralStack: "acme/cluster-monitoring/central-2" }] }).map(([k]) => k), [
            "cluster-monitoring:metrics.remoteWrite[1].centralStack",
        ]);
        const unlabelled = problemsOf({ remoteWrite: [{ centralStack: CENTRAL }] });
        assert.deepStrictEqual(unlabelled.map(([k]) => k), ["cluster-monitoring:metrics.externalLabels.cluster"]);
        assert.match(unlabelled[0][1], /centralStack: acme\/cluster-monitoring\/central/);
        assert.deepStrictEqual(problemsOf({ remoteWrite: [{ remoteTimeout: "30s" }] }).map(([k]) => k), ["cluster-monitoring:metrics.remoteWrite[0].url"]);
    });
});
