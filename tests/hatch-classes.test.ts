import * as assert from "assert";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings } from "../stack";
import { CLASSES, Config, hatchStack, problemsOf, secretsFor } from "./harness/hatch-cases";

/** Issue #41's classes in the escape hatches: the tables of tests/harness/hatch-cases.ts (docs/escape-hatches.md#what-is-checked). */

describe("issue #41: the escape hatches' classes, each refused at its key with its valid neighbour accepted", () => {
    it("the stack they start from loads", () => {
        assert.deepStrictEqual(problemsOf(() => undefined), []);
    });
    for (const [cls, cases] of Object.entries(CLASSES)) {
        describe(`class ${cls}`, () => {
            for (const c of cases) {
                it(`${c.what}: refused at ${c.key.replace(/^cluster-monitoring:/, "")}, its neighbour accepted`, () => {
                    const problems = problemsOf(c.bad);
                    const found = problems.find((p) => p.key === c.key);
                    assert.ok(found, `no problem at ${c.key}; got:\n${problems.map((p) => `${p.key}: ${p.expected}`).join("\n")}`);
                    assert.match(found.expected, c.expected);
                    const neighbour = problemsOf(c.neighbour);
                    assert.deepStrictEqual(neighbour.map((p) => `${p.key}: ${p.expected}`), []);
                });
            }
        });
    }
});

describe("issue #41: a stack file with one hatch problem of each class gets all of them in one run", () => {
    /** One case per class, on fields apart from each other's. */
    const ONE_EACH: [string, string][] = [
        ["1: checked as the target checks it", "scrape_timeout longer than the global interval"],
        ["2: settings that do nothing", "a volume nothing mounts"],
        ["5: credentials over plain http", "an SSO issuer over http outside the cluster"],
        ["6: a match-everything default where nothing was said", "an inhibit rule without equal"],
        ["7: valid in shape, impossible in meaning, or half of a pair", "a time zone in the wrong case"],
        ["8: names that clash with what the program writes", "a target label that is an external label"],
    ];
    const cases = ONE_EACH.map(([cls, what]) => CLASSES[cls].find((c) => c.what === what)!);

    it("every problem comes at once, each at its key, and fixing exactly those leaves none", () => {
        const problems = problemsOf((c) => cases.forEach((k) => k.bad(c)));
        assert.deepStrictEqual([...new Set(problems.map((p) => p.key))].sort(), cases.map((k) => k.key).sort(), problems.map((p) => `${p.key}: ${p.expected}`).join("\n"));
        for (const k of cases) {
            assert.match(problems.find((p) => p.key === k.key)!.expected, k.expected);
        }
        assert.deepStrictEqual(problemsOf((c) => cases.forEach((k) => (k.bad(c), k.neighbour(c)))), []);
    });

    it("with the other classes beside them (3: a credential in plain text, 4: an empty secret, 10: a duration the line cannot read), all come in the same run (9), and fixing exactly those leaves none", () => {
        const load = (edit: (c: Config) => void, secrets: Record<string, string> = {}) => {
            const c = hatchStack();
            cases.forEach((k) => k.bad(c));
            edit(c);
            try {
                loadStackSettings(plainConfigSource(c, { ...secretsFor(c), ...secrets }));
            } catch (e) {
                assert.ok(e instanceof ConfigError, String(e));
                return e.problems;
            }
            return [];
        };
        const others = (c: Config) => {
            c.metrics.extra = { ...c.metrics.extra, env: [{ name: "API_TOKEN", value: "s3cr3t-t0ken-value" }] };
            c.metrics.evaluationInterval = "1m30s";
        };
        const problems = load(others, { dbHook: "" });
        const expected = [
            ...cases.map((k) => k.key),
            "cluster-monitoring:metrics.extra.env[0].value",
            "cluster-monitoring:dbHook",
            "cluster-monitoring:metrics.evaluationInterval",
        ].sort();
        assert.deepStrictEqual([...new Set(problems.map((p) => p.key))].sort(), expected, problems.map((p) => `${p.key}: ${p.expected}`).join("\n"));
        assert.match(problems.find((p) => p.key === "cluster-monitoring:metrics.extra.env[0].value")!.expected, /no credential in plain text/);
        assert.match(problems.find((p) => p.key === "cluster-monitoring:dbHook")!.expected, /not empty/);
        assert.match(problems.find((p) => p.key === "cluster-monitoring:metrics.evaluationInterval")!.expected, /Prometheus 2\.11 parses no compound duration/);
        // Nothing a reported value hid: fixing exactly the reported problems leaves none.
        const fixed = load(
            (c) => {
                cases.forEach((k) => k.neighbour(c));
                c.metrics.extra = { ...c.metrics.extra, env: [{ name: "API_TOKEN", valueFrom: { secretKeyRef: { name: "app", key: "token" } } }] };
                c.metrics.evaluationInterval = "90s";
            },
            { dbHook: "https://hooks.example.com/db" },
        );
        assert.deepStrictEqual(fixed, []);
    });
});
