import { Settings } from "../../config";
import { rulesOf } from "../contribution";
import { RuleGroup } from "../common/rules/types";
import { controlPlaneGroup, etcdGroup } from "./alerts";
import { controllerManagerGroup, coreDnsGroup, kubeProxyGroup, schedulerGroup } from "./component-alerts";
import { ControlPlaneRuleInput } from "./rule-input";
import { kubernetesSystemGroup } from "./system-alerts";
import { schedulerQuantilesGroup } from "./scheduler-rules";

/** The control plane's alerts and records, each while its job scrapes. */
export function controlPlaneRuleGroups(c: ControlPlaneRuleInput): RuleGroup[] {
    return [
        // Each reads the jobs that run, and is absent when none of them does.
        ...[kubernetesSystemGroup(c), controlPlaneGroup(c)].filter((g): g is RuleGroup => g !== undefined),
        ...(c.etcd ? [etcdGroup()] : []),
        ...(c.coreDns ? [coreDnsGroup()] : []),
        ...(c.scheduler ? [schedulerGroup(), schedulerQuantilesGroup()] : []),
        ...(c.controllerManager ? [controllerManagerGroup()] : []),
        ...(c.kubeProxy ? [kubeProxyGroup()] : []),
    ];
}

/** The jobs' switches as the stack sets them (metrics.jobs, controlPlane, kubeStateMetrics.enabled); every one on for the catalog. */
export function controlPlaneRuleInput(s: Settings): ControlPlaneRuleInput {
    const j = s.metrics.jobs;
    const c = s.controlPlane;
    return {
        apiserver: j.apiserver,
        kubelet: j.kubelet,
        kubeStateMetrics: s.kubeStateMetrics.enabled,
        etcd: j.etcd,
        coreDns: c.coreDns.enabled,
        scheduler: c.scheduler.enabled,
        controllerManager: c.controllerManager.enabled,
        kubeProxy: c.kubeProxy.enabled,
    };
}

export const controlPlaneRules = rulesOf(controlPlaneRuleGroups, controlPlaneRuleInput, () => ({
    apiserver: true,
    kubelet: true,
    kubeStateMetrics: true,
    etcd: true,
    coreDns: true,
    scheduler: true,
    controllerManager: true,
    kubeProxy: true,
}));
