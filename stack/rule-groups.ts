import { Settings, SettingsCatalog } from "../config";
import { overridableRules } from "../components/common/rules/overrides";
import { ruleFiles } from "../components/common/rules/rule-files";
import { RuleBasis } from "../components/common/rules/context";
import { RuleGroup } from "../components/common/rules/types";
import { withOwnRunbooks } from "../components/common/rules/runbooks";
import { RuleFold } from "../components/contribution";
import { COMPONENTS } from "./components";
import { PROMETHEUS_RELEASES, PrometheusRelease, prometheusRelease } from "../prometheus-releases/release-lines";
import { contributionsOf } from "./contributions";
import { alertmanagerOf } from "./fold";

/**
 * The default alerts of a stack: a fold over the component list, each component's groups in its
 * own order, each only while the job or component that produces its series is on
 * (docs/alerting.md#default-alerts): an alert on a series never scraped would never fire. Each
 * component reads its own settings and what the fold knows (components/contribution.ts,
 * ComponentRules). An alert without a public runbook points at its section of docs/runbooks.md.
 */
export function defaultRuleGroups(s: Settings): RuleGroup[] {
    const alertmanager = alertmanagerOf(contributionsOf(s));
    const fold: RuleFold = alertmanager ? { alertmanager } : {};
    const basis: RuleBasis = { prometheusJob: s.metrics.name, release: prometheusRelease(s.metrics) };
    return withOwnRunbooks(COMPONENTS.flatMap((c) => c.rules?.of(s, fold, basis) ?? []), s.alertRules.runbookBaseUrl);
}

/**
 * Every default group of one release line, whatever a stack sets: each component's every group
 * (ComponentRules.every), in the list's order. With `runbookBaseUrl`, the own alerts'
 * runbook_url as a stack that sets alertRules.runbookBaseUrl gets them.
 */
export function everyDefaultGroupOf(release: PrometheusRelease, runbookBaseUrl?: string): RuleGroup[] {
    const basis: RuleBasis = { prometheusJob: "x", release };
    return withOwnRunbooks(COMPONENTS.flatMap((c) => c.rules?.every(basis) ?? []), runbookBaseUrl);
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

/** The stack's rule files: the enabled default groups and its own (components/common/rules/rule-files.ts). */
export function stackRuleFiles(s: Settings): Record<string, string> {
    return ruleFiles(s.alertRules, defaultRuleGroups(s), s.metrics.evaluationInterval);
}
