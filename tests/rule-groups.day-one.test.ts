import * as assert from "assert";
import { isAlertingRule, Rule } from "../components/common/rules/types";
import { defaultAlertNames, defaultRuleGroups, everyDefaultGroupOf, stackRuleFiles } from "../stack/rule-groups";
import { prometheusRelease } from "../prometheus-releases/release-lines";
import { everyAlertSettings } from "./harness/alert-cases";
import { settingsWith } from "./harness/stack-config";

/**
 * Issue 29's day-one groups follow what the stack runs (docs/alerting.md#default-alerts): remote
 * write alerts per configured queue and in the release line's metric names, the Alertmanager
 * cluster alerts with more than one Alertmanager, the storage and certificate alerts with the
 * kubelet and apiserver jobs. The promtool cases are in tests/alert-rules.real.test.ts.
 */
const groupsOf = (s = settingsWith()) => defaultRuleGroups(s);
const alertNames = (s = settingsWith()) => groupsOf(s).flatMap((g) => g.rules.filter(isAlertingRule).map((r) => r.alert));
const group = (s: ReturnType<typeof settingsWith>, name: string) => groupsOf(s).find((g) => g.name === name);
const rule = (s: ReturnType<typeof settingsWith>, alert: string) => groupsOf(s).flatMap((g) => g.rules.filter(isAlertingRule)).find((r) => r.alert === alert);

const TARGETS = [{ url: "https://a.example.com/api/v1/write", queue: { maxShards: 50 } }, { url: "https://b.example.com/push" }];

describe("day-one alert groups follow the stack", () => {
    it("defaultAlertNames lists every alert of a stack with everything on, each name once", () => {
        const names = [...new Set(alertNames(everyAlertSettings()))].sort();
        assert.deepStrictEqual(names.filter((n) => !defaultAlertNames().includes(n)), []);
        assert.strictEqual(new Set(defaultAlertNames()).size, defaultAlertNames().length);
    });

    it("a stack's every group, with each of its rules, is in its release line's catalog: a component's stack groups and catalog groups come from one builder", () => {
        const ruleName = (r: Rule) => (isAlertingRule(r) ? `${r.alert}/${r.labels.severity}` : r.record);
        const stacks = [settingsWith(), everyAlertSettings(), settingsWith({ metrics: { image: "quay.io/prometheus/prometheus:v3.5.0", remoteWrite: TARGETS } }), settingsWith({ pushgateway: { enabled: true, pusherNamespaces: ["batch"] } })];
        for (const s of stacks) {
            const catalog = new Map(everyDefaultGroupOf(prometheusRelease(s.metrics)).map((g) => [g.name, new Set(g.rules.map(ruleName))]));
            const missing = defaultRuleGroups(s).flatMap((g) => g.rules.map(ruleName).filter((n) => !catalog.get(g.name)?.has(n)).map((n) => `${g.name}: ${n}`));
            assert.deepStrictEqual(missing, [], s.metrics.image);
        }
    });

    it("alertRules.disabled may name a new alert, and switches off every severity of it", () => {
        const s = settingsWith({ alertRules: { disabled: ["KubePersistentVolumeFillingUp"] } });
        const files = Object.values(stackRuleFiles(s)).join("\n");
        assert.ok(!files.includes("alert: KubePersistentVolumeFillingUp"));
        assert.ok(files.includes("alert: KubePersistentVolumeInodesFillingUp"));
        // The recording rules stay: dashboards and the inodes alert read them.
        assert.ok(files.includes("record: persistentvolumeclaim:kubelet_volume_stats_available_bytes:ratio"));
    });

    it("no remote-write alerts without metrics.remoteWrite", () => {
        assert.strictEqual(group(settingsWith(), "prometheus-remote-write"), undefined);
    });

    it("on 2.11, one desired-shards term per queue, named <index>:<url>, at its maxShards or 2.11's default 1000", () => {
        const s = settingsWith({ metrics: { remoteWrite: TARGETS } });
        assert.strictEqual(
            rule(s, "PrometheusRemoteWriteDesiredShards")!.expr,
            'min_over_time(prometheus_remote_storage_shards{job="monitor",queue="0:https://a.example.com/api/v1/write"}[5m]) >= 50 or ' +
                'min_over_time(prometheus_remote_storage_shards{job="monitor",queue="1:https://b.example.com/push"}[5m]) >= 1000',
        );
        assert.match(rule(s, "PrometheusRemoteStorageFailures")!.expr, /failed_samples_total.*succeeded_samples_total/);
        assert.match(rule(s, "PrometheusRemoteWriteBehind")!.expr, /ignoring \(queue\)/);
    });

    for (const image of ["quay.io/prometheus/prometheus:v2.53.5", "quay.io/prometheus/prometheus:v3.5.0"]) {
        it(`on ${image.split(":")[1]}, the renamed families and remote_name, url; no per-queue limit`, () => {
            const s = settingsWith({ metrics: { image, remoteWrite: TARGETS } });
            const exprs = group(s, "prometheus-remote-write")!.rules.map((r) => r.expr).join("\n");
            assert.match(exprs, /prometheus_remote_storage_samples_failed_total/);
            assert.match(exprs, /shards_desired.*> max_over_time\(prometheus_remote_storage_shards_max/);
            assert.match(exprs, /ignoring \(remote_name, url\)/);
            assert.doesNotMatch(exprs, /succeeded_samples_total|queue="|failed_samples_total/);
        });
    }

    it("Alertmanager cluster alerts only with more than one Alertmanager scraped", () => {
        const one = settingsWith({ alertmanager: { replicas: 1 } });
        const three = settingsWith({ alertmanager: { replicas: 3, storage: { mode: "storageClass" } } });
        assert.strictEqual(group(one, "alertmanager-cluster"), undefined);
        assert.ok(group(three, "alertmanager-cluster"));
        const unscraped = settingsWith({
            alertmanager: { replicas: 3, storage: { mode: "storageClass" } },
            metrics: { discoveryNamespaces: ["default", "monitoring"], scrapeNamespaces: ["default"] },
        });
        assert.strictEqual(group(unscraped, "alertmanager-cluster"), undefined);
    });

    it("storage and kubelet certificate alerts follow the kubelet job; client certificates the apiserver job", () => {
        const off = settingsWith({ metrics: { jobs: { kubelet: false, apiserver: false } } });
        const n = alertNames(off);
        assert.ok(!n.some((x) => x.startsWith("KubePersistentVolume") && x !== "KubePersistentVolumeErrors"));
        assert.ok(!n.some((x) => x.startsWith("Kubelet")));
        assert.ok(!n.includes("KubeClientCertificateExpiration"));
        assert.ok(n.includes("KubePersistentVolumeErrors"), "a kube-state-metrics alert");
    });

    it("without kube-state-metrics: no workload or volume-phase alerts, no ReadOnlyMany exemption, KubeletDown counts kubelet targets only", () => {
        const s = settingsWith({ kubeStateMetrics: { enabled: false } });
        const n = alertNames(s);
        for (const gone of ["KubePersistentVolumeErrors", "KubeHpaMaxedOut", "KubePdbNotEnoughHealthyPods", "KubeContainerWaiting", "KubeStateMetricsListErrors"]) {
            assert.ok(!n.includes(gone), gone);
        }
        assert.doesNotMatch(rule(s, "KubePersistentVolumeFillingUp")!.expr, /kube_/);
        assert.doesNotMatch(rule(s, "KubeletDown")!.expr, /kube_node_info/);
        assert.match(rule(settingsWith(), "KubeletDown")!.expr, /kube_node_info/);
    });

    it("every new alert links its runbooks.prometheus-operator.dev page, but the three that site has no page for, which point at docs/runbooks.md; all warn or page", () => {
        const day1 = ["kubernetes-storage", "kubernetes-persistent-volumes", "kubelet-certificates", "apiserver-certificates", "prometheus-remote-write", "alertmanager-cluster", "kube-state-metrics"];
        const rules = groupsOf(everyAlertSettings())
            .filter((g) => day1.includes(g.name) || g.name === "kubernetes-workloads")
            .flatMap((g) => g.rules.filter(isAlertingRule));
        // prometheus-operator/runbooks has no page for these three: their sections of docs/runbooks.md
        // (docs/alerting.md#runbooks), as a repository path while alertRules.runbookBaseUrl is unset.
        const own = rules.filter((r) => r.annotations.runbook_url === undefined);
        assert.deepStrictEqual(own.map((r) => r.alert).sort(), [
            "AlertmanagerClusterFailedPeers", "KubeDeploymentRolloutStuck", "KubePdbNotEnoughHealthyPods",
        ]);
        for (const r of own) {
            assert.strictEqual(r.annotations.runbook, `docs/runbooks.md#${r.alert.toLowerCase()}`, r.alert);
        }
        for (const r of rules.filter((x) => x.annotations.runbook_url !== undefined)) {
            assert.strictEqual(r.annotations.runbook_url, `https://runbooks.prometheus-operator.dev/runbooks/${r.annotations.runbook_url!.split("/").slice(-2)[0]}/${r.alert.toLowerCase()}`, r.alert);
            assert.ok(["warning", "critical"].includes(r.labels.severity), r.alert);
        }
    });
});
