import * as assert from "assert";
import { isAlertingRule } from "../components/common/rules/types";
import { CONTAINER_CPU_RATE5M, POD_CPU_REQUESTS, POD_WORKLOAD } from "../components/common/rules/compute-resource-records";
import { KUBE_STATE_METRICS_DEFAULT_RESOURCES } from "../config/kube-state-metrics";
import { defaultRuleGroups } from "../stack/rule-groups";
import { settingsWith } from "./harness/stack-config";

/** The resource alerts and the compute recording rules follow the jobs and kinds that produce their series. */
const rules = (overrides: Parameters<typeof settingsWith>[0] = {}) => {
    const all = defaultRuleGroups(settingsWith(overrides)).flatMap((g) => g.rules);
    return { alerts: all.filter(isAlertingRule).map((r) => r.alert), records: all.flatMap((r) => ("record" in r ? [r.record] : [])) };
};
const QUOTA_ALERTS = ["KubeCPUQuotaOvercommit", "KubeMemoryQuotaOvercommit", "KubeQuotaAlmostFull", "KubeQuotaFullyUsed", "KubeQuotaExceeded"];

describe("resource alerts and compute recording rules follow the stack", () => {
    it("all of them by default", () => {
        const { alerts, records } = rules();
        for (const a of ["KubeCPUOvercommit", "KubeMemoryOvercommit", ...QUOTA_ALERTS]) assert.ok(alerts.includes(a), a);
        for (const r of [CONTAINER_CPU_RATE5M, POD_CPU_REQUESTS, POD_WORKLOAD]) assert.ok(records.includes(r), r);
    });

    it("no quota alerts while kube-state-metrics does not expose resourcequotas; the overcommit alerts stay", () => {
        const { alerts } = rules({ kubeStateMetrics: { exposedResources: KUBE_STATE_METRICS_DEFAULT_RESOURCES.filter((r) => r !== "resourcequotas") } });
        assert.deepStrictEqual(QUOTA_ALERTS.filter((a) => alerts.includes(a)), []);
        assert.ok(alerts.includes("KubeCPUOvercommit"));
    });

    it("none of kube-state-metrics' without it, and no container usage without the cadvisor job", () => {
        const noKsm = rules({ kubeStateMetrics: { enabled: false } });
        assert.ok(!noKsm.alerts.includes("KubeCPUOvercommit") && !noKsm.records.includes(POD_CPU_REQUESTS) && !noKsm.records.includes(POD_WORKLOAD));
        assert.ok(noKsm.records.includes(CONTAINER_CPU_RATE5M), "the container rules need only the cadvisor job");
        assert.ok(!rules({ metrics: { jobs: { cadvisor: false } } }).records.includes(CONTAINER_CPU_RATE5M));
    });
});
