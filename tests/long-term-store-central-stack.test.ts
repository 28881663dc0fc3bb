import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { parse } from "yaml";
import { engineConfigOf } from "../render";
import { runProgram, ProgramRun } from "../render/run-program";
import { allRegistered, clearStackOutputs, isWrappedSecret, mockedProviderOutputs, setStackOutputs, unwrapSecret, waitForRegistrations } from "../render/engine-mocks";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { EDGE_CREDENTIAL_OUTPUT, EdgeCredential } from "../components/long-term-store/edge-credential";
import { CENTRAL_WRITE_PASSWORD_FILE, ConfigError } from "../config";
import { settingsWith } from "./harness/stack-config";
import { until } from "./harness/hang";

const EXAMPLES = path.join(__dirname, "..", "docs", "examples");
/** The edge example's stack, as the central example's longTermStore.edges[0].stack names it. */
const EDGE_EU = "acme/cluster-monitoring/edge-eu";
const STACK_REFERENCE = "pulumi:pulumi:StackReference";

/** The central example's own secrets, each a value of its own here (the example's `secure:` placeholders read as one marker). */
const CENTRAL_SECRETS = {
    "cluster-monitoring:edgeUsWritePassword": "edge-us-password-9c7b",
    "cluster-monitoring:searchPassword": "central-search-password-51d0",
};

function exampleConfig(stack: string, change: (config: Record<string, string>) => void = () => undefined) {
    const file = path.join(EXAMPLES, `Pulumi.${stack}.yaml`);
    const config = engineConfigOf(fs.readFileSync(file, "utf8"), file);
    change(config.values);
    return config;
}

function centralConfig(change: (config: Record<string, string>) => void = () => undefined) {
    return exampleConfig("central", (c) => {
        Object.assign(c, CENTRAL_SECRETS);
        change(c);
    });
}

/**
 * A run, or the error its deploy fails with: a wrong edge output fails inside an Output, as in
 * `pulumi up`, and each resource whose inputs wait on it rejects once it is serialized, after its
 * registration is queued; so a run expected to fail waits for that rejection (an event, bounded by
 * the hang timeout), and one expected to succeed has none.
 */
async function runStack(stack: string, config: ReturnType<typeof exampleConfig>, expectError = false): Promise<{ run: ProgramRun; error?: Error }> {
    const errors: Error[] = [];
    const onRejection = (e: unknown) => errors.push(e as Error);
    process.on("unhandledRejection", onRejection);
    try {
        const run = await runProgram(config, stack);
        await waitForRegistrations();
        if (expectError) {
            await until(async () => errors[0], `${stack}'s deploy to fail on an edge stack's output`);
        }
        return { run, error: errors[0] };
    } finally {
        process.removeListener("unhandledRejection", onRejection);
    }
}

function outputOf<T>(o: pulumi.Output<T>): Promise<{ value: T; secret: boolean }> {
    return new Promise((resolve) => o.apply(async (value) => resolve({ value, secret: await (o as any).isSecret })));
}

/** A run's stack outputs, resolved, by name. */
async function exportValues(run: ProgramRun): Promise<Record<string, { value: unknown; secret: boolean }>> {
    const entries = await Promise.all(
        Object.entries(run.exports).map(async ([name, v]) => [name, pulumi.Output.isInstance(v) ? await outputOf(v as pulumi.Output<unknown>) : { value: v, secret: false }] as const),
    );
    return Object.fromEntries(entries);
}

/**
 * What a stack's state holds that a reader of it can see with --show-secrets: its resources'
 * inputs (secrets unwrapped: the state keeps them, encrypted), what each StackReference read
 * of another stack, and its stack outputs.
 */
async function stateText(run: ProgramRun): Promise<string> {
    const reads = run.resources.filter((r) => r.type === STACK_REFERENCE).map((r) => mockedProviderOutputs(STACK_REFERENCE, String(r.inputs.name)));
    return JSON.stringify([run.resources.map((r) => r.inputs), reads, await exportValues(run)]);
}

/** The plain value of a Secret's key, however the engine received it. */
function secretValue(stringData: any, key: string): string {
    const files = isWrappedSecret(stringData) ? unwrapSecret(stringData) : stringData;
    return isWrappedSecret(files[key]) ? unwrapSecret(files[key]) : files[key];
}

/**
 * docs/long-term-storage.md#central-and-edge-stacks, both sides through Pulumi: the edge example
 * generates its write password and exports it as a secret output; the central example, which
 * names the edge's stack, reads it through a StackReference (render/engine-mocks.ts hands the
 * edge's rendered outputs to it, as the engine would) and gives it to vmauth. The edge reads
 * nothing of the central stack.
 */
describe("central and edge stacks: the central stack reads each edge's generated credential (docs/examples/Pulumi.central.yaml, Pulumi.edge-eu.yaml)", function () {
    let edge: ProgramRun;
    let credential: EdgeCredential;

    before(async () => {
        const { run, error } = await runStack("edge-eu", exampleConfig("edge-eu"));
        assert.strictEqual(error, undefined, String(error));
        edge = run;
        const out = await outputOf(edge.exports[EDGE_CREDENTIAL_OUTPUT] as pulumi.Output<EdgeCredential>);
        assert.strictEqual(out.secret, true, `${EDGE_CREDENTIAL_OUTPUT} must be a secret output`);
        credential = out.value;
        setStackOutputs(EDGE_EU, { [EDGE_CREDENTIAL_OUTPUT]: credential }, [EDGE_CREDENTIAL_OUTPUT]);
    });
    // Cleared, not emptied: a later render in this worker stands in for the outputs nobody set (render/index.ts).
    after(() => clearStackOutputs(EDGE_EU));

    it("the edge generates its password, writes to the central URL as its cluster with it in the remote-write Secret only, and exports it as its one secret output", async () => {
        assert.deepStrictEqual([credential.cluster, credential.username], ["edge-eu", "edge-eu"]);
        const generator = edge.resources.find((r) => r.type === "random:index/randomPassword:RandomPassword" && mockedProviderOutputs(r.type, r.name).result === credential.password);
        assert.ok(generator, "the password is a RandomPassword of the edge's own");
        const objects = kubernetesObjects(edge.resources);
        const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects, [])];
        assert.deepStrictEqual(problems, [], formatProblems(problems));
        const prometheusYml = (objects.find((o: any) => o.kind === "ConfigMap" && o.metadata.name === "monitor") as any).data["prometheus.yml"];
        const [target, ...more] = parse(prometheusYml).remote_write;
        assert.deepStrictEqual(more, []);
        assert.deepStrictEqual(target, {
            url: "https://metrics.central.example.com/api/v1/write",
            write_relabel_configs: [{ action: "labeldrop", regex: "replica" }],
            basic_auth: { username: "edge-eu", password_file: `/etc/prometheus/secrets/monitor-remote-write/${CENTRAL_WRITE_PASSWORD_FILE}` },
        });
        const secret = edge.resources.find((r) => r.type === "kubernetes:core/v1:Secret" && r.inputs.metadata?.name === "monitor-remote-write")!;
        const stringData = secret.inputs.stringData;
        assert.ok(isWrappedSecret(stringData) || isWrappedSecret(stringData?.[CENTRAL_WRITE_PASSWORD_FILE]), "the password reaches the engine as a secret");
        assert.strictEqual(secretValue(stringData, CENTRAL_WRITE_PASSWORD_FILE), credential.password);
        // Nowhere else among the edge's resources, and in no other output.
        const elsewhere = edge.resources.filter((r) => r !== secret && r !== generator).map((r) => JSON.stringify(r.inputs));
        assert.ok(!elsewhere.some((t) => t.includes(credential.password)), "the password is in another resource");
        const outputs = await exportValues(edge);
        const holding = Object.entries(outputs).filter(([, o]) => JSON.stringify(o.value ?? null).includes(credential.password)).map(([name]) => name);
        assert.deepStrictEqual(holding, [EDGE_CREDENTIAL_OUTPUT]);
    });

    it("the edge's state holds no other edge's password and no secret of the central stack: it reads no stack at all", async () => {
        const { run: central, error } = await runStack("central", centralConfig());
        assert.strictEqual(error, undefined, String(error));
        // Every secret the central stack holds that the edge does not make itself: its config secrets, and what it generates under names the edge has not.
        const edgeNames = new Set(edge.resources.map((r) => `${r.type}::${r.name}`));
        const generated = central.resources
            .filter((r) => r.type.startsWith("random:") && !edgeNames.has(`${r.type}::${r.name}`))
            .map((r) => String(mockedProviderOutputs(r.type, r.name).result));
        const centralSecrets = [...Object.values(CENTRAL_SECRETS), ...generated];
        assert.ok(generated.length >= 1, "the central stack generates secrets of its own (the store's auth keys)");
        const text = await stateText(edge);
        assert.deepStrictEqual(centralSecrets.filter((s) => text.includes(s)), []);
        assert.deepStrictEqual(edge.resources.filter((r) => r.type === STACK_REFERENCE).map((r) => r.inputs.name), []);
    });

    it("the central stack reads the edge's output into vmauth's config only, beside the hand-written edge-us", async () => {
        const { run: central, error } = await runStack("central", centralConfig());
        assert.strictEqual(error, undefined, String(error));
        const objects = kubernetesObjects(central.resources);
        const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects, [])];
        assert.deepStrictEqual(problems, [], formatProblems(problems));
        assert.deepStrictEqual(central.resources.filter((r) => r.type === STACK_REFERENCE).map((r) => r.inputs.name), [EDGE_EU]);
        const vmauth = central.resources.find((r) => r.type === "kubernetes:core/v1:Secret" && r.inputs.metadata?.name === "long-term-store-vmauth")!;
        const users = parse(secretValue(vmauth.inputs.stringData, "auth.yml")).users as { username: string; password: string; url_map: { url_prefix: string }[] }[];
        assert.deepStrictEqual(
            users.map((u) => [u.username, u.password, u.url_map[0].url_prefix]),
            [
                ["edge-eu", credential.password, "http://long-term-store.monitoring.svc:8428?extra_label=cluster%3Dedge-eu"],
                ["edge-us", CENTRAL_SECRETS["cluster-monitoring:edgeUsWritePassword"], "http://long-term-store.monitoring.svc:8428?extra_label=cluster%3Dedge-us"],
            ],
        );
        const elsewhere = central.resources.filter((r) => r !== vmauth).map((r) => JSON.stringify(r.inputs));
        assert.ok(!elsewhere.some((t) => t.includes(credential.password)), "the edge's password is in another resource");
        const outputs = await exportValues(central);
        assert.deepStrictEqual(Object.entries(outputs).filter(([, o]) => JSON.stringify(o.value ?? null).includes(credential.password)).map(([name]) => name), []);
        assert.strictEqual(outputs.longTermStoreEdges, undefined, "the central stack exports no edges' credentials");
        assert.strictEqual(outputs.longTermStoreEdgeUrl.value, "https://metrics.central.example.com/api/v1/write");
    });

    it("bad input at deploy time, naming the key, the edge stack and the cluster, never the password, before any resource: an edge stack without the output, a cluster label mismatch, an empty password, one with a line break", async () => {
        setStackOutputs(EDGE_EU, {});
        const none = await runStack("central", centralConfig(), true);
        assert.match(String(none.error?.message), /longTermStore\.edges\[0\]\.stack: edge stack acme\/cluster-monitoring\/edge-eu \(cluster edge-eu\) exports no longTermStoreWriteCredential/);
        setStackOutputs(EDGE_EU, { [EDGE_CREDENTIAL_OUTPUT]: { ...credential, cluster: "edge-ap", username: "edge-ap" } }, [EDGE_CREDENTIAL_OUTPUT]);
        const other = await runStack("central", centralConfig(), true);
        assert.match(String(other.error?.message), /longTermStore\.edges\[0\]\.stack: edge stack acme\/cluster-monitoring\/edge-eu \(cluster edge-eu\): its longTermStoreWriteCredential is for cluster edge-ap/);
        // The password means what a stack file's would (issue #41, class 4): an empty one would be a vmauth user anyone can write as.
        setStackOutputs(EDGE_EU, { [EDGE_CREDENTIAL_OUTPUT]: { ...credential, password: "" } }, [EDGE_CREDENTIAL_OUTPUT]);
        const empty = await runStack("central", centralConfig(), true);
        assert.match(String(empty.error?.message), /longTermStore\.edges\[0\]\.stack: edge stack acme\/cluster-monitoring\/edge-eu \(cluster edge-eu\): its longTermStoreWriteCredential's password is wrong: expected a secret of one line that is not empty/);
        setStackOutputs(EDGE_EU, { [EDGE_CREDENTIAL_OUTPUT]: { ...credential, password: `${credential.password}\n` } }, [EDGE_CREDENTIAL_OUTPUT]);
        const lineBreak = await runStack("central", centralConfig(), true);
        assert.match(String(lineBreak.error?.message), /password is wrong: expected a secret of one line, as text without control characters \(found U\+000A/);
        for (const e of [none.error, other.error, empty.error, lineBreak.error]) {
            assert.ok(!String(e?.message).includes(credential.password));
            assert.ok(!String(e?.message).includes(CENTRAL_SECRETS["cluster-monitoring:edgeUsWritePassword"]));
        }
        // The check stops the update before anything is applied: the cluster's provider waits for it, so no resource but the StackReference registers.
        for (const run of [none.run, other.run, empty.run, lineBreak.run]) {
            assert.deepStrictEqual(
                run.resources.filter((r) => r.type !== STACK_REFERENCE).map((r) => `${r.type}::${r.name}`),
                [],
                "a resource registered although an edge stack's output is wrong",
            );
        }
        setStackOutputs(EDGE_EU, { [EDGE_CREDENTIAL_OUTPUT]: credential }, [EDGE_CREDENTIAL_OUTPUT]);
    });

    it("bad input at load, naming the key before any resource: the retired centralStack, a generated credential without central or beside basicAuth, two of them, an edge with both or neither of stack and passwordKey", () => {
        const problemsOf = (settings: Record<string, Record<string, unknown>>, secrets: Record<string, string> = {}) => {
            const before = allRegistered().length;
            try {
                settingsWith(settings, secrets);
            } catch (e) {
                assert.ok(e instanceof ConfigError, String(e));
                assert.strictEqual(allRegistered().length, before);
                return e.problems.map((p) => [p.key, p.expected]);
            }
            assert.fail("accepted");
        };
        const url = "https://metrics.central.example.com/api/v1/write";
        const labels = { externalLabels: { cluster: "edge-eu" } };
        const retired = problemsOf({ metrics: { ...labels, remoteWrite: [{ centralStack: "acme/cluster-monitoring/central" }] } });
        // url is required again: the central write URL is plain config.
        assert.deepStrictEqual(retired.map(([k]) => k), ["cluster-monitoring:metrics.remoteWrite[0].url", "cluster-monitoring:metrics.remoteWrite[0].centralStack"]);
        assert.match(retired[1][1], /nothing: centralStack .*was replaced.*generatedCredential: true.*longTermStore\.edges\[\]\.stack/);
        assert.deepStrictEqual(problemsOf({ metrics: { ...labels, remoteWrite: [{ url, generatedCredential: true }] } }).map(([k]) => k), ["cluster-monitoring:metrics.remoteWrite[0].generatedCredential"]);
        const beside = problemsOf({ metrics: { ...labels, remoteWrite: [{ url, central: true, generatedCredential: true, basicAuth: { username: "edge-eu", passwordKey: "centralWritePassword" } }] } }, { centralWritePassword: "x" });
        assert.deepStrictEqual(beside.map(([k]) => k), ["cluster-monitoring:metrics.remoteWrite[0].basicAuth"]);
        assert.match(beside[0][1], /nothing when generatedCredential is true/);
        assert.deepStrictEqual(
            problemsOf({ metrics: { ...labels, remoteWrite: [{ url, central: true, generatedCredential: true }, { url: "https://other.example.com/api/v1/write", central: true, generatedCredential: true }] } }).map(([k]) => k),
            ["cluster-monitoring:metrics.remoteWrite[1].generatedCredential"],
        );
        assert.deepStrictEqual(problemsOf({ metrics: { ...labels, remoteWrite: [{ url: "http://metrics.central.example.com/api/v1/write", central: true, generatedCredential: true }] } }).map(([k]) => k), [
            "cluster-monitoring:metrics.remoteWrite[0].url",
        ]);
        const unlabelled = problemsOf({ metrics: { remoteWrite: [{ url, central: true, generatedCredential: true }] } });
        assert.deepStrictEqual(unlabelled.map(([k]) => k), ["cluster-monitoring:metrics.externalLabels.cluster"]);
        const store = (edges: unknown[]) => ({ longTermStore: { enabled: true, edges, ingress: { host: "metrics.central.example.com", tlsSecretName: "tls" } } });
        assert.deepStrictEqual(problemsOf(store([{ cluster: "edge-eu", stack: EDGE_EU, passwordKey: "edgeEuWritePassword" }]), { edgeEuWritePassword: "x" }).map(([k]) => k), [
            "cluster-monitoring:longTermStore.edges[0].stack",
        ]);
        assert.deepStrictEqual(problemsOf(store([{ cluster: "edge-eu" }])).map(([k]) => k), ["cluster-monitoring:longTermStore.edges[0].passwordKey"]);
        assert.deepStrictEqual(problemsOf(store([{ cluster: "edge-eu", stack: "edge-eu" }])).map(([k]) => k), ["cluster-monitoring:longTermStore.edges[0].stack"]);
        assert.deepStrictEqual(problemsOf(store([{ cluster: "edge-eu", stack: EDGE_EU }, { cluster: "edge-us", stack: EDGE_EU }])).map(([k]) => k), ["cluster-monitoring:longTermStore.edges[1].stack"]);
    });
});
