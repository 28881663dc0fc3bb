import { longTermStoreWriteUrl } from "../components/long-term-store/layout";
import { isCentral, VMAUTH, vmauthName } from "../components/long-term-store/vmauth";
import { alertmanagerTarget } from "../components/alertmanager/target";
import { kubeStateMetricsTarget } from "../components/kube-state-metrics/target";
import { logAgentTarget } from "../components/log-agent/target";
import { nodeExporterTarget } from "../components/node-exporter/target";
import { LONG_TERM_STORE_PORT_NAME, MetricsSettings, Settings } from "../config";

/**
 * What Prometheus' own builders still read of the other components (its namespace's pod
 * security, its alerting and remote-write blocks): one *Target field per running component.
 * The scrape jobs no longer read them; they come from each component's contribution.
 * Pure: returns new settings and leaves `s` as it was.
 */
export function wireComponents(s: Settings): Settings {
    const metrics: MetricsSettings = {
        ...s.metrics,
        controlPlane: s.controlPlane,
        // The log-agent scrape job follows the agent wherever its settings put it.
        logAgentTarget: logAgentTarget(s.logs),
        // The team rules checker writes TeamRuleFileRefused, an own alert, at run time.
        ...(s.alertRules.runbookBaseUrl !== undefined ? { runbookBaseUrl: s.alertRules.runbookBaseUrl } : {}),
    };
    const ne = nodeExporterTarget(s.nodeExporter);
    if (ne) metrics.nodeExporterTarget = ne;
    const ksm = kubeStateMetricsTarget(s.kubeStateMetrics);
    if (ksm) metrics.kubeStateMetricsTarget = ksm;
    // Prometheus scrapes the store and remote-writes to it (components/prometheus/remote-write-config.ts).
    if (s.longTermStore.enabled) {
        const t = s.longTermStore;
        metrics.longTermStoreTarget = {
            namespace: t.namespace,
            serviceName: t.name,
            portName: LONG_TERM_STORE_PORT_NAME,
            writeUrl: longTermStoreWriteUrl(t),
            ...(isCentral(t) ? { vmauth: { namespace: t.namespace, serviceName: vmauthName(t), portName: VMAUTH.port.name } } : {}),
        };
    }
    const am = alertmanagerTarget(s.alertmanager);
    if (am) metrics.alertmanagerTarget = am;
    return { ...s, metrics };
}
