import { z } from "zod";
import { choice, closedObject, emptySelectorMessage, integer, numberOrText, stringList, stringMap, text, whenClean } from "./fields";
import { dnsLabel, dnsSubdomain, kubernetesLabelKey, kubernetesLabelValue } from "./formats";

/**
 * Where a component's pods may run: `nodeSelector`, `tolerations`, `affinity` and
 * `priorityClassName`, flat under each component's key as the Helm charts spell them
 * (docs/scheduling.md). Field names are Kubernetes' own, so a block can be pasted from a
 * manifest; every rule the API server checks on them is checked here, before anything is created.
 */

export const TOLERATION_OPERATORS = ["Exists", "Equal"] as const;
export const TAINT_EFFECTS = ["NoSchedule", "PreferNoSchedule", "NoExecute"] as const;
export const NODE_SELECTOR_OPERATORS = ["In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"] as const;
export const LABEL_SELECTOR_OPERATORS = ["In", "NotIn", "Exists", "DoesNotExist"] as const;
/** The only field a node selector term may match on (ValidateNodeFieldSelectorRequirement). */
export const NODE_FIELD_KEYS = ["metadata.name"] as const;

export interface TolerationSettings {
    key?: string;
    operator: (typeof TOLERATION_OPERATORS)[number];
    value?: string;
    effect?: (typeof TAINT_EFFECTS)[number];
    tolerationSeconds?: number;
}

export const tolerationSchema = closedObject({
    key: text(kubernetesLabelKey).optional().meta({ description: "taint key; only operator Exists may leave it out" }),
    operator: choice(TOLERATION_OPERATORS).default("Equal").meta({ description: "Exists or Equal" }),
    value: text(kubernetesLabelValue).optional().meta({ description: "taint value, with operator Equal" }),
    effect: choice(TAINT_EFFECTS).optional().meta({ description: "NoSchedule, PreferNoSchedule or NoExecute; every effect when unset" }),
    tolerationSeconds: integer(0, 31536000).optional().meta({ description: "NoExecute only: how long the pod stays after the taint appears" }),
})
    .superRefine((t, ctx) => {
        if (t.key === undefined && t.operator !== "Exists") {
            ctx.addIssue({
                code: "custom",
                path: ["key"],
                input: undefined,
                message: "a taint key, because only operator Exists may leave the key empty (to tolerate every taint)",
            });
        }
        if (t.value !== undefined && t.operator === "Exists") {
            ctx.addIssue({ code: "custom", path: ["value"], input: t.value, message: "no value, because operator Exists matches any value" });
        }
        if (t.tolerationSeconds !== undefined && t.effect !== "NoExecute") {
            ctx.addIssue({
                code: "custom",
                path: ["tolerationSeconds"],
                input: t.tolerationSeconds,
                message: "no value unless effect is NoExecute, the only effect that evicts",
            });
        }
    }, whenClean("key", "operator", "value", "effect", "tolerationSeconds"))
    .transform((t): TolerationSettings => t);

// ---------------------------------------------------------------------------------------------
// Affinity, as core/v1 Affinity
// ---------------------------------------------------------------------------------------------

/** Values as YAML gives them: `values: [4]` is the text "4", as Kubernetes wants it. */
const selectorValues = () =>
    z.array(numberOrText(() => undefined), { error: "a list of values such as [linux]" });

const INT64 = { min: -(1n << 63n), max: (1n << 63n) - 1n };

/** strconv.ParseInt(v, 10, 64), which Gt and Lt apply to the value and to the node's label. */
function int64Text(value: string): boolean {
    return /^[+-]?[0-9]+$/.test(value) && BigInt(value) >= INT64.min && BigInt(value) <= INT64.max;
}

type Requirement = { operator: string; values?: string[] };
type Ctx = z.core.$RefinementCtx;

/** The values rules of one operator, as ValidateNodeSelectorRequirement and ValidateLabelSelectorRequirement apply them. */
function checkValues(r: Requirement, ctx: Ctx): void {
    const values = r.values ?? [];
    switch (r.operator) {
        case "In":
        case "NotIn":
            if (values.length === 0) {
                ctx.addIssue({
                    code: "custom",
                    path: ["values"],
                    input: r.values,
                    message: `a non-empty list of label values, because operator ${r.operator} compares the label with them`,
                });
            }
            values.forEach((v, i) => {
                const complaint = kubernetesLabelValue(v);
                if (complaint !== undefined) {
                    ctx.addIssue({ code: "custom", path: ["values", i], input: v, message: `${complaint}, or no node or pod label could ever match it` });
                }
            });
            return;
        case "Exists":
        case "DoesNotExist":
            if (values.length > 0) {
                ctx.addIssue({
                    code: "custom",
                    path: ["values"],
                    input: r.values,
                    message: `no values, because operator ${r.operator} looks only at the key`,
                });
            }
            return;
        default:
            if (values.length !== 1 || !int64Text(values[0])) {
                ctx.addIssue({
                    code: "custom",
                    path: ["values"],
                    input: r.values,
                    message: `exactly one value, a whole number such as [4], because operator ${r.operator} compares the label as a 64-bit integer`,
                });
            }
    }
}

const nodeSelectorRequirementSchema = closedObject(
    {
        key: text(kubernetesLabelKey, "kubernetes.io/arch"),
        operator: choice(NODE_SELECTOR_OPERATORS),
        values: selectorValues().optional(),
    },
    "a requirement { key, operator, values }",
).superRefine((r, ctx) => checkValues(r, ctx), whenClean("key", "operator", "values"));

const nodeFieldRequirementSchema = closedObject(
    {
        key: choice(NODE_FIELD_KEYS),
        operator: choice(["In", "NotIn"] as const),
        values: z.array(text(dnsSubdomain), { error: "a list of one node name" }),
    },
    "a field requirement { key: metadata.name, operator, values }",
).superRefine((r, ctx) => {
    if (r.values.length !== 1) {
        ctx.addIssue({
            code: "custom",
            path: ["values"],
            input: r.values,
            message: "exactly one node name, because a field requirement compares metadata.name with one value",
        });
    }
}, whenClean("key", "operator", "values"));

const nodeSelectorTermSchema = closedObject(
    {
        matchExpressions: z.array(nodeSelectorRequirementSchema, { error: "a list of requirements { key, operator, values }" }).optional(),
        matchFields: z.array(nodeFieldRequirementSchema, { error: "a list of field requirements { key, operator, values }" }).optional(),
    },
    "a node selector term { matchExpressions, matchFields }",
).superRefine((t, ctx) => {
    if ((t.matchExpressions?.length ?? 0) + (t.matchFields?.length ?? 0) === 0) {
        ctx.addIssue({
            code: "custom",
            input: t,
            message: "a term with at least one entry in matchExpressions or matchFields: an empty term matches no node",
        });
    }
}, whenClean("matchExpressions", "matchFields"));

const weight = () => integer(1, 100, "the score a matching node gets; required");

const nodeAffinitySchema = closedObject(
    {
        requiredDuringSchedulingIgnoredDuringExecution: closedObject(
            {
                nodeSelectorTerms: z
                    .array(nodeSelectorTermSchema, { error: "a list of node selector terms" })
                    .superRefine((terms, ctx) => {
                        if (terms.length === 0) {
                            ctx.addIssue({ code: "custom", input: terms, message: "at least one node selector term (a node must match one of them)" });
                        }
                    }),
            },
            "a node selector { nodeSelectorTerms }",
        ).optional(),
        preferredDuringSchedulingIgnoredDuringExecution: z
            .array(
                closedObject(
                    { weight: weight(), preference: nodeSelectorTermSchema },
                    "a preferred term { weight, preference }",
                ),
                { error: "a list of preferred terms { weight, preference }" },
            )
            .optional(),
    },
    "a node affinity { requiredDuringSchedulingIgnoredDuringExecution, preferredDuringSchedulingIgnoredDuringExecution }",
);

const labelSelectorRequirementSchema = closedObject(
    {
        key: text(kubernetesLabelKey, "app.kubernetes.io/name"),
        operator: choice(LABEL_SELECTOR_OPERATORS),
        values: selectorValues().optional(),
    },
    "a requirement { key, operator, values }",
).superRefine((r, ctx) => checkValues(r, ctx), whenClean("key", "operator", "values"));

const labelSelectorSchema = closedObject(
    {
        matchLabels: stringMap(kubernetesLabelKey, kubernetesLabelValue).optional(),
        matchExpressions: z.array(labelSelectorRequirementSchema, { error: "a list of requirements { key, operator, values }" }).optional(),
    },
    "a label selector { matchLabels, matchExpressions } (required: without one the term matches no pod)",
).superRefine((sel, ctx) => {
    // {} , { matchLabels: {} } and { matchExpressions: [] } all match every pod (issue #33, class 4).
    if (Object.keys(sel.matchLabels ?? {}).length === 0 && (sel.matchExpressions ?? []).length === 0) {
        ctx.addIssue({ code: "custom", input: sel, message: emptySelectorMessage("every pod in the term's namespaces", "at least one matchLabels pair or matchExpressions requirement") });
    }
}, whenClean("matchLabels", "matchExpressions"));

const podAffinityTermSchema = closedObject(
    {
        labelSelector: labelSelectorSchema,
        namespaces: stringList(dnsLabel).optional(),
        topologyKey: text(kubernetesLabelKey, "kubernetes.io/hostname"),
    },
    "a pod affinity term { labelSelector, namespaces, topologyKey }",
);

function podAffinitySchema(kind: string) {
    return closedObject(
        {
            requiredDuringSchedulingIgnoredDuringExecution: z
                .array(podAffinityTermSchema, { error: "a list of pod affinity terms { labelSelector, namespaces, topologyKey }" })
                .optional(),
            preferredDuringSchedulingIgnoredDuringExecution: z
                .array(
                    closedObject({ weight: weight(), podAffinityTerm: podAffinityTermSchema }, "a preferred term { weight, podAffinityTerm }"),
                    { error: "a list of preferred terms { weight, podAffinityTerm }" },
                )
                .optional(),
        },
        `a ${kind} { requiredDuringSchedulingIgnoredDuringExecution, preferredDuringSchedulingIgnoredDuringExecution }`,
    );
}

export const affinitySchema = closedObject(
    {
        nodeAffinity: nodeAffinitySchema.optional(),
        podAffinity: podAffinitySchema("pod affinity").optional(),
        podAntiAffinity: podAffinitySchema("pod anti-affinity").optional(),
    },
    "an affinity { nodeAffinity, podAffinity, podAntiAffinity }, as in a pod spec",
);

export type AffinitySettings = z.output<typeof affinitySchema>;

// ---------------------------------------------------------------------------------------------
// The four fields of one component
// ---------------------------------------------------------------------------------------------

/** Where a component's pods may run; a field left unset is left out of the pod spec. */
export interface SchedulingSettings {
    nodeSelector?: Record<string, string>;
    tolerations?: TolerationSettings[];
    affinity?: AffinitySettings;
    priorityClassName?: string;
}

/** A component's defaults, each with the reason it is there (shown in the reference). */
export interface SchedulingDefaults {
    nodeSelector?: { value: Record<string, string>; why: string };
    tolerations?: { value: TolerationSettings[]; why: string };
    priorityClassName?: { value: string; why: string };
}

function noEmptyNodeSelector(map: Record<string, string>, ctx: z.RefinementCtx): void {
    if (Object.keys(map).length === 0) {
        ctx.addIssue({ code: "custom", input: map, message: "at least one node label, or no nodeSelector at all: an empty one constrains nothing, and this component has no default to drop" });
    }
}

/**
 * The four fields to spread into a component's closedObject. A value a stack sets replaces the
 * default as a whole: a nodeSelector is not merged with the default one, nor a list of tolerations.
 */
export function schedulingFields(defaults: SchedulingDefaults = {}) {
    const nodeSelector = stringMap(kubernetesLabelKey, kubernetesLabelValue);
    const tolerations = z.array(tolerationSchema, {
        error: "a list of tolerations such as [{ key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule }], or [] for none",
    });
    const priorityClassName = text(dnsSubdomain);
    const d = defaults;
    return {
        // {} is "no constraint on nodes": it drops a default (the Linux one), and without one it would be a setting that does nothing.
        nodeSelector: (d.nodeSelector ? nodeSelector.default({ ...d.nodeSelector.value }) : nodeSelector.superRefine(noEmptyNodeSelector).optional()).meta({
            description: `node labels the pods require, such as { disktype: ssd }${d.nodeSelector ? `; replaces the default (${d.nodeSelector.why}); {} for none` : ""}`,
        }),
        tolerations: (d.tolerations ? tolerations.default(d.tolerations.value.map((t) => ({ ...t }))) : tolerations.optional()).meta({
            description: `taints the pods tolerate${d.tolerations ? `; replaces the default (${d.tolerations.why}); [] for none` : ""}`,
        }),
        affinity: affinitySchema.optional().meta({
            description: "node affinity, pod affinity and pod anti-affinity as in a pod spec (docs/scheduling.md#affinity)",
        }),
        priorityClassName: (d.priorityClassName ? priorityClassName.default(d.priorityClassName.value) : priorityClassName.optional()).meta({
            description: `the pods' PriorityClass, which must exist in the cluster${d.priorityClassName ? ` (${d.priorityClassName.why})` : ""}`,
        }),
    };
}
