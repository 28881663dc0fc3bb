import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { checkTeamFiles, droppedFamily } from "../components/teams/check";
import { TeamContract } from "../components/teams/contract";
import { contractOfStack, teamCheckCli } from "../render/team-check";

const REPO = path.resolve(__dirname, "..");

/** A ConfigMap manifest in YAML, with its data as JSON strings (valid YAML). */
function configMap(name: string, namespace: string | undefined, labels: Record<string, string>, data: Record<string, string>, annotations?: Record<string, string>): string {
    const meta = { name, ...(namespace ? { namespace } : {}), labels, ...(annotations ? { annotations } : {}) };
    return JSON.stringify({ apiVersion: "v1", kind: "ConfigMap", metadata: meta, data });
}
const dash = (uid: string, title: string, exprs: string[] = []) =>
    JSON.stringify({ uid, title, panels: exprs.map((expr, i) => ({ type: "timeseries", title: `p${i}`, targets: [{ refId: "A", expr }] })) });
const D = { grafana_dashboard: "1" };
const R = { prometheus_rule: "1" };

async function cli(args: string[]): Promise<{ code: number; out: string; err: string }> {
    let out = "";
    let err = "";
    const code = await teamCheckCli(args, { stdout: (t) => (out += t), stderr: (t) => (err += t) });
    return { code, out, err };
}

describe("team:check (docs/monitor-your-app.md#check-before-you-apply)", () => {
    let contract: TeamContract;
    before(async () => {
        contract = await contractOfStack("dev", REPO);
    });

    it("the dev stack's contract: line 2.11, dashboards from demo, the platform's uids, the kept families of each job", () => {
        assert.strictEqual(contract.prometheus.line, "2.11");
        assert.deepStrictEqual(contract.dashboards.namespaces, ["demo"]);
        assert.ok(contract.dashboards.platformUids.includes("cm-home"));
        assert.ok(contract.keptFamilies.cadvisor.dropped.length > 0);
        assert.strictEqual(droppedFamily(contract, "container_cpu_system_seconds_total"), "cadvisor");
        assert.strictEqual(droppedFamily(contract, "http_requests_total"), undefined);
    });

    it("passes the example directory (examples/team-objects), from a stack file and from a contract file", async () => {
        const fromStack = await cli(["--stack", "dev", path.join(REPO, "examples/team-objects")]);
        assert.strictEqual(fromStack.code, 0, fromStack.err);
        assert.match(fromStack.out, /2 files checked against Prometheus 2\.11\.1 \(line 2\.11\): no problem/);
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "team-contract-"));
        try {
            fs.writeFileSync(path.join(dir, "contract.json"), JSON.stringify(contract));
            const fromFile = await cli(["--contract", path.join(dir, "contract.json"), path.join(REPO, "examples/team-objects")]);
            assert.strictEqual(fromFile.code, 0, fromFile.err);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it("refuses each bad input at once, naming file, object and field, what it got and what it expected", () => {
        const files = [
            {
                path: "a.yaml",
                text: [
                    configMap("broken", "demo", D, { "x.json": "{ nope" }),
                    configMap("notdash", "demo", D, { "y.json": JSON.stringify({ hello: 1 }) }),
                    configMap("steal", "demo", D, { "z.json": dash("cm-home", "Home") }),
                    configMap("one", "demo", D, { "one.json": dash("same-uid", "One") }),
                    configMap("two", "demo", D, { "two.json": dash("same-uid", "Two") }),
                    configMap("elsewhere", "shop", D, { "e.json": dash("shop-e", "E") }),
                    configMap("dropped", "demo", D, { "d.json": dash("demo-d", "D", ["rate(container_cpu_system_seconds_total[$__rate_interval])"]) }),
                    configMap("wrong", "demo", { grafana_dashboard: "true" }, { "w.json": dash("demo-w", "W") }),
                    configMap("folder", "demo", D, { "f.json": dash("demo-f", "F") }, { "k8s-sidecar-target-directory": "/etc" }),
                    configMap("fetch", "demo", D, { "remote.json.url": "http://example.com/d.json" }),
                ].join("\n---\n"),
            },
            {
                path: "rules/b.yaml",
                text: [
                    configMap("unparsable", "demo", R, { "u.yml": "groups: [ {" }),
                    configMap("newer", "demo", R, { "n.yml": "groups:\n  - name: g1\n    rules:\n      - alert: A\n        expr: last_over_time(up[5m]) == 0\n" }),
                    configMap("again", "demo", R, { "a.yml": "groups:\n  - name: g1\n    rules:\n      - record: r\n        expr: up\n" }),
                    configMap("nons", undefined, R, { "x.yml": "groups: []\n" }),
                ].join("\n---\n"),
            },
        ];
        const problems = checkTeamFiles(files, contract).map((p) => `${p.key}: got ${p.got === undefined ? "nothing" : JSON.stringify(p.got)}, expected ${p.expected}`);
        const has = (re: RegExp) => assert.ok(problems.some((p) => re.test(p)), `${re} in\n${problems.join("\n")}`);
        has(/^a\.yaml ConfigMap demo\/broken data\["x\.json"\]: got ".*", expected a dashboard in JSON \(it does not parse\)/);
        has(/^a\.yaml ConfigMap demo\/notdash data\["y\.json"\]\.title: got nothing, expected a dashboard's title/);
        has(/^a\.yaml ConfigMap demo\/notdash data\["y\.json"\]\.panels: got nothing, expected a dashboard's panels, a list/);
        has(/^a\.yaml ConfigMap demo\/steal data\["z\.json"\]\.uid: got "cm-home", expected a uid nobody uses yet \(the platform's dashboards has it/);
        has(/^a\.yaml ConfigMap demo\/two data\["two\.json"\]\.uid: got "same-uid", expected a uid nobody uses yet \(demo\/one\.one\.json has it/);
        has(/^a\.yaml ConfigMap shop\/elsewhere metadata\.namespace: got "shop", expected one of the namespaces the platform takes dashboards from: demo/);
        has(/^a\.yaml ConfigMap demo\/dropped data\["d\.json"\]\.panels\[0\]\.targets\[0\]\.expr: .*job cadvisor drops container_cpu_system_seconds_total/);
        has(/^a\.yaml ConfigMap demo\/wrong metadata\.labels\.grafana_dashboard: got "true", expected "1"/);
        has(/^a\.yaml ConfigMap demo\/folder metadata\.annotations\.k8s-sidecar-target-directory: got "\/etc", expected no folder annotation/);
        has(/^a\.yaml ConfigMap demo\/fetch data\["remote\.json\.url"\]: .*expected no \.url key/);
        has(/^rules\/b\.yaml ConfigMap demo\/unparsable data\["u\.yml"\]: .*expected a Prometheus rule file in YAML/);
        has(/^rules\/b\.yaml ConfigMap demo\/newer data\["n\.yml"\]\.groups\[0\]\.rules\[0\]\.expr: got "last_over_time\(up\[5m\]\) == 0", expected PromQL that Prometheus v2\.11\.1 .*`last_over_time` is not available in Prometheus v2\.11\.1 \(it came in 2\.26\)/);
        has(/^rules\/b\.yaml ConfigMap demo\/again data\["a\.yml"\]\.groups\[0\]\.name: got "g1", expected a group name not used yet in namespace demo \(newer\.n\.yml has it\)/);
        has(/^rules\/b\.yaml ConfigMap \?\/nons metadata\.namespace: got nothing, expected the team's namespace \(or pass --namespace\)/);
    });

    it("caps rule files and rules per namespace", () => {
        const many = Array.from({ length: contract.rules.maxFilesPerNamespace + 1 }, (_, i) =>
            configMap(`r${i}`, "demo", R, { "f.yml": `groups:\n  - name: g${i}\n    rules:\n      - record: r\n        expr: up\n` }),
        );
        const problems = checkTeamFiles([{ path: "m.yaml", text: many.join("\n---\n") }], contract);
        assert.deepStrictEqual(
            problems.map((p) => p.expected),
            [`at most ${contract.rules.maxFilesPerNamespace} rule files per namespace`],
        );
    });

    it("the CLI exits 1 with every problem, and 2 with its usage on bad arguments", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "team-check-"));
        try {
            fs.writeFileSync(path.join(dir, "bad.yaml"), configMap("bad", "demo", D, { "x.json": "nope" }));
            const bad = await cli(["--stack", "dev", dir]);
            assert.strictEqual(bad.code, 1);
            assert.match(bad.err, /^invalid team objects \(1 problem\):\n  - bad\.yaml ConfigMap demo\/bad data\["x\.json"\]: got /);
            assert.strictEqual((await cli([dir])).code, 2);
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });
});
