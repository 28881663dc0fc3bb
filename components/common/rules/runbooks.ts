import { isAlertingRule, Rule, RuleGroup } from "./types";

/** The page of this repository that holds a section for each default alert runbooks.prometheus-operator.dev lacks. */
export const RUNBOOKS_PAGE = "docs/runbooks.md";

/**
 * The section of an alert on that page: its heading is the alert's name, and GitHub's anchor of a
 * heading made of letters, digits and `_` is the heading lower-cased.
 */
export function runbookAnchor(alert: string): string {
    return alert.toLowerCase();
}

/**
 * Every alert without a public runbook, pointed at its section of docs/runbooks.md
 * (docs/alerting.md#runbooks). With alertRules.runbookBaseUrl, the URL where the deployer
 * publishes this repository's docs/ directory, it gets `runbook_url: <base>/runbooks.md#<anchor>`.
 * Without it the program cannot know that URL, so the alert gets no `runbook_url`, which Grafana
 * and receivers' templates render as a link, but `runbook: docs/runbooks.md#<anchor>`: the
 * repository-relative path still tells on-call which section to open.
 */
export function withOwnRunbooks(groups: readonly RuleGroup[], baseUrl?: string): RuleGroup[] {
    const page = RUNBOOKS_PAGE.slice("docs/".length);
    const pointer = (alert: string): Record<string, string> =>
        baseUrl === undefined
            ? { runbook: `${RUNBOOKS_PAGE}#${runbookAnchor(alert)}` }
            : { runbook_url: `${baseUrl.replace(/\/+$/, "")}/${page}#${runbookAnchor(alert)}` };
    const pointed = (r: Rule): Rule =>
        !isAlertingRule(r) || r.annotations.runbook_url !== undefined ? r : { ...r, annotations: { ...r.annotations, ...pointer(r.alert) } };
    return groups.map((g) => ({ ...g, rules: g.rules.map(pointed) }));
}
