import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { renderCli } from "../render/cli";
import { waitForRegistrations } from "../render/engine-mocks";
import { CAPACITY_DEFAULTS } from "../config/capacity";
import { SERIES_PER_TARGET } from "../stack/series-per-target";
import { tempProject } from "./harness/temp-project";
import { settingsWith } from "./harness/stack-config";
import { capacityPlanOf, planText, SCRAPE_SERIES_PER_TARGET } from "../stack/capacity-plan";
import { parse } from "yaml";

const REPO = path.resolve(__dirname, "..");
const DOC = fs.readFileSync(path.join(REPO, "docs", "capacity.md"), "utf8");

/** Runs `npm run render -- <stack>`'s own code on a scratch project holding `files`; returns its output. */
async function render(files: Record<string, string>, stack: string): Promise<{ status: number; stdout: string; stderr: string }> {
    const dir = tempProject(files);
    await waitForRegistrations();
    let stdout = "";
    let stderr = "";
    try {
        const status = await renderCli([stack, "--project-dir", dir], { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
        return { status, stdout, stderr };
    } finally {
        fs.rmSync(dir, { recursive: true, force: true });
    }
}

/** The plan's lines of a render's output: from its first line to the end of the output. */
const planOf = (stdout: string) => stdout.slice(stdout.indexOf("Capacity plan ("));

/** Every fenced block of a markdown text, without its fences. */
const blocks = (md: string) => [...md.matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)].map((m) => m[1]);

describe("the capacity plan in the render (npm run render, docs/capacity.md)", function () {
    let dev: { status: number; stdout: string; stderr: string };
    const devFile = fs.readFileSync(path.join(REPO, "Pulumi.dev.yaml"), "utf8");

    before(async () => {
        dev = await render({ "Pulumi.dev.yaml": devFile }, "dev");
        assert.strictEqual(dev.status, 0, dev.stderr);
    });

    it("prints the plan after the checklist: every counted job, the total, and the replica's request beside the memory", () => {
        const plan = planOf(dev.stdout);
        assert.match(plan, /^Capacity plan \(docs\/capacity\.md\) for 3 nodes and 90 pods \(the defaults; set metrics\.capacity \{ nodes, pods \}\):\n/);
        for (const job of ["cadvisor", "kubelet", "node-exporter", "apiserver", "kube-state-metrics"]) assert.match(plan, new RegExp(`^ {4}${job} +per `, "m"), job);
        assert.match(plan, /^ {4}total +\d+$/m);
        assert.match(plan, /memory at 8192 bytes per series: \d+Mi per replica; the one replica requests 400Mi \(limit none\): fits\n$/);
    });

    it("docs/capacity.md's example is the dev render's plan, word for word", () => {
        assert.ok(blocks(DOC).includes(planOf(dev.stdout)), `docs/capacity.md's last block is not the render's plan; the render prints:\n${planOf(dev.stdout)}`);
    });

    it("docs/capacity.md's worked example and defaults are the table's and the schema's", () => {
        const r = SERIES_PER_TARGET.cadvisor;
        const { nodes: n, pods: p } = CAPACITY_DEFAULTS;
        const exact = r.perTarget + (r.podSeries! / r.pods!) * (p / n) + SCRAPE_SERIES_PER_TARGET;
        const line = `${n} targets × (${r.perTarget} + ${r.podSeries} / ${r.pods} × ${p} / ${n} + ${SCRAPE_SERIES_PER_TARGET}) = ${n} × ${exact} = ${n * exact}: ${Math.ceil(exact)} per target, ${Math.ceil(n * exact)} in all`;
        assert.ok(blocks(DOC).includes(`${line}\n`), `expected the worked example:\n${line}`);
        assert.match(DOC, new RegExp(`\\| \`metrics\\.capacity\\.nodes\` \\| ${n} \\|`));
        assert.match(DOC, new RegExp(`\\| \`metrics\\.capacity\\.pods\` \\| ${p} \\|`));
        assert.match(planOf(dev.stdout), new RegExp(`^ {4}cadvisor +per node \\+ per pod +${n} +${Math.ceil(exact)} +${Math.ceil(n * exact)}$`, "m"));
    });

    it("docs/capacity.md's stack snippet loads, states its size, and its request fits the plan", () => {
        const snippet = [...DOC.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => parse(m[1]))[0]["cluster-monitoring:metrics"];
        const p = capacityPlanOf(settingsWith({ metrics: snippet }));
        assert.deepStrictEqual([p.nodes, p.pods, p.stated, p.verdict], [snippet.capacity.nodes, snippet.capacity.pods, true, "fits"], planText(p));
    });

    it("prints no secret: not a secure value of the stack file, nor the render's mark for one", async () => {
        const ciphertext = "v1:capacity-plan-ciphertext-4b2e";
        const withSecret = `${devFile.trimEnd()}\n  cluster-monitoring:grafanaAdminPassword:\n    secure: ${ciphertext}\n`;
        const run = await render({ "Pulumi.dev.yaml": withSecret }, "dev");
        assert.strictEqual(run.status, 0, run.stderr);
        const plan = planOf(run.stdout);
        assert.strictEqual(plan, planOf(dev.stdout), "a secret changes nothing of the plan");
        assert.ok(!plan.includes("capacity-plan-ciphertext") && !plan.includes("[secret]"), plan);
        assert.doesNotMatch(plan, /password/i);
    });

    it("refuses a stack whose stated size the request cannot hold, naming the key, before it writes anything", async () => {
        const big = devFile.replace("  cluster-monitoring:metrics:\n", "  cluster-monitoring:metrics:\n    capacity: { nodes: 400, pods: 16000 }\n");
        assert.notStrictEqual(big, devFile);
        const run = await render({ "Pulumi.dev.yaml": big }, "dev");
        assert.strictEqual(run.status, 1, run.stdout);
        assert.match(run.stderr, /cluster-monitoring:metrics\.resources\.memoryRequest: got "400Mi", expected at least \d+Mi \(the capacity plan: \d+ series at 400 nodes and 16000 pods/);
    });
});
