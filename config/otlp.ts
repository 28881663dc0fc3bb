import { z } from "zod";
import { choice, closedObject, flag, stringList, text, whenClean } from "./fields";
import { dnsLabel } from "./formats";
import { publicReason } from "./ingress-auth";
import { fullKey } from "./source";
import { versionAtLeast } from "../prometheus-releases/scrape-config-keys";
import {
    OTLP_BLOCK_SINCE,
    OTLP_CONFIG_KEYS_SINCE,
    OTLP_FEATURE_SINCE,
    OTLP_TRANSLATION_STRATEGIES_SINCE,
    otlpReceiver,
    OtlpTranslationStrategy,
} from "../prometheus-releases/otlp";

/**
 * `metrics.otlp` (docs/otlp.md): Prometheus' OTLP receiver, the flag that switches it on, the
 * `otlp` block of prometheus.yml, and who may push. One schema; what a line lacks is refused by
 * otlpIssues against prometheus-releases/otlp.ts.
 */

/** A resource attribute as the receiver matches it: Prometheus trims each name, so none has spaces around it. */
function attributeName(value: string): string | undefined {
    return value.trim() === value ? undefined : "an OpenTelemetry resource attribute name such as service.instance.id, without spaces around it";
}

const STRATEGIES = Object.keys(OTLP_TRANSLATION_STRATEGIES_SINCE) as [OtlpTranslationStrategy, ...OtlpTranslationStrategy[]];

const translationSchema = closedObject({
    strategy: choice(STRATEGIES)
        .optional()
        .meta({ description: "translation_strategy (3.0+): how OTLP names become Prometheus names; UnderscoreEscapingWithSuffixes by default, NoTranslation 3.4+, UnderscoreEscapingWithoutSuffixes 3.6+" }),
    convertHistogramsToNhcb: flag().optional().meta({ description: "convert_histograms_to_nhcb (3.4+): explicit-bucket histograms become native histograms with custom buckets" }),
    promoteScopeMetadata: flag().optional().meta({ description: "promote_scope_metadata (3.6+): the instrumentation scope's name, version, schema URL and attributes become labels" }),
    labelNameUnderscoreSanitization: flag()
        .optional()
        .meta({ description: "label_name_underscore_sanitization (3.8+, Prometheus' default true): prefix key_ to label names starting with one _" }),
    labelNamePreserveMultipleUnderscores: flag()
        .optional()
        .meta({ description: "label_name_preserve_multiple_underscores (3.8+, Prometheus' default true): keep runs of _ in label names" }),
});

const authSchema = closedObject({
    server: closedObject({}).optional().meta({ description: "{}: pushers log in with the server's own web basic auth (metrics.web.basicAuth)" }),
    public: closedObject({ reason: text(publicReason, "\"lab cluster, only the apps namespace can reach the port\"") })
        .optional()
        .meta({ description: "{ reason }: pushers need no login; the reason is printed at every render and pulumi up" }),
}).superRefine((a, ctx) => {
    const set = (["server", "public"] as const).filter((k) => a[k] !== undefined);
    if (set.length !== 1) {
        ctx.addIssue({ code: "custom", path: [], input: a, message: `exactly one of server or public${set.length > 1 ? " (got both)" : ""}` });
    }
});

export const otlpSchema = closedObject({
    enabled: flag().default(false).meta({ description: "switch the OTLP receiver on (3.x: --web.enable-otlp-receiver; 2.53 and 2.55: --enable-feature=otlp-write-receiver); refused on 2.11" }),
    namespaces: stringList(dnsLabel)
        .optional()
        .meta({ description: "namespaces whose pods may push to Prometheus' web port (its NetworkPolicy admits them); required while enabled" }),
    promoteResourceAttributes: stringList(attributeName)
        .optional()
        .meta({ description: "promote_resource_attributes (2.55+): resource attributes that become labels of every pushed series, such as k8s.namespace.name" }),
    promoteAllResourceAttributes: flag().optional().meta({ description: "promote_all_resource_attributes (3.5+): every resource attribute becomes a label; never with promoteResourceAttributes" }),
    ignoreResourceAttributes: stringList(attributeName)
        .optional()
        .meta({ description: "ignore_resource_attributes (3.5+): attributes left out while promoteAllResourceAttributes is true" }),
    keepIdentifyingResourceAttributes: flag()
        .optional()
        .meta({ description: "keep_identifying_resource_attributes (3.1+): service.name, service.namespace and service.instance.id stay labels of target_info" }),
    translation: translationSchema.optional().meta({ description: "how names are translated: { strategy, convertHistogramsToNhcb, promoteScopeMetadata, labelNameUnderscoreSanitization, labelNamePreserveMultipleUnderscores }" }),
    auth: authSchema
        .optional()
        .meta({ description: "how pushers authenticate: { server: {} } (the default while metrics.web.basicAuth is set) or { public: { reason } }" }),
    replicaFanOut: flag()
        .optional()
        .meta({ description: "with 2 or more replicas, required true: each pusher sends every push to each replica's own address <name>-<i>.<name>.<namespace>.svc (docs/otlp.md#two-or-more-replicas)" }),
})
    .superRefine((o, ctx) => {
        // Its fields while it is off, and replicaFanOut with one replica, do nothing: config/needs.ts refuses them.
        if (!o.enabled) {
            return;
        }
        if (o.namespaces === undefined) {
            ctx.addIssue({
                code: "custom",
                path: ["namespaces"],
                input: undefined,
                message: "the namespaces whose pods push, such as [apps]: Prometheus' NetworkPolicy admits pushes from them and from nowhere else",
            });
        }
        if (o.promoteAllResourceAttributes && o.promoteResourceAttributes !== undefined) {
            ctx.addIssue({
                code: "custom",
                path: ["promoteResourceAttributes"],
                input: o.promoteResourceAttributes,
                message: "nothing while promoteAllResourceAttributes is true: Prometheus refuses both (config/config.go); list the ones to leave out under ignoreResourceAttributes instead",
            });
        }
        if (!o.promoteAllResourceAttributes && o.ignoreResourceAttributes !== undefined) {
            ctx.addIssue({
                code: "custom",
                path: ["ignoreResourceAttributes"],
                input: o.ignoreResourceAttributes,
                message: "nothing unless promoteAllResourceAttributes is true: Prometheus refuses it otherwise (config/config.go)",
            });
        }
    })
    .optional();

export type OtlpSettings = NonNullable<z.output<typeof otlpSchema>>;

/**
 * Each setting that writes a key of the `otlp` block, by its path under metrics.otlp, with the
 * key; components/prometheus/otlp.ts writes the block from this table.
 */
export const OTLP_SETTING_KEYS: Readonly<Record<string, string>> = {
    promoteResourceAttributes: "promote_resource_attributes",
    promoteAllResourceAttributes: "promote_all_resource_attributes",
    ignoreResourceAttributes: "ignore_resource_attributes",
    keepIdentifyingResourceAttributes: "keep_identifying_resource_attributes",
    "translation.strategy": "translation_strategy",
    "translation.convertHistogramsToNhcb": "convert_histograms_to_nhcb",
    "translation.promoteScopeMetadata": "promote_scope_metadata",
    "translation.labelNameUnderscoreSanitization": "label_name_underscore_sanitization",
    "translation.labelNamePreserveMultipleUnderscores": "label_name_preserve_multiple_underscores",
};

/** The value of a setting of OTLP_SETTING_KEYS, undefined when unset. */
export function otlpSettingValue(o: OtlpSettings, setting: string): unknown {
    return setting.split(".").reduce<unknown>((v, part) => (v as Record<string, unknown> | undefined)?.[part], o);
}

/** What metrics.otlp needs of the rest of metrics, for otlpIssues. */
export interface OtlpContext {
    /** The resolved Prometheus version, undefined while the image has a problem of its own. */
    version?: string;
    replicas: number;
    web?: { basicAuth?: unknown };
    enableAdminApi: boolean;
    enableLifecycle: boolean;
}

/** The auth of the pushers with the default resolved: server while the web port asks for a login. */
export function effectiveOtlpAuth(o: OtlpSettings, web: { basicAuth?: unknown } | undefined): OtlpSettings["auth"] {
    return o.auth ?? (web?.basicAuth !== undefined ? { server: {} } : undefined);
}

/** The checks of metrics.otlp against the release line, the web port's login and the replicas, as issues under metrics. */
export function otlpIssues(o: OtlpSettings | undefined, m: OtlpContext): { path: (string | number)[]; input: unknown; message: string }[] {
    if (o === undefined || !o.enabled) {
        return [];
    }
    const issues: { path: (string | number)[]; input: unknown; message: string }[] = [];
    const add = (path: (string | number)[], input: unknown, message: string) => issues.push({ path: ["otlp", ...path], input, message });
    if (m.version !== undefined) {
        if (otlpReceiver(m.version) === undefined) {
            add(["enabled"], true, `nothing on Prometheus ${m.version}, which has no OTLP receiver: it came in ${OTLP_FEATURE_SINCE} behind --enable-feature=otlp-write-receiver; set image to a line that has it (2.53, 2.55, 3.5 to 3.14), or remove otlp`);
        } else {
            for (const [setting, key] of Object.entries(OTLP_SETTING_KEYS)) {
                const value = otlpSettingValue(o, setting);
                const since = OTLP_CONFIG_KEYS_SINCE[key];
                if (value === undefined || versionAtLeast(m.version, since)) {
                    continue;
                }
                const block = versionAtLeast(m.version, OTLP_BLOCK_SINCE) ? "" : ` (its config has no otlp block at all; that came in ${OTLP_BLOCK_SINCE})`;
                add(setting.split("."), value, `nothing on Prometheus ${m.version}, whose config parser refuses otlp.${key}: it came in ${since}${block}; set image to a line that has it, or remove it`);
            }
            const strategy = o.translation?.strategy;
            if (strategy !== undefined && versionAtLeast(m.version, OTLP_CONFIG_KEYS_SINCE.translation_strategy) && !versionAtLeast(m.version, OTLP_TRANSLATION_STRATEGIES_SINCE[strategy])) {
                add(["translation", "strategy"], strategy, `a strategy Prometheus ${m.version} knows: ${strategy} came in ${OTLP_TRANSLATION_STRATEGIES_SINCE[strategy]}, and the config parser refuses it before ("unsupported OTLP translation strategy")`);
            }
        }
    }
    // docs/security.md#every-way-in-is-authenticated: pushers reach the web port, which asks for a login or the stack says why not.
    const auth = effectiveOtlpAuth(o, m.web);
    const web = `${fullKey("metrics")}.web.basicAuth`;
    if (auth === undefined) {
        add(["auth"], undefined, `server or public: the pods of ${(o.namespaces ?? []).join(", ") || "otlp.namespaces"} would reach Prometheus' web port, to push and to query, without a login. Set ${web} (2.24+; auth then defaults to server and pushers send its user and password), or auth.public with a reason`);
    } else if (auth.server !== undefined && m.web?.basicAuth === undefined) {
        add(["auth", "server"], auth.server, `nothing unless ${web} is set: the web port would ask pushers for no login`);
    } else if (auth.public !== undefined && (m.enableAdminApi || m.enableLifecycle)) {
        const apis = [...(m.enableAdminApi ? ["metrics.enableAdminApi"] : []), ...(m.enableLifecycle ? ["metrics.enableLifecycle"] : [])];
        add(["auth", "public"], auth.public, `no public push: ${apis.join(" and ")} ${apis.length > 1 ? "are" : "is"} true, so every pod of the pushers' namespaces could delete series or stop the server; switch ${apis.length > 1 ? "them" : "it"} off or set ${web}`);
    }
    // A push through the headless Service lands on the one pod the pusher resolved: the replicas would hold different series.
    if (m.replicas >= 2 && o.replicaFanOut !== true) {
        add(["replicaFanOut"], o.replicaFanOut, `true, with ${m.replicas} replicas: a push to the Service reaches one replica only, so the replicas would hold different series and a query or a downstream deduplication would lose some; with true, each pusher sends every push to each replica's own address (docs/otlp.md#two-or-more-replicas)`);
    }
    return issues;
}

/** The warning a public push endpoint prints at every render and `pulumi up`. */
export function publicOtlpWarning(o: OtlpSettings | undefined): string | undefined {
    return o?.enabled && o.auth?.public
        ? `Prometheus' OTLP receiver (${fullKey("metrics")}.otlp) takes pushes from the pods of ${(o.namespaces ?? []).join(", ")} without authentication: ${o.auth.public.reason}`
        : undefined;
}
