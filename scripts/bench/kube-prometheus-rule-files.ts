/**
 * kube-prometheus' rules as the rule files a Prometheus loads, for npm run bench:scale to evaluate
 * them on the same TSDB as ours (test data, never product code). The expressions are
 * ./kube-prometheus-rule-exprs.ts' (v0.16.0, our job names), in their order; what that list leaves
 * out and evaluation cost depends on is restated here from the same source
 * (github.com/prometheus-operator/kube-prometheus, tag v0.16.0, commit
 * 7cf9c66d984c5f332e9ee22d03a7b09949dc8b20, manifests/*-prometheusRule.yaml):
 * - each group's interval: only kube-apiserver-availability.rules sets one (3m); the others run at
 *   the Prometheus' evaluation interval (prometheus-operator's default, 30s, as ours);
 * - the recording rules' `labels`, which keep two rules of one name (read and write, the three
 *   quantiles, the workload kinds) from writing the same series, listed in the order the rules of
 *   that group and name come (the eighth pod_owner rule has none).
 * Alerts' `for`, annotations and labels change no evaluation and are left out.
 */
import { stringify } from "yaml";
import { KUBE_PROMETHEUS_RULE_EXPRS } from "./kube-prometheus-rule-exprs";

export const KUBE_PROMETHEUS_GROUP_INTERVALS: Readonly<Record<string, string>> = { "kube-apiserver-availability.rules": "3m" };

const rw = [{ verb: "read" }, { verb: "write" }];
const quantiles = ["0.99", "0.9", "0.5"].map((quantile) => ({ quantile }));

/** group -> record -> the labels of its first, second ... rule. */
const RECORD_LABELS: Readonly<Record<string, Readonly<Record<string, ReadonlyArray<Record<string, string>>>>>> = {
    "kube-apiserver-availability.rules": {
        "code:apiserver_request_total:increase30d": rw,
        "apiserver_request:availability30d": [{ verb: "all" }, ...rw],
        "code_resource:apiserver_request_total:rate5m": rw,
    },
    "kube-apiserver-burnrate.rules": Object.fromEntries(["1d", "1h", "2h", "30m", "3d", "5m", "6h"].map((w) => [`apiserver_request:burnrate${w}`, rw])),
    "kube-apiserver-histogram.rules": { "cluster_quantile:apiserver_request_sli_duration_seconds:histogram_quantile": rw.map((l) => ({ quantile: "0.99", ...l })) },
    "k8s.rules.pod_owner": {
        "namespace_workload_pod:kube_pod_owner:relabel": ["replicaset", "deployment", "daemonset", "statefulset", "job", "barepod", "staticpod"].map((workload_type) => ({ workload_type })),
    },
    "kube-scheduler.rules": Object.fromEntries(
        ["e2e_scheduling", "scheduling_algorithm", "binding"].map((n) => [`cluster_quantile:scheduler_${n}_duration_seconds:histogram_quantile`, quantiles]),
    ),
    "kubelet.rules": { "node_quantile:kubelet_pleg_relist_duration_seconds:histogram_quantile": quantiles },
};

/** Rule file name -> text, one file per kube-prometheus PrometheusRule, `prefix` before each name. */
export function kubePrometheusRuleFiles(prefix: string): Record<string, string> {
    const files = new Map<string, Map<string, object[]>>();
    const seen = new Map<string, number>();
    for (const r of KUBE_PROMETHEUS_RULE_EXPRS) {
        const groups = files.get(r.file) ?? new Map<string, object[]>();
        files.set(r.file, groups);
        const rules = groups.get(r.group) ?? [];
        groups.set(r.group, rules);
        if (r.kind === "alert") {
            rules.push({ alert: r.name, expr: r.expr });
            continue;
        }
        const key = `${r.group}\u0000${r.name}`;
        const nth = seen.get(key) ?? 0;
        seen.set(key, nth + 1);
        const labels = RECORD_LABELS[r.group]?.[r.name]?.[nth];
        rules.push({ record: r.name, expr: r.expr, ...(labels ? { labels } : {}) });
    }
    return Object.fromEntries(
        [...files.entries()].map(([file, groups]) => [
            `${prefix}${file}.yml`,
            stringify({
                groups: [...groups.entries()].map(([name, rules]) => ({
                    name,
                    ...(KUBE_PROMETHEUS_GROUP_INTERVALS[name] ? { interval: KUBE_PROMETHEUS_GROUP_INTERVALS[name] } : {}),
                    rules,
                })),
            }),
        ]),
    );
}
