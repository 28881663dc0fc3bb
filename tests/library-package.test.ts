import * as assert from "assert";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { libraryManifest, packageOf, packLibrary, PEER_PACKAGES, TEAM_CHECK_BIN } from "../render/library-package";

const REPO = path.resolve(__dirname, "..");
const MODULES = path.join(REPO, "node_modules");
const NPM = fs.existsSync(path.join(path.dirname(process.execPath), "npm")) ? path.join(path.dirname(process.execPath), "npm") : "npm";

const contract = {
    contractVersion: 1,
    prometheus: { version: "2.11.1", line: "2.11" },
    keptFamilies: { cadvisor: { kept: [], dropped: ["container_cpu_system_seconds_total"], unlisted: "kept" } },
    dashboards: { label: "grafana_dashboard", value: "1", namespaces: ["shop"], platformUids: ["cm-home"], reservedUidPrefix: "cm-" },
    rules: { label: "prometheus_rule", value: "1", namespaces: ["shop"], maxFilesPerNamespace: 20, maxRulesPerNamespace: 200 },
};

/** `name` and every package it depends on, as installed in the repository's node_modules. */
function closure(names: readonly string[]): string[] {
    const seen = new Set<string>();
    const visit = (n: string) => {
        if (seen.has(n) || PEER_PACKAGES.has(n)) return;
        seen.add(n);
        const manifest = JSON.parse(fs.readFileSync(path.join(MODULES, n, "package.json"), "utf8"));
        Object.keys(manifest.dependencies ?? {}).forEach(visit);
    };
    names.forEach(visit);
    return [...seen].sort();
}

/**
 * A team's program, outside the repository: the packed tarball installed with npm, offline. Its
 * own dependencies are copies from the repository's node_modules (npm finds them satisfied and
 * fetches nothing; copies, because npm prunes inside a linked directory). The team's Pulumi SDK,
 * a peer, is the repository's, found through NODE_PATH, which npm never touches.
 */
describe("the library package: npm pack, then an offline install into a team's project", function () {
    let tarball: string;
    let team: string;
    const nodeEnv = () => ({ ...process.env, NODE_PATH: MODULES });
    const node = (script: string) => spawnSync(process.execPath, ["-e", script], { cwd: team, env: nodeEnv(), encoding: "utf8" });

    before(function () {
        const work = fs.mkdtempSync(path.join(os.tmpdir(), "library-package-"));
        tarball = packLibrary(path.join(work, "packed"));
        team = path.join(work, "team");
        fs.mkdirSync(path.join(team, "node_modules"), { recursive: true });
        fs.writeFileSync(path.join(team, "package.json"), JSON.stringify({ name: "team-shop", private: true, dependencies: { "cluster-monitoring": `file:${tarball}` } }));
        const manifest = JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }));
        for (const dep of closure(Object.keys(manifest.dependencies))) {
            fs.cpSync(path.join(MODULES, dep), path.join(team, "node_modules", dep), { recursive: true, dereference: true });
        }
        execFileSync(NPM, ["install", "--offline", "--ignore-scripts", "--legacy-peer-deps", "--no-package-lock", "--no-audit", "--no-fund"], { cwd: team, stdio: "pipe" });
    });

    it("installs from the tarball, with the compiled entry, its declarations and the team-check command", () => {
        const installed = path.join(team, "node_modules", "cluster-monitoring");
        const manifest = JSON.parse(fs.readFileSync(path.join(installed, "package.json"), "utf8"));
        assert.strictEqual(fs.existsSync(path.join(installed, manifest.main)), true, manifest.main);
        assert.strictEqual(fs.existsSync(path.join(installed, manifest.types)), true, manifest.types);
        assert.strictEqual(fs.existsSync(path.join(team, "node_modules", ".bin", TEAM_CHECK_BIN)), true);
        // No TypeScript source travels: the team's program runs the compiled JavaScript.
        const sources = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n").filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"));
        assert.deepStrictEqual(sources, []);
    });

    it("imports by its package name from the team's own node_modules, and registers nothing on import", () => {
        const r = node(`
            const m = require("cluster-monitoring");
            const where = require.resolve("cluster-monitoring");
            // Outside a Pulumi run, registering any resource throws; importing must not.
            console.log(JSON.stringify({ where, exports: Object.keys(m).sort() }));
        `);
        assert.strictEqual(r.status, 0, r.stderr);
        const out = JSON.parse(r.stdout);
        assert.ok(out.where.startsWith(path.join(team, "node_modules", "cluster-monitoring")), out.where);
        assert.deepStrictEqual(out.exports, ["TEAM_CONTRACT_VERSION", "TeamCheckError", "TeamMonitoring", "checkTeamFiles", "enforceNamespace"]);
    });

    it("creates the labelled ConfigMaps under the team's Pulumi runtime, with selectors held to its namespace", () => {
        const r = node(`
            const pulumi = require("@pulumi/pulumi");
            const made = [];
            pulumi.runtime.setMocks({ newResource: (a) => { made.push({ type: a.type, name: a.inputs.metadata && a.inputs.metadata.name, data: a.inputs.data }); return { id: a.name, state: a.inputs }; }, call: (a) => a.inputs }, "team-shop", "dev", false);
            const { TeamMonitoring } = require("cluster-monitoring");
            const tm = new TeamMonitoring("shop", { namespace: "shop", contract: ${JSON.stringify(contract)}, enforceNamespace: true,
                ruleGroups: [{ name: "orders", rules: [{ alert: "OrdersFailing", expr: "sum(rate(orders_failed_total[5m])) > 1", for: "10m" }] }] });
            let names;
            tm.configMapNames.apply((n) => { names = n; });
            // Once every registration has settled and the event loop is empty.
            process.once("beforeExit", () => console.log(JSON.stringify({ names, made })));
        `);
        assert.strictEqual(r.status, 0, r.stderr);
        const out = JSON.parse(r.stdout.trim().split("\n").pop()!);
        assert.deepStrictEqual(out.names, ["shop-rules"]);
        const cm = out.made.find((m: { type: string }) => m.type === "kubernetes:core/v1:ConfigMap");
        assert.match(cm.data["shop.yml"], /orders_failed_total\{namespace="shop"\}\[5m\]/);
    });

    it("type-checks a team's TypeScript against the packed declarations, and refuses a wrong argument", () => {
        const tsc = require.resolve("typescript/bin/tsc");
        fs.writeFileSync(
            path.join(team, "tsconfig.json"),
            JSON.stringify({ compilerOptions: { strict: true, noEmit: true, module: "commonjs", moduleResolution: "node", skipLibCheck: true, baseUrl: ".", paths: { "@pulumi/*": [`${MODULES}/@pulumi/*`] } }, files: ["index.ts"] }),
        );
        const good = `import { TeamMonitoring, TeamContract } from "cluster-monitoring";\ndeclare const contract: TeamContract;\nnew TeamMonitoring("shop", { namespace: "shop", contract, enforceNamespace: true });\n`;
        fs.writeFileSync(path.join(team, "index.ts"), good);
        const ok = spawnSync(process.execPath, [tsc, "-p", "."], { cwd: team, encoding: "utf8" });
        assert.strictEqual(ok.status, 0, ok.stdout + ok.stderr);
        fs.writeFileSync(path.join(team, "index.ts"), good.replace(`namespace: "shop"`, "namespace: 7"));
        const bad = spawnSync(process.execPath, [tsc, "-p", "."], { cwd: team, encoding: "utf8" });
        assert.notStrictEqual(bad.status, 0);
        assert.match(bad.stdout, /index\.ts\(3,.*Type 'number' is not assignable to type 'string'/);
    });

    it("the packed team-check command refuses a bad ConfigMap and passes a good one", () => {
        const dir = path.join(team, "objects");
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(team, "contract.json"), JSON.stringify(contract));
        const bin = path.join(team, "node_modules", ".bin", TEAM_CHECK_BIN);
        const rules = (expr: string) =>
            `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop-rules\n  namespace: shop\n  labels:\n    prometheus_rule: "1"\ndata:\n  shop.yml: |\n    groups:\n      - name: shop\n        rules:\n          - alert: OrdersFailing\n            expr: ${expr}\n`;
        fs.writeFileSync(path.join(dir, "rules.yaml"), rules("last_over_time(up[5m]) == 0"));
        const bad = spawnSync(bin, ["--contract", "contract.json", "objects"], { cwd: team, env: nodeEnv(), encoding: "utf8" });
        assert.strictEqual(bad.status, 1, bad.stderr);
        assert.match(bad.stderr, /rules\.yaml ConfigMap shop\/shop-rules data\["shop\.yml"\]\.groups\[0\]\.rules\[0\]\.expr: .*`last_over_time` is not available in Prometheus v2\.11\.1/);
        fs.writeFileSync(path.join(dir, "rules.yaml"), rules("up == 0"));
        const good = spawnSync(bin, ["--contract", "contract.json", "objects"], { cwd: team, env: nodeEnv(), encoding: "utf8" });
        assert.strictEqual(good.status, 0, good.stderr);
        assert.match(good.stdout, /1 file checked against Prometheus 2\.11\.1/);
    });
});

describe("the library's package.json is derived from what it requires", () => {
    it("names packages, not paths or Node built-ins", () => {
        assert.deepStrictEqual(["yaml", "@pulumi/pulumi/runtime", "./check", "fs", "node:path", "@prometheus-io/lezer-promql"].map(packageOf), [
            "yaml",
            "@pulumi/pulumi",
            undefined,
            undefined,
            undefined,
            "@prometheus-io/lezer-promql",
        ]);
    });

    it("pins what the program pins, leaves the Pulumi SDK to the team as a peer, and refuses a package the program does not pin", () => {
        const m = libraryManifest(["@pulumi/pulumi", "yaml"], { name: "cm", version: "1.0.0", dependencies: { "@pulumi/pulumi": "3.1.0", yaml: "2.0.0" } });
        assert.deepStrictEqual([m.dependencies, m.peerDependencies], [{ yaml: "2.0.0" }, { "@pulumi/pulumi": "^3.1.0" }]);
        assert.throws(() => libraryManifest(["left-pad"], { name: "cm", version: "1.0.0", dependencies: {} }), /requires left-pad, which package\.json's dependencies do not pin/);
    });
});
