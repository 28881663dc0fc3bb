import * as assert from "assert";
import { ConfigError } from "../config";
import { CAPACITY_DEFAULTS } from "../config/capacity";
import {
    BYTES_PER_SERIES,
    capacityPlan,
    capacityPlanOf,
    JobSeries,
    jobPlan,
    logCapacityPlan,
    MEMORY_MARGIN,
    MEMORY_REQUEST_KEY,
    planText,
    planWarnings,
    PlanInput,
    SCRAPE_SERIES_PER_TARGET,
    verdictOf,
} from "../stack/capacity-plan";
import { SERIES_PER_TARGET } from "../stack/series-per-target";
import { configErrorOf, problemAt, settingsWith, settingsWithGrafana } from "./harness/stack-config";

/** A table of two jobs: one per node with pod series, one cluster-wide target with node and pod series. */
const TABLE: Record<string, JobSeries> = {
    "per-node": { targets: "node", perTarget: 100, podSeries: 400, pods: 40, fixture: "f1", fat: true, rulesDigest: "d1" },
    "one-target": { targets: "cluster", perTarget: 50, podSeries: 2000, pods: 1000, nodeSeries: 300, nodes: 50, fixture: "f2", fat: false, rulesDigest: "d2" },
    etcd: { targets: "etcd endpoint", perTarget: 120, fixture: "f3", fat: false, rulesDigest: "d3" },
};

function input(over: Partial<PlanInput> = {}): PlanInput {
    return {
        nodes: 10,
        pods: 300,
        stated: true,
        jobs: [
            { job: "per-node", rulesDigest: "d1" },
            { job: "one-target", rulesDigest: "d2" },
        ],
        etcdEndpoints: 3,
        replicas: 1,
        memoryRequest: "1Gi",
        ...over,
    };
}

/** Prometheus' own series of every target (up, scrape_duration_seconds...). */
const OWN = SCRAPE_SERIES_PER_TARGET;
/** The series of input() against TABLE: 10 × (100 + 10 × 300/10 + 5) + (50 + 2 × 300 + 6 × 10 + 5). */
const SERIES = 10 * (100 + 10 * 30 + OWN) + (50 + 2 * 300 + 6 * 10 + OWN);

describe("the capacity plan (stack/capacity-plan.ts)", () => {
    describe("series per job", () => {
        it("a per-node job: its own series on every node, and each node's share of the pods' series", () => {
            const j = jobPlan("per-node", TABLE["per-node"], { nodes: 10, pods: 300, etcdEndpoints: 0 });
            assert.deepStrictEqual([j.targets, j.perTarget, j.series, j.scales], [10, 100 + 30 * 10 + OWN, 10 * (100 + 300 + OWN), "per node + per pod"]);
        });

        it("a cluster-wide target: every node's and every pod's series on its one target", () => {
            const j = jobPlan("one-target", TABLE["one-target"], { nodes: 10, pods: 300, etcdEndpoints: 0 });
            assert.deepStrictEqual([j.targets, j.perTarget, j.series, j.scales], [1, 50 + 600 + 60 + OWN, 715, "per cluster + per node + per pod"]);
        });

        it("etcd: one target per endpoint the stack lists", () => {
            assert.strictEqual(jobPlan("etcd", TABLE.etcd, { nodes: 10, pods: 300, etcdEndpoints: 3 }).series, 3 * (120 + OWN));
        });

        it("a fraction of a series per target is rounded up", () => {
            const j = jobPlan("per-node", TABLE["per-node"], { nodes: 3, pods: 10, etcdEndpoints: 0 });
            // 100 + 10 × 10/3 + 5 = 138.3 per node, 415 in all.
            assert.deepStrictEqual([j.perTarget, j.series], [139, 415]);
        });

        it("totals the jobs of the table, lists those it has no row for, and flags keep rules that differ from the table's", () => {
            const p = capacityPlan(input({ jobs: [...input().jobs.slice(0, 1), { job: "one-target", rulesDigest: "other" }, { job: "monitor", rulesDigest: "x" }] }), TABLE);
            assert.strictEqual(p.series, SERIES);
            assert.strictEqual(p.bytes, SERIES * BYTES_PER_SERIES);
            assert.deepStrictEqual(p.uncounted, ["monitor"]);
            assert.deepStrictEqual(
                p.jobs.map((j) => [j.job, j.rulesDiffer]),
                [
                    ["per-node", false],
                    ["one-target", true],
                ],
            );
            assert.match(planText(p), /one-target .*this stack's keep rules differ from the table's/);
            assert.match(planText(p), /not counted \(no exporter fixture\): monitor/);
        });
    });

    describe("the request against the plan", () => {
        const plan = SERIES * BYTES_PER_SERIES;
        const atLeast = Math.ceil(plan * (1 - MEMORY_MARGIN));
        const at = (request: number, over: Partial<PlanInput> = {}) => capacityPlan(input({ memoryRequest: String(request), ...over }), TABLE);

        it("fits at the plan and above it", () => {
            assert.strictEqual(verdictOf(plan, plan), "fits");
            assert.strictEqual(at(plan).verdict, "fits");
            assert.strictEqual(at(plan + 1).verdict, "fits");
        });

        it("below the plan by the margin or less: no warning", () => {
            assert.strictEqual(at(plan - 1).verdict, "within margin");
            assert.strictEqual(at(atLeast).verdict, "within margin");
            assert.deepStrictEqual(planWarnings(at(atLeast, { stated: false })), []);
        });

        it("below by more than the margin: a warning at the default size, none when stated (the load refuses it instead)", () => {
            assert.strictEqual(at(atLeast - 1).verdict, "below");
            const warnings = planWarnings(at(atLeast - 1, { stated: false }));
            assert.strictEqual(warnings.length, 1);
            assert.match(warnings[0], new RegExp(`${MEMORY_REQUEST_KEY.replace(/\./g, "\\.")} is ${atLeast - 1}, expected at least`));
            assert.deepStrictEqual(planWarnings(at(atLeast - 1)), []);
        });

        it("warns of a memory limit below the plan, whatever the request", () => {
            assert.strictEqual(planWarnings(at(plan, { memoryLimit: String(plan - 1) })).length, 1);
            assert.deepStrictEqual(planWarnings(at(plan, { memoryLimit: String(plan) })), []);
        });

        it("no replica, no verdict to warn of", () => {
            assert.deepStrictEqual(planWarnings(at(1, { replicas: 0, stated: false })), []);
            assert.match(planText(at(1, { replicas: 0 })), /metrics\.replicas is 0, so no Prometheus runs/);
        });
    });

    describe("on a stack", () => {
        it("the spec's default stack (400Mi) fits at the defaults", () => {
            const p = capacityPlanOf(settingsWith());
            assert.deepStrictEqual([p.nodes, p.pods, p.stated, p.memoryRequest], [CAPACITY_DEFAULTS.nodes, CAPACITY_DEFAULTS.pods, false, "400Mi"]);
            assert.strictEqual(p.verdict, "fits", planText(p));
        });

        it("counts every job the table has a row for, from the committed table", () => {
            const p = capacityPlanOf(settingsWith());
            assert.ok(p.jobs.length >= 8, planText(p));
            for (const j of p.jobs) assert.ok(SERIES_PER_TARGET[j.job], j.job);
            assert.ok(!p.jobs.some((j) => j.rulesDiffer), planText(p));
        });

        it("a stated size the request cannot hold refuses the stack, naming the key, the value and what it needs", () => {
            const e = configErrorOf({ metrics: { capacity: { nodes: 500, pods: 20000 } } });
            const problem = problemAt(e, MEMORY_REQUEST_KEY);
            assert.strictEqual(problem.got, "400Mi");
            assert.match(problem.expected, /^at least \d+Mi \(the capacity plan: \d+ series at 500 nodes and 20000 pods, 8192 bytes each = \d+Mi, less the 20% margin; docs\/capacity\.md\), or a smaller metrics\.capacity$/);
        });

        it("the refusal's boundary: a request at the plan less the margin loads, one byte less is refused", () => {
            const capacity = { nodes: 200, pods: 6000 };
            const bytes = capacityPlanOf(settingsWith({ metrics: { capacity, resources: { memoryRequest: "64Gi" } } })).bytes;
            const atLeast = Math.ceil(bytes * (1 - MEMORY_MARGIN));
            assert.strictEqual(capacityPlanOf(settingsWith({ metrics: { capacity, resources: { memoryRequest: String(atLeast) } } })).verdict, "within margin");
            problemAt(configErrorOf({ metrics: { capacity, resources: { memoryRequest: String(atLeast - 1) } } }), MEMORY_REQUEST_KEY);
        });

        it("no refusal while nodes or pods is defaulted: only a warning", () => {
            for (const capacity of [{}, { nodes: 500 }, { pods: 20000 }]) {
                const s = settingsWith({ metrics: { capacity, resources: { memoryRequest: "16Mi" } } });
                const p = capacityPlanOf(s);
                assert.strictEqual(p.verdict, "below", JSON.stringify(capacity));
                assert.strictEqual(planWarnings(p).length, 1, JSON.stringify(capacity));
            }
        });

        it("the shortfall is reported in the same run as every other problem", () => {
            const e = configErrorOf({ metrics: { capacity: { nodes: 500, pods: 20000 } }, alertmanager: { replicas: "three" } });
            problemAt(e, MEMORY_REQUEST_KEY);
            problemAt(e, "cluster-monitoring:alertmanager.replicas");
        });

        it("a problem in metrics.capacity itself is reported once, with no plan on a stand-in", () => {
            const e = configErrorOf({ metrics: { capacity: { nodes: 0, pods: 20000 } } });
            problemAt(e, "cluster-monitoring:metrics.capacity.nodes");
            assert.ok(!e.problems.some((p) => p.key === MEMORY_REQUEST_KEY), e.message);
        });
    });

    describe("the log at preview", () => {
        const logged = (s = settingsWith(), preview = true) => {
            const lines: string[] = [];
            logCapacityPlan(s, { info: (m) => lines.push(`info: ${m}`), warn: (m) => lines.push(`warn: ${m}`) }, preview);
            return lines;
        };

        it("logs the plan as info at preview, and each warning as a warning", () => {
            const s = settingsWith({ metrics: { resources: { memoryRequest: "16Mi" } } });
            const lines = logged(s);
            assert.strictEqual(lines[0], `info: ${planText(capacityPlanOf(s)).trimEnd()}`);
            assert.deepStrictEqual(lines.slice(1), planWarnings(capacityPlanOf(s)).map((w) => `warn: ${w}`));
            assert.strictEqual(lines.length, 2);
        });

        it("logs nothing outside a preview (the render's mocks: the render prints the plan itself)", () => {
            assert.deepStrictEqual(logged(settingsWith(), false), []);
        });

        it("names no secret: neither a secret's value nor anything of the credentials", () => {
            const secrets = { remoteWritePassword: "capacity-plan-secret-9c1d" };
            const s = settingsWithGrafana(
                { metrics: { remoteWrite: [{ url: "https://metrics.example.com/api/v1/write", basicAuth: { username: "edge", passwordKey: "remoteWritePassword" } }], resources: { memoryRequest: "16Mi" } } },
                secrets,
            );
            const text = logged(s).join("\n");
            for (const secret of [...Object.values(secrets), "test-admin-password-7f3a"]) assert.ok(!text.includes(secret), secret);
            assert.doesNotMatch(text, /password|basicAuth|https:\/\//i);
        });
    });
});
