import * as assert from "assert";
import { COMPONENT_SCHEMAS, ConfigError, ConfigProblem, plainConfigSource, unsetStandIn } from "../config";
import { loadStackSettings } from "../stack";
import { runProgram } from "./harness/program";
import { allRegistered, waitForRegistrations } from "./harness/pulumi-mocks";
import { GRAFANA_SECRETS, requiredConfig } from "./harness/stack-config";

/**
 * Issue #41, class 9: one run, every problem. loadStackSettings threw in stages (the settings,
 * then the workloads' hatches, then Grafana's, then, in program.ts, the names across components),
 * so fixing what one run reported revealed more that was in the first file. The rule: after fixing
 * exactly the reported problems, a second run reports nothing that was already wrong in the first
 * file, and does not depend on the value of a key reported the first time.
 */

const M = "cluster-monitoring:metrics";
type Config = Record<string, any>;

/** The stack with `edit` applied to a copy of the smallest valid one, Grafana on. */
function stack(edit: (c: Config) => void): Config {
    const c = requiredConfig();
    c.grafana = { enabled: true };
    edit(c);
    return c;
}

function problemsOf(config: Config, secrets: Record<string, string> = {}): ConfigProblem[] {
    try {
        loadStackSettings(plainConfigSource(config, { ...GRAFANA_SECRETS, ...secrets }));
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.problems;
    }
    return [];
}

const keys = (problems: readonly ConfigProblem[]) => [...new Set(problems.map((p) => p.key))].sort();

/** One problem of each stage: [stage, the edit that makes it, the key it is reported at, the edit that fixes exactly it]. */
const STAGES: [string, (c: Config) => void, string, (c: Config) => void][] = [
    ["the settings (config/)", (c) => (c.metrics.retention = "20days"), `${M}.retention`, (c) => (c.metrics.retention = "20d")],
    [
        "a workload hatch (stack/workload-hatches.ts): a flag the program sets",
        (c) => (c.metrics.extra = { args: ["--query.max-concurrency=30", "--web.enable-lifecycle"] }),
        `${M}.extra.args[1]`,
        (c) => (c.metrics.extra.args = ["--query.max-concurrency=30"]),
    ],
    [
        "a Grafana check (components/grafana/data-source-checks.ts, through stack/workload-hatches.ts): an extra data source with the program's uid",
        (c) => (c.grafana.dataSources = [{ name: "Loki", uid: "prometheus", type: "loki", url: "http://loki.logging.svc:3100" }]),
        "cluster-monitoring:grafana.dataSources[0].uid",
        (c) => (c.grafana.dataSources[0].uid = "loki"),
    ],
    [
        "the names across components (stack/object-names.ts): two ClusterRoles named alike",
        (c) => (c.logs.serviceAccountName = "monitor-main"),
        "cluster-monitoring:logs.serviceAccountName",
        (c) => (c.logs.serviceAccountName = "fluentd-es"),
    ],
];

describe("issue #41 class 9: one run lists every problem of every stage", () => {
    it("a stack file with one problem in each stage gets all of them in one ConfigError, and fixing exactly those leaves none", () => {
        const first = problemsOf(stack((c) => STAGES.forEach(([, edit]) => edit(c))));
        assert.deepStrictEqual(keys(first), STAGES.map(([, , key]) => key).sort(), first.map((p) => `${p.key}: ${p.expected}`).join("\n"));
        const fixed = stack((c) => STAGES.forEach(([, edit, , fix]) => (edit(c), fix(c))));
        assert.deepStrictEqual(keys(problemsOf(fixed)), []);
    });

    for (const [stage, edit, key] of STAGES) {
        it(`each stage alone is still found: ${stage}`, () => {
            assert.deepStrictEqual(keys(problemsOf(stack(edit))), [key]);
        });
    }

    it("through the program, as pulumi up runs it: one ConfigError with all four, and nothing registered", async () => {
        const before = allRegistered().length;
        let thrown: unknown;
        await runProgram(stack((c) => STAGES.forEach(([, e]) => e(c))), GRAFANA_SECRETS).catch((e) => (thrown = e));
        await waitForRegistrations();
        assert.ok(thrown instanceof ConfigError, String(thrown));
        assert.deepStrictEqual(keys(thrown.problems), STAGES.map(([, , key]) => key).sort());
        assert.strictEqual(allRegistered().length, before, "nothing may be registered");
    });

    it("a stack file with one problem of each class of issue #41 gets all of them in one run, through the program, nothing registered and no secret shown", async () => {
        const token = "ghp_s3cr3tT0kenValue9f2a";
        const webhook = "http://hooks.example.com/services/T0/B0/s3cr3t";
        const config = stack((c) => {
            // Class 3: a credential in plain text outside a Secret.
            c.alertmanager = { extra: { env: [{ name: "API_TOKEN", value: token }] } };
            // Class 4: a secret whose value means nothing it should (below: an http:// webhook outside the cluster).
            // Class 9: a problem in each stage after the settings, beside a settings problem.
            STAGES.forEach(([, edit]) => edit(c));
            // Class 10: a compound duration on 2.11, and two misspelt keys, each with its own hint.
            c.metrics.scrapeInterval = "1m30s";
            c.metrics.evaluationIntervall = "1m";
            c.metrics.externalLabel = { cluster: "prod" };
        });
        const before = allRegistered().length;
        let thrown: unknown;
        await runProgram(config, { ...GRAFANA_SECRETS, alertWebhookUrl: webhook }).catch((e) => (thrown = e));
        await waitForRegistrations();
        assert.ok(thrown instanceof ConfigError, String(thrown));
        assert.strictEqual(allRegistered().length, before, "nothing may be registered");
        const at = (key: string) => thrown instanceof ConfigError && thrown.problems.find((p) => p.key === key);
        const expect: [string, RegExp][] = [
            ["cluster-monitoring:alertmanager.extra.env[0].value", /no credential in plain text/],
            ["cluster-monitoring:alertWebhookUrl", /an https:\/\/ URL/],
            ...STAGES.map(([, , key]): [string, RegExp] => [key, /./]),
            [`${M}.scrapeInterval`, /Prometheus 2\.11 parses no compound duration/],
            [`${M}.evaluationIntervall`, /\(did you mean evaluationInterval\?\)$/],
            [`${M}.externalLabel`, /\(did you mean externalLabels\?\)$/],
        ];
        for (const [key, expected] of expect) {
            const p = at(key);
            assert.ok(p, `no problem at ${key}:\n${(thrown as ConfigError).message}`);
            assert.match(p.expected, expected);
        }
        assert.deepStrictEqual(keys(thrown.problems), expect.map(([k]) => k).sort(), thrown.message);
        for (const secret of [token, "s3cr3t"]) {
            assert.ok(!thrown.message.includes(secret), `a secret is shown:\n${thrown.message}`);
        }
    });

    describe("a later check reads what parsed, and skips only what did not", () => {
        it("a wrong field of a key lets the later checks judge the rest of that key (its stand-in)", () => {
            // metrics.retention and metrics.storage (a required field: a placeholder stands in) are wrong; its hatch and its name are still judged against Prometheus' pod and objects.
            const problems = problemsOf(
                stack((c) => {
                    c.metrics.retention = "20days";
                    c.metrics.storage = { mode: "nfs" };
                    c.metrics.extra = { volumeMounts: [{ name: "x", mountPath: "/prometheus" }], volumes: [{ name: "x", emptyDir: {} }] };
                    c.grafana.name = "monitor";
                }),
            );
            assert.deepStrictEqual(keys(problems), ["cluster-monitoring:grafana.name", `${M}.extra.volumeMounts[0].mountPath`, `${M}.retention`, `${M}.storage.nfs`]);
        });

        it("a wrong required field takes a placeholder, so the key's other problems are found too", () => {
            const problems = problemsOf(
                stack((c) => {
                    delete c.logs.search.host;
                    c.logs.serviceAccountName = "monitor-main";
                }),
            );
            assert.deepStrictEqual(keys(problems), ["cluster-monitoring:logs.search.host", "cluster-monitoring:logs.serviceAccountName"]);
        });

        it("a wrong list entry takes its list out of the later checks, not the key: the other hatches are judged", () => {
            const problems = problemsOf(
                stack((c) => {
                    c.metrics.extra = { env: [{ name: "9BAD", value: "x" }], args: ["--web.enable-lifecycle"] };
                }),
            );
            assert.deepStrictEqual(keys(problems), [`${M}.extra.args[0]`, `${M}.extra.env[0].name`]);
        });

        it("a key that cannot stand in for itself (not an object, secret, under a misspelt namespace) is read as unset, and the other keys are still judged", () => {
            const hatch = (c: Config) => (c.metrics.extra = { args: ["--web.enable-lifecycle"] });
            assert.deepStrictEqual(keys(problemsOf(stack((c) => (hatch(c), (c.alertmanager = "yes"))))), ["cluster-monitoring:alertmanager", `${M}.extra.args[0]`]);
            const misspelt = problemsOf(stack((c) => (hatch(c), (c["cluster_monitoring:alertRules"] = { defaults: false }))));
            assert.deepStrictEqual(keys(misspelt), [`${M}.extra.args[0]`, "cluster_monitoring:alertRules"]);
            const secret = problemsOf(stack((c) => (c.grafana.dataSources = [{ name: "Loki", uid: "prometheus", type: "loki", url: "http://loki.logging.svc:3100" }])), { alertRules: JSON.stringify({ defaults: true }) });
            assert.deepStrictEqual(keys(secret), ["cluster-monitoring:alertRules", "cluster-monitoring:grafana.dataSources[0].uid"]);
        });

        it("every key can stand in as if unset, so no key holds back the later checks of the others", () => {
            const failing = Object.entries(COMPONENT_SCHEMAS).filter(([key, schema]) => unsetStandIn(key, schema) === undefined).map(([key]) => key);
            assert.deepStrictEqual(failing, []);
        });

        it("a later problem at a key already reported is not reported again", () => {
            // grafana.name is wrong for its own format; no stand-in name is judged against the others' in its place.
            const problems = problemsOf(stack((c) => (c.grafana.name = "Grafana_UI")));
            assert.deepStrictEqual(keys(problems), ["cluster-monitoring:grafana.name"]);
        });
    });
});
