import { z } from "zod";
import { anyText, choice, closedObject, integer, text } from "./fields";
import { re2Regex } from "./formats";

/**
 * A relabel rule as a stack writes it (camelCase), with the rules Prometheus 2.11.1's
 * pkg/relabel checks at load time plus the ones it leaves to chance: a field the action ignores
 * is refused rather than silently dropped (docs/long-term-storage.md#write-relabel-rules).
 */

export const RELABEL_ACTIONS = ["replace", "keep", "drop", "hashmod", "labelmap", "labeldrop", "labelkeep"] as const;
export type RelabelActionName = (typeof RELABEL_ACTIONS)[number];

/** Any label name, reserved ones included: write relabelling often reads __name__. */
function anyLabelName(value: string): string | undefined {
    return /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(value) ? undefined : "a Prometheus label name: letters, digits and '_', not starting with a digit, such as __name__";
}

/** pkg/relabel's relabelTarget: a label name that may contain $1 or ${name} references. */
const RELABEL_TARGET = /^(?:(?:[a-zA-Z_]|\$(?:\{\w+\}|\w+))+\w*)+$/;

function relabelTarget(value: string): string | undefined {
    return RELABEL_TARGET.test(value) ? undefined : "a label name, which may contain $1 or ${name} references to regex groups, such as cluster or ${1}_total";
}

/** Which optional fields each action reads; any other field set on the rule is refused. */
const FIELDS: Record<RelabelActionName, readonly string[]> = {
    replace: ["sourceLabels", "separator", "regex", "targetLabel", "replacement"],
    keep: ["sourceLabels", "separator", "regex"],
    drop: ["sourceLabels", "separator", "regex"],
    hashmod: ["sourceLabels", "separator", "targetLabel", "modulus"],
    labelmap: ["regex", "replacement"],
    labeldrop: ["regex"],
    labelkeep: ["regex"],
};

/** Which fields each action cannot do without. */
const REQUIRED: Record<RelabelActionName, readonly string[]> = {
    replace: ["targetLabel"],
    keep: ["sourceLabels"],
    drop: ["sourceLabels"],
    hashmod: ["sourceLabels", "targetLabel", "modulus"],
    labelmap: ["regex"],
    labeldrop: ["regex"],
    labelkeep: ["regex"],
};

const WHY_REQUIRED: Record<string, string> = {
    sourceLabels: "the labels whose values are joined and matched, such as [__name__]",
    targetLabel: "the label to write, such as cluster",
    modulus: "the modulus of the hash, an integer from 1",
    regex: "the regex that label names are matched against, such as node_.*",
};

export const relabelRuleSchema = closedObject({
    action: choice(RELABEL_ACTIONS).default("replace").meta({ description: "replace (default), keep, drop, hashmod, labelmap, labeldrop or labelkeep" }),
    sourceLabels: z
        .array(text(anyLabelName), { error: "a list of label names" })
        .min(1, { error: "a non-empty list of label names" })
        .optional()
        .meta({ description: "labels whose values are joined with separator and matched against regex" }),
    separator: anyText().optional().meta({ description: "joins the source label values; default ;" }),
    regex: text(re2Regex).optional().meta({ description: "an RE2 regex, anchored at both ends; default (.*)" }),
    targetLabel: text().optional().meta({ description: "replace and hashmod: the label written" }),
    replacement: anyText().optional().meta({ description: "replace and labelmap: the value written, with $1 group references; default $1" }),
    modulus: integer(1, Number.MAX_SAFE_INTEGER).optional().meta({ description: "hashmod: the modulus of the hash" }),
}).superRefine((r, ctx) => {
    const set = Object.keys(r).filter((k) => k !== "action" && (r as Record<string, unknown>)[k] !== undefined);
    for (const field of set.filter((f) => !FIELDS[r.action].includes(f))) {
        ctx.addIssue({
            code: "custom",
            path: [field],
            input: (r as Record<string, unknown>)[field],
            message: `nothing for action ${r.action}, which reads only ${FIELDS[r.action].join(", ")}`,
        });
    }
    for (const field of REQUIRED[r.action].filter((f) => !set.includes(f))) {
        ctx.addIssue({ code: "custom", path: [field], input: undefined, message: `${WHY_REQUIRED[field]} (required by action ${r.action})` });
    }
    if (r.targetLabel !== undefined) {
        const complaint = r.action === "hashmod" ? anyLabelName(r.targetLabel) : relabelTarget(r.targetLabel);
        if (complaint !== undefined) {
            ctx.addIssue({ code: "custom", path: ["targetLabel"], input: r.targetLabel, message: complaint });
        }
    }
    if (r.action === "labelmap" && r.replacement !== undefined && relabelTarget(r.replacement) !== undefined) {
        ctx.addIssue({ code: "custom", path: ["replacement"], input: r.replacement, message: relabelTarget(r.replacement)! });
    }
}, { when: (p) => !p.issues.some((i) => i.path?.[0] === "action") });

export type RelabelRuleSettings = z.output<typeof relabelRuleSchema>;
