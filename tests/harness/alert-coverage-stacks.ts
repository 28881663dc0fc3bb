/**
 * The stacks cell of docs/alert-coverage.md's alerts table (#42): which shipped stacks ship none
 * of a row's alerts, and where the stacks' rules of those alerts differ, computed from each
 * stack's rule files as the render writes them. tests/alert-coverage.test.ts holds every row's
 * cell to it; the note of the row says how they differ.
 */
export interface ShippedAlert {
    alert: string;
    severity: string;
    expr: string;
    for: string;
}

export interface StackAlerts {
    name: string;
    alerts: ShippedAlert[];
}

/** What one stack ships of the row's alerts, every rule of each (severity, for, expression), in a form two stacks can compare. */
const shipping = (stack: StackAlerts, here: readonly string[]) =>
    here.map((name) => stack.alerts.filter((a) => a.alert === name).map((a) => `${a.severity} ${a.for} ${a.expr}`).sort().join("\n")).join("\n\n");

/**
 * The stacks that ship the row's alerts, grouped by identical rules, in the stacks' order: one
 * group where every stack ships the same. A stack that ships none of them is in no group.
 */
export function stackGroups(here: readonly string[], stacks: readonly StackAlerts[]): string[][] {
    const groups = new Map<string, string[]>();
    for (const stack of stacks) {
        if (!here.some((n) => stack.alerts.some((a) => a.alert === n))) continue;
        const key = shipping(stack, here);
        groups.set(key, [...(groups.get(key) ?? []), stack.name]);
    }
    return [...groups.values()];
}

/** The cell: "not on dev, e2e" for stacks without any of the row's alerts; "differs: dev, e2e / prod" where the stacks' rules split; empty when every stack ships the same. */
export function alertStacksCell(here: readonly string[], stacks: readonly StackAlerts[]): string {
    if (here.length === 0) return "";
    const absent = stacks.filter((s) => !here.some((n) => s.alerts.some((a) => a.alert === n))).map((s) => s.name);
    const groups = stackGroups(here, stacks);
    return [...(absent.length > 0 ? [`not on ${absent.join(", ")}`] : []), ...(groups.length > 1 ? [`differs: ${groups.map((g) => g.join(", ")).join(" / ")}`] : [])].join("; ");
}
