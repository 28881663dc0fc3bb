import { parser } from "@prometheus-io/lezer-promql";

/**
 * An alert's threshold: the number an ordering comparison (>, <, >=, <=) sets its expression
 * against, as in `... / ... > 0.25`. `== 1` on a state and the `bool` comparisons that count
 * targets are not thresholds: moving them changes what the alert means, not how early it fires.
 */
export interface Threshold {
    /** Where the number stands in the expression, so it can be replaced in place. */
    from: number;
    to: number;
    value: number;
}

const ORDERING = new Set(["Gtr", "Lss", "Gte", "Lte"]);

/** Every threshold of an expression, left to right. */
export function thresholdsOf(expr: string): Threshold[] {
    const found: Threshold[] = [];
    parser.parse(expr).iterate({
        enter(node) {
            if (node.name !== "BinaryExpr") return;
            const children: { name: string; from: number; to: number }[] = [];
            for (let c = node.node.firstChild; c; c = c.nextSibling) children.push({ name: c.name, from: c.from, to: c.to });
            if (!children.some((c) => ORDERING.has(c.name)) || children.some((c) => c.name === "BoolModifier")) return;
            for (const c of children) {
                if (c.name === "NumberDurationLiteral" || c.name === "NumberLiteral") found.push({ from: c.from, to: c.to, value: Number(expr.slice(c.from, c.to)) });
            }
        },
    });
    return found;
}

/** The expression with its one threshold set to `value`; undefined when it has none or several. */
export function withThreshold(expr: string, value: number): string | undefined {
    const all = thresholdsOf(expr);
    if (all.length !== 1) return undefined;
    const [t] = all;
    return `${expr.slice(0, t.from)}${String(value)}${expr.slice(t.to)}`;
}
