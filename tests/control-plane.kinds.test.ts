import * as assert from "assert";
import { isAlertingRule } from "../components/common/rules/types";
import { defaultRuleGroups } from "../stack/rule-groups";
import { analyzePromql } from "../prometheus-releases/promql";
import { scrapeJobs } from "../stack/scrape-jobs";
import { CONTROL_PLANE_KINDS, Settings } from "../config";
import { settingsWith } from "./harness/stack-config";
import { CONTROL_PLANE_JOB_NAMES } from "../components/control-plane/layout";
import { controlPlaneRuleGroups, controlPlaneRuleInput } from "../components/control-plane/rule-groups";

/**
 * Every kind of cluster, and the per-component switches between them, rendered: no default
 * alert's selector may name a job the stack does not scrape, and a component that is off has
 * neither a job nor an alert (issue: alerts on hidden control planes paged forever).
 */
const STACKS: Record<string, Record<string, Record<string, unknown>>> = {
    ...Object.fromEntries(CONTROL_PLANE_KINDS.map((kind) => [`kind ${kind}`, { controlPlane: { kind } }])),
    "managed with the scheduler overridden on": { controlPlane: { kind: "managed", override: ["scheduler"], scheduler: { enabled: true } } },
    "selfManaged, every control-plane component off": {
        controlPlane: { coreDns: { enabled: false }, scheduler: { enabled: false }, controllerManager: { enabled: false }, kubeProxy: { enabled: false } },
    },
    "selfManaged with etcd": { metrics: { jobs: { etcd: true }, etcd: { endpoints: ["10.0.0.11"], scheme: "http" } } },
};

function alertJobs(s: Settings): Map<string, string[]> {
    const byAlert = new Map<string, string[]>();
    for (const group of defaultRuleGroups(s)) {
        for (const rule of group.rules.filter(isAlertingRule)) {
            const jobs = analyzePromql(rule.expr)
                .selectors.flatMap((sel) => sel.matchers)
                .filter((m) => m.label === "job" && (m.op === "=" || (m.op === "=~" && /^[a-z0-9-]+(\|[a-z0-9-]+)+$/.test(m.value))))
                // A plain alternation of names (`job=~"kubelet|kube-proxy"`) names each of them.
                .flatMap((m) => m.value.split("|"));
            byAlert.set(rule.alert, jobs);
        }
    }
    return byAlert;
}

describe("every kind of cluster: no alert on a job that is not scraped", () => {
    for (const [name, overrides] of Object.entries(STACKS)) {
        it(name, () => {
            const s = settingsWith(overrides);
            const scraped = new Set(scrapeJobs(s).map((j) => j.job_name));
            // The monitor job labels Alertmanager's series with its Service name.
            scraped.add(s.alertmanager.name);
            const jobs = alertJobs(s);
            for (const [alert, names] of jobs) {
                for (const job of names) {
                    assert.ok(scraped.has(job), `${alert} reads job ${job}, which ${name} does not scrape`);
                }
            }
            for (const [component, job] of Object.entries(CONTROL_PLANE_JOB_NAMES)) {
                const on = s.controlPlane[component as keyof typeof CONTROL_PLANE_JOB_NAMES].enabled;
                assert.strictEqual(scraped.has(job), on, `${component}: job ${job}`);
                assert.strictEqual([...jobs.values()].some((names) => names.includes(job)), on, `${component}: alerts on ${job}`);
            }
            assert.strictEqual(scraped.has("etcd"), s.metrics.jobs.etcd);
        });
    }

    it("the check sees a stray alert: the managed kind's control-plane groups with the scheduler switched back on", () => {
        const s = settingsWith({ controlPlane: { kind: "managed" } });
        const scraped = new Set(scrapeJobs(s).map((j) => j.job_name));
        const forced = controlPlaneRuleGroups({ ...controlPlaneRuleInput(s), scheduler: true });
        const stray = forced.flatMap((g) => g.rules.filter(isAlertingRule)).filter((r) => r.expr.includes('job="kube-scheduler"'));
        assert.ok(stray.length > 0 && !scraped.has("kube-scheduler"));
    });
});
