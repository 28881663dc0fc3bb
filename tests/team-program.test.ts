import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import * as pulumi from "@pulumi/pulumi";
import { runProgram } from "../render/run-program";
import { readStackConfig } from "../render/stack-file";
import { setStackOutputs, waitForRegistrations } from "../render/engine-mocks";
import { TeamContract } from "../components/teams/contract";

const REPO = path.resolve(__dirname, "..");
const EXAMPLE = path.join(REPO, "examples", "team-program");
const PLATFORM = "acme/cluster-monitoring/dev";

/** The example's resources, or the error its preview fails with (TeamMonitoring fails inside an Output). */
async function runExample(config: Record<string, string>): Promise<{ configMaps: any[]; probes: any[]; error?: Error }> {
    const stackFile = readStackConfig(EXAMPLE, "demo");
    let onRejection: (e: unknown) => void = () => undefined;
    const failure = new Promise<Error>((resolve) => {
        onRejection = (e) => resolve(e as Error);
        process.once("unhandledRejection", onRejection);
    });
    const run = await runProgram({ values: { ...stackFile.values, ...config }, secretKeys: [] }, "demo", { entry: path.join(EXAMPLE, "index.ts") });
    const settled = new Promise<undefined>((resolve) => (run.exports.configMaps as pulumi.Output<string[]>).apply(() => resolve(undefined)));
    const error = await Promise.race([failure, settled]);
    process.removeListener("unhandledRejection", onRejection);
    await waitForRegistrations();
    return { configMaps: run.resources.filter((r) => r.type === "kubernetes:core/v1:ConfigMap"), probes: run.resources.filter((r) => r.type === "kubernetes:core/v1:ServicePatch"), error };
}

/**
 * Both sides of the platform's contract: the platform's dev stack renders its stack output
 * teamContract, and a team's own program (examples/team-program) reads it through a
 * StackReference and is checked against it at its preview.
 */
describe("a team's own Pulumi program (examples/team-program), against the platform's stack output", function () {
    let contract: TeamContract;

    before(async () => {
        const platform = await runProgram(readStackConfig(REPO, "dev"), "dev");
        contract = platform.exports.teamContract;
        setStackOutputs(PLATFORM, { teamContract: contract });
    });
    after(() => setStackOutputs(PLATFORM, {}));

    it("the platform's output says what a team needs: its line, the namespaces it takes, the labels", () => {
        assert.deepStrictEqual([contract.prometheus.version, contract.rules.namespaces, contract.dashboards.namespaces, contract.probes?.namespaces], ["2.11.1", ["demo"], ["demo"], ["demo"]]);
        assert.ok(Object.keys(contract.keptFamilies).length > 0);
    });

    it("good input: its rules and dashboard become the labelled ConfigMaps of the demo namespace, each selector held to it, and its Service is annotated for probing", async () => {
        const { configMaps, probes, error } = await runExample({});
        assert.strictEqual(error, undefined);
        assert.deepStrictEqual(probes.map((p) => p.inputs.metadata), [{ name: "example-app", namespace: "demo", annotations: { "prometheus.io/probe": "true", "prometheus.io/path": "/" } }]);
        assert.deepStrictEqual(configMaps.map((c) => [c.inputs.metadata.namespace, c.inputs.metadata.name, c.inputs.metadata.labels]), [
            ["demo", "demo-dashboards", { [contract.dashboards.label]: contract.dashboards.value }],
            ["demo", "demo-rules", { [contract.rules.label]: contract.rules.value }],
        ]);
        assert.match(configMaps[1].inputs.data["demo.yml"], /rate\(http_requests_total\{namespace="demo"\}\[5m\]\)/);
        assert.match(configMaps[1].inputs.data["demo.yml"], /expr: up\{namespace="demo"\} == 0/);
    });

    it("bad input: a namespace the platform does not take fails the preview, before any ConfigMap", async () => {
        const { configMaps, probes, error } = await runExample({ "team-demo:namespace": "payments" });
        assert.deepStrictEqual([configMaps, probes], [[], []]);
        assert.match(String(error?.message), /namespace: got "payments", expected a namespace whose annotated Services the platform probes \(demo\)/);
        assert.match(String(error?.message), /ConfigMap payments\/payments-rules.*payments/);
        assert.match(String(error?.message), /ConfigMap payments\/payments-dashboards.*payments/);
    });

    it("bad input: a rule file with a function 2.11.1 lacks and a selector of another namespace fails with both problems", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "team-program-"));
        const rules = path.join(dir, "rules.yaml");
        fs.writeFileSync(rules, 'groups:\n  - name: bad\n    rules:\n      - record: x\n        expr: last_over_time(up[5m])\n      - alert: Theirs\n        expr: up{namespace="payments"} == 0\n');
        const { configMaps, error } = await runExample({ "team-demo:rulesFile": rules });
        assert.deepStrictEqual(configMaps, []);
        assert.match(String(error?.message), /invalid team objects \(2 problems\)/);
        assert.match(String(error?.message), /ruleGroups\[0\]\.rules\[1\]\.expr: .*selects another namespace than demo/);
        assert.match(String(error?.message), /rules\[0\]\.expr: .*`last_over_time` is not available in Prometheus v2\.11\.1/);
    });

    it("bad input: a platform stack that publishes no contract fails, naming the output", async () => {
        const { error } = await runExample({ "team-demo:platformStack": "acme/cluster-monitoring/nowhere" });
        assert.match(String(error?.message), /teamContract/);
    });
});
