import { RuleContext } from "../context";
import { RuleGroup } from "../types";
import { alertmanagerGroup } from "./alertmanager";
import { controllerManagerGroup, coreDnsGroup, kubeProxyGroup, schedulerGroup } from "./cluster-components";
import { containersGroup } from "./containers";
import { controlPlaneGroup, etcdGroup } from "./control-plane";
import { kubernetesNodesGroup, kubernetesWorkloadsGroup } from "./kubernetes";
import { logAgentGroup } from "./log-agent";
import { nodeGroup } from "./nodes";
import { probesGroup } from "./probes";
import { prometheusGroup } from "./prometheus";
import { searchStoreGroup } from "./search-store";
import { watchdogGroup } from "./watchdog";

/**
 * The default alerts, each group only while the job or component that produces its series is
 * on (docs/alerting.md#default-alerts): an alert on a series never scraped would never fire.
 */
export function defaultRuleGroups(c: RuleContext): RuleGroup[] {
    const groups: (RuleGroup | undefined)[] = [
        prometheusGroup(c),
        watchdogGroup(),
        c.alertmanagerJob !== undefined ? alertmanagerGroup(c.alertmanagerJob) : undefined,
        c.nodeExporter ? nodeGroup() : undefined,
        c.kubeStateMetrics ? kubernetesNodesGroup() : undefined,
        c.kubeStateMetrics ? kubernetesWorkloadsGroup() : undefined,
        c.cadvisor ? containersGroup() : undefined,
        controlPlaneGroup(c),
        c.etcd ? etcdGroup() : undefined,
        c.coreDns ? coreDnsGroup() : undefined,
        c.scheduler ? schedulerGroup() : undefined,
        c.controllerManager ? controllerManagerGroup() : undefined,
        c.kubeProxy ? kubeProxyGroup() : undefined,
        c.logAgent ? logAgentGroup(c) : undefined,
        c.blackbox ? probesGroup() : undefined,
        c.elasticsearch ? searchStoreGroup() : undefined,
    ];
    return groups.filter((g): g is RuleGroup => g !== undefined);
}
