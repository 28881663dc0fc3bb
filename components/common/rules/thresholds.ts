import { comparisonThresholds, PromqlThreshold } from "../../../prometheus-releases/promql";

/**
 * An alert's threshold: the constant an ordering comparison (>, <, >=, <=) sets its expression
 * against, as in `... / ... > 0.25` or `expiry - time() < 7 * 86400`. `== 1` on a state and the
 * `bool` comparisons that count targets are not thresholds: moving them changes what the alert
 * means, not how early it fires. (The boundary test moves every constant of a comparison;
 * a stack may set only these.)
 */
export type Threshold = PromqlThreshold;

const ORDERING = new Set([">", "<", ">=", "<="]);

/** Every threshold of an expression, left to right. */
export function thresholdsOf(expr: string): Threshold[] {
    return comparisonThresholds(expr).filter((t) => ORDERING.has(t.op) && !t.bool);
}

/** The expression with its one threshold set to `value`; undefined when it has none or several. */
export function withThreshold(expr: string, value: number): string | undefined {
    const all = thresholdsOf(expr);
    if (all.length !== 1) return undefined;
    const [t] = all;
    return `${expr.slice(0, t.from)}${String(value)}${expr.slice(t.to)}`;
}
