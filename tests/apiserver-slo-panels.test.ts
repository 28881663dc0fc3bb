import * as assert from "assert";
import { PROJECT } from "../config/source";
import { apiserverSloGroup, apiserverSloLongGroup } from "../components/apiserver/slo-rules";
import { dashboardsFor } from "../stack/dashboards";
import { prometheusQueries } from "./harness/dashboards";
import { settingsWithGrafana } from "./harness/stack-config";

/**
 * The Control plane board's availability and error-budget panels read the burn-rate recording
 * rules, which exist while the apiserver job does, and never the request histogram itself.
 */
function problems(queries: readonly { panel: string; expr: string }[], records: ReadonlySet<string>): string[] {
    return queries.flatMap((q) => {
        const read = [...q.expr.matchAll(/[a-z_]+:[a-z0-9_]+/g)].map((m) => m[0]);
        return [
            ...(read.length === 0 ? [`${q.panel} reads no recorded series`] : []),
            ...read.filter((r) => !records.has(r)).map((r) => `${q.panel} reads ${r}, which no rule records`),
            ...(/apiserver_request_(total|duration)/.test(q.expr) ? [`${q.panel} reads the raw request families`] : []),
        ];
    });
}

describe("API server availability and error budget panels", () => {
    const records = new Set([apiserverSloLongGroup(), apiserverSloGroup()].flatMap((g) => g.rules).flatMap((r) => ("record" in r ? [r.record] : [])));
    const sloPanels = (settings = settingsWithGrafana()) =>
        prometheusQueries(dashboardsFor(settings, PROJECT).filter((d) => d.json.uid === "cm-control-plane")).filter((q) => /availability|error budget/i.test(q.panel));

    it("are on the Control plane board and read only recorded burn rates", () => {
        const queries = sloPanels();
        assert.deepStrictEqual([...new Set(queries.map((q) => q.panel))], ["API server availability, last 3 days", "API server error budget burn rate, last 3 days", "API server error budget burn rate"]);
        assert.deepStrictEqual(problems(queries, records), []);
    });

    it("the check catches a panel on a window the rules do not record, and one on the raw histogram", () => {
        assert.deepStrictEqual(problems([{ panel: "A", expr: "1 - apiserver_request:burnrate30d" }, { panel: "B", expr: 'sum(rate(apiserver_request_total{code=~"5.."}[5m]))' }], records), [
            "A reads apiserver_request:burnrate30d, which no rule records",
            "B reads no recorded series",
            "B reads the raw request families",
        ]);
    });

    it("go with the apiserver job, as the rules do", () => {
        assert.deepStrictEqual(sloPanels(settingsWithGrafana({ metrics: { jobs: { apiserver: false } } })), []);
    });
});
