import { backupIntervalSeconds, Settings, SettingsCatalog } from "../config";
import { overridableRules } from "../components/common/rules/overrides";
import { fluentdSizeBytes } from "../config/formats";
import { ruleFiles } from "../components/prometheus/rule-files";
import { RemoteWriteContext, RuleContext } from "../components/common/rules/context";
import { RuleGroup } from "../components/common/rules/types";
import { withOwnRunbooks } from "../components/common/rules/runbooks";
import { COMPONENTS } from "./components";
import { PROMETHEUS_RELEASES, PrometheusRelease, prometheusRelease } from "../prometheus-releases/release-lines";
import { contributionsOf } from "./contributions";

/**
 * The default alerts, each group only while the job or component that produces its series is
 * on (docs/alerting.md#default-alerts): an alert on a series never scraped would never fire. A
 * fold over the component list, each component's groups in its own order. An alert without a
 * public runbook points at its section of docs/runbooks.md.
 */
export function defaultRuleGroups(c: RuleContext): RuleGroup[] {
    return withOwnRunbooks(
        [
            ...COMPONENTS.flatMap((component) => component.rules?.(c) ?? []),
            // After the groups each component gives for the rule context, those the contributions carry (components/contribution.ts).
            ...(c.contributed ?? []),
        ],
        c.runbookBaseUrl,
    );
}

/**
 * What the default rules may rely on, from the whole stack: the jobs that scrape and the
 * components that run. Alertmanager's name is its job label while it runs.
 */
export function ruleContext(s: Settings): RuleContext {
    const m = s.metrics;
    const c = s.controlPlane;
    const alertmanager = s.alertmanager.enabled ? s.alertmanager.name : undefined;
    const alertmanagerScraped = alertmanager !== undefined && m.scrapeNamespaces.includes(m.namespace);
    return {
        prometheusJob: m.name,
        prometheusHealth: prometheusRelease(m).selfHealth,
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
        kubeStateMetricsResources: s.kubeStateMetrics.exposedResources,
        alertmanager: alertmanager !== undefined,
        ...(alertmanagerScraped ? { alertmanagerJob: alertmanager, alertmanagerCluster: s.alertmanager.replicas > 1 } : {}),
        ...(m.remoteWrite.length > 0 ? { remoteWrite: remoteWriteContext(s) } : {}),
        logBufferLimitBytes: fluentdSizeBytes(s.logs.buffer.totalLimitSize),
        blackbox: s.blackboxExporter.enabled,
        elasticsearch: s.searchStore.enabled && s.searchStore.exporter.enabled,
        searchStoreKind: s.searchStore.kind,
        longTermStore: s.longTermStore.enabled,
        ...(s.longTermStore.enabled && s.longTermStore.backup ? { longTermStoreBackupSeconds: backupIntervalSeconds(s.longTermStore.backup) } : {}),
        grafana: s.grafana.enabled,
        ...(s.alertRules.runbookBaseUrl !== undefined ? { runbookBaseUrl: s.alertRules.runbookBaseUrl } : {}),
        ...contributedGroups(contributionsOf(s).flatMap((c) => c.ruleGroups ?? [])),
    };
}

/** The contributed groups as RuleContext holds them: only when there are any. */
function contributedGroups(groups: readonly RuleGroup[]): Pick<RuleContext, "contributed"> {
    return groups.length > 0 ? { contributed: groups } : {};
}

/** 2.11's default queue_config max_shards (config/config.go, DefaultQueueConfig, at v2.11.1). */
const MAX_SHARDS_2_11 = 1000;

/** The remote-write targets as the release line's queue metrics name them. */
function remoteWriteContext(s: Settings): RemoteWriteContext {
    const families = prometheusRelease(s.metrics).remoteStorage;
    return {
        families,
        // 2.11 names a queue "<index>:<url>" after the target's place in remote_write, which is its place here;
        // it exports no shards_max, so the alert takes each queue's limit from here.
        queues: families.shardsMax === undefined ? s.metrics.remoteWrite.map((t, i) => ({ queue: `${i}:${t.url}`, maxShards: t.queue?.maxShards ?? MAX_SHARDS_2_11 })) : [],
    };
}

/**
 * Every default group of one release line, with every job and component on: two remote-write
 * targets, since 2.11 compares each queue with its own limit. With `runbookBaseUrl`, the own
 * alerts' runbook_url as a stack that sets alertRules.runbookBaseUrl gets them.
 */
export function everyDefaultGroupOf(release: PrometheusRelease, runbookBaseUrl?: string): RuleGroup[] {
    const queues = release.remoteStorage.shardsMax === undefined ? [{ queue: "0:x", maxShards: 1 }, { queue: "1:y", maxShards: 2 }] : [];
    const everything: RuleContext = { prometheusJob: "x", prometheusHealth: release.selfHealth, grafana: true, kubelet: true, cadvisor: true, apiserver: true, etcd: true, logAgent: true, coreDns: true, scheduler: true, controllerManager: true, kubeProxy: true, nodeExporter: true, kubeStateMetrics: true, alertmanager: true, alertmanagerJob: "x", alertmanagerCluster: true, remoteWrite: { families: release.remoteStorage, queues }, logBufferLimitBytes: 1, blackbox: true, elasticsearch: true, longTermStore: true, longTermStoreBackupSeconds: 86400, ...(runbookBaseUrl !== undefined ? { runbookBaseUrl } : {}) };
    return defaultRuleGroups({ ...everything, ...contributedGroups(COMPONENTS.flatMap((c) => c.everyRuleGroup?.(release) ?? [])) });
}

/** Every default alert's name on any release line, with every job and component on: what alertRules.disabled may name. */
export function defaultAlertNames(): string[] {
    return alertNamesOf(PROMETHEUS_RELEASES.flatMap((r) => everyDefaultGroupOf(r)));
}

function alertNamesOf(groups: readonly RuleGroup[]): string[] {
    return [...new Set(groups.flatMap((g) => g.rules.flatMap((r) => ("alert" in r ? [r.alert] : []))))];
}

/**
 * Default alerts renamed to kube-prometheus's names, old to new (docs/upgrading.md#renamed-alerts).
 * A stack file that still names an old one is refused with the new name.
 */
export const RENAMED_ALERTS: Readonly<Record<string, string>> = {
    KubeAPIErrorsHigh: "KubeAPIErrorBudgetBurn",
    PrometheusConfigReloadFailed: "PrometheusBadConfig",
    PrometheusNotificationsFailing: "PrometheusErrorSendingAlertsToAnyAlertmanager",
};

/** The catalog depends on no setting: built once, as every stack load asks for it. */
let catalog: Pick<SettingsCatalog, "defaultAlertNames" | "renamedAlerts" | "overridableRules"> | undefined;

/** What the stack file's alert keys are checked against (config/index.ts SettingsCatalog), on every release line. */
export function alertCatalog(): Pick<SettingsCatalog, "defaultAlertNames" | "renamedAlerts" | "overridableRules"> {
    if (catalog === undefined) {
        // Both halves read every line's default groups: built once, not once for each.
        const lines = PROMETHEUS_RELEASES.map((r) => ({ line: r.line, groups: everyDefaultGroupOf(r) }));
        catalog = {
            defaultAlertNames: alertNamesOf(lines.flatMap((l) => l.groups)),
            renamedAlerts: RENAMED_ALERTS,
            overridableRules: onFirstUse(() => overridableRules(lines)),
        };
    }
    return catalog;
}

/**
 * A record built when first read. config/ reads the overridable rules only when a stack file sets
 * alertRules.overrides, and building them reads the thresholds of every rule on every release
 * line, about a tenth of a CPU-second of each load (docs/performance.md). The proxy answers every
 * read (a key, `in`, Object.keys, hasOwnProperty) from the built record.
 */
function onFirstUse<T extends object>(build: () => T): T {
    let built: T | undefined;
    const record = () => (built ??= build());
    return new Proxy({} as T, {
        get: (_, key) => Reflect.get(record(), key),
        has: (_, key) => Reflect.has(record(), key),
        ownKeys: () => Reflect.ownKeys(record()),
        getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(record(), key),
    });
}

/** The stack's rule files: the enabled default groups, the components' among them, and its own (components/prometheus/rule-files.ts). */
export function stackRuleFiles(s: Settings): Record<string, string> {
    return ruleFiles(s.alertRules, defaultRuleGroups(ruleContext(s)));
}
