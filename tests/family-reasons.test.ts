import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { FamilyRule } from "../components/common/scrape/family-rules";
import { FAMILY_TABLES } from "../stack/family-tables";
import { defaultAlertNames } from "../stack/rule-groups";

/**
 * A kept family's reason that names an alert names one the program ships (issue #29: "keep
 * reasons must be true"): a row kept "for NodeSystemdServiceFailed" while no such alert exists
 * keeps ingest for nothing. An alert name is ours or one of kube-prometheus's, as
 * docs/alert-coverage.md lists them.
 */
const kubePrometheusAlerts = new Set(
    fs
        .readFileSync(path.join(__dirname, "..", "docs", "alert-coverage.md"), "utf8")
        .split("\n")
        .filter((l) => l.startsWith("| ") && !l.startsWith("| kube-prometheus alert"))
        .map((l) => l.split("|")[1].trim()),
);

function falseReasons(tables: Readonly<Record<string, readonly FamilyRule[]>>, shipped: ReadonlySet<string>): string[] {
    const known = new Set([...kubePrometheusAlerts, ...shipped]);
    return Object.entries(tables).flatMap(([job, rows]) =>
        rows
            .filter((r) => r.keep)
            .flatMap((r) => [...r.why.matchAll(/\b[A-Za-z][A-Za-z0-9]+\b/g)].map((m) => m[0]).filter((w) => known.has(w) && !shipped.has(w)).map((w) => `${job}: ${r.family} is kept for ${w}, which the program does not ship`)),
    );
}

describe("kept families' reasons", () => {
    const shipped = new Set(defaultAlertNames());

    it("name only alerts the program ships", () => {
        assert.ok(kubePrometheusAlerts.size > 100, "docs/alert-coverage.md lists kube-prometheus's alerts");
        assert.deepStrictEqual(falseReasons(FAMILY_TABLES, shipped), []);
    });

    it("fail on a row kept for an alert that does not exist", () => {
        const table = { "node-exporter": [{ family: "node_systemd_unit_state", keep: true, why: "NodeSystemdServiceFailed" }] };
        assert.deepStrictEqual(falseReasons(table, shipped), ["node-exporter: node_systemd_unit_state is kept for NodeSystemdServiceFailed, which the program does not ship"]);
    });
});
