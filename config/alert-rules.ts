import { z } from "zod";
import { analyzePromql, PROMQL_2_11, PromqlDialect } from "../prometheus-releases/promql";
import { choice, closedObject, flag, stringList, stringMap, text, whenClean } from "./fields";
import { absoluteHttpUrl, prometheusDuration, prometheusLabelName } from "./formats";
import { renamedAlertMessage } from "./renamed-alerts";

export const ALERT_RULES_KEY = "alertRules";

/** Every default alert also leaves the routing to these values; Alertmanager inhibits on them. */
export const SEVERITIES = ["critical", "warning", "info", "none"] as const;

/** A metric or alert name as Prometheus v2.11 accepts it in a rule. */
function metricName(value: string): string | undefined {
    return /^[a-zA-Z_:][a-zA-Z0-9_:]*$/.test(value) ? undefined : "a metric name: letters, digits, _ and :, not starting with a digit";
}

/** A group name that is also a ConfigMap key and file name (custom-<name>.yml). */
function groupName(value: string): string | undefined {
    return /^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/.test(value) ? undefined : "lowercase letters, digits and -, such as team-payments (it names the rule file)";
}

/** PromQL parsed by the Prometheus grammar, and held to what the release evaluates; names the position. */
function promql(dialect: PromqlDialect): (value: string) => string | undefined {
    return (value) => {
        const { problems } = analyzePromql(value, dialect);
        return problems.length === 0 ? undefined : `a PromQL expression ${dialect.server} evaluates: ${problems.join("; ")}`;
    };
}

const ruleSchema = (dialect: PromqlDialect) => closedObject(
    {
        alert: text(metricName).optional().meta({ description: "the alert's name; give alert or record" }),
        record: text(metricName).optional().meta({ description: "the recorded series' name; give alert or record" }),
        expr: text(promql(dialect), 'up{job="my-app"} == 0', { multiline: true }).meta({ description: "PromQL that the release line evaluates (v2.11.1 by default)" }),
        for: text(prometheusDuration).optional().meta({ description: "alerts only: how long the condition holds before it fires" }),
        labels: stringMap(prometheusLabelName).optional().meta({ description: "labels added to the alert or series; an alert needs severity" }),
        annotations: stringMap(prometheusLabelName, undefined, { multiline: true }).optional().meta({ description: "alerts only: summary, description, runbook_url..." }),
    },
    "an object { alert or record, expr, for, labels, annotations }",
).superRefine((r, ctx) => {
    const issue = (path: string, input: unknown, message: string) => ctx.addIssue({ code: "custom", path: [path], input, message });
    if ((r.alert === undefined) === (r.record === undefined)) {
        issue("alert", r.alert, "either alert or record, exactly one of them");
        return;
    }
    if (r.record !== undefined) {
        for (const field of ["for", "annotations"] as const) {
            if (r[field] !== undefined) {
                issue(field, r[field], `nothing on a recording rule: Prometheus v2.11.1 refuses ${field} there`);
            }
        }
        return;
    }
    const severity = r.labels?.severity;
    if (severity === undefined || !(SEVERITIES as readonly string[]).includes(severity)) {
        issue("labels", severity, `a severity label, one of ${SEVERITIES.join(", ")}: Alertmanager routes and inhibits on it`);
    }
    for (const name of ["summary", "description"]) {
        if (r.annotations?.[name] === undefined) {
            issue("annotations", undefined, `a ${name} annotation, which every receiver shows`);
        }
    }
});

const groupSchema = (dialect: PromqlDialect) => closedObject(
    {
        name: text(groupName, "team-payments").meta({ description: "the group's name; its file is custom-<name>.yml" }),
        interval: text(prometheusDuration).optional().meta({ description: "evaluation interval of this group; default metrics.evaluationInterval" }),
        rules: z.array(ruleSchema(dialect), { error: "a non-empty list of rules" }).min(1, "a non-empty list of rules").meta({ description: "the rules" }),
    },
    "an object { name, interval, rules }",
);

export type UserRuleGroup = z.output<ReturnType<typeof groupSchema>>;

/**
 * A name of `alertRules.disabled`: one of the default alerts, which the composition root lists
 * (stack/rule-groups.ts: every group's alerts, with every job and component on). Without the list,
 * as for the JSON Schema, only the name's form is checked.
 */
const defaultAlert = (names: readonly string[] | undefined, renamed: Readonly<Record<string, string>>) => (value: string): string | undefined =>
    metricName(value) ??
    (Object.prototype.hasOwnProperty.call(renamed, value)
        ? renamedAlertMessage(value, renamed[value])
        : names === undefined || names.includes(value)
          ? undefined
          : `the name of a default alert (docs/alerting.md#default-alerts): ${names.join(", ")}`);

/**
 * alertRules.runbookBaseUrl: where this repository's docs/ directory is browsable, to which each
 * own alert's runbook_url appends `/runbooks.md#<alert>` (docs/alerting.md#runbooks). The URL is
 * in every alert Alertmanager sends, so no credentials; the page and anchor are appended, so no
 * query or fragment, and not a page itself.
 */
function docsDirectoryUrl(value: string): string | undefined {
    const url = absoluteHttpUrl(value, {
        storedIn: "every alert's annotations, which every receiver and the Alertmanager and Prometheus UIs show",
        noQuery: "the program appends /runbooks.md#<alert> to it",
    });
    if (url !== undefined) {
        return `${url}: the URL of this repository's docs/ directory, such as https://git.example.com/ops/cluster-monitoring/-/blob/main/docs`;
    }
    return /\.md\/*$/i.test(value)
        ? "the URL of this repository's docs/ directory, not of a page in it: the program appends /runbooks.md#<alert>"
        : undefined;
}

/**
 * What a stack may change of one default alert without copying it. The threshold is the one
 * number the alert compares against (components/common/rules/thresholds.ts): an alert with none
 * or several, or with one rule per severity, names it in the key instead (`Name/critical`).
 */
const overrideSchema = closedObject(
    {
        threshold: z.number({ error: "a number" }).refine(Number.isFinite, "a finite number").optional().meta({ description: "the number the alert compares against, in the unit of its expression (docs/alerting.md#default-alerts)" }),
        for: text(prometheusDuration).optional().meta({ description: "how long the condition holds before the alert fires" }),
        severity: choice(SEVERITIES).optional().meta({ description: "the severity label Alertmanager routes and inhibits on" }),
    },
    "an object { threshold, for, severity }",
).superRefine((o, ctx) => {
    if (o.threshold === undefined && o.for === undefined && o.severity === undefined) {
        ctx.addIssue({ code: "custom", input: o, message: "at least one of threshold, for, severity: an empty override changes nothing" });
    }
});

export type AlertOverride = z.output<typeof overrideSchema>;

/**
 * What the composition root knows of the default alerts' rules: each key a stack may override
 * (the alert's name, or `Name/<severity>` for an alert with a rule per severity), and whether it
 * has one threshold to set.
 */
export interface OverridableRules {
    /** why: when there is no threshold, the reason and the release lines it holds on. */
    readonly [key: string]: { threshold: boolean; why?: string };
}

/**
 * `cluster-monitoring:alertRules`: the default alerts and a stack's own rule groups
 * (docs/alerting.md), their PromQL held to the dialect of metrics' release line.
 */
export const alertRulesSchemaFor = (
    dialect: PromqlDialect,
    defaultAlertNames?: readonly string[],
    renamedAlerts: Readonly<Record<string, string>> = {},
    overridable?: OverridableRules,
) => closedObject({
    defaults: flag().default(true).meta({ description: "load the default alerts, following the enabled jobs (docs/alerting.md#default-alerts)" }),
    disabled: stringList(defaultAlert(defaultAlertNames, renamedAlerts)).optional().meta({ description: "default alerts to leave out, by name" }),
    groups: z
        .array(groupSchema(dialect), { error: "a list of rule groups" })
        .default([])
        .superRefine((groups, ctx) => {
            const seen = new Set<string>();
            groups.forEach((g, i) => {
                if (typeof g?.name === "string" && seen.has(g.name)) {
                    ctx.addIssue({ code: "custom", path: [i, "name"], input: g.name, message: "a group name used once" });
                }
                seen.add(g?.name);
            });
        })
        .meta({ description: "a stack's own rule groups: [{ name, interval, rules: [{ alert|record, expr, for, labels, annotations }] }]" }),
    runbookBaseUrl: text(docsDirectoryUrl, "https://git.example.com/ops/cluster-monitoring/-/blob/main/docs")
        .optional()
        .meta({ description: "where this repository's docs/ directory is browsable (a Git host's blob or tree URL, an internal docs site): the default alerts without a public runbook get runbook_url <base>/runbooks.md#<alert> (docs/alerting.md#runbooks)" }),
    overrides: z
        .record(z.string(), overrideSchema, { error: "a map of default alert names to { threshold, for, severity }" })
        .optional()
        .meta({ description: "default alerts' threshold, for or severity, changed without copying the rule: { KubeCPUOvercommit: { severity: info } }" }),
}).superRefine((r, ctx) => {
    const issue = (path: PropertyKey[], input: unknown, message: string) => ctx.addIssue({ code: "custom", path, input, message });
    for (const [key, o] of Object.entries(r.overrides ?? {})) {
        const name = key.split("/")[0];
        if (Object.prototype.hasOwnProperty.call(renamedAlerts, name)) {
            issue(["overrides", key], key, renamedAlertMessage(name, renamedAlerts[name]));
        } else if (overridable !== undefined && !Object.prototype.hasOwnProperty.call(overridable, key)) {
            issue(["overrides", key], key, `a default alert's name, or Name/<severity> for one with a rule per severity: ${Object.keys(overridable).join(", ")}`);
        } else if (!r.defaults) {
            issue(["overrides", key], key, "nothing while alertRules.defaults is false: no default alert is loaded");
        } else if (r.disabled?.includes(name)) {
            issue(["overrides", key], key, `nothing: alertRules.disabled leaves ${name} out`);
        } else if (o.threshold !== undefined && overridable !== undefined && !overridable[key].threshold) {
            issue(["overrides", key, "threshold"], o.threshold, `no threshold for ${key}: ${overridable[key].why ?? "its expression compares against no single number"}; change for or severity, or disable it and write your own`);
        }
    }
}, whenClean("overrides", "defaults", "disabled"));

/** The spec's default release line, v2.11.1; also what the configuration reference documents. */
export const alertRulesSchema = alertRulesSchemaFor(PROMQL_2_11);

export type AlertRulesSettings = z.output<typeof alertRulesSchema>;
