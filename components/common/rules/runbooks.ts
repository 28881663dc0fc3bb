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
    const pointed = (r: Rule): Rule => {
        if (!isAlertingRule(r) || r.annotations.runbook_url !== undefined) return r;
        const { key, value } = ownRunbook(r.alert, baseUrl);
        return { ...r, annotations: { ...r.annotations, [key]: value } };
    };
    return groups.map((g) => ({ ...g, rules: g.rules.map(pointed) }));
}

/** The annotation that points an own alert at its section: runbook_url with a base, else the runbook path. */
export function ownRunbook(alert: string, baseUrl?: string): { key: "runbook_url" | "runbook"; value: string } {
    return baseUrl === undefined
        ? { key: "runbook", value: `${RUNBOOKS_PAGE}#${runbookAnchor(alert)}` }
        : { key: "runbook_url", value: `${baseUrl.replace(/\/+$/, "")}/${RUNBOOKS_PAGE.slice("docs/".length)}#${runbookAnchor(alert)}` };
}
