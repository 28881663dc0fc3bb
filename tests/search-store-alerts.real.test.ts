import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { stringify } from "yaml";
import { isAlertingRule } from "../components/common/rules/types";
import { defaultRuleGroups, stackRuleFiles } from "../stack/rule-groups";
import { casesOf } from "./harness/alert-case-format";
import { searchStoreAlertCases } from "./harness/alert-cases-search-store";
import { unitTest } from "./harness/alert-unit-test";
import { promtool, tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

const OPENSEARCH_LOGS = { image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1", search: { host: "elasticsearch-logging", scheme: "https" } };
const OPENSEARCH_STORE = { enabled: true, kind: "opensearch", tls: { secretName: "logs-store-tls" } };
const OPENSEARCH = settingsWith({ logs: OPENSEARCH_LOGS, searchStore: OPENSEARCH_STORE });
const ELASTICSEARCH = settingsWith({ searchStore: { enabled: true } });
const group = (s: typeof OPENSEARCH) => defaultRuleGroups(s).find((g) => g.name === "search-store")!;

/**
 * The search store's alerts follow the store: with the OpenSearch store and its exporter, the
 * same alerts, on the same expressions (the exporter serves the same families for both,
 * scripts/generate-elasticsearch-exporter-fixture.ts), name OpenSearch and its Dashboards, and
 * each fires and stays silent at its boundary on OpenSearch's label values in one promtool run.
 * The boundaries themselves are moved and checked on the Elasticsearch group by
 * tests/alert-boundaries.real.test.ts; equal expressions and `for`s carry that proof over.
 */
describe("the search store's alerts with the OpenSearch store", () => {
    it("are the Elasticsearch store's alerts, expressions, durations and labels unchanged; only the descriptions name the store and its UI", () => {
        const [os, es] = [group(OPENSEARCH), group(ELASTICSEARCH)];
        assert.ok(os, "the group exists while the OpenSearch store's exporter runs");
        const shape = (g: typeof os) => g.rules.filter(isAlertingRule).map((r) => [r.alert, r.expr, r.for, r.labels]);
        assert.deepStrictEqual(shape(os), shape(es));
        const text = JSON.stringify(os.rules.map((r) => (isAlertingRule(r) ? r.annotations : {})));
        assert.ok(!/Elasticsearch|Kibana/.test(text), text);
        assert.match(text, /has not reached OpenSearch for 10 minutes; logs are not stored and OpenSearch Dashboards shows nothing new/);
        assert.match(JSON.stringify(es.rules), /has not reached Elasticsearch OSS for 10 minutes; logs are not stored and Kibana shows nothing new/);
    });

    it("no group while the OpenSearch store's exporter is off", () => {
        const off = settingsWith({ logs: OPENSEARCH_LOGS, searchStore: { ...OPENSEARCH_STORE, exporter: { enabled: false } } });
        assert.strictEqual(defaultRuleGroups(off).some((g) => g.name === "search-store"), false);
    });

    it("each alert fires and stays silent at its boundary on OpenSearch's labels, and a wrong expectation fails", () => {
        const dir = tempDir("search-store-alerts");
        const files = stackRuleFiles(OPENSEARCH);
        fs.writeFileSync(path.join(dir, "defaults-search-store.yml"), files["defaults-search-store.yml"]);
        const rules = group(OPENSEARCH).rules.filter(isAlertingRule);
        const cases = searchStoreAlertCases("opensearch");
        assert.deepStrictEqual(Object.keys(cases).sort(), rules.map((r) => r.alert).sort());
        const tests = rules.flatMap((r) => casesOf(cases[r.alert]).map((k) => ({ ...unitTest([r], k.case, k.fires), name: `${r.alert} ${k.name}` })));
        assert.ok(tests.length >= rules.length * 2);
        const write = (name: string, t: unknown[]) => {
            const file = path.join(dir, name);
            fs.writeFileSync(file, stringify({ rule_files: ["defaults-search-store.yml"], evaluation_interval: "1m", tests: t }, { lineWidth: 0 }));
            return file;
        };
        promtool("test", "rules", write("cases.yml", tests));
        // The heap alert's firing case, expected silent: promtool must refuse it.
        const heap = rules.find((r) => r.alert === "ElasticsearchHeapHigh")!;
        assert.throws(() => promtool("test", "rules", write("wrong.yml", [unitTest([heap], cases.ElasticsearchHeapHigh.fires, false)])), /failed/);
    });
});
