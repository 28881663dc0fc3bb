import { Settings } from "../config";
import { fluentdSizeBytes } from "../config/formats";
import { ruleFiles } from "../components/prometheus/rule-files";
import { RuleContext } from "../components/common/rules/context";
import { RuleGroup } from "../components/common/rules/types";
import { alertmanagerGroup } from "../components/alertmanager/alerts";
import { controllerManagerGroup, coreDnsGroup, kubeProxyGroup, schedulerGroup } from "../components/control-plane/component-alerts";
import { containersGroup } from "../components/kubelet/container-alerts";
import { controlPlaneGroup, etcdGroup } from "../components/control-plane/alerts";
import { kubernetesNodesGroup, kubernetesWorkloadsGroup } from "../components/kube-state-metrics/alerts";
import { logAgentGroup } from "../components/log-agent/alerts";
import { nodeGroup } from "../components/node-exporter/alerts";
import { probesGroup } from "../components/blackbox-exporter/alerts";
import { prometheusGroup } from "../components/prometheus/alerts";
import { searchStoreGroup } from "../components/search-store/alerts";
import { longTermStoreGroup } from "../components/long-term-store/alerts";
import { watchdogGroup } from "../components/alertmanager/watchdog-alert";

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
        c.longTermStore ? longTermStoreGroup() : undefined,
    ];
    return groups.filter((g): g is RuleGroup => g !== undefined);
}

/**
 * What the default rules may rely on, from the whole stack: the jobs that scrape and the
 * components that run. Alertmanager's name is its job label while it runs.
 */
export function ruleContext(s: Settings): RuleContext {
    const m = s.metrics;
    const c = s.controlPlane;
    const alertmanager = s.alertmanager.enabled ? s.alertmanager.name : undefined;
    return {
        prometheusJob: m.name,
        kubelet: m.jobs.kubelet,
        cadvisor: m.jobs.cadvisor,
        apiserver: m.jobs.apiserver,
        etcd: m.jobs.etcd,
        logAgent: m.jobs.logAgent,
        coreDns: c.coreDns.enabled,
        scheduler: c.scheduler.enabled,
        controllerManager: c.controllerManager.enabled,
        kubeProxy: c.kubeProxy.enabled,
        nodeExporter: s.nodeExporter.enabled,
        kubeStateMetrics: s.kubeStateMetrics.enabled,
        alertmanager: alertmanager !== undefined,
        ...(alertmanager !== undefined && m.scrapeNamespaces.includes(m.namespace) ? { alertmanagerJob: alertmanager } : {}),
        logBufferLimitBytes: fluentdSizeBytes(s.logs.buffer.totalLimitSize),
        blackbox: s.blackboxExporter.enabled,
        elasticsearch: s.searchStore.enabled && s.searchStore.exporter.enabled,
        longTermStore: s.longTermStore.enabled,
    };
}

/** Every default alert's name, with every job and component on: what alertRules.disabled may name. */
export function defaultAlertNames(): string[] {
    const everything: RuleContext = { prometheusJob: "x", kubelet: true, cadvisor: true, apiserver: true, etcd: true, logAgent: true, coreDns: true, scheduler: true, controllerManager: true, kubeProxy: true, nodeExporter: true, kubeStateMetrics: true, alertmanager: true, alertmanagerJob: "x", logBufferLimitBytes: 1, longTermStore: true };
    return defaultRuleGroups(everything).flatMap((g) => g.rules.flatMap((r) => ("alert" in r ? [r.alert] : [])));
}

/** The stack's rule files: the enabled default groups and its own (components/prometheus/rule-files.ts). */
export function stackRuleFiles(s: Settings): Record<string, string> {
    return ruleFiles(s.alertRules, defaultRuleGroups(ruleContext(s)));
}
