import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { lintWorkflow } from "../lint/actionlint";
import { workflowPolicyProblems } from "../lint/workflow-policy";
import { stacksIn } from "../render";

const REPO = path.resolve(__dirname, "..");
const DIR = path.join(REPO, ".github", "workflows");
const read = (name: string) => fs.readFileSync(path.join(DIR, name), "utf8");
const workflow = (name: string) => parse(read(name));

const VALID = `name: ok
on: push
permissions: {}
jobs:
  build:
    runs-on: ubuntu-latest
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683 # v4.2.2
      - run: echo "\${{ github.sha }}"
`;

/** Every step of every job that uses the given action. */
function stepsUsing(doc: any, action: string): Array<{ job: string; step: any }> {
    return Object.entries<any>(doc.jobs).flatMap(([job, j]) =>
        (j.steps ?? []).filter((s: any) => String(s.uses ?? "").startsWith(`${action}@`)).map((step: any) => ({ job, step })),
    );
}

describe("GitHub workflows (.github/workflows)", () => {
    const files = fs.readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort();

    it("has the pull-request, deploy and shared tests workflows", () => {
        assert.deepStrictEqual(files, ["deploy.yml", "pull-request.yml", "tests.yml"]);
    });

    for (const file of files) {
        it(`${file} passes actionlint`, async () => {
            const findings = await lintWorkflow(read(file), `.github/workflows/${file}`);
            assert.deepStrictEqual(findings, [], findings.map((f) => `${file}:${f.line}:${f.column} ${f.message}`).join("\n"));
        });

        it(`${file} pins every action to a commit and grants least privilege`, () => {
            assert.deepStrictEqual(workflowPolicyProblems(read(file)), []);
        });
    }

    describe("the lint fails a broken workflow", () => {
        it("accepts the valid baseline the broken cases start from", async () => {
            assert.deepStrictEqual(await lintWorkflow(VALID, "ok.yml"), []);
            assert.deepStrictEqual(workflowPolicyProblems(VALID), []);
        });

        const broken: Array<[string, string, RegExp]> = [
            ["a misspelled key (step:)", VALID.replace("steps:", "step:"), /unexpected key "step"/],
            ["a job that needs a missing job", VALID.replace("    runs-on:", "    needs: test\n    runs-on:"), /needs job "test" which does not exist/],
            ["an unclosed expression", VALID.replace("github.sha }}", "github.sha }"), /expecting '}'/],
            ["an unknown context property", VALID.replace("github.sha", "github.shaa"), /property "shaa" is not defined/],
            ["an unknown permission scope", VALID.replace("contents: read", "pull-request: write"), /unknown permission scope "pull-request"/],
            ["an unknown event", VALID.replace("on: push", "on: pull_requests"), /unknown Webhook event "pull_requests"/],
            ["a job without runs-on", VALID.replace("    runs-on: ubuntu-latest\n", ""), /.+/],
        ];
        for (const [what, text, message] of broken) {
            it(`actionlint reports ${what}`, async () => {
                const findings = await lintWorkflow(text, "broken.yml");
                assert.ok(findings.some((f) => message.test(f.message)), JSON.stringify(findings));
            });
        }

        it("the policy rejects an action pinned to a tag or branch, or without its version comment", () => {
            for (const ref of ["actions/checkout@v4", "actions/checkout@main", "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683"]) {
                const text = VALID.replace(/actions\/checkout@\S+ # v4\.2\.2/, ref);
                assert.match(workflowPolicyProblems(text).join("\n"), /is not pinned to a full commit SHA/, ref);
            }
        });

        it("the policy rejects missing or broad permissions", () => {
            assert.match(workflowPolicyProblems(VALID.replace("permissions: {}\n", "")).join("\n"), /no top-level permissions/);
            assert.match(workflowPolicyProblems(VALID.replace("permissions: {}", "permissions: write-all")).join("\n"), /grant every scope/);
            const noJobPermissions = VALID.replace("    permissions:\n      contents: read\n", "");
            assert.match(workflowPolicyProblems(noJobPermissions).join("\n"), /job build states no permissions/);
        });
    });

    describe("pull requests", () => {
        const pr = workflow("pull-request.yml");

        it("run the same tests as CI (.ci/run)", () => {
            assert.ok(pr.on.pull_request);
            assert.strictEqual(pr.jobs.tests.uses, "./.github/workflows/tests.yml");
            const run = workflow("tests.yml").jobs.test.steps.map((s: any) => s.run).filter(Boolean);
            assert.deepStrictEqual(run, ["bash .ci/run"]);
        });

        it("render every stack on head and base and keep one comment with the diff", () => {
            const steps = pr.jobs["manifest-diff"].steps;
            const renders = steps.filter((s: any) => /npm run render -- --all/.test(s.run ?? ""));
            assert.deepStrictEqual(renders.map((s: any) => s["working-directory"]), ["head", "base"]);
            const comment = stepsUsing(pr, "actions/github-script")[0].step.with.script;
            assert.match(comment, /updateComment/);
            assert.match(comment, /createComment/);
            assert.deepStrictEqual(pr.jobs["manifest-diff"].permissions, { contents: "read", "pull-requests": "write" });
        });

        it("preview every stack of the repo with pulumi/actions, commenting on the pull request", () => {
            const preview = pr.jobs.preview;
            assert.deepStrictEqual(preview.strategy.matrix.stack, stacksIn(REPO), "the matrix must list every Pulumi.<stack>.yaml");
            const [{ step }] = stepsUsing(pr, "pulumi/actions");
            assert.deepStrictEqual(
                { command: step.with.command, stack: step.with["stack-name"], diff: step.with.diff, comment: step.with["comment-on-pr"] },
                { command: "preview", stack: "${{ matrix.stack }}", diff: true, comment: true },
            );
        });
    });

    describe("pushes to main", () => {
        const deploy = workflow("deploy.yml");

        it("deploy dev after the tests, then prod behind the production environment", () => {
            assert.deepStrictEqual(deploy.on.push.branches, ["main"]);
            assert.strictEqual(deploy.jobs["up-dev"].needs, "tests");
            assert.strictEqual(deploy.jobs["up-prod"].needs, "up-dev");
            assert.strictEqual(deploy.jobs["up-prod"].environment, "production");
            const ups = stepsUsing(deploy, "pulumi/actions").map(({ job, step }) => [job, step.with.command, step.with["stack-name"]]);
            assert.deepStrictEqual(ups, [
                ["up-dev", "up", "dev"],
                ["up-prod", "up", "prod"],
            ]);
        });
    });

    it("every Pulumi step logs in to the self-managed backend with the documented secrets", () => {
        for (const file of ["pull-request.yml", "deploy.yml"]) {
            const doc = workflow(file);
            for (const { job, step } of stepsUsing(doc, "pulumi/actions")) {
                assert.strictEqual(step.with["cloud-url"], "${{ secrets.PULUMI_BACKEND_URL }}", `${file} ${job}`);
                assert.strictEqual(step.env.PULUMI_CONFIG_PASSPHRASE, "${{ secrets.PULUMI_CONFIG_PASSPHRASE }}", `${file} ${job}`);
                const kubeconfig = doc.jobs[job].steps.find((s: any) => s.env?.KUBECONFIG_CONTENT);
                assert.strictEqual(kubeconfig?.env.KUBECONFIG_CONTENT, "${{ secrets.KUBECONFIG }}", `${file} ${job}`);
            }
        }
    });
});
