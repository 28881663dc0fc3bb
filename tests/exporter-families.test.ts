import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { dropFamilies, FamilyRule, familyPattern, matchesFamily } from "../components/common/scrape/family-rules";
import { KUBE_STATE_METRICS_FAMILIES, KUBE_STATE_METRICS_TELEMETRY_FAMILIES } from "../components/kube-state-metrics/families";
import { NODE_EXPORTER_FAMILIES } from "../components/node-exporter/families";

const PAGE = fs.readFileSync(path.join(__dirname, "..", "docs", "scrape-jobs.md"), "utf8");

/** The family table rows of one `## <heading>` section of docs/scrape-jobs.md. */
function docsRows(heading: string): string[] {
    const start = PAGE.indexOf(`\n## ${heading}\n`);
    assert.ok(start >= 0, `docs/scrape-jobs.md has a section ## ${heading}`);
    const end = PAGE.indexOf("\n## ", start + 1);
    const section = PAGE.slice(start, end < 0 ? undefined : end);
    return section.split("\n").filter((l) => /^\| `[^`]+` \| (kept|dropped) \|/.test(l));
}

const codeRows = (table: readonly FamilyRule[]) => table.map((r) => `| \`${r.family}\` | ${r.keep ? "kept" : "dropped"} | ${r.why} |`);

for (const [heading, table] of [
    ["node-exporter", NODE_EXPORTER_FAMILIES],
    ["kube-state-metrics", KUBE_STATE_METRICS_FAMILIES],
    ["kube-state-metrics-telemetry", KUBE_STATE_METRICS_TELEMETRY_FAMILIES],
] as const) {
    describe(`${heading} family table (docs/scrape-jobs.md#${heading})`, () => {
        it("the docs table is the code's table, row for row, with the code's reasons", () => {
            assert.deepStrictEqual(docsRows(heading), codeRows(table));
        });

        it("names each family once, and no dropped row also matches a kept one", () => {
            const names = table.map((r) => r.family);
            assert.deepStrictEqual(names.filter((n, i) => names.indexOf(n) !== i), []);
            for (const kept of table.filter((r) => r.keep)) {
                assert.deepStrictEqual(table.filter((r) => !r.keep && matchesFamily(r, kept.family)).map((r) => r.family), [], kept.family);
            }
        });

        it("the drop rule's regex is exactly the dropped rows", () => {
            const rule = dropFamilies(table);
            assert.deepStrictEqual([rule.action, rule.source_labels], ["drop", ["__name__"]]);
            assert.strictEqual(rule.regex, `(${table.filter((r) => !r.keep).map((r) => familyPattern(r.family)).join("|")})`);
            const re = new RegExp(`^(?:${rule.regex})$`);
            for (const r of table) {
                const example = r.family.endsWith("*") ? `${r.family.slice(0, -1)}example` : r.family;
                assert.strictEqual(re.test(example), !r.keep, r.family);
            }
        });
    });
}
