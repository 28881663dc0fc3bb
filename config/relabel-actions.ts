/**
 * What each relabel action of a scrape config hatch (metrics.extraScrapeConfigs[].relabel_configs
 * and metric_relabel_configs) needs and reads, so a rule is refused when Prometheus would refuse it
 * (issue #41, class 1), when a field it sets is one the action never reads (class 2), and when
 * leaving a field out means "everything" (class 6).
 *
 * Source: Prometheus' relabel.Config validation (pkg/relabel/relabel.go UnmarshalYAML at v2.11.1,
 * model/relabel/relabel.go Validate at v2.42.0, v2.53.0 and v3.5.0; read from the tags, facts only)
 * and its relabel() switch for what each action reads:
 * - hashmod needs a non-zero modulus; replace and hashmod (and from 2.36/2.41 lowercase,
 *   uppercase, keepequal, dropequal) need target_label;
 * - replace's target_label is a label name or one with $1 / ${name} references (the regex
 *   relabelTarget of 2.11 to 2.53; 3.x also takes UTF-8 names, which the program does not offer);
 *   hashmod's, lowercase's, uppercase's, keepequal's and dropequal's a plain label name;
 * - labelmap's replacement matches the same relabelTarget;
 * - labeldrop and labelkeep take only regex (the other fields at their defaults); keepequal and
 *   dropequal only source_labels and target_label; lowercase and uppercase no replacement.
 * A field Prometheus compares with its default counts as unset when it holds the default.
 */

/** Prometheus' DefaultRelabelConfig: a field holding its default is the same as unset. */
export const RELABEL_DEFAULTS: Readonly<Record<string, unknown>> = { separator: ";", regex: "(.*)", replacement: "$1" };

/** relabelTarget of pkg/relabel (2.11) and model/relabel (2.42, 2.53): a label name, with $1 or ${name} references. */
export const RELABEL_TARGET = /^(?:(?:[a-zA-Z_]|\$(?:\{\w+\}|\w+))+\w*)+$/;

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export interface RelabelAction {
    /** Fields the action needs; Prometheus refuses the rule without it unless `why` says the program does. */
    needs: readonly { field: string; why?: string }[];
    /** Fields Prometheus refuses on this action unless at their default. */
    refused: readonly string[];
    /** Fields the action never reads: a value there does nothing. */
    unread: readonly string[];
    /** What target_label must be, when the action reads it. */
    targetLabel?: "template" | "name";
}

/** keep and drop without regex: the default (.*) matches every value, so the rule keeps all (does nothing) or drops all (takes everything). */
const KEEP_WITHOUT_REGEX = "a keep rule without regex keeps everything (the default (.*) matches every value), so it does nothing; give the values to keep";
const DROP_WITHOUT_REGEX = 'a drop rule without regex drops everything (the default (.*) matches every value, an empty one too); give the values to drop, or write regex: "(.*)" to say every one';

export const RELABEL_ACTIONS: Readonly<Record<string, RelabelAction>> = {
    replace: { needs: [{ field: "target_label" }], refused: [], unread: ["modulus"], targetLabel: "template" },
    lowercase: { needs: [{ field: "target_label" }], refused: ["replacement"], unread: ["regex", "modulus"], targetLabel: "name" },
    uppercase: { needs: [{ field: "target_label" }], refused: ["replacement"], unread: ["regex", "modulus"], targetLabel: "name" },
    keep: {
        needs: [{ field: "source_labels", why: "the program's rule: without it the rule matches the empty string" }, { field: "regex", why: KEEP_WITHOUT_REGEX }],
        refused: [],
        unread: ["target_label", "modulus", "replacement"],
    },
    drop: {
        needs: [{ field: "source_labels", why: "the program's rule: without it the rule matches the empty string" }, { field: "regex", why: DROP_WITHOUT_REGEX }],
        refused: [],
        unread: ["target_label", "modulus", "replacement"],
    },
    keepequal: { needs: [{ field: "source_labels", why: "the program's rule: it compares their value" }, { field: "target_label" }], refused: ["regex", "modulus", "separator", "replacement"], unread: [], targetLabel: "name" },
    dropequal: { needs: [{ field: "source_labels", why: "the program's rule: it compares their value" }, { field: "target_label" }], refused: ["regex", "modulus", "separator", "replacement"], unread: [], targetLabel: "name" },
    hashmod: { needs: [{ field: "source_labels", why: "the program's rule: it hashes their value" }, { field: "target_label" }, { field: "modulus" }], refused: [], unread: ["regex", "replacement"], targetLabel: "name" },
    labelmap: { needs: [{ field: "regex", why: "the program's rule: the default (.*) copies every label onto itself, which does nothing" }], refused: [], unread: ["source_labels", "separator", "target_label", "modulus"] },
    labeldrop: { needs: [{ field: "regex", why: "the program's rule: the default (.*) would drop every label" }], refused: ["source_labels", "separator", "target_label", "modulus", "replacement"], unread: [] },
    labelkeep: { needs: [{ field: "regex", why: "the program's rule: the default (.*) keeps every label, which does nothing" }], refused: ["source_labels", "separator", "target_label", "modulus", "replacement"], unread: [] },
};

export interface RelabelIssue {
    field: string;
    input: unknown;
    message: string;
}

/** The problems of one relabel rule, field by field; the rule's fields have their own formats checked already. */
export function relabelIssues(rule: Record<string, unknown>): RelabelIssue[] {
    const action = typeof rule.action === "string" ? rule.action : "replace";
    const spec = RELABEL_ACTIONS[action];
    if (spec === undefined) {
        return [];
    }
    const issues: RelabelIssue[] = [];
    const set = (field: string) => rule[field] !== undefined && rule[field] !== RELABEL_DEFAULTS[field];
    for (const { field, why } of spec.needs) {
        if (rule[field] === undefined) {
            issues.push({ field, input: undefined, message: `a value (action ${action} needs ${field}; ${why ?? "Prometheus refuses the rule without it"})` });
        }
    }
    for (const field of spec.refused) {
        if (set(field)) {
            issues.push({ field, input: rule[field], message: `nothing: Prometheus refuses a ${action} rule with ${field} (${action} takes only ${action.startsWith("label") ? "regex" : action.endsWith("equal") ? "source_labels and target_label" : "source_labels, separator and target_label"})` });
        }
    }
    for (const field of spec.unread) {
        if (set(field)) {
            issues.push({ field, input: rule[field], message: `nothing: action ${action} does not read ${field}, so it does nothing here; remove it` });
        }
    }
    const target = rule.target_label;
    if (typeof target === "string" && spec.targetLabel !== undefined) {
        if (spec.targetLabel === "template" && !RELABEL_TARGET.test(target)) {
            issues.push({ field: "target_label", input: target, message: "a label name, or one with $1 or ${name} references to the regex's groups, such as pod or ${1}_total (Prometheus refuses the rule)" });
        } else if (spec.targetLabel === "name" && !LABEL_NAME.test(target)) {
            issues.push({ field: "target_label", input: target, message: `a label name of letters, digits and _ (action ${action} takes no $ references; Prometheus refuses the rule)` });
        }
    }
    if (action === "labelmap" && typeof rule.replacement === "string" && !RELABEL_TARGET.test(rule.replacement)) {
        issues.push({ field: "replacement", input: rule.replacement, message: "a label name, or one with $1 or ${name} references, such as ${1} (Prometheus refuses a labelmap rule with anything else)" });
    }
    return issues;
}
