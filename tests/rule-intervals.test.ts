import * as assert from "assert";
import { SLOW_GROUP_INTERVAL } from "../components/common/rules/slow-intervals";
import { AlertingRule } from "../components/common/rules/types";
import { prometheusDurationSeconds } from "../config/formats/prometheus-duration";
import { defaultRuleGroups, stackRuleFiles } from "../stack/rule-groups";
import { parse } from "yaml";
import { everyAlertSettings } from "./harness/alert-cases";

/**
 * Issue #47: the groups whose inputs move slowly are evaluated every SLOW_GROUP_INTERVAL
 * instead of every 30 s (components/common/rules/slow-intervals.ts), which halves what they cost.
 * That keeps each alert's meaning only while the alert holds for at least one interval: a `for`
 * shorter than the group's interval would fire on the first evaluation that sees the condition.
 */
describe("rule groups with an interval of their own (issue #47)", () => {
    const groups = defaultRuleGroups(everyAlertSettings());
    const global = prometheusDurationSeconds(everyAlertSettings().metrics.evaluationInterval);

    it("the slow-moving groups are evaluated every minute", () => {
        const slow = ["kubernetes-workloads", "kubernetes-resources", "kubernetes-storage", "kubernetes-workload-owners", "kube-state-metrics-pod-phases", "kube-state-metrics-pod-nodes", "node-saturation", "kubernetes-container-usage", "kube-apiserver-requests", "kube-apiserver-latency", "node-exporter-records"];
        assert.deepStrictEqual(
            slow.map((name) => [name, groups.find((g) => g.name === name)?.interval]),
            slow.map((name) => [name, SLOW_GROUP_INTERVAL]),
        );
    });

    it("every alert of a group evaluated less often than the global interval holds for at least that interval, or has a threshold of hours", () => {
        const short: string[] = [];
        for (const g of groups.filter((x) => x.interval && prometheusDurationSeconds(x.interval) > global)) {
            for (const r of g.rules.filter((x): x is AlertingRule => "alert" in x)) {
                // KubeJobNotCompleted has no `for`: it fires on a Job running more than 12 hours, which a minute does not move.
                if (r.alert === "KubeJobNotCompleted" && /> 43200/.test(r.expr)) continue;
                if (!r.for || prometheusDurationSeconds(r.for) < prometheusDurationSeconds(g.interval!)) short.push(`${g.name}: ${r.alert} for ${r.for ?? "none"}`);
            }
        }
        assert.deepStrictEqual(short, []);
    });

    it("a group's own interval never makes it run more often than a longer global interval: there it follows the global one", () => {
        const base = everyAlertSettings();
        const intervalsAt = (evaluationInterval: string) =>
            Object.fromEntries(
                Object.entries(stackRuleFiles({ ...base, metrics: { ...base.metrics, evaluationInterval } }))
                    .filter(([name]) => name.startsWith("defaults-"))
                    .map(([name, text]) => [name, (parse(text) as { groups: { interval?: string }[] }).groups[0].interval]),
            );
        const at30s = intervalsAt("30s");
        const at2m = intervalsAt("2m");
        // At 30 s the slow groups keep their minute and the availability chain its 3 minutes.
        assert.strictEqual(at30s["defaults-kubernetes-workloads.yml"], SLOW_GROUP_INTERVAL);
        assert.strictEqual(at30s["defaults-kube-apiserver-availability.yml"], "3m");
        // At 2 m a one-minute group runs every 2 m with the rest; a 3-minute one keeps its 3 m.
        assert.strictEqual(at2m["defaults-kubernetes-workloads.yml"], undefined);
        assert.strictEqual(at2m["defaults-kube-apiserver-availability.yml"], "3m");
        const faster = Object.entries(at2m).filter(([, i]) => i !== undefined && prometheusDurationSeconds(i) <= 120);
        assert.deepStrictEqual(faster, []);
    });
});
