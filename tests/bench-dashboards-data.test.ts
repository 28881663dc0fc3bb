import * as assert from "assert";
import { parser } from "@prometheus-io/lezer-promql";
import { KUBE_PROMETHEUS_DASHBOARDS } from "../scripts/bench/kube-prometheus-dashboards";
import { KUBE_PROMETHEUS_RECORDING_RULES } from "../scripts/bench/kube-prometheus-recording-rules";
import { KUBE_PROMETHEUS_COUNTERPARTS } from "../scripts/bench/dashboard-matches";
import { layers } from "../scripts/bench/rule-history";

/** Syntax errors of one query, its Grafana variables replaced by a value of the same kind. */
function syntaxErrors(expr: string): string[] {
    const filled = expr.replace(/\[\$\w+\]/g, "[5m]").replace(/\$\{?\w+\}?/g, "x");
    const errors: string[] = [];
    const cursor = parser.parse(filled).cursor();
    do {
        if (cursor.type.isError) errors.push(`at ${cursor.from}: ${JSON.stringify(filled.slice(cursor.from, cursor.from + 30))}`);
    } while (cursor.next());
    return errors;
}

describe("bench:dashboards' restated kube-prometheus data", () => {
    it("every restated panel query, variable query and recording rule parses", () => {
        const bad: string[] = [];
        for (const [file, board] of Object.entries(KUBE_PROMETHEUS_DASHBOARDS)) {
            for (const q of board.queries) for (const e of syntaxErrors(q.expr)) bad.push(`${file} / ${q.panel}: ${e}`);
            for (const v of board.variables) if (!/^label_values\((.+,\s*)?\w+\)$/.test(v.query.trim())) bad.push(`${file} / $${v.name}: not label_values: ${v.query}`);
        }
        for (const r of KUBE_PROMETHEUS_RECORDING_RULES) for (const e of syntaxErrors(r.expr)) bad.push(`${r.record}: ${e}`);
        assert.deepStrictEqual(bad, []);
    });

    it("every counterpart names a restated board, and every restated rule falls in a layer", () => {
        const files = Object.values(KUBE_PROMETHEUS_COUNTERPARTS).flat();
        assert.deepStrictEqual(files.filter((f) => !(f in KUBE_PROMETHEUS_DASHBOARDS)), []);
        assert.strictEqual(layers(KUBE_PROMETHEUS_RECORDING_RULES).flat().length, KUBE_PROMETHEUS_RECORDING_RULES.length);
    });

    it("the syntax check fails on a broken query", () => {
        assert.notDeepStrictEqual(syntaxErrors("sum(rate(x[5m])"), []);
    });
});
