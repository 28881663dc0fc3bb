import { searchStoreExporterTarget } from "../components/search-store/target";
import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { defaultRuleGroups } from "../stack/rule-groups";
import { dashboardsFor } from "../stack/dashboards";
import { scrapeJobs } from "../stack/scrape-jobs";
import { ELASTICSEARCH_FAMILIES } from "../components/search-store/exporter-families";
import { dropFamilies, FamilyRule, familyPattern, matchesFamily } from "../components/common/scrape/family-rules";
import { exporterArgs, exporterDeployment, exporterService, exporterServiceAccount } from "../components/search-store/exporter";
import { ConfigError, ELASTICSEARCH_EXPORTER_DEFAULTS, Settings } from "../config";
import { PROJECT } from "../config/source";
import { ELASTICSEARCH_EXPORTER_FIXTURE, elasticsearchExporterExposition, exporterFixture, OPENSEARCH_EXPORTER_FIXTURE } from "../scripts/generate-elasticsearch-exporter-fixture";
import { parseExposition } from "./harness/cadvisor-scrape";
import { JobScrape, scrapeWithJob, serveMetrics } from "./harness/exporter-scrape";
import { generatedPrometheusFiles } from "./harness/generated-config";
import { ExpositionServer } from "./harness/exposition-server";
import { settingsWith, settingsWithGrafana } from "./harness/stack-config";
import { SEARCH_STORE_JOB_NAME } from "../components/search-store/layout";

/**
 * elasticsearch_exporter beside the in-cluster store (docs/log-agent.md#metrics-of-the-store).
 * No exporter or Elasticsearch runs here: the flags are checked against the exporter's v1.11.0
 * main.go and collectors, and the job runs on a real Prometheus against the generated fixture.
 */
const JOB = SEARCH_STORE_JOB_NAME;
const withStore = (store: Record<string, unknown> = {}, other: Record<string, Record<string, unknown>> = {}): Settings =>
    settingsWith({ ...other, searchStore: { enabled: true, ...store } });
const jobNames = (s: Settings) => scrapeJobs(s).map((j) => j.job_name);
const alertNames = (s: Settings) => defaultRuleGroups(s).flatMap((g) => g.rules.map((r) => ("alert" in r ? r.alert : r.record)));

function configError(store: Record<string, unknown>): ConfigError {
    try {
        withStore(store);
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e;
    }
    assert.fail("the settings were accepted");
}

describe("elasticsearch_exporter: on with the in-cluster store, off with it", () => {
    it("runs and is scraped as job elasticsearch by default while the store runs, with its alerts and dashboard", () => {
        const s = withStore();
        assert.strictEqual(s.searchStore.exporter.enabled, true);
        assert.deepStrictEqual(searchStoreExporterTarget(s.searchStore), { namespace: "kube-system", serviceName: "elasticsearch-logging-exporter", portName: "http" });
        assert.ok(jobNames(s).includes(JOB));
        assert.ok(alertNames(s).includes("ElasticsearchClusterRed"));
        assert.ok(dashboardsFor(settingsWithGrafana({ searchStore: { enabled: true } }), PROJECT).some((d) => d.json.uid === "cm-search-store"));
    });

    for (const [what, overrides] of [
        ["the store off (the default)", {}],
        ["searchStore.exporter.enabled false", { searchStore: { enabled: true, exporter: { enabled: false } } }],
    ] as const) {
        it(`with ${what}: no target, no job, no alert, no dashboard`, () => {
            const settings = settingsWithGrafana(overrides);
            assert.strictEqual(searchStoreExporterTarget(settings.searchStore), undefined);
            assert.ok(!jobNames(settings).includes(JOB));
            assert.ok(!alertNames(settings).some((a) => a.startsWith("Elasticsearch")));
            assert.ok(!dashboardsFor(settings, PROJECT).some((d) => d.json.uid === "cm-search-store"));
        });
    }

    it("follows the store's name and the log agent's namespace", () => {
        const s = withStore({ name: "es" }, { logs: { namespace: "logging", search: { host: "es.logging.svc" } } });
        assert.deepStrictEqual(searchStoreExporterTarget(s.searchStore), { namespace: "logging", serviceName: "es-exporter", portName: "http" });
        assert.strictEqual(exporterArgs(s.searchStore)[0], "--es.uri=http://es.logging.svc:9200");
    });

    it("refuses an image older than 1.7.0, naming the key, and takes a digest or a newer tag", () => {
        const e = configError({ exporter: { image: "quay.io/prometheuscommunity/elasticsearch-exporter:v1.6.0" } });
        assert.deepStrictEqual(e.problems.map((p) => p.key), ["cluster-monitoring:searchStore.exporter.image"]);
        assert.match(e.message, /1\.7\.0 or newer/);
        withStore({ exporter: { image: "quay.io/prometheuscommunity/elasticsearch-exporter:v1.12.0" } });
        withStore({ exporter: { image: `quay.io/prometheuscommunity/elasticsearch-exporter@sha256:${"a".repeat(64)}` } });
    });

    it("names its objects after the store, within a DNS label: the store's name has at most 52 characters", () => {
        const name = "a".repeat(52);
        const s = withStore({ name, retention: { enabled: false } }, { logs: { search: { host: name } } });
        assert.strictEqual(searchStoreExporterTarget(s.searchStore)!.serviceName, `${name}-exporter`);
        assert.ok(searchStoreExporterTarget(s.searchStore)!.serviceName.length <= 63);
        assert.deepStrictEqual(configError({ name: "a".repeat(53), retention: { enabled: false } }).problems.map((p) => p.key), ["cluster-monitoring:searchStore.name"]);
    });
});

describe("elasticsearch_exporter: the Deployment, Service and ServiceAccount", () => {
    const s = withStore({ nodeSelector: { disk: "ssd" }, exporter: { resources: { memoryRequest: "96Mi" } } }).searchStore;
    const pod = (exporterDeployment(s) as any).spec.template.spec;
    const container = pod.containers[0];

    it("passes v1.11.0's flags: the store's URI without credentials, every node, a timeout, cluster settings, the listen port", () => {
        assert.deepStrictEqual(container.args, [
            "--es.uri=http://elasticsearch-logging.kube-system.svc:9200",
            "--es.all",
            "--es.timeout=5s",
            "--collector.clustersettings",
            "--web.listen-address=:9114",
        ]);
        // Documented in the exporter's main.go (kingpin flags) and collector/cluster_settings.go (registerCollector) at v1.11.0.
        const V1_11_FLAGS = ["es.uri", "es.all", "es.timeout", "collector.clustersettings", "web.listen-address", "es.indices", "es.node", "web.telemetry-path"];
        for (const arg of container.args as string[]) {
            assert.ok(V1_11_FLAGS.includes(/^--([a-z._-]+)/.exec(arg)![1]), arg);
        }
        assert.ok(!(container.args as string[]).some((a) => a.includes("@")), "no user or password in the URI");
        assert.strictEqual(container.env, undefined, "no credentials: the store has none");
    });

    it("runs under its own tokenless ServiceAccount, as Pod Security restricted asks", () => {
        const account = exporterServiceAccount(s) as any;
        assert.deepStrictEqual([account.metadata.name, account.automountServiceAccountToken], ["elasticsearch-logging-exporter", false]);
        assert.deepStrictEqual([pod.serviceAccountName, pod.automountServiceAccountToken], ["elasticsearch-logging-exporter", false]);
        assert.deepStrictEqual(pod.securityContext, { runAsNonRoot: true, runAsUser: 65534, runAsGroup: 65534, seccompProfile: { type: "RuntimeDefault" } });
        assert.deepStrictEqual(container.securityContext, { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] }, readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: 65534 });
    });

    it("takes the store's placement and its own resources, image and probes", () => {
        assert.deepStrictEqual(pod.nodeSelector, { disk: "ssd" });
        assert.deepStrictEqual(container.resources, { requests: { cpu: "25m", memory: "96Mi" }, limits: { memory: "128Mi" } });
        assert.strictEqual(container.image, ELASTICSEARCH_EXPORTER_DEFAULTS.image);
        assert.strictEqual(container.livenessProbe.httpGet.path, "/healthz");
    });

    it("the Service selects the exporter's pods on the port the job keeps", () => {
        const svc = exporterService(s) as any;
        assert.deepStrictEqual(svc.spec.selector, (exporterDeployment(s) as any).spec.template.metadata.labels);
        assert.deepStrictEqual(svc.spec.ports, [{ name: "http", port: 9114, targetPort: "http", protocol: "TCP" }]);
    });
});

const PAGE = fs.readFileSync(path.join(__dirname, "..", "docs", "scrape-jobs.md"), "utf8");
const docsRows = (): string[] => {
    const start = PAGE.indexOf("\n### elasticsearch families\n");
    assert.ok(start >= 0, "docs/scrape-jobs.md has a section ### elasticsearch families");
    const end = PAGE.indexOf("\n#", start + 1);
    return PAGE.slice(start, end < 0 ? undefined : end)
        .split("\n")
        .filter((l) => /^\| `[^`]+` \| (kept|dropped) \|/.test(l));
};
const codeRows = (table: readonly FamilyRule[]) => table.map((r) => `| \`${r.family}\` | ${r.keep ? "kept" : "dropped"} | ${r.why} |`);
const example = (family: string) => (family.endsWith("*") ? `${family.slice(0, -1)}example` : family);

describe("the elasticsearch job's family table (docs/scrape-jobs.md#elasticsearch-families)", () => {
    it("the docs table is the code's, row for row, with the code's reasons", () => {
        assert.deepStrictEqual(docsRows(), codeRows(ELASTICSEARCH_FAMILIES));
    });

    it("names each family once, every row has a reason, no dropped row matches a kept one", () => {
        const names = ELASTICSEARCH_FAMILIES.map((r) => r.family);
        assert.deepStrictEqual(names.filter((n, i) => names.indexOf(n) !== i), []);
        assert.ok(ELASTICSEARCH_FAMILIES.every((r) => r.why.length > 10));
        for (const kept of ELASTICSEARCH_FAMILIES.filter((r) => r.keep)) {
            assert.deepStrictEqual(ELASTICSEARCH_FAMILIES.filter((r) => !r.keep && matchesFamily(r, example(kept.family))).map((r) => r.family), [], kept.family);
        }
    });

    it("the job's one metric drop rule is exactly the dropped rows", () => {
        const job = parse(generatedPrometheusFiles(withStore()).prometheusYml).scrape_configs.find((j: any) => j.job_name === JOB);
        // The exporter's own cluster label becomes es_cluster, so the program's cluster label stays free (components/common/dashboards/cluster-variable.ts).
        assert.deepStrictEqual(job.metric_relabel_configs, [dropFamilies(ELASTICSEARCH_FAMILIES), { source_labels: ["cluster"], target_label: "es_cluster" }, { regex: "cluster", action: "labeldrop" }]);
        assert.strictEqual(job.metric_relabel_configs[0].regex, `(${ELASTICSEARCH_FAMILIES.filter((r) => !r.keep).map((r) => familyPattern(r.family)).join("|")})`);
    });

    for (const store of ["elasticsearch-oss", "opensearch"] as const) {
        it(`${store}: every family the exporter serves has a row, so none is kept by accident`, () => {
            const served = [...new Set(parseExposition(fs.readFileSync(exporterFixture(store), "utf8")).map((x) => x.name))];
            assert.deepStrictEqual(served.filter((n) => !ELASTICSEARCH_FAMILIES.some((r) => matchesFamily(r, n))), []);
        });

        it(`${store}: the committed fixture is what the generator writes (npm run fixture:elasticsearch-exporter), naming the exporter's tag`, () => {
            const text = fs.readFileSync(exporterFixture(store), "utf8");
            assert.strictEqual(text, elasticsearchExporterExposition(store));
            assert.match(text.split("\n")[0], /^# elasticsearch_exporter v1\.11\.0 /);
        });
    }

    it("the two stores' fixtures serve the same families: the alerts and the board read the same names for both", () => {
        const names = (file: string) => [...new Set(parseExposition(fs.readFileSync(file, "utf8")).map((x) => x.name))].sort();
        assert.deepStrictEqual(names(OPENSEARCH_EXPORTER_FIXTURE), names(ELASTICSEARCH_EXPORTER_FIXTURE));
    });
});

describe("the elasticsearch job on a real Prometheus, scraping the fixture", function () {
    let served: ExpositionServer | undefined;
    let scrape: JobScrape | undefined;
    const stack = withStore();
    const s = stack.metrics;
    const t = searchStoreExporterTarget(stack.searchStore)!;
    const pod = `${t.serviceName}-6c9f7-abcde`;

    before(async () => {
        served = await serveMetrics(fs.readFileSync(ELASTICSEARCH_EXPORTER_FIXTURE, "utf8"));
        scrape = await scrapeWithJob(stack, JOB, served.address, {
            namespace: t.namespace,
            service_name: t.serviceName,
            endpoint_port_name: t.portName,
            endpoint_ready: "true",
            endpoint_address_target_kind: "Pod",
            endpoint_address_target_name: pod,
            pod_name: pod,
        });
    });

    after(async () => {
        await scrape?.stop();
        await served?.close();
    });

    it("labels its target as the other own-component jobs do", () => {
        assert.deepStrictEqual(scrape!.targetLabels, { endpoint: "http", instance: served!.address, job: JOB, namespace: t.namespace, pod, service: t.serviceName });
    });

    it("stores every kept family the fixture serves and none of the dropped ones", () => {
        const stored = new Set(scrape!.stored.map((x) => x.name));
        const served = new Set(parseExposition(fs.readFileSync(ELASTICSEARCH_EXPORTER_FIXTURE, "utf8")).map((x) => x.name));
        for (const name of served) {
            const row = ELASTICSEARCH_FAMILIES.find((r) => matchesFamily(r, name))!;
            assert.strictEqual(stored.has(name), row.keep, `${name} (${row.family})`);
        }
        assert.ok(scrape!.samplesStored < scrape!.samplesScraped / 5, `${scrape!.samplesStored} of ${scrape!.samplesScraped} stored`);
    });
});
