import { parsedPromql } from "../../../prometheus-releases/parsed-promql";
import { QueryVariableBuilder, VariableHide, VariableRefresh, VariableSort } from "@grafana/grafana-foundation-sdk/dashboard";
import { CLUSTER_LABEL } from "../../../config";

/**
 * The `cluster` variable every Prometheus dashboard has (docs/grafana.md#many-clusters), and the
 * matcher that every selector of every query gets from it, added here when a dashboard is built
 * rather than written into each dashboard's queries.
 *
 * Empty-safe: on a Prometheus, the series carry no cluster label (external labels are added only
 * on federation, remote write and alerts), so the variable's query finds no value, Grafana sets a
 * single-value variable without options to "" (grafana/scenes MultiValueVariable,
 * getStateUpdateGivenNewOptions), and `cluster=""` matches exactly the series without the label.
 * On a store that holds one cluster's series under its external label, the variable takes that
 * one value. So the variable is never multi-valued and never offers All.
 */
export const CLUSTER_VARIABLE = "cluster";

/** The matcher added to every vector selector: equality, so an empty value selects the series without the label. */
export const CLUSTER_MATCHER = `${CLUSTER_LABEL}="$${CLUSTER_VARIABLE}"`;

/**
 * The variable, listing the cluster labels of `up` (every scraped target has it). Grafana's
 * `hide` is static, so whether it shows is decided at render time: shown only where the
 * dashboards' data source can hold several clusters.
 */
export function clusterVariable(datasource: { type: string; uid: string }, manyClusters: boolean): QueryVariableBuilder {
    return new QueryVariableBuilder(CLUSTER_VARIABLE)
        .label("Cluster")
        .datasource(datasource)
        .query(`label_values(up, ${CLUSTER_LABEL})`)
        .refresh(VariableRefresh.OnTimeRangeChanged)
        .sort(VariableSort.AlphabeticalAsc)
        .hide(manyClusters ? VariableHide.DontHide : VariableHide.HideVariable);
}

/**
 * Grafana's variables ($name, ${name}, ${name:format}) replaced by a duration literal of the same
 * length, so the expression parses wherever the variable stands (a range, a number, inside a
 * string) and every position in it is a position in the original.
 */
function parseable(expr: string): string {
    if (/\[\[/.test(expr.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) {
        throw new Error(`the deprecated [[variable]] form is not supported, use $variable: ${expr}`);
    }
    return expr.replace(/\$\{[^}]+\}|\$\w+/g, (v) => `${"1".repeat(v.length - 1)}s`);
}

/** Every vector selector of the expression: where its matchers open (after `{`), or where a `{}` goes after a bare metric name. */
interface Selector {
    at: number;
    braces: boolean;
    empty: boolean;
    text: string;
    /** The label names it matches on. */
    labels: string[];
}

function selectors(expr: string): Selector[] {
    const text = parseable(expr);
    const tree = parsedPromql(text);
    const found: Selector[] = [];
    const errors: number[] = [];
    tree.iterate({
        enter(n) {
            if (n.type.isError) {
                errors.push(n.from);
            }
            if (n.name !== "VectorSelector") {
                return;
            }
            const matchers = n.node.getChild("LabelMatchers");
            const s = expr.slice(n.from, n.to);
            if (matchers) {
                const labels = matchers.getChildren("UnquotedLabelMatcher").map((m) => {
                    const name = m.getChild("LabelName");
                    return name ? text.slice(name.from, name.to) : "";
                });
                found.push({ at: matchers.from + 1, braces: true, empty: text.slice(matchers.from + 1, matchers.to - 1).trim() === "", text: s, labels });
            } else {
                found.push({ at: n.to, braces: false, empty: true, text: s, labels: [] });
            }
        },
    });
    if (errors.length > 0) {
        throw new Error(`not PromQL (syntax error at ${errors[0]}): ${expr}`);
    }
    return found;
}

/**
 * The expression with `cluster="$cluster"` in every vector selector: inside matrix selectors,
 * subqueries, offsets and both sides of every operator, so no part of a panel mixes clusters.
 * A selector that already matches on the cluster label is refused: the dashboards never choose a
 * cluster themselves, the variable does.
 */
export function withClusterMatcher(expr: string): string {
    const found = selectors(expr);
    const own = found.find((s) => s.labels.includes(CLUSTER_LABEL));
    if (own) {
        throw new Error(`${own.text} matches on ${CLUSTER_LABEL} itself; the $${CLUSTER_VARIABLE} variable adds that matcher to every selector: ${expr}`);
    }
    let out = expr;
    for (const s of [...found].sort((a, b) => b.at - a.at)) {
        const insert = s.braces ? (s.empty ? CLUSTER_MATCHER : `${CLUSTER_MATCHER}, `) : `{${CLUSTER_MATCHER}}`;
        out = out.slice(0, s.at) + insert + out.slice(s.at);
    }
    return out;
}

/** `label_values(<selector>, <label>)` with the cluster matcher in its selector, so a variable offers only the chosen cluster's values. */
export function withClusterLabelValues(query: string): string {
    const m = /^label_values\((.+),\s*([a-zA-Z_][a-zA-Z0-9_]*)\)$/.exec(query.trim());
    if (!m) {
        throw new Error(`not label_values(<selector>, <label>): ${query}`);
    }
    return `label_values(${withClusterMatcher(m[1])}, ${m[2]})`;
}
