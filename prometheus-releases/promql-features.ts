/** The PromQL dialect a stack's --enable-feature flags give its line; the facts per minor are promql-feature-gates.ts. */
import type { PromqlDialect } from "./promql";
import { DURATION_EXPR_FEATURE, EXPERIMENTAL_FUNCTIONS_FEATURE, EXTENDED_RANGE_SELECTORS_FEATURE, gatesOf, PROMQL_FEATURES } from "./promql-feature-gates";

export { enabledFeatures, promqlFeaturesOf } from "./promql-feature-gates";

/**
 * The PromQL a stack's Prometheus evaluates: its line's dialect, plus what the minor's
 * `features` (enabledFeatures of the args the StatefulSet's container gets from
 * metrics.extra.args) switch on. What a flag of this minor would enable but `features` lacks is
 * recorded in `gated`, so a refusal names the flag.
 */
export function promqlDialectOf(release: { promql: PromqlDialect }, version: string | undefined, enabled: readonly string[]): PromqlDialect {
    const base = release.promql;
    const gates = gatesOf(version);
    if (gates === undefined) {
        // No --enable-feature on the minor (2.11): nothing is gated, and a refusal says the line has no flag for it.
        return version === undefined ? base : { ...base, gated: {} };
    }
    const features = new Set(enabled);
    const experimental = features.has(EXPERIMENTAL_FUNCTIONS_FEATURE);
    const durationExpr = gates.durationExpr === "default" || (gates.durationExpr === "flag" && features.has(DURATION_EXPR_FEATURE));
    const ranges = gates.extendedRangeSelectors === true && features.has(EXTENDED_RANGE_SELECTORS_FEATURE);
    const passed = PROMQL_FEATURES.filter((f) => features.has(f));
    const gated: Record<string, string> = {};
    const enabledBy = (f: string) => `--enable-feature=${f} in metrics.extra.args`;
    if (!experimental) {
        for (const n of [...gates.functions, ...gates.aggregations]) {
            gated[n] = enabledBy(EXPERIMENTAL_FUNCTIONS_FEATURE);
        }
    }
    const laterSyntax = { ...base.laterSyntax };
    if (ranges) {
        delete laterSyntax.Smoothed;
        delete laterSyntax.Anchored;
    } else if (gates.extendedRangeSelectors === true) {
        for (const k of ["Smoothed", "Anchored"]) {
            if (k in laterSyntax) {
                laterSyntax[k] = `${laterSyntax[k]}, enabled by ${enabledBy(EXTENDED_RANGE_SELECTORS_FEATURE)}`;
            }
        }
    }
    return {
        ...base,
        // The minor, since what its flags enable differs within a line; and the flags, since they change what it parses.
        server: passed.length === 0 ? `Prometheus ${version} without PromQL feature flags` : `Prometheus ${version} with --enable-feature=${passed.join(",")}`,
        functions: new Set([...base.functions, ...(gates.stable ?? []), ...(experimental ? gates.functions : [])]),
        aggregations: new Set([...base.aggregations, ...(experimental ? gates.aggregations : [])]),
        laterSyntax,
        durationExpression: durationExpr ? { words: new Set(gates.durationWords ?? []) } : undefined,
        durationExample:
            durationExpr ? "units such as 5m or 1h30m, or arithmetic on them such as 5m*2" : gates.durationExpr === "flag" ? `units such as 5m or 1h30m (duration arithmetic needs ${enabledBy(DURATION_EXPR_FEATURE)})` : base.durationExample,
        gated,
    };
}
