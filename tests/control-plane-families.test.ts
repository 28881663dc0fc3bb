import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { APISERVER_FAMILIES, APISERVER_OWN_FAMILIES, APISERVER_SERIES_RULES, dropSeries } from "../components/apiserver/families";
import { COMPONENT_BASE_FAMILIES } from "../components/common/scrape/component-base-families";
import { CONTROLLER_MANAGER_FAMILIES, CONTROLLER_MANAGER_OWN_FAMILIES } from "../components/control-plane/controller-manager-families";
import { COREDNS_FAMILIES } from "../components/control-plane/coredns-families";
import { dropFamilies, FamilyRule, familyPattern, matchesFamily } from "../components/common/scrape/family-rules";
import { KUBELET_FAMILIES, KUBELET_OWN_FAMILIES, KUBELET_SERIES_RULES } from "../components/kubelet/families";
import { KUBE_PROXY_FAMILIES, KUBE_PROXY_OWN_FAMILIES } from "../components/control-plane/kube-proxy-families";
import { SCHEDULER_FAMILIES, SCHEDULER_OWN_FAMILIES } from "../components/control-plane/scheduler-families";
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
    ["apiserver families", APISERVER_OWN_FAMILIES],
    ["kubelet families", KUBELET_OWN_FAMILIES],
    ["coredns families", COREDNS_FAMILIES],
    ["kube-scheduler families", SCHEDULER_OWN_FAMILIES],
    ["kube-controller-manager families", CONTROLLER_MANAGER_OWN_FAMILIES],
    ["kube-proxy families", KUBE_PROXY_OWN_FAMILIES],
] as const;

const JOB_TABLES = [
    ["kubelet", KUBELET_FAMILIES],
    ["coredns", COREDNS_FAMILIES],
    ["kube-scheduler", SCHEDULER_FAMILIES],
    ["kube-controller-manager", CONTROLLER_MANAGER_FAMILIES],
    ["kube-proxy", KUBE_PROXY_FAMILIES],
] as const;

describe("control-plane family tables (docs/scrape-jobs.md#control-plane-families)", () => {
    const unique = (table: readonly FamilyRule[]) => {
        const names = table.map((r) => r.family);
        return names.filter((n, i) => names.indexOf(n) !== i);
    };

    for (const [heading, table] of DOCS_TABLES) {
        it(`${heading}: the docs table is the code's, row for row, with the code's reasons`, () => {
            assert.deepStrictEqual(docsRows(heading), codeRows(table));
        });
    }

    const jobs = parse(generatedPrometheusFiles(settingsWith()).prometheusYml).scrape_configs as any[];

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

        it(`${job}: the job's one metric drop rule is exactly the dropped rows${job === "kubelet" ? ", then the kept histograms' bound rules" : ""}`, () => {
            const rules = jobs.find((j) => j.job_name === job).metric_relabel_configs;
            assert.deepStrictEqual(rules, [dropFamilies(table), ...(job === "kubelet" ? KUBELET_SERIES_RULES.map(dropSeries) : [])]);
            const re = new RegExp(`^(?:${rules[0].regex})$`);
            for (const r of table) {
                const example = r.family.endsWith("*") ? `${r.family.slice(0, -1)}bucket` : r.family;
                assert.strictEqual(re.test(example), !r.keep, r.family);
            }
            assert.strictEqual(rules[0].regex, `(${table.filter((r) => !r.keep).map((r) => familyPattern(r.family)).join("|")})`);
        });
    }

    it("apiserver: each family once with a reason, no dropped row matches a kept one", () => {
        assert.deepStrictEqual(unique(APISERVER_FAMILIES), []);
        assert.ok(APISERVER_FAMILIES.every((r) => r.why.length > 10));
        for (const kept of APISERVER_FAMILIES.filter((r) => r.keep)) {
            const example = kept.family.endsWith("*") ? `${kept.family.slice(0, -1)}bucket` : kept.family;
            assert.deepStrictEqual(APISERVER_FAMILIES.filter((r) => !r.keep && matchesFamily(r, example)).map((r) => r.family), [], kept.family);
        }
    });

    it("apiserver: the job drops the dropped rows, then the listed series of the kept latency histogram, and nothing else", () => {
        const rules = jobs.find((j) => j.job_name === "apiserver").metric_relabel_configs;
        assert.deepStrictEqual(rules, [dropFamilies(APISERVER_FAMILIES), ...APISERVER_SERIES_RULES.map(dropSeries)]);
        const [, le, verb] = rules.map((r: any) => new RegExp(`^(?:${r.regex})$`));
        assert.deepStrictEqual(rules.slice(1).map((r: any) => r.source_labels), [["__name__", "le"], ["__name__", "verb"]]);
        // Prometheus joins the source labels with the separator before it matches the regex.
        const sli = "apiserver_request_sli_duration_seconds_bucket";
        for (const dropped of ["0.4", "0.6", "3", "3.0", "60", "60.0"]) assert.ok(le.test(`${sli};${dropped}`), dropped);
        // The SLO's bounds in both forms (3.x writes le="1" as le="1.0"), and the quantile's.
        for (const kept of ["0.05", "0.1", "0.2", "1", "1.0", "2", "5", "5.0", "10", "30", "30.0", "+Inf"]) {
            assert.ok(!le.test(`${sli};${kept}`), kept);
        }
        assert.ok(!le.test("apiserver_request_sli_duration_seconds_count;") && !le.test("etcd_request_duration_seconds_bucket;0.4"));
        assert.ok(verb.test(`${sli};CONNECT`) && !verb.test(`${sli};GET`) && !verb.test("apiserver_request_total;CONNECT"));
    });

    for (const [job, seriesRules] of [["apiserver", APISERVER_SERIES_RULES], ["kubelet", KUBELET_SERIES_RULES]] as const) {
        it(`${job}: the docs list the series rules as the code does`, () => {
            const start = PAGE.indexOf(`\n## ${job}\n`);
            const section = PAGE.slice(start, PAGE.indexOf("\n## ", start + 1));
            const rows = section.split("\n").filter((l) => /^\| `[^`]+` \| `[^`]+` \|/.test(l));
            assert.deepStrictEqual(
                rows,
                seriesRules.map((r) => `| \`${r.family}\` | \`${r.label}\` | ${r.values.map((v) => `\`${v}\``).join(", ")} | ${r.why} |`),
            );
        });
    }

    it("kubelet: the pod start histogram keeps exactly the bound its alert reads, in both forms of the bound; every PLEG relist bound passes", () => {
        const rules = KUBELET_SERIES_RULES.map(dropSeries).map((r) => new RegExp(`^(?:${r.regex})$`));
        assert.strictEqual(rules.length, 1);
        const [podStart] = rules;
        for (const dropped of ["0.5", "30", "120.0", "+Inf"]) assert.ok(podStart.test(`kubelet_pod_start_duration_seconds_bucket;${dropped}`), dropped);
        for (const kept of ["60", "60.0"]) assert.ok(!podStart.test(`kubelet_pod_start_duration_seconds_bucket;${kept}`), kept);
        for (const le of ["0.005", "5", "10", "+Inf"]) assert.ok(!podStart.test(`kubelet_pleg_relist_duration_seconds_bucket;${le}`), le);
        assert.ok(!podStart.test("kubelet_pod_start_duration_seconds_sum;"));
    });
});
