import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { teamRulesScripts, TEAM_RULES_SCRIPT_FILES } from "../components/prometheus/team-rules/scripts";
import { PrometheusProcess, requireBinary, tempDir } from "./harness/prometheus";

const RUNBOOK_URL = "https://git.example.com/ops/cluster-monitoring/-/blob/main/docs/runbooks.md#teamrulefilerefused";

/**
 * A simulation of the sidecar, with the real checker: k8s-sidecar is Python and does not run
 * here, so the test writes each ConfigMap key as its write_data_to_file does with
 * UNIQUE_FILENAMES (helpers.py unique_filename at 2.10.1: namespace_<ns>.configmap_<name>.<key>),
 * runs the sidecar's SCRIPT (prepare_rules.py, with python3 and PyYAML), then the checker
 * (check.sh, one pass, with Debian's real promtool 2.42) and a real Prometheus 2.42 that loads the
 * platform's rule file and the live team directory and reloads on the checker's SIGHUP.
 */
describe("team rules: a simulation of the sidecar's writes, the real checker, promtool and Prometheus 2.42", function () {
    let dir: string;
    let prometheus: PrometheusProcess | undefined;
    const scripts = teamRulesScripts();
    const at = (...p: string[]) => path.join(dir, ...p);
    const stage = (ns: string, cm: string, key: string, text: string) => fs.writeFileSync(at("staging", `namespace_${ns}.configmap_${cm}.${key}`), text);

    function prepare(): string {
        return execFileSync("python3", [at("scripts", TEAM_RULES_SCRIPT_FILES.prepare)], {
            env: { ...process.env, TEAM_RULES_STAGING: at("staging"), TEAM_RULES_PREPARED: at("prepared"), TEAM_RULES_MAX_FILES: "3", TEAM_RULES_MAX_RULES: "10" },
            encoding: "utf8",
            timeout: 60_000,
        });
    }
    function check(): string {
        return execFileSync("sh", [at("scripts", TEAM_RULES_SCRIPT_FILES.check)], {
            env: {
                ...process.env,
                TEAM_RULES_PREPARED: at("prepared"),
                TEAM_RULES_LIVE: at("live"),
                PROMTOOL: requireBinary("promtool"),
                TEAM_RULES_ONCE: "1",
                TEAM_RULES_SIGNAL_AFTER: "0",
                PROMETHEUS_PID: String(prometheus!.pid),
                // As the pod sets them under alertRules.runbookBaseUrl (components/common/rules/runbooks.ts).
                TEAM_RULES_RUNBOOK_KEY: "runbook_url",
                TEAM_RULES_RUNBOOK: RUNBOOK_URL,
            },
            encoding: "utf8",
            timeout: 120_000,
        });
    }
    async function rules(): Promise<Array<{ name: string; file: string; rules: Array<{ name: string; type: string; labels?: Record<string, string>; health: string }> }>> {
        const body = (await (await fetch(`${prometheus!.url}/api/v1/rules`)).json()) as any;
        return body.data.groups;
    }
    /** Waits until the loaded groups are exactly `names` (with the platform's): what a reload shows, whenever it happens. */
    async function loadedGroups(names: string[], what: string): Promise<void> {
        const want = [...names].sort().join(",");
        await prometheus!.waitFor(async () => (await rules()).map((g) => g.name).filter((n) => !n.startsWith("team-rule-file-refused-")).sort().join(",") === want, what);
    }

    before(async function () {
        dir = tempDir("team-rules");
        for (const d of ["staging", "prepared", "live", "scripts", "platform"]) fs.mkdirSync(at(d));
        for (const [k, v] of Object.entries(scripts)) fs.writeFileSync(at("scripts", k), v);
        fs.writeFileSync(at("platform", "platform.yml"), "groups:\n  - name: platform\n    rules:\n      - record: platform_rule\n        expr: vector(1)\n");
        fs.writeFileSync(
            at("prometheus.yml"),
            `global:\n  evaluation_interval: 1s\nrule_files:\n  - ${at("platform", "*.yml")}\n  - ${at("live", "*.yml")}\n`,
        );
        prometheus = await PrometheusProcess.start(at("prometheus.yml"));
    });
    after(async () => {
        await prometheus?.stop();
        fs.rmSync(dir, { recursive: true, force: true });
    });

    it("loads the good files with the team's namespace label, refuses the bad ones with their series, and the platform's rules reload on", async () => {
        stage("shop", "orders-rules", "orders.yml", [
            "groups:",
            "  - name: orders",
            "    rules:",
            "      - record: shop:up:sum",
            "        expr: sum(up)",
            "      - alert: ShopAlwaysFiring",
            "        expr: vector(1)",
            "        labels: { severity: warning, namespace: someone-else }",
            "",
        ].join("\n"));
        stage("payments", "pay-rules", "pay.yml", "groups:\n  - name: pay\n    rules:\n      - record: payments:one\n        expr: vector(1)\n");
        // promtool refuses it: a function Prometheus does not have.
        stage("shop", "broken", "bad.yml", "groups:\n  - name: bad\n    rules:\n      - record: shop:bad\n        expr: no_such_function(up)\n");
        // The sidecar's script refuses these: not YAML, and a group name the namespace already has.
        stage("shop", "notyaml", "x.yml", "groups: [ {");
        stage("shop", "twice", "y.yml", "groups:\n  - name: orders\n    rules:\n      - record: shop:two\n        expr: vector(2)\n");
        // The promtool-refused file is prepared (the sidecar's script takes it); the checker refuses it.
        assert.match(prepare(), /team rules: 3 prepared, 2 refused/);
        assert.match(check(), /sent SIGHUP to Prometheus/);
        await loadedGroups(["platform", "orders", "pay"], "the good team groups after the checker's SIGHUP");

        const groups = await rules();
        const byName = Object.fromEntries(groups.map((g) => [g.name, g]));
        assert.ok(byName.platform, "the platform's group is loaded");
        assert.ok(byName.orders && byName.pay, `the good team groups are loaded: ${Object.keys(byName).join(", ")}`);
        assert.ok(!groups.some((g) => g.name === "bad"), "the refused file never reaches Prometheus");
        for (const rule of byName.orders.rules) {
            assert.strictEqual(rule.labels?.namespace, "shop", `${rule.name} carries the team's namespace, whatever it wrote`);
        }

        await prometheus!.waitFor(async () => (await prometheus!.query("team_rule_file_refused")).length === 3, "three team_rule_file_refused series");
        const refused = (await prometheus!.query("team_rule_file_refused")).map((r) => `${r.metric.namespace} ${r.metric.configmap} ${r.value[1]}`).sort();
        assert.deepStrictEqual(refused, ["shop broken.bad.yml 1", "shop notyaml.x.yml 1", "shop twice.y.yml 1"]);
        const promtoolSays = fs.readFileSync(at("live", "team-shop__broken.bad.yml"), "utf8");
        assert.match(promtoolSays, /description: 'promtool check rules: .*no_such_function/);

        // The team's alert fires, with its namespace label: Alertmanager's team routes match it.
        await prometheus!.waitFor(async () => {
            const alerts = (await (await fetch(`${prometheus!.url}/api/v1/alerts`)).json()) as any;
            return alerts.data.alerts.some((a: any) => a.labels.alertname === "ShopAlwaysFiring" && a.state === "firing" && a.labels.namespace === "shop");
        }, "ShopAlwaysFiring firing with namespace shop");
        const alerts = ((await (await fetch(`${prometheus!.url}/api/v1/alerts`)).json()) as any).data.alerts;
        assert.ok(alerts.some((a: any) => a.labels.alertname === "TeamRuleFileRefused" && a.labels.namespace === "shop" && a.labels.configmap === "broken.bad.yml"));
        // It links its section of docs/runbooks.md, as the checker's environment says.
        assert.ok(alerts.filter((a: any) => a.labels.alertname === "TeamRuleFileRefused").every((a: any) => a.annotations.runbook_url === RUNBOOK_URL));

        // The platform's rules still reload afterwards: a changed platform file loads on the next reload.
        fs.writeFileSync(at("platform", "platform.yml"), "groups:\n  - name: platform\n    rules:\n      - record: platform_rule_v2\n        expr: vector(2)\n");
        process.kill(prometheus!.pid!, "SIGHUP");
        await prometheus!.waitFor(async () => (await rules()).some((g) => g.name === "platform" && g.rules.some((r) => r.name === "platform_rule_v2")), "the platform's changed rule after a reload");
        const runtime = (await (await fetch(`${prometheus!.url}/api/v1/status/runtimeinfo`)).json()) as any;
        assert.strictEqual(runtime.data.reloadConfigSuccess, true);
        await prometheus!.waitFor(async () => (await prometheus!.query("platform_rule_v2")).length === 1, "the platform's changed rule evaluated");
    });

    it("follows the sidecar: a fixed file replaces its refusal, a deleted one leaves, over the limit is refused", async () => {
        stage("shop", "broken", "bad.yml", "groups:\n  - name: bad\n    rules:\n      - record: shop:fixed\n        expr: vector(1)\n");
        fs.rmSync(at("staging", "namespace_payments.configmap_pay-rules.pay.yml"));
        for (const n of [1, 2, 3]) stage("extra", `many${n}`, "m.yml", `groups:\n  - name: m${n}\n    rules:\n      - record: extra:m${n}\n        expr: vector(1)\n`);
        stage("extra", "many4", "m.yml", "groups:\n  - name: m4\n    rules:\n      - record: extra:m4\n        expr: vector(1)\n");
        assert.match(prepare(), /team rules: 5 prepared, 3 refused/);
        assert.match(check(), /sent SIGHUP/);
        await loadedGroups(["platform", "orders", "bad", "m1", "m2", "m3"], "the fixed file loaded, the deleted one gone");
        assert.match(fs.readFileSync(at("live", "team-extra__many4.m.yml"), "utf8"), /over the limit of 3 rule files in namespace extra/);
        // A pass with nothing changed sends no signal.
        assert.doesNotMatch(check(), /SIGHUP/);
    });
});
