import * as assert from "assert";
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { parse, parseAllDocuments } from "yaml";
import { tempDir } from "./harness/prometheus";

/**
 * What a new user meets first: the quickstart scripts name every missing prerequisite at once,
 * before they change anything, and the docs' facts about the shipped stacks and the quickstart
 * agree with the stack files and the scripts.
 */
const ROOT = path.join(__dirname, "..");
const read = (rel: string) => fs.readFileSync(path.join(ROOT, rel), "utf8");
const which = (tool: string) => spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim();

/** A PATH of only the given tools: real ones linked in, fakes as small sh scripts. */
function pathWith(real: string[], fakes: Record<string, string> = {}): string {
    const dir = tempDir("first-minutes-bin");
    for (const tool of real) {
        const at = which(tool);
        assert.ok(at, `${tool} is needed to run the scripts under test`);
        fs.symlinkSync(at, path.join(dir, tool));
    }
    for (const [tool, body] of Object.entries(fakes)) {
        fs.writeFileSync(path.join(dir, tool), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    }
    return dir;
}

function runScript(script: string, PATH: string, args: string[] = []) {
    const r = spawnSync(which("bash"), [path.join(ROOT, "scripts", script), ...args], { cwd: ROOT, encoding: "utf8", env: { PATH, HOME: tempDir("first-minutes-home") } });
    return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("the quickstart scripts name every missing prerequisite at once", () => {
    const EVERY_TOOL = ["node", "npm", "kind", "docker", "kubectl", "pulumi"];

    it("npm run kind:up with none of its tools lists all six, each with where to get it, and does nothing else", () => {
        const r = runScript("kind-up.sh", pathWith(["dirname"]));
        assert.strictEqual(r.status, 1, r.out);
        assert.match(r.out, /6 prerequisite\(s\) missing; nothing was changed/);
        for (const tool of EVERY_TOOL) assert.match(r.out, new RegExp(`  - ${tool}: .*https://`), `${tool} not named with a link:\n${r.out}`);
        assert.doesNotMatch(r.out, /kind cluster|state:|npm ci/);
    });

    it("a Docker that is installed but does not answer is named as such, the tools that are there are not", () => {
        const ok = "exit 0";
        const r = runScript("kind-up.sh", pathWith(["dirname", "node", "npm"], { kind: ok, kubectl: ok, pulumi: ok, docker: "exit 1" }));
        assert.strictEqual(r.status, 1, r.out);
        assert.match(r.out, /1 prerequisite\(s\) missing/);
        assert.match(r.out, /docker: installed, but the Docker engine does not answer/);
    });

    it("npm run e2e:kind stops at the missing tools, before its cleanup: no diagnostics and no pulumi destroy", () => {
        const r = runScript("e2e-kind.sh", pathWith(["dirname", "sed", "head"]));
        assert.strictEqual(r.status, 1, r.out);
        assert.match(r.out, /6 prerequisite\(s\) missing/);
        assert.doesNotMatch(r.out, /e2e FAILED|destroy/);
    });
});

/** The shipped stack files as Pulumi reads them: their config, by stack. */
function stackFiles(): Record<string, Record<string, any>> {
    return Object.fromEntries(
        fs
            .readdirSync(ROOT)
            .filter((f) => /^Pulumi\.[a-z0-9-]+\.yaml$/.test(f))
            .map((f) => [f.slice("Pulumi.".length, -".yaml".length), parse(read(f)).config ?? {}]),
    );
}

/** The kind cluster a stack's kubernetes:context names (kind-<cluster>), or undefined when it is not kind. */
function kindCluster(config: Record<string, any>): string | undefined {
    const context = String(config["kubernetes:context"] ?? "");
    return context.startsWith("kind-") ? context.slice("kind-".length) : undefined;
}

/** The Deployments of a stack's committed render, manifests/<stack>.yaml. */
function deploymentsOf(stack: string): string[] {
    return parseAllDocuments(read(`manifests/${stack}.yaml`))
        .map((d) => d.toJSON())
        .filter((o) => o?.kind === "Deployment")
        .map((o) => o.metadata.name);
}

describe("docs/stacks.md's table says what the stack files set and the render deploys", () => {
    const stacks = stackFiles();
    const rows = Object.fromEntries(
        read("docs/stacks.md")
            .split("\n")
            .filter((l) => /^\| `[a-z0-9-]+` \|/.test(l))
            .map((l) => [l.match(/^\| `([a-z0-9-]+)`/)![1], l]),
    );

    it("has one row per stack file, and none for a stack that does not exist", () => {
        assert.deepStrictEqual(Object.keys(rows).sort(), Object.keys(stacks).sort());
    });

    for (const [stack, config] of Object.entries(stackFiles())) {
        it(`${stack}: Grafana on or off, prometheus-adapter on or off, as the stack's render deploys them, and its kind cluster, as Pulumi.${stack}.yaml sets it`, () => {
            const row = rows[stack] ?? "";
            // On or off as the committed render says (tests/manifests-committed.test.ts holds it to
            // the program), not recomputed from the stack file with the program's own defaults.
            const deployments = deploymentsOf(stack);
            const grafanaOn = deployments.includes("grafana");
            assert.strictEqual(/Grafana off/.test(row), !grafanaOn, `the row says Grafana is ${grafanaOn ? "off" : "not off"}: ${row}`);
            const adapterOn = deployments.includes("prometheus-adapter");
            assert.strictEqual(/prometheus-adapter\]?\(?[a-z./-]*\)? on/.test(row), adapterOn, `the row says prometheus-adapter is ${adapterOn ? "off" : "on"}: ${row}`);
            const cluster = kindCluster(config);
            const named = row.match(/kind cluster `([^`]+)`/)?.[1];
            assert.strictEqual(named, cluster, `the row names kind cluster ${named}; the stack's context is ${config["kubernetes:context"]}`);
        });
    }
});

describe("the README's quickstart facts", () => {
    const readme = read("README.md");
    const pkg = JSON.parse(read("package.json"));

    it("names the kind cluster that npm run kind:up creates for dev, not its kubectl context", () => {
        const cluster = kindCluster(stackFiles().dev);
        assert.ok(cluster);
        assert.match(readme, new RegExp(`creates the kind cluster \`${cluster}\``));
        assert.doesNotMatch(readme, /kind cluster `kind-/);
    });

    it("its two commands exist: npm run kind:up runs scripts/kind-up.sh, whose default stack is dev; npm test runs the suite", () => {
        assert.match(readme, /npm ci && npm run kind:up/);
        assert.strictEqual(pkg.scripts["kind:up"], "bash scripts/kind-up.sh");
        assert.match(read("scripts/kind-up.sh"), /stack="\$\{1:-dev\}"/);
        assert.match(readme, /```sh\nnpm test\n```/);
        assert.match(pkg.scripts.test, /mocha/);
    });

    it("lists every prerequisite the quickstart checks", () => {
        const prerequisites = readme.slice(readme.indexOf("## Prerequisites"), readme.indexOf("## The two commands"));
        for (const [tool, said] of [["node", /Node\.js/], ["kind", /kind/], ["docker", /Docker/], ["kubectl", /kubectl/], ["pulumi", /Pulumi CLI/]] as const) {
            assert.match(read("scripts/kind-up.sh"), new RegExp(`require_prerequisites .*\\b${tool}\\b`));
            assert.match(prerequisites, said, `${tool} is checked by kind-up.sh but not listed under Prerequisites`);
        }
    });
});
