import * as assert from "assert";
import { COMPONENT_SCHEMAS } from "../config";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse } from "yaml";
import { lintWorkflow } from "../lint/actionlint";
import {
    ActionInputs,
    actionInputProblems,
    forkGuardProblems,
    isPulumiJob,
    nodeVersionProblems,
    permissionProblems,
    pulumiJobProblems,
    runtimeProblems,
    SAME_REPOSITORY,
    versionCommentProblems,
} from "../lint/ci-policy";
import { workflowPolicyProblems } from "../lint/workflow-policy";
import { stacksIn } from "../render";

const REPO = path.resolve(__dirname, "..");
const DIR = path.join(REPO, ".github", "workflows");
const SCRIPTS = path.join(REPO, "scripts");
const read = (name: string) => fs.readFileSync(path.join(DIR, name), "utf8");
const workflow = (name: string) => parse(read(name));
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const RECORD: ActionInputs = JSON.parse(fs.readFileSync(path.join(REPO, "lint", "action-inputs.json"), "utf8"));

/** Stacks that CI previews on pull requests and deploys from main, with their GitHub environments. */
const CI_STACKS: Record<string, { preview: string; deploy: string }> = {
    prod: { preview: "production-preview", deploy: "production" },
};
/** Stacks that live on a local kind cluster: never previewed or deployed from GitHub. */
const KIND_STACKS = ["dev", "e2e"];

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

/** Runs a bash script (text) with the given environment; returns exit status and output. */
function bash(script: string, env: Record<string, string>, cwd = REPO) {
    const r = spawnSync("bash", ["-c", script], { cwd, env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: os.tmpdir(), ...env }, encoding: "utf8" });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("GitHub workflows (.github/workflows)", () => {
    const files = fs.readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort();

    it("has the pull-request, deploy and the shared tests and e2e workflows", () => {
        assert.deepStrictEqual(files, ["deploy.yml", "e2e.yml", "pull-request.yml", "tests.yml"]);
    });

    for (const file of files) {
        it(`${file} passes actionlint`, async () => {
            const findings = await lintWorkflow(read(file), `.github/workflows/${file}`);
            assert.deepStrictEqual(findings, [], findings.map((f) => `${file}:${f.line}:${f.column} ${f.message}`).join("\n"));
        });

        it(`${file} pins every action to a commit and grants least privilege`, () => {
            assert.deepStrictEqual(workflowPolicyProblems(read(file)), []);
            assert.deepStrictEqual(permissionProblems(workflow(file)), []);
        });

        it(`${file} passes only inputs that the pinned version of each action declares`, () => {
            assert.deepStrictEqual(actionInputProblems(workflow(file), RECORD), []);
            assert.deepStrictEqual(versionCommentProblems(read(file), RECORD), []);
        });

        it(`${file} runs Node from .nvmrc`, () => {
            assert.deepStrictEqual(nodeVersionProblems(workflow(file)), []);
        });

        it(`${file} runs nothing that needs secrets or a writing token on a fork's pull request`, () => {
            assert.deepStrictEqual(forkGuardProblems(workflow(file)), []);
        });

        it(`${file} checks the backend, the stack and the cluster before every pulumi preview or up`, () => {
            assert.deepStrictEqual(pulumiJobProblems(workflow(file)), []);
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
            ["an unknown context (only vars is let through)", VALID.replace("github.sha", "varz.STACK"), /undefined variable "varz"/],
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

        it("actionlint accepts the vars context (configuration variables)", async () => {
            assert.deepStrictEqual(await lintWorkflow(VALID.replace("github.sha", "vars.PULUMI_BACKEND_URL"), "vars.yml"), []);
        });

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

        it("the policy rejects a write scope that no step of the job needs", () => {
            const diff = clone(workflow("pull-request.yml"));
            diff.jobs["manifest-diff"].permissions["id-token"] = "write";
            assert.match(permissionProblems(diff).join("\n"), /job manifest-diff: id-token: write is granted but no step needs it/);
            const deploy = clone(workflow("deploy.yml"));
            deploy.jobs["up-prod"].permissions["pull-requests"] = "write";
            deploy.jobs["up-prod"].permissions.contents = "write";
            assert.deepStrictEqual(permissionProblems(deploy), [
                "job up-prod: contents: write, but no job writes to the repository",
                "job up-prod: pull-requests: write is granted but no step needs it",
            ]);
        });
    });

    describe("inputs and runtimes of the pinned actions (lint/action-inputs.json)", () => {
        const pinned = new Set(
            files.flatMap((f) => [...read(f).matchAll(/^\s*(?:-\s*)?uses:\s*([^\s.][^\s]*@[0-9a-f]{40})/gm)].map((m) => m[1])),
        );

        it("has a record for every pinned action@sha, and no record that nothing uses", () => {
            assert.deepStrictEqual([...pinned].sort(), Object.keys(RECORD.actions).sort());
        });

        it("every record is well-formed and every JavaScript action runs on node24", () => {
            assert.deepStrictEqual(runtimeProblems(RECORD), []);
            for (const [key, a] of Object.entries(RECORD.actions)) {
                assert.ok(a.inputs.length > 0 || a.runs === "composite", key);
            }
        });

        it("reports a misspelt input, an unknown pin and an input of another version", () => {
            const pr = clone(workflow("pull-request.yml"));
            const checkout = pr.jobs["manifest-diff"].steps[0];
            checkout.with["persist-credential"] = false;
            assert.deepStrictEqual(actionInputProblems(pr, RECORD), [
                `job manifest-diff step 1 (${checkout.uses}): actions/checkout (v7.0.1) has no input "persist-credential"`,
            ]);
            delete checkout.with["persist-credential"];
            checkout.uses = "actions/checkout@11bd71901bbe5b1630ceea73d27597364c9af683";
            assert.match(actionInputProblems(pr, RECORD).join("\n"), /actions\/checkout@11bd7\w+ has no record/);

            const record = clone(RECORD);
            const setupNode = Object.keys(record.actions).find((k) => k.startsWith("actions/setup-node@"))!;
            record.actions[setupNode].inputs = record.actions[setupNode].inputs.filter((i) => i !== "package-manager-cache");
            assert.match(actionInputProblems(workflow("deploy.yml"), record).join("\n"), /has no input "package-manager-cache"/);
        });

        it("reports a version comment that differs from the record", () => {
            const text = read("tests.yml").replace("# v7.0.1", "# v7.0.0");
            assert.match(versionCommentProblems(text, RECORD).join("\n"), /commented v7\.0\.0, but its record says v7\.0\.1/);
        });

        it("reports an action on the node20 runtime and a malformed record", () => {
            const record = clone(RECORD);
            const key = Object.keys(record.actions)[0];
            record.actions[key].runs = "node20";
            assert.match(runtimeProblems(record).join("\n"), /runs on node20, not node24/);
            record.actions["actions/checkout@v4"] = { version: "v4", source: "", runs: "node24", inputs: [] };
            assert.match(runtimeProblems(record).join("\n"), /actions\/checkout@v4: the key must be owner\/repo@<40-hex commit>/);
        });

        it("reports a job that pins Node instead of reading .nvmrc", () => {
            const doc = clone(workflow("e2e.yml"));
            doc.jobs.kind.steps[1].with = { "node-version": 20 };
            assert.match(nodeVersionProblems(doc).join("\n"), /use node-version-file: \.nvmrc/);
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

        it("run the end-to-end test on kind for every pull request, forks included", () => {
            assert.strictEqual(pr.jobs.e2e.uses, "./.github/workflows/e2e.yml");
            assert.strictEqual(pr.jobs.e2e.if, undefined);
            assert.strictEqual(pr.jobs.e2e.secrets, undefined);
            const e2e = workflow("e2e.yml");
            assert.ok(e2e.on.workflow_call !== undefined || "workflow_call" in e2e.on);
            const steps = e2e.jobs.kind.steps;
            assert.deepStrictEqual(steps.map((s: any) => s.run).filter(Boolean), ["bash scripts/e2e-kind.sh"]);
            const [{ step: kind }] = stepsUsing(e2e, "helm/kind-action");
            assert.deepStrictEqual([kind.with.install_only, kind.with.cluster_name], [true, "e2e"]);
            assert.ok(stepsUsing(e2e, "pulumi/actions").every(({ step }) => step.with?.command === undefined), "pulumi/actions only installs the CLI");
            assert.ok(e2e.jobs.kind["timeout-minutes"] > 0);
        });

        it("render every stack on head and base, write the diff to the job summary, keep one comment", () => {
            const steps = pr.jobs["manifest-diff"].steps;
            const renders = steps.filter((s: any) => /npm run render -- --all/.test(s.run ?? ""));
            assert.deepStrictEqual(renders.map((s: any) => s["working-directory"]), ["head", "base"]);
            const summary = steps.find((s: any) => /GITHUB_STEP_SUMMARY/.test(s.run ?? ""));
            assert.ok(summary && summary.if === undefined, "every pull request, forks included, gets the diff in the job summary");
            const comment = stepsUsing(pr, "actions/github-script")[0].step;
            assert.match(comment.with.script, /updateComment/);
            assert.match(comment.with.script, /createComment/);
            assert.strictEqual(comment.if, SAME_REPOSITORY);
            assert.strictEqual(pr.jobs["manifest-diff"].if, undefined, "the render and diff run for forks");
            assert.deepStrictEqual(pr.jobs["manifest-diff"].permissions, { contents: "read", "pull-requests": "write" });
        });

        it("the fork guard catches a comment, OIDC or preview step without it", () => {
            const doc = clone(pr);
            delete doc.jobs["manifest-diff"].steps.find((s: any) => String(s.uses).startsWith("actions/github-script@")).if;
            delete doc.jobs.preview.if;
            const problems = forkGuardProblems(doc).join("\n");
            assert.match(problems, /job manifest-diff step \d+ \(Post or update the manifest-diff comment\) writes with the GitHub token but runs on fork pull requests/);
            assert.match(problems, /job preview step \d+ \(AWS credentials for the state bucket \(OIDC\)\) needs an OIDC token/);
            assert.match(problems, /job preview step \d+ \(pulumi preview --diff --stack \$\{\{ matrix.stack \}\}\) needs the backend and cluster credentials/);
            const inherit = clone(pr);
            inherit.jobs.e2e.secrets = "inherit";
            assert.match(forkGuardProblems(inherit).join("\n"), /job e2e passes secrets/);
        });

        it("preview each CI-deployed stack in its preview environment, commenting on the pull request", () => {
            const preview = pr.jobs.preview;
            assert.strictEqual(preview.if, SAME_REPOSITORY);
            assert.strictEqual(preview.environment, "${{ matrix.environment }}");
            assert.deepStrictEqual(
                preview.strategy.matrix.include,
                Object.entries(CI_STACKS).map(([stack, e]) => ({ stack, environment: e.preview })),
            );
            const [{ step }] = stepsUsing(pr, "pulumi/actions").filter(({ step }) => step.with?.command);
            assert.deepStrictEqual(
                { command: step.with.command, stack: step.with["stack-name"], diff: step.with.diff, comment: step.with["comment-on-pr"] },
                { command: "preview", stack: "${{ matrix.stack }}", diff: true, comment: true },
            );
        });
    });

    describe("pushes to main", () => {
        const deploy = workflow("deploy.yml");

        it("deploy prod after the tests and the e2e run, behind the production environment; never dev", () => {
            assert.deepStrictEqual(deploy.on.push.branches, ["main"]);
            assert.strictEqual(deploy.jobs.e2e.uses, "./.github/workflows/e2e.yml");
            assert.deepStrictEqual(deploy.jobs["up-prod"].needs, ["tests", "e2e"]);
            const ups = stepsUsing(deploy, "pulumi/actions")
                .filter(({ step }) => step.with?.command)
                .map(({ job, step }) => [job, step.with.command, step.with["stack-name"], deploy.jobs[job].environment]);
            assert.deepStrictEqual(ups, Object.entries(CI_STACKS).map(([stack, e]) => [`up-${stack}`, "up", stack, e.deploy]));
            assert.deepStrictEqual(deploy.concurrency, { group: "deploy", "cancel-in-progress": false });
            assert.doesNotMatch(read("deploy.yml"), /kind-dev|stack-name: dev/);
        });
    });

    it("every stack is either deployed by CI or a local kind stack", () => {
        for (const stack of stacksIn(REPO)) {
            assert.ok(stack in CI_STACKS || KIND_STACKS.includes(stack), `Pulumi.${stack}.yaml: add it to the preview matrix and deploy.yml, or treat it as a kind stack (docs/ci-cd.md)`);
        }
        for (const stack of KIND_STACKS) {
            const file = path.join(REPO, `Pulumi.${stack}.yaml`);
            assert.ok(fs.existsSync(file), `Pulumi.${stack}.yaml is missing`);
            assert.match(parse(fs.readFileSync(file, "utf8")).config["kubernetes:context"], /^kind-[a-z0-9-]+$/, `Pulumi.${stack}.yaml`);
        }
    });

    it("every job that installs the Pulumi CLI pins the release of the @pulumi/pulumi in package.json", () => {
        const sdk = JSON.parse(fs.readFileSync(path.join(REPO, "package.json"), "utf8")).dependencies["@pulumi/pulumi"];
        const installs = files.flatMap((file) =>
            Object.values<any>(workflow(file).jobs).flatMap((job) =>
                (job.steps ?? []).filter((s: any) => String(s.uses).startsWith("pulumi/actions@") && !s.with?.command),
            ),
        );
        assert.ok(installs.length >= 3, `${installs.length} install steps`);
        for (const step of installs) {
            assert.strictEqual(step.with?.["pulumi-version"], sdk, `${step.name}: pulumi-version`);
        }
    });

    describe("every Pulumi job", () => {
        const jobs = ["pull-request.yml", "deploy.yml"].flatMap((file) =>
            Object.entries<any>(workflow(file).jobs)
                .filter(([, job]) => isPulumiJob(job))
                .map(([name, job]) => ({ file, name, job })),
        );

        it("are the preview and deploy jobs", () => {
            assert.deepStrictEqual(jobs.map(({ file, name }) => `${file} ${name}`), ["pull-request.yml preview", "deploy.yml up-prod"]);
        });

        for (const { file, name, job } of jobs) {
            it(`${file} ${name} reads the backend from vars, assumes the role by OIDC and takes its secrets from its environment`, () => {
                assert.strictEqual(job.env.PULUMI_BACKEND_URL, "${{ vars.PULUMI_BACKEND_URL }}");
                assert.strictEqual(job.permissions["id-token"], "write");
                assert.ok(job.environment, "secrets come from a GitHub environment");
                const [aws] = job.steps.filter((s: any) => String(s.uses).startsWith("aws-actions/configure-aws-credentials@"));
                assert.deepStrictEqual([aws.with["role-to-assume"], aws.with["aws-region"]], ["${{ vars.AWS_ROLE_ARN }}", "${{ vars.AWS_REGION }}"]);
                for (const step of job.steps.filter((s: any) => String(s.uses).startsWith("pulumi/actions@") && s.with?.command)) {
                    assert.strictEqual(step.with["cloud-url"], "${{ vars.PULUMI_BACKEND_URL }}");
                    assert.strictEqual(step.env.PULUMI_CONFIG_PASSPHRASE, "${{ secrets.PULUMI_CONFIG_PASSPHRASE }}");
                }
                const kubeconfig = job.steps.find((s: any) => s.env?.KUBECONFIG_CONTENT);
                assert.strictEqual(kubeconfig?.env.KUBECONFIG_CONTENT, "${{ secrets.KUBECONFIG }}");
                const setupNode = job.steps.find((s: any) => String(s.uses).startsWith("actions/setup-node@"));
                assert.strictEqual(setupNode.with["package-manager-cache"], false, "no shared npm cache in jobs with credentials");
            });

            const check = job.steps.find((s: any) => s.name === "Check the state backend settings");
            const complete = {
                PULUMI_BACKEND_URL: "s3://state?region=eu-west-1",
                AWS_REGION: "eu-west-1",
                AWS_ROLE_ARN: "arn:aws:iam::123456789012:role/x",
                HAS_PASSPHRASE: "true",
                HAS_KUBECONFIG: "true",
                ENVIRONMENT: "production",
                STACK: "prod",
            };

            it(`${file} ${name}: the backend check passes with every setting and names each missing one`, () => {
                assert.deepStrictEqual(bash(check.run, complete), { status: 0, out: "" });
                const none = bash(check.run, { ENVIRONMENT: "production", STACK: "prod", HAS_PASSPHRASE: "false", HAS_KUBECONFIG: "false" });
                assert.strictEqual(none.status, 1);
                for (const key of ["PULUMI_BACKEND_URL", "AWS_REGION", "AWS_ROLE_ARN", "PULUMI_CONFIG_PASSPHRASE", "KUBECONFIG"]) {
                    assert.match(none.out, new RegExp(`::error::${key} is not set\\. Add it as `), key);
                }
                const cloud = bash(check.run, { ...complete, PULUMI_BACKEND_URL: "https://api.pulumi.com" });
                assert.strictEqual(cloud.status, 1);
                assert.match(cloud.out, /PULUMI_BACKEND_URL must be an s3:\/\/ URL/);
            });

            it(`${file} ${name}: a missing stack fails with the bootstrap command`, () => {
                const step = job.steps.find((s: any) => /scripts\/check-stack\.sh/.test(s.run ?? ""));
                const bin = fs.mkdtempSync(path.join(os.tmpdir(), "fake-pulumi-"));
                fs.writeFileSync(path.join(bin, "pulumi"), '#!/usr/bin/env bash\n[ "$1 $2" = "stack ls" ] && exit 0\necho "error: no stack named $3 found" >&2\nexit 255\n', { mode: 0o755 });
                const r = bash(step.run, { ...complete, PATH: `${bin}:${process.env.PATH}` });
                fs.rmSync(bin, { recursive: true });
                assert.strictEqual(r.status, 1);
                assert.match(r.out, /::error::stack prod does not exist in s3:\/\/state\?region=eu-west-1\. Create it once: run scripts\/bootstrap-stack\.sh prod/);
            });
        }

        it("the order check reports a preview before the preflight, and a job without the backend check", () => {
            const pr = clone(workflow("pull-request.yml"));
            const steps = pr.jobs.preview.steps;
            const preflight = steps.findIndex((s: any) => /preflight-cluster\.sh/.test(s.run ?? ""));
            steps.push(steps.splice(preflight, 1)[0]);
            assert.match(pulumiJobProblems(pr).join("\n"), /job preview step \d+ \(pulumi preview --diff .*\) runs before scripts\/preflight-cluster\.sh/);

            const deploy = clone(workflow("deploy.yml"));
            deploy.jobs["up-prod"].steps = deploy.jobs["up-prod"].steps.filter((s: any) => s.name !== "Check the state backend settings");
            assert.match(pulumiJobProblems(deploy).join("\n"), /job up-prod uses Pulumi without the step "Check the state backend settings"/);

            const shell = clone(workflow("deploy.yml"));
            shell.jobs["up-prod"].steps.push({ run: "pulumi up --yes --stack prod" });
            const kept = shell.jobs["up-prod"].steps.filter((s: any) => !/preflight/.test(s.run ?? ""));
            shell.jobs["up-prod"].steps = kept;
            assert.match(pulumiJobProblems(shell).join("\n"), /step \d+ runs before scripts\/preflight-cluster\.sh/);
        });
    });
});

describe("scripts (scripts/*.sh)", () => {
    const scripts = fs.readdirSync(SCRIPTS).filter((f) => f.endsWith(".sh")).sort();
    const text = (f: string) => fs.readFileSync(path.join(SCRIPTS, f), "utf8");

    function shellcheck(args: string[], input?: string) {
        const r = spawnSync("shellcheck", args, { cwd: REPO, input, encoding: "utf8" });
        if (r.error) {
            assert.fail(`shellcheck could not run (${r.error.message}); install it (Debian: apt-get install shellcheck)`);
        }
        return r;
    }

    it("has the stack, backend, preflight, kind and e2e scripts", () => {
        assert.deepStrictEqual(scripts, [
            "access.sh",
            "bootstrap-stack.sh",
            "check-backend.sh",
            "check-stack.sh",
            "e2e-kind.sh",
            "kind-up.sh",
            "preflight-cluster.sh",
            "show-demo.sh",
            "stack-lib.sh",
        ]);
    });

    for (const f of scripts) {
        it(`${f} passes shellcheck`, () => {
            const r = shellcheck(["-x", "--severity=style", path.join("scripts", f)]);
            assert.strictEqual(r.status, 0, `${r.stdout}${r.stderr}`);
        });
    }

    it("every script a user or a workflow runs carries its run bit in git; the sourced library does not", () => {
        const r = spawnSync("git", ["ls-files", "-s", "--", "scripts/*.sh"], { cwd: REPO, encoding: "utf8" });
        assert.strictEqual(r.status, 0, r.stderr);
        const modes = Object.fromEntries(
            r.stdout
                .trim()
                .split("\n")
                .map((line) => line.split(/\s+/))
                .map(([mode, , , file]) => [path.basename(file), mode]),
        );
        for (const f of scripts) {
            assert.strictEqual(modes[f], f === "stack-lib.sh" ? "100644" : "100755", `${f}: mode ${modes[f]} in git`);
        }
    });

    it("shellcheck reports an unquoted variable in a doctored script", () => {
        const r = shellcheck(["-s", "bash", "-"], '#!/usr/bin/env bash\ndir=$1\nrm -rf $dir/cache\n');
        assert.notStrictEqual(r.status, 0);
        assert.match(r.stdout, /SC2086/);
    });

    it("bootstrap-stack.sh refuses to run without PULUMI_BACKEND_URL or a passphrase", () => {
        const noUrl = bash("bash scripts/bootstrap-stack.sh prod", {});
        assert.strictEqual(noUrl.status, 1);
        assert.match(noUrl.out, /PULUMI_BACKEND_URL is not set.*\n.*Refusing to fall back to Pulumi Cloud/);
        const noPass = bash("bash scripts/bootstrap-stack.sh prod", { PULUMI_BACKEND_URL: "s3://state" });
        assert.strictEqual(noPass.status, 1);
        assert.match(noPass.out, /PULUMI_CONFIG_PASSPHRASE .* is not set/);
        assert.match(text("bootstrap-stack.sh"), /pulumi stack init "\$stack" --secrets-provider passphrase/);
        for (const [v, key] of [["SEARCH_PASSWORD", "searchPassword"], ["ETCD_CA_CERT_FILE", "etcdCaCert"], ["ETCD_CLIENT_CERT_FILE", "etcdClientCert"], ["ETCD_CLIENT_KEY_FILE", "etcdClientKey"], ["ALERT_WEBHOOK_URL", "alertWebhookUrl"], ["ALERT_WATCHDOG_URL", "alertWatchdogUrl"], ["ALERT_SLACK_URL", "alertSlackUrl"], ["ALERT_SMTP_PASSWORD", "alertSmtpPassword"], ["ALERT_PAGERDUTY_KEY", "alertPagerdutyKey"]]) {
            assert.match(text("bootstrap-stack.sh"), new RegExp(`${v}[\\s\\S]*${key}|${key}:${v}`), v);
        }
    });

    it("bootstrap-stack.sh can set every secure key of Pulumi.prod.yaml, each value through stdin", () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-pulumi-"));
        const log = path.join(dir, "log");
        // A fake pulumi that records its arguments and the value it was given on stdin.
        fs.writeFileSync(path.join(dir, "pulumi"), `#!/usr/bin/env bash\nprintf '%s <%s>\\n' "$*" "$(cat)" >>"${log}"\n`, { mode: 0o755 });
        const secure = [...fs.readFileSync(path.join(REPO, "Pulumi.prod.yaml"), "utf8").matchAll(/^  cluster-monitoring:(\w+):\n    secure:/gm)].map((m) => m[1]);
        assert.ok(secure.includes("remoteWritePassword") && secure.includes("grafanaAdminPassword"), secure.join(", "));
        const named: Record<string, string> = { searchPassword: "SEARCH_PASSWORD", alertWebhookUrl: "ALERT_WEBHOOK_URL", alertWatchdogUrl: "ALERT_WATCHDOG_URL", alertPagerdutyKey: "ALERT_PAGERDUTY_KEY" };
        const files: Record<string, string> = { etcdCaCert: "ETCD_CA_CERT_FILE", etcdClientCert: "ETCD_CLIENT_CERT_FILE", etcdClientKey: "ETCD_CLIENT_KEY_FILE" };
        const env: Record<string, string> = { PATH: `${dir}:${process.env.PATH}`, PULUMI_BACKEND_URL: "s3://state", PULUMI_CONFIG_PASSPHRASE: "p" };
        for (const key of secure) {
            if (files[key]) {
                fs.writeFileSync(path.join(dir, key), `value-of-${key}`);
                env[files[key]] = path.join(dir, key);
            } else {
                env[named[key] ?? `SECRET_${key}`] = `value-of-${key}`;
            }
        }
        const r = bash("bash scripts/bootstrap-stack.sh prod", env);
        assert.strictEqual(r.status, 0, r.out);
        const calls = fs.readFileSync(log, "utf8");
        for (const key of secure) {
            assert.ok(calls.includes(`config set --secret --stack prod --non-interactive cluster-monitoring:${key} <value-of-${key}>`), `${key} not set from stdin:\n${calls}`);
        }
        assert.doesNotMatch(calls.split("\n").map((l) => l.replace(/<[^>]*>$/, "")).join("\n"), /value-of-/, "a secret value reached pulumi's arguments");
    });

    it("bootstrap-stack.sh refuses SECRET_<key> for every component's settings key, and only those", () => {
        const listed = /settings_keys=" ([^"]*) "/.exec(text("bootstrap-stack.sh"))?.[1].split(" ") ?? [];
        assert.deepStrictEqual([...listed].sort(), Object.keys(COMPONENT_SCHEMAS).sort());
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fake-pulumi-"));
        fs.writeFileSync(path.join(dir, "pulumi"), "#!/usr/bin/env bash\ncat >/dev/null\n", { mode: 0o755 });
        const r = bash("bash scripts/bootstrap-stack.sh prod", { PATH: `${dir}:${process.env.PATH}`, PULUMI_BACKEND_URL: "s3://state", PULUMI_CONFIG_PASSPHRASE: "p", SECRET_metrics: "{}" });
        assert.strictEqual(r.status, 1, r.out);
        assert.match(r.out, /SECRET_metrics would replace cluster-monitoring:metrics, a component's settings/);
    });

    it("preflight-cluster.sh fails with a clear message when the kubeconfig lacks the stack's context", () => {
        const empty = path.join(os.tmpdir(), `empty-kubeconfig-${process.pid}`);
        fs.writeFileSync(empty, "");
        const r = bash("bash scripts/preflight-cluster.sh prod", { KUBECONFIG: empty });
        fs.rmSync(empty);
        assert.strictEqual(r.status, 1);
        assert.match(r.out, /has no context 'prod-cluster', which Pulumi\.prod\.yaml names/);
        assert.match(text("preflight-cluster.sh"), /--request-timeout=/);
    });

    it("kind-up.sh keeps state in .pulumi-state without logging in, and runs the preflight before pulumi up", () => {
        const lib = text("stack-lib.sh");
        assert.match(lib, /export PULUMI_BACKEND_URL="file:\/\/\$REPO_ROOT\/\.pulumi-state"/);
        const up = text("kind-up.sh");
        assert.doesNotMatch(up.replace(/^\s*#.*$/gm, ""), /pulumi login/);
        assert.match(up, /kind create cluster --name "\$cluster"/);
        assert.match(up, /npm ci/);
        assert.match(up, /pulumi stack init "\$stack" --secrets-provider passphrase/);
        const preflight = up.indexOf("scripts/preflight-cluster.sh");
        assert.ok(preflight > 0 && preflight < up.indexOf("pulumi up --yes"), "preflight before pulumi up");
    });

    it("e2e-kind.sh deploys e2e, checks every scrape job and a log record, and always destroys", () => {
        const e2e = text("e2e-kind.sh");
        assert.match(e2e, /kind-up\.sh" "\$stack"/);
        assert.match(e2e, /^stack=e2e$/m);
        assert.match(e2e, /^JOBS=\(monitor kubelet cadvisor apiserver log-agent node-exporter kube-state-metrics alertmanager\)$/m);
        assert.match(e2e, /services\/alertmanager:web\/proxy\/api\/v2\/alerts/);
        assert.match(e2e, /retry "the Watchdog alert in Alertmanager" watchdog_in_alertmanager/);
        assert.match(e2e, /services\/elasticsearch-logging:db\/proxy\/logstash-\*\/_search/);
        assert.match(e2e, /trap cleanup EXIT/);
        assert.match(e2e, /pulumi destroy --yes --stack "\$stack"/);
        assert.match(e2e, /wait --for=condition=Ready pod -l "\$PROM_SELECTOR" --timeout=/);
        // The index prefix follows the log agent's output: logstash format with the default prefix.
        const output = fs.readFileSync(path.join(REPO, "components", "log-agent", "output-config.ts"), "utf8");
        assert.match(output, /param\("logstash_format", true\)/);
        assert.doesNotMatch(output, /logstash_prefix/);
    });
});
