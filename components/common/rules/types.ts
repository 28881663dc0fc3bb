/**
 * A Prometheus rule file, typed after the v2.11 documentation (docs/design.md#prometheus-config-keys):
 * fields that later versions added (`limit` on a group, `keep_firing_for` on an alert,
 * `query_offset`) are kept out of the types on purpose, because the default image would refuse them.
 */

export interface AlertingRule {
    alert: string;
    expr: string;
    for?: string;
    labels: { severity: Severity } & Record<string, string>;
    annotations: { summary: string; description: string; runbook_url?: string } & Record<string, string>;
}

export interface RecordingRule {
    record: string;
    expr: string;
    labels?: Record<string, string>;
}

export type Rule = AlertingRule | RecordingRule;

export interface RuleGroup {
    name: string;
    interval?: string;
    rules: Rule[];
}

export interface RuleFile {
    groups: RuleGroup[];
}

/** Alertmanager routes and inhibits on these; `none` is the watchdog's, which pages nobody. */
export type Severity = "critical" | "warning" | "info" | "none";

/** The v2.11.1 fields of a group and of each kind of rule (docs/alerting.md#what-v2111-accepts). */
export const GROUP_FIELDS_2_11 = ["name", "interval", "rules"] as const;
export const ALERTING_RULE_FIELDS_2_11 = ["alert", "expr", "for", "labels", "annotations"] as const;
export const RECORDING_RULE_FIELDS_2_11 = ["record", "expr", "labels"] as const;

export function isAlertingRule(rule: Rule): rule is AlertingRule {
    return "alert" in rule;
}

/** Where the public runbooks of the kubernetes-mixin, node-mixin and Prometheus alerts live. */
export function runbook(path: string): string {
    return `https://runbooks.prometheus-operator.dev/runbooks/${path}`;
}
