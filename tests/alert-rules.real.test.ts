import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse, stringify } from "yaml";
import { AlertingRule, isAlertingRule, RuleGroup } from "../components/common/rules/types";
import { ruleFiles } from "../components/common/rules/rule-files";
import { defaultRuleGroups, stackRuleFiles } from "../stack/rule-groups";
import { analyzePromql } from "../prometheus-releases/promql";
import { ALERTING_RULE_FIELDS_2_11, GROUP_FIELDS_2_11, RECORDING_RULE_FIELDS_2_11 } from "../components/common/rules/types";
import { scrapeJobs } from "../stack/scrape-jobs";
import { APISERVER_FAMILIES } from "../components/apiserver/families";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { CONTROLLER_MANAGER_FAMILIES } from "../components/control-plane/controller-manager-families";
import { COREDNS_FAMILIES } from "../components/control-plane/coredns-families";
import { ELASTICSEARCH_FAMILIES } from "../components/search-store/exporter-families";
import { FamilyRule, matchesFamily } from "../components/common/scrape/family-rules";
import { KUBELET_FAMILIES } from "../components/kubelet/families";
import { KUBE_PROXY_FAMILIES } from "../components/control-plane/kube-proxy-families";
import { SCHEDULER_FAMILIES } from "../components/control-plane/scheduler-families";
import { KUBE_STATE_METRICS_FAMILIES, KUBE_STATE_METRICS_TELEMETRY_FAMILIES } from "../components/kube-state-metrics/families";
import { NODE_EXPORTER_FAMILIES } from "../components/node-exporter/families";
import { Settings, SEVERITIES } from "../config";
import { ALERT_CASES, casesOf, everyAlertSettings } from "./harness/alert-cases";
import { firesRule } from "./harness/alert-case-format";
import { CADVISOR_FIXTURE, parseExposition } from "./harness/cadvisor-scrape";
import { promtool, promtoolAsync, tempDir } from "./harness/prometheus";
import { inPool } from "./harness/pool";
import { unitTest } from "./harness/alert-unit-test";
import { settingsWith } from "./harness/stack-config";

/**
 * The default alerts on Debian's promtool: every rule file passes `promtool check rules`, every
 * alert fires in one `promtool test rules` case and stays silent in another, and every alert
 * only reads series that our scrape config keeps and that v2.11.1 can evaluate.
 */
const settings = everyAlertSettings();
const groups = defaultRuleGroups(settings);
/** Alertmanager's job label while the self-monitoring job scrapes it: its Service name, while the metrics namespace is scraped. */
const alertmanagerJob = settings.alertmanager.enabled && settings.metrics.scrapeNamespaces.includes(settings.metrics.namespace) ? settings.alertmanager.name : undefined;
const alerts = groups.flatMap((g) => g.rules.filter(isAlertingRule));
/** An alert's rules by name: one, or one per severity (a warning and a critical threshold). */
const rulesNamed = (rules: readonly AlertingRule[], name: string) => rules.filter((r) => r.alert === name);
const uniqueNames = (rules: readonly AlertingRule[]) => [...new Set(rules.map((r) => r.alert))];
const files = stackRuleFiles(settings);

/**
 * The other groups that record a name `group`'s alerts read (the API server's long burn-rate
 * windows are a group of their own, with a longer interval, read by the budget alerts): promtool
 * evaluates every group at every step, these first (group_eval_order), as Prometheus would have
 * by the time the alert reads them.
 */
function recordingGroupsRead(group: RuleGroup): RuleGroup[] {
    const reads = (expr: string, name: string) => new RegExp(`(?<![\\w:])${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w:])`).test(expr);
    return groups.filter((g) => g !== group && g.rules.some((r) => "record" in r && group.rules.some((x) => isAlertingRule(x) && reads(x.expr, r.record))));
}

function writeFiles(dir: string, contents: Record<string, string>): string[] {
    return Object.entries(contents).map(([name, text]) => {
        const file = path.join(dir, name);
        fs.writeFileSync(file, text);
        return file;
    });
}

describe("default alert rules", () => {
    it("cover the issue's table with every job and component on", () => {
        const names = alerts.map((a) => a.alert);
        for (const expected of [
            "PrometheusBadConfig", "PrometheusRuleFailures", "PrometheusErrorSendingAlertsToSomeAlertmanagers", "PrometheusErrorSendingAlertsToAnyAlertmanager", "PrometheusTSDBCompactionsFailing",
            "PrometheusTSDBWALCorruptions", "TargetDown", "Watchdog", "KubeNodeNotReady", "NodeFilesystemAlmostOutOfSpace",
            "NodeFilesystemSpaceFillingUp", "NodeFilesystemAlmostOutOfFiles", "NodeMemoryHighUtilization", "KubeNodePressure",
            "NodeClockSkewDetected", "NodeSystemSaturation", "KubePodCrashLooping", "KubePodNotReady", "KubeDeploymentReplicasMismatch",
            "KubeStatefulSetReplicasMismatch", "KubeDaemonSetNotScheduled", "KubeJobFailed", "KubeContainerOOMKilled", "CPUThrottlingHigh",
            "KubeAPIDown", "KubeAPIErrorBudgetBurn", "KubeletDown", "etcdNoLeader", "etcdMembersDown", "etcdHighFsyncDurations",
            "FluentdDown", "FluentdBufferNearlyFull", "FluentdRetriesGrowing", "FluentdNoRecordsEmitted",
            "CoreDNSDown", "CoreDNSErrorsHigh", "CoreDNSLatencyHigh", "KubeSchedulerDown", "KubeSchedulerBacklog",
            "KubeControllerManagerDown", "KubeControllerManagerWorkQueueBacklog", "KubeProxyDown", "KubeProxySyncFailing", "KubeProxySyncStalled",
        ]) {
            assert.ok(names.includes(expected), `${expected} is missing`);
        }
        // Rules of one name differ in their labels: a severity, or the burn-rate pair's windows.
        const rules = alerts.map((a) => `${a.alert} ${JSON.stringify(Object.entries(a.labels).sort())}`);
        assert.strictEqual(new Set(rules).size, rules.length, "two rules of one name carry different labels");
    });

    it("every alert has a firing and a silent promtool case (tests/harness/alert-cases.ts), and no case is stale", () => {
        const names = uniqueNames(alerts).sort();
        assert.deepStrictEqual(Object.keys(ALERT_CASES).sort(), names);
        // An alert with a warning and a critical rule fires at each severity in some case.
        for (const a of alerts) {
            const fired = casesOf(ALERT_CASES[a.alert]).some((k) => k.fires && firesRule(k.case, a.labels));
            assert.ok(fired, `${a.alert}: no case fires at severity ${a.labels.severity}`);
        }
        for (const [name, c] of Object.entries(ALERT_CASES)) {
            assert.ok(c.silent !== null || c.why, `${name} has no silent case and no reason why`);
        }
    });

    it("every alert has a severity, a summary and a description; runbooks are https links", () => {
        for (const a of alerts) {
            assert.ok((SEVERITIES as readonly string[]).includes(a.labels.severity), a.alert);
            assert.ok(a.annotations.summary.length > 0 && a.annotations.description.length > 0, a.alert);
            if (a.annotations.runbook_url !== undefined) {
                assert.match(a.annotations.runbook_url, /^https:\/\/runbooks\.prometheus-operator\.dev\/runbooks\/[a-z-]+\/[a-z0-9]+$/);
            }
            for (const text of Object.values(a.annotations)) {
                // Only {{ $labels.x }}: the unit tests can then derive every expected annotation.
                assert.strictEqual(text.replace(/\{\{ \$labels\.[a-zA-Z_][a-zA-Z0-9_]* \}\}/g, "").includes("{{"), false, `${a.alert}: ${text}`);
            }
        }
    });

    it("keep k8s.yml empty and put each group in a file of its own", () => {
        const rendered = Object.keys(files);
        assert.deepStrictEqual(rendered.sort(), groups.map((g) => `defaults-${g.name}.yml`).sort());
    });

    it("pass promtool check rules, file by file", () => {
        const dir = tempDir("rules");
        for (const file of writeFiles(dir, files)) {
            promtool("check", "rules", file);
        }
    });

    it("fire and stay silent as promtool test rules expects, for every alert", async function () {
        const dir = tempDir("rule-tests");
        writeFiles(dir, files);
        const testFiles = groups.map((group) => {
            const rules = group.rules.filter(isAlertingRule);
            const tests = uniqueNames(rules).flatMap((name) =>
                casesOf(ALERT_CASES[name]).map((k) => ({ ...unitTest(rulesNamed(rules, name), k.case, k.fires), name: `${name} ${k.name}` })),
            );
            const testFile = path.join(dir, `test-${group.name}.yml`);
            const read = recordingGroupsRead(group);
            const order = [...read, group].map((g) => g.name);
            fs.writeFileSync(
                testFile,
                stringify({ rule_files: order.map((name) => `defaults-${name}.yml`), evaluation_interval: "1m", ...(read.length > 0 ? { group_eval_order: order } : {}), tests }, { lineWidth: 0 }),
            );
            return { testFile, cases: tests.length };
        });
        // One promtool per group file, a CPU's worth at a time; the groups with the most cases
        // (the longest runs) start first so that a short one finishes last.
        const byCases = [...testFiles].sort((a, b) => b.cases - a.cases);
        const outcomes = await inPool(byCases, (f) => promtoolAsync("test", "rules", f.testFile).then(() => undefined, (e) => String(e)));
        const failures = testFiles.map((f) => outcomes[byCases.indexOf(f)]).filter((e): e is string => e !== undefined);
        assert.deepStrictEqual(failures, []);
    });

    it("a wrong expectation fails promtool test rules, so the cases can fail", () => {
        const dir = tempDir("rule-tests-wrong");
        writeFiles(dir, files);
        const rule = alerts.find((a) => a.alert === "KubeJobFailed")!;
        // The silent case's series, expected to fire.
        const testFile = path.join(dir, "wrong.yml");
        const tests = [unitTest([rule], { ...ALERT_CASES.KubeJobFailed.silent!, labels: ALERT_CASES.KubeJobFailed.fires.labels }, true)];
        fs.writeFileSync(testFile, stringify({ rule_files: ["defaults-kubernetes-workloads.yml"], evaluation_interval: "1m", tests }));
        assert.throws(() => promtool("test", "rules", testFile), /KubeJobFailed/);
    });
});

/** The Kubernetes components' family tables: what an alert reads there must be a kept row. */
const CONTROL_PLANE_TABLES: Record<string, readonly FamilyRule[]> = {
    apiserver: APISERVER_FAMILIES,
    kubelet: KUBELET_FAMILIES,
    coredns: COREDNS_FAMILIES,
    "kube-scheduler": SCHEDULER_FAMILIES,
    "kube-controller-manager": CONTROLLER_MANAGER_FAMILIES,
    "kube-proxy": KUBE_PROXY_FAMILIES,
    elasticsearch: ELASTICSEARCH_FAMILIES,
    "kube-state-metrics-telemetry": KUBE_STATE_METRICS_TELEMETRY_FAMILIES,
};

describe("what the default alerts read", () => {
    const jobNames = new Set(scrapeJobs(settings).map((j) => j.job_name));
    const fixtureNames = (file: string) => new Set(parseExposition(fs.readFileSync(file, "utf8")).map((s) => s.name));
    const cadvisor = fixtureNames(CADVISOR_FIXTURE);
    // The busy node's fixture adds what this machine lacks: a software RAID array and a bond (scripts/generate-busy-fixtures.ts).
    const nodeExporter = new Set([...fixtureNames(path.join(__dirname, "fixtures", "node-exporter-metrics.txt")), ...fixtureNames(path.join(__dirname, "fixtures", "busy", "node-exporter-metrics.txt"))]);
    const ksm = fixtureNames(path.join(__dirname, "fixtures", "kube-state-metrics-metrics.txt"));
    /**
     * ALERTS (Prometheus' own series of its alerts), jobs without family filters, and the families their
     * targets serve (Prometheus, etcd, fluentd's plugin, Grafana's request histogram, the long-term store's vm_*, which
     * tests/long-term-store.real.test.ts reads from the binary, the config reloader's reloader_*, thanos' pkg/reloader
     * families of prometheus-config-reloader v0.93.0, whose job keeps every family).
     */
    const UNFILTERED = /^(ALERTS|up|prometheus_[a-z_]+|probe_[a-z_]+|alertmanager_[a-z_]+|process_start_time_seconds|etcd_server_has_leader|etcd_disk_wal_fsync_duration_seconds_bucket|etcd_network_peer_sent_failures_total|fluentd_output_status_[a-z_]+|grafana_http_request_duration_seconds_count|vm_[a-z_]+|reloader_[a-z_]+)$/;

    // A series our own recording rules write is checked through the rule that records it.
    const recorded = new Set(groups.flatMap((g) => g.rules.flatMap((r) => ("record" in r ? [r.record] : []))));
    for (const rule of groups.flatMap((g) => g.rules)) {
        const a = { alert: "alert" in rule ? rule.alert : rule.record, expr: rule.expr };
        it(`${a.alert}: every selector names a job we run and a series that job keeps`, () => {
            const { selectors } = analyzePromql(a.expr);
            assert.ok(selectors.length > 0 || a.alert === "Watchdog");
            // A selector on several jobs (`job=~"kubelet|kube-proxy"`, a plain alternation of names) is checked job by job.
            const perJob = selectors.flatMap((sel) => {
                const alternation = sel.matchers.find((m) => m.label === "job" && m.op === "=~" && /^[a-z0-9-]+(\|[a-z0-9-]+)+$/.test(m.value));
                return alternation === undefined ? [sel] : alternation.value.split("|").map((job) => ({ ...sel, matchers: [...sel.matchers.filter((m) => m !== alternation), { ...alternation, op: "=", value: job }] }));
            });
            for (const sel of perJob.filter((x) => !recorded.has(x.metric!))) {
                const metric = sel.metric!;
                const job = sel.matchers.find((m) => m.label === "job" && m.op === "=")?.value;
                if (job !== undefined) {
                    // The self-monitoring job labels Prometheus and Alertmanager with their Service names.
                    assert.ok(jobNames.has(job) || job === settings.metrics.name || job === alertmanagerJob, `${a.alert}: job ${job} is not scraped`);
                }
                if (metric.startsWith("container_")) {
                    const row = CADVISOR_FAMILIES.find((f) => f.name === metric);
                    assert.ok(row?.keep, `${a.alert}: the cadvisor job drops ${metric}`);
                    assert.ok(cadvisor.has(metric), `${a.alert}: ${metric} is not in the cAdvisor fixture`);
                    assert.ok(sel.matchers.some((m) => m.label === "container" && m.op === "!=" && m.value === ""), `${a.alert}: only container series are kept`);
                } else if (metric.startsWith("node_")) {
                    assert.ok(!NODE_EXPORTER_FAMILIES.some((r) => !r.keep && matchesFamily(r, metric)), `${a.alert}: the node-exporter job drops ${metric}`);
                    assert.ok(nodeExporter.has(metric), `${a.alert}: ${metric} is not in the node-exporter fixture`);
                } else if (metric.startsWith("kube_") && job !== "kube-state-metrics-telemetry") {
                    assert.ok(!KUBE_STATE_METRICS_FAMILIES.some((r) => !r.keep && matchesFamily(r, metric)), `${a.alert}: the kube-state-metrics job drops ${metric}`);
                    assert.ok(ksm.has(metric), `${a.alert}: ${metric} is not in the kube-state-metrics fixture`);
                } else if (job !== undefined && job in CONTROL_PLANE_TABLES && metric !== "up") {
                    const table = CONTROL_PLANE_TABLES[job];
                    assert.ok(!table.some((r) => !r.keep && matchesFamily(r, metric)), `${a.alert}: the ${job} job drops ${metric}`);
                    assert.ok(table.some((r) => r.keep && matchesFamily(r, metric)), `${a.alert}: ${metric} has no kept row in the ${job} table`);
                } else {
                    assert.match(metric, UNFILTERED, `${a.alert}: ${metric} comes from no job we know`);
                }
            }
        });
    }

    it("the check catches a dropped series: container_cpu_load_average_10s is dropped", () => {
        assert.strictEqual(CADVISOR_FAMILIES.find((f) => f.name === "container_cpu_load_average_10s")?.keep, false);
        assert.ok(NODE_EXPORTER_FAMILIES.some((r) => !r.keep && matchesFamily(r, "node_cpu_scaling_frequency_hertz")));
    });
});

describe("Prometheus v2.11.1 accepts every rule", () => {
    const everyFile = (g: RuleGroup[]) => g;
    it("every expression parses and uses only v2.11.1 functions, aggregations and syntax", () => {
        for (const g of everyFile(groups)) {
            for (const r of g.rules) {
                const { problems, functions } = analyzePromql(r.expr);
                assert.deepStrictEqual(problems, [], `${g.name}: ${r.expr}`);
                assert.ok(functions.every((f) => f.length > 0));
            }
        }
    });

    it("every group and rule field of the generated files is a v2.11.1 field", () => {
        for (const text of Object.values(files)) {
            for (const g of parse(text).groups) {
                assert.deepStrictEqual(Object.keys(g).filter((k) => !(GROUP_FIELDS_2_11 as readonly string[]).includes(k)), []);
                for (const r of g.rules) {
                    const allowed: readonly string[] = "alert" in r ? ALERTING_RULE_FIELDS_2_11 : RECORDING_RULE_FIELDS_2_11;
                    assert.deepStrictEqual(Object.keys(r).filter((k) => !allowed.includes(k)), [], JSON.stringify(r));
                }
            }
        }
    });

    for (const [expr, feature] of [
        ["last_over_time(up[5m])", "last_over_time"],
        ["present_over_time(up[5m])", "present_over_time"],
        ["group by (job) (up)", "group"],
        ["up @ 1609746000", "@ modifier"],
        ["absent_over_time(up[5m])", "absent_over_time"],
        ["clamp(up, 0, 1)", "clamp"],
        ["rate(up[5m] offset -1m)", "-1m"],
        ["rate(up[1h30m])", "1h30m"],
    ]) {
        it(`refuses ${feature}, which came after v2.11`, () => {
            const { problems } = analyzePromql(expr);
            assert.ok(problems.some((p) => p.includes(feature)), `${expr}: ${problems.join("; ")}`);
        });
    }
});

describe("groups follow the jobs and components that are on", () => {
    const names = (s = settingsWith()) => defaultRuleGroups(s).flatMap((g) => g.rules.filter(isAlertingRule).map((r) => r.alert));
    it("no etcd alerts while the etcd job is off (the default)", () => {
        assert.ok(!names().some((n) => n.startsWith("etcd")));
    });
    it("no node alerts without node-exporter, no workload alerts without kube-state-metrics", () => {
        const n = names(settingsWith({ nodeExporter: { enabled: false }, kubeStateMetrics: { enabled: false } }));
        // KubeNodeEviction reads the kubelet's own eviction counter, not kube-state-metrics.
        assert.ok(!n.some((x) => x.startsWith("Node") || (x.startsWith("KubeNode") && x !== "KubeNodeEviction") || x.startsWith("KubePod")));
    });
    it("no notification alerts without Alertmanager, no log agent alerts without its job", () => {
        const n = names(settingsWith({ alertmanager: { enabled: false }, metrics: { jobs: { logAgent: false } } }));
        assert.ok(!n.some((x) => x.startsWith("PrometheusErrorSendingAlerts")) && !n.some((x) => x.startsWith("Fluentd")));
    });
    it("Alertmanager's own alerts only while the self-monitoring job scrapes its namespace", () => {
        assert.ok(names().includes("AlertmanagerFailedReload"));
        const elsewhere = settingsWith({ metrics: { discoveryNamespaces: ["default", "monitoring"], scrapeNamespaces: ["default"] } });
        assert.ok(!names(elsewhere).some((n) => n.startsWith("Alertmanager")));
    });

    it("Grafana's alert only with Grafana; PrometheusTargetSyncFailure, on a family 2.11 lacks, only on later lines; PrometheusKubernetesListWatchFailures on every line, from the line's family", () => {
        assert.ok(!names().includes("GrafanaRequestsFailing"));
        assert.ok(names(everyAlertSettings()).includes("GrafanaRequestsFailing"));
        const lineOnly = ["PrometheusTargetSyncFailure"];
        assert.deepStrictEqual(lineOnly.filter((n) => names().includes(n)), []);
        const listWatch = (s: Settings) => defaultRuleGroups(s).flatMap((g) => g.rules.filter(isAlertingRule)).find((r) => r.alert === "PrometheusKubernetesListWatchFailures")?.expr;
        // v2.11.1 discovery/kubernetes/client_metrics.go: client-go's request results by status_code.
        assert.match(listWatch(settingsWith()) ?? "", /prometheus_sd_kubernetes_http_request_total\{job="monitor",status_code=~"<error>\|5\.\.\|4\(0\.\|1\[1-9\]\|\[2-9\]\.\)"\}/);
        for (const image of ["quay.io/prometheus/prometheus:v2.53.5", "quay.io/prometheus/prometheus:v3.5.0"]) {
            assert.deepStrictEqual(lineOnly.filter((n) => names(settingsWith({ metrics: { image } })).includes(n)), lineOnly, image);
            assert.match(listWatch(settingsWith({ metrics: { image } })) ?? "", /^increase\(prometheus_sd_kubernetes_failures_total\{job="monitor"\}\[5m\]\) > 0$/, image);
        }
    });

    it("the self-monitoring alerts follow metrics.name, the job label of Prometheus itself", () => {
        const g = defaultRuleGroups(settingsWith({ metrics: { name: "prom" } }))[0];
        assert.match(g.rules[0].expr, /job="prom"/);
    });
});
