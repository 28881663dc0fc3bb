import { RuleContext } from "../common/rules/context";
import { RuleGroup } from "../common/rules/types";
import { controlPlaneGroup, etcdGroup } from "./alerts";
import { controllerManagerGroup, coreDnsGroup, kubeProxyGroup, schedulerGroup } from "./component-alerts";
import { kubernetesSystemGroup } from "./system-alerts";
import { schedulerQuantilesGroup } from "./scheduler-rules";

/** The control plane's alerts and records, each while its job scrapes. */
export function controlPlaneRuleGroups(c: RuleContext): RuleGroup[] {
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
