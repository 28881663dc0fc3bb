import { s, text } from "./alert-case-format";
import type { RecordCase } from "./alert-cases-day-one";
import { TARGET_COUNTS } from "../../components/prometheus/target-count-rules";
import { POD_NODE } from "../../components/kube-state-metrics/pod-node-rules";
import { GRAFANA_REQUESTS } from "../../components/grafana/request-rules";
import { SCHEDULER_QUANTILES } from "../../components/control-plane/scheduler-rules";
import { APISERVER_REQUESTS_BY_CODE_RESOURCE } from "../../components/apiserver/request-rate-rules";
import { APISERVER_SLI_P99 } from "../../components/apiserver/latency-rules";
import { KUBELET_PLEG_QUANTILE } from "../../components/kubelet/pleg-rules";

/**
 * The cases of the records issue 42 added under kube-prometheus' names outside the node-exporter
 * and API server groups (those have theirs in node-record-cases.ts and
 * tests/apiserver-availability.real.test.ts): the targets up and down per job, and each pod's node.
 */

/** `up` as Prometheus writes it for a target of the kubelet job and of a team's job. */
const up = (labels: Record<string, string>, value: 0 | 1) => s(`up{${text(labels)}}`, `${value}+0x5`);
const kubelet = (node: string) => ({ job: "kubelet", instance: `${node}:10250`, node, metrics_path: "/metrics" });
const team = (pod: string) => ({ job: "shop", namespace: "shop", service: "shop", instance: `10.1.0.${pod.length}:8080`, pod });
/** Three kubelets, one down; the shop's two pods, both up. */
const targets = [up(kubelet("node-1"), 1), up(kubelet("node-2"), 1), up(kubelet("node-3"), 0), up(team("shop-a"), 1), up(team("shop-bb"), 1)];

/** kube_pod_info as kube-state-metrics writes it (its HELP names every label); the pod's node is what the record keeps. */
const podInfo = (pod: string, node: string, instance = "10.2.0.5:8080") =>
    s(
        `kube_pod_info{${text({ job: "kube-state-metrics", instance, namespace: "shop", pod, uid: `uid-${pod}`, host_ip: "192.168.0.11", pod_ip: "10.1.0.9", node, created_by_kind: "ReplicaSet", created_by_name: "web-5d8f", priority_class: "", host_network: "false" })}}`,
        "1+0x5",
    );

/** Grafana's request counter as it writes it (tests/fixtures/grafana/grafana-metrics.txt), from the grafana job's pod. */
const grafanaRequests = (handler: string, method: string, code: string, source: string, perMinute: number, job = "grafana") =>
    s(
        `grafana_http_request_duration_seconds_count{${text({ job, namespace: "monitoring", pod: "grafana-6f7c9-abcde", instance: "10.1.0.7:3000", handler, method, slo_group: "", status_code: code, status_source: source })}}`,
        `0+${perMinute}x10`,
    );

/**
 * One scheduler histogram on two control-plane nodes, as the kube-scheduler job labels it, each
 * node serving half of it. Summed, per second: 50 within the first bound, 90 within the second,
 * 98 within the third, all 100 within the fourth. The 50th is 50 of 100 at the first bound, the
 * 90th at the second; the 99th lies halfway (1 of 2) through the fourth bucket.
 */
const BOUNDS = ["0.25", "0.5", "1", "2", "+Inf"];
const PER_SECOND = [50, 90, 98, 100, 100];
function schedulerHistogram(family: string, labels: Record<string, string>): RecordCase[] {
    const node = (n: string) => ({ job: "kube-scheduler", namespace: "kube-system", pod: `kube-scheduler-${n}`, node: n, instance: n, ...labels });
    const series = ["cp-1", "cp-2"].flatMap((n) => BOUNDS.map((le, i) => s(`${family}_bucket{${text({ ...node(n), le })}}`, `0+${PER_SECOND[i] * 30}x10`)));
    // Another job's histogram of the same name, all slow: the quantiles would move if it were summed in.
    series.push(s(`${family}_bucket{${text({ job: "team-scheduler", instance: "x", ...labels, le: "+Inf" })}}`, "0+6000x10"));
    return [{ series, at: "10m", expect: [["0.99", 1.5], ["0.9", 0.5], ["0.5", 0.25]].map(([quantile, value]) => ({ labels: { job: "kube-scheduler", namespace: "kube-system", ...labels, quantile: String(quantile) }, value: Number(value) })) }];
}

/** The API server's request counter and latency buckets, labelled as it writes them. */
const apiLabels = (instance: string, verb: string, resource: string, subresource = "") => ({ job: "apiserver", instance, namespace: "default", service: "kubernetes", component: "apiserver", group: "", version: "v1", verb, resource, subresource, scope: "namespace", dry_run: "" });
const apiRequests = (instance: string, verb: string, resource: string, code: string, perMinute: number, job = "apiserver") =>
    s(`apiserver_request_total{${text({ ...apiLabels(instance, verb, resource), job, code })}}`, `0+${perMinute}x10`);
/** The bounds the apiserver job keeps (families.ts), each bucket's count per second times 60 a minute. */
const KEPT_BOUNDS = ["0.05", "0.1", "0.2", "1", "2", "5", "10", "30", "+Inf"];
const apiBuckets = (labels: Record<string, string>, perSecond: readonly number[]) => KEPT_BOUNDS.map((le, i) => s(`apiserver_request_sli_duration_seconds_bucket{${text({ ...labels, le })}}`, `0+${perSecond[i] * 60}x10`));

/**
 * The PLEG relist histogram of two kubelets as the kubelet job stores it (instance and node the
 * node's name; the kubelet's own node label on kubelet_node_name kept as exported_node), node-1's
 * bounds as 2.x writes them, node-2's as 3.x does (le="1.0"). 100 relists a second (whole counts, so
 * every rate and share is exact), cumulative: node-1 has half its relists within 0.5 s, 90 % within 2.5 s, 99 % within 5 s; node-2 the same at 1, 5 and
 * 10 s, so its quantiles are 1, 5 and 10 s. A team's histogram of the same name is left out.
 */
const PLEG_BOUNDS_2 = ["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1", "2.5", "5", "10", "+Inf"];
const PLEG_BOUNDS_3 = ["0.005", "0.01", "0.025", "0.05", "0.1", "0.25", "0.5", "1.0", "2.5", "5.0", "10.0", "+Inf"];
const plegNode = (node: string, bounds: readonly string[], perSecond: readonly number[]) => [
    ...bounds.map((le, i) => s(`kubelet_pleg_relist_duration_seconds_bucket{${text({ job: "kubelet", instance: node, node, le })}}`, `0+${perSecond[i] * 60}x10`)),
    s(`kubelet_node_name{${text({ job: "kubelet", instance: node, node, exported_node: node })}}`, "1+0x10"),
];
const plegSeries = [
    ...plegNode("node-1", PLEG_BOUNDS_2, [0, 0, 0, 0, 0, 0, 50, 50, 90, 99, 100, 100]),
    ...plegNode("node-2", PLEG_BOUNDS_3, [0, 0, 0, 0, 0, 0, 0, 50, 50, 90, 99, 100]),
    s(`kubelet_pleg_relist_duration_seconds_bucket{${text({ job: "team-kubelet", instance: "node-1", le: "+Inf" })}}`, "0+6000x10"),
];
const plegExpect = (node: string, values: readonly [number, number, number]) =>
    (["0.99", "0.9", "0.5"] as const).map((quantile, i) => ({ labels: { instance: node, node, quantile }, value: values[i] }));

export const KUBE_PROMETHEUS_RECORD_CASES: Record<string, RecordCase[]> = {
    // Per job, across instances: the kubelet's path label stays, the shop's namespace and service too.
    [TARGET_COUNTS.up]: [
        {
            series: targets,
            at: "5m",
            expect: [
                { labels: { job: "kubelet", metrics_path: "/metrics" }, value: 2 },
                { labels: { job: "shop", namespace: "shop", service: "shop" }, value: 2 },
            ],
        },
    ],
    // Only the kubelet job has a target down; the shop has no count:up0 series at all.
    [TARGET_COUNTS.down]: [{ series: targets, at: "5m", expect: [{ labels: { job: "kubelet", metrics_path: "/metrics" }, value: 1 }] }],
    // Per handler and code: GET and POST of one handler added up, the status source summed away; another job's Grafana left out.
    [GRAFANA_REQUESTS]: [
        {
            series: [
                grafanaRequests("/api/dashboards/uid/:uid", "GET", "200", "server", 60),
                grafanaRequests("/api/dashboards/uid/:uid", "POST", "200", "server", 30),
                grafanaRequests("/api/ds/query", "POST", "500", "downstream", 15),
                grafanaRequests("/api/ds/query", "POST", "500", "server", 15),
                grafanaRequests("/api/health", "GET", "200", "server", 600, "team-grafana"),
            ],
            at: "10m",
            expect: [
                { labels: { namespace: "monitoring", job: "grafana", handler: "/api/dashboards/uid/:uid", status_code: "200" }, value: 1.5 },
                { labels: { namespace: "monitoring", job: "grafana", handler: "/api/ds/query", status_code: "500" }, value: 0.5 },
            ],
        },
    ],
    // As kube-scheduler labels them: attempts by profile and result, the algorithm with no label, the SLI by attempt count.
    [SCHEDULER_QUANTILES.attempt]: schedulerHistogram("scheduler_scheduling_attempt_duration_seconds", { profile: "default-scheduler", result: "scheduled" }),
    [SCHEDULER_QUANTILES.algorithm]: schedulerHistogram("scheduler_scheduling_algorithm_duration_seconds", {}),
    [SCHEDULER_QUANTILES.podSli]: schedulerHistogram("scheduler_pod_scheduling_sli_duration_seconds", { attempts: "1" }),
    // Per class, code and resource, summed over instances: reads of pods 1.5/s (two API servers) and 0.2/s 404, of secrets 0.5/s;
    // writes of pods 0.05/s 500. WATCH is neither class; another job's requests are left out.
    [APISERVER_REQUESTS_BY_CODE_RESOURCE]: [
        {
            series: [
                apiRequests("10.0.0.1:6443", "GET", "pods", "200", 60),
                apiRequests("10.0.0.2:6443", "GET", "pods", "200", 30),
                apiRequests("10.0.0.1:6443", "LIST", "secrets", "200", 30),
                apiRequests("10.0.0.1:6443", "GET", "pods", "404", 12),
                apiRequests("10.0.0.2:6443", "POST", "pods", "500", 3),
                apiRequests("10.0.0.1:6443", "WATCH", "pods", "200", 600),
                apiRequests("10.0.0.9:6443", "GET", "pods", "200", 60, "other"),
            ],
            at: "10m",
            expect: [
                { labels: { verb: "read", code: "200", resource: "pods" }, value: 1.5 },
                { labels: { verb: "read", code: "404", resource: "pods" }, value: 0.2 },
                { labels: { verb: "read", code: "200", resource: "secrets" }, value: 0.5 },
                { labels: { verb: "write", code: "500", resource: "pods" }, value: 0.05 },
            ],
        },
    ],
    // Reads of pods, per second over two API servers: 98 of 100 within 1 s, all within 2 s, so the 99th at 1.5 s; their
    // logs (a stream, all over 30 s) left out. Writes of events: 98 within 2 s, all within 5: 3.5 s. A resource without
    // requests has no row (NaN is not > 0).
    [APISERVER_SLI_P99]: [
        {
            series: [
                ...apiBuckets(apiLabels("10.0.0.1:6443", "GET", "pods"), [25, 30, 35, 49, 50, 50, 50, 50, 50]),
                ...apiBuckets(apiLabels("10.0.0.2:6443", "GET", "pods"), [25, 30, 35, 49, 50, 50, 50, 50, 50]),
                ...apiBuckets(apiLabels("10.0.0.1:6443", "GET", "pods", "log"), [0, 0, 0, 0, 0, 0, 0, 0, 100]),
                ...apiBuckets(apiLabels("10.0.0.1:6443", "POST", "events"), [0, 0, 0, 90, 98, 100, 100, 100, 100]),
                ...apiBuckets(apiLabels("10.0.0.1:6443", "GET", "configmaps"), [0, 0, 0, 0, 0, 0, 0, 0, 0]),
            ],
            at: "10m",
            expect: [
                { labels: { verb: "read", quantile: "0.99", resource: "pods" }, value: 1.5 },
                { labels: { verb: "write", quantile: "0.99", resource: "events" }, value: 3.5 },
            ],
        },
    ],
    [KUBELET_PLEG_QUANTILE]: [{ series: plegSeries, at: "10m", expect: [...plegExpect("node-1", [5, 2.5, 0.5]), ...plegExpect("node-2", [10, 5, 1])] }],
    // web-1 on node-1; web-2 served by two kube-state-metrics instances at once: one row; queued-1 not scheduled (node ""): none.
    [POD_NODE]: [
        {
            series: [podInfo("web-1", "node-1"), podInfo("web-2", "node-2"), podInfo("web-2", "node-2", "10.2.0.6:8080"), podInfo("queued-1", "")],
            at: "5m",
            expect: [
                { labels: { namespace: "shop", pod: "web-1", node: "node-1" }, value: 1 },
                { labels: { namespace: "shop", pod: "web-2", node: "node-2" }, value: 1 },
            ],
        },
    ],
};
