import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { COMPONENT_BASE_FAMILIES } from "../components/metrics-server/scrape-jobs/component-base-families";
import { CONTROLLER_MANAGER_FAMILIES, CONTROLLER_MANAGER_OWN_FAMILIES } from "../components/metrics-server/scrape-jobs/controller-manager-families";
import { COREDNS_FAMILIES } from "../components/metrics-server/scrape-jobs/coredns-families";
import { dropFamilies, FamilyRule, familyPattern, matchesFamily } from "../components/metrics-server/scrape-jobs/family-rules";
import { KUBE_PROXY_FAMILIES, KUBE_PROXY_OWN_FAMILIES } from "../components/metrics-server/scrape-jobs/kube-proxy-families";
import { SCHEDULER_FAMILIES, SCHEDULER_OWN_FAMILIES } from "../components/metrics-server/scrape-jobs/scheduler-families";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { settingsWith } from "./harness/stack-config";
import { parse } from "yaml";

const PAGE = fs.readFileSync(path.join(__dirname, "..", "docs", "scrape-jobs.md"), "utf8");

/** The family table rows under one `### <heading>` of docs/scrape-jobs.md. */
function docsRows(heading: string): string[] {
    const start = PAGE.indexOf(`\n### ${heading}\n`);
    assert.ok(start >= 0, `docs/scrape-jobs.md has a section ### ${heading}`);
    const end = PAGE.indexOf("\n#", start + 1);
    return PAGE.slice(start, end < 0 ? undefined : end)
        .split("\n")
        .filter((l) => /^\| `[^`]+` \| (kept|dropped) \|/.test(l));
}

const codeRows = (table: readonly FamilyRule[]) => table.map((r) => `| \`${r.family}\` | ${r.keep ? "kept" : "dropped"} | ${r.why} |`);

const DOCS_TABLES = [
    ["Kubernetes component families", COMPONENT_BASE_FAMILIES],
    ["coredns families", COREDNS_FAMILIES],
    ["kube-scheduler families", SCHEDULER_OWN_FAMILIES],
    ["kube-controller-manager families", CONTROLLER_MANAGER_OWN_FAMILIES],
    ["kube-proxy families", KUBE_PROXY_OWN_FAMILIES],
] as const;

const JOB_TABLES = [
    ["coredns", COREDNS_FAMILIES],
    ["kube-scheduler", SCHEDULER_FAMILIES],
    ["kube-controller-manager", CONTROLLER_MANAGER_FAMILIES],
    ["kube-proxy", KUBE_PROXY_FAMILIES],
] as const;

describe("control-plane family tables (docs/scrape-jobs.md#control-plane-families)", () => {
    for (const [heading, table] of DOCS_TABLES) {
        it(`${heading}: the docs table is the code's, row for row, with the code's reasons`, () => {
            assert.deepStrictEqual(docsRows(heading), codeRows(table));
        });
    }

    const jobs = parse(generatedPrometheusFiles(settingsWith().metrics).prometheusYml).scrape_configs as any[];

    for (const [job, table] of JOB_TABLES) {
        it(`${job}: each family once, every row has a reason, no dropped row matches a kept one`, () => {
            const names = table.map((r) => r.family);
            assert.deepStrictEqual(names.filter((n, i) => names.indexOf(n) !== i), []);
            assert.ok(table.every((r) => r.why.length > 10));
            for (const kept of table.filter((r) => r.keep)) {
                const example = kept.family.endsWith("*") ? `${kept.family.slice(0, -1)}bucket` : kept.family;
                assert.deepStrictEqual(table.filter((r) => !r.keep && matchesFamily(r, example)).map((r) => r.family), [], kept.family);
            }
        });

        it(`${job}: the job's one metric drop rule is exactly the dropped rows`, () => {
            const rules = jobs.find((j) => j.job_name === job).metric_relabel_configs;
            assert.deepStrictEqual(rules, [dropFamilies(table)]);
            const re = new RegExp(`^(?:${rules[0].regex})$`);
            for (const r of table) {
                const example = r.family.endsWith("*") ? `${r.family.slice(0, -1)}bucket` : r.family;
                assert.strictEqual(re.test(example), !r.keep, r.family);
            }
            assert.strictEqual(rules[0].regex, `(${table.filter((r) => !r.keep).map((r) => familyPattern(r.family)).join("|")})`);
        });
    }
});
