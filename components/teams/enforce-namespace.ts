import { parser } from "@prometheus-io/lezer-promql";

/** The label every namespaced series carries; Prometheus' discovery and kube-state-metrics write it. */
export const NAMESPACE_LABEL = "namespace";

export type EnforcedExpression = { expr: string } | { conflict: string };

interface Edit {
    at: number;
    text: string;
}

/**
 * The expression with every series selector held to `namespace`, as the prometheus-operator's
 * enforced namespace label does for a PrometheusRule: a selector without a namespace matcher gets
 * `namespace="<namespace>"`, one that already asks for exactly that namespace is left alone, and
 * one that asks for any other (another name, a regex, a negation) is a conflict, since a team's
 * rule may read only its own namespace's series. Selectors of series that carry no namespace
 * label (a node's, the API server's) then match nothing: that is the point of enforcing it.
 * An expression that does not parse is returned unchanged; the checker reports it.
 */
export function enforceNamespace(expr: string, namespace: string): EnforcedExpression {
    const edits: Edit[] = [];
    const conflicts: string[] = [];
    const cursor = parser.parse(expr).cursor();
    do {
        if (cursor.type.isError) {
            return { expr };
        }
        if (cursor.name !== "VectorSelector") {
            continue;
        }
        const selector = cursor.node;
        const matchers = selector.getChild("LabelMatchers");
        if (matchers === null) {
            edits.push({ at: selector.to, text: `{${NAMESPACE_LABEL}=${JSON.stringify(namespace)}}` });
            continue;
        }
        const own = [...matchers.getChildren("UnquotedLabelMatcher"), ...matchers.getChildren("QuotedLabelMatcher")].filter((m) => {
            const name = m.getChild("LabelName") ?? m.getChild("QuotedLabelName");
            return name !== null && unquote(expr.slice(name.from, name.to)) === NAMESPACE_LABEL;
        });
        if (own.length === 0) {
            const empty = expr.slice(matchers.from + 1, matchers.to - 1).trim() === "";
            edits.push({ at: matchers.from + 1, text: `${NAMESPACE_LABEL}=${JSON.stringify(namespace)}${empty ? "" : ", "}` });
            continue;
        }
        for (const m of own) {
            const op = m.getChild("MatchOp");
            const value = m.getChild("StringLiteral");
            const asksOwn = op !== null && expr.slice(op.from, op.to) === "=" && value !== null && unquote(expr.slice(value.from, value.to)) === namespace;
            if (!asksOwn) {
                conflicts.push(expr.slice(selector.from, selector.to));
            }
        }
    } while (cursor.next());
    if (conflicts.length > 0) {
        return {
            conflict: `${conflicts.map((c) => `\`${c}\``).join(", ")} select${conflicts.length === 1 ? "s" : ""} another ${NAMESPACE_LABEL} than ${namespace}: with enforceNamespace a rule reads only ${NAMESPACE_LABEL}="${namespace}"; drop the matcher, or turn enforceNamespace off`,
        };
    }
    let out = expr;
    for (const e of edits.sort((a, b) => b.at - a.at)) {
        out = out.slice(0, e.at) + e.text + out.slice(e.at);
    }
    return { expr: out };
}

/** A label name or string literal as written ("a", 'a', `a`, or bare) to its value. */
function unquote(text: string): string {
    const q = text[0];
    if (q === "`") {
        return text.slice(1, -1);
    }
    if (q === '"' || q === "'") {
        return JSON.parse(q === '"' ? text : `"${text.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`);
    }
    return text;
}
