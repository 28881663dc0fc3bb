import { AlertCase, AlertCases, byTwoKsmReplicas, s, scrapedTwice, text, ticks } from "./alert-case-format";

/**
 * The cases of the Kubernetes system alerts, each at its boundary: the component versions and API
 * clients (components/control-plane/system-alerts.ts), the API server's terminated requests and
 * aggregated APIs (components/apiserver/health-alerts.ts), the kubelet's PLEG, pod start-up and
 * evictions (components/kubelet/health-alerts.ts), and node readiness flapping
 * (components/kube-state-metrics/alerts.ts).
 */
const ksm = 'job="kube-state-metrics"';
const apiserver = { job: "apiserver", instance: "10.0.0.1:6443", namespace: "default", service: "kubernetes" };
const kubelet = { job: "kubelet", instance: "node-1", node: "node-1" };

/** A counter that goes up by `perMinute` every minute from 0, for 30 minutes. */
const counter = (perMinute: number) => `0+${perMinute}x30`;
/** Values listed one by one, in promtool's notation. */
const listed = (values: number[]) => values.join(" ");

/** kubernetes_build_info of an API server and a kubelet at these versions, from minute 0: the 15m `for` runs out at 15m. */
const versions = (apiserverVersion: string, kubeletVersion: string, when: string, extra: { series: string; values: string }[] = []): AlertCase => ({
    series: [
        s(`kubernetes_build_info{${text(apiserver)},git_version="${apiserverVersion}"}`, "1+0x30"),
        s(`kubernetes_build_info{${text(kubelet)},git_version="${kubeletVersion}"}`, "1+0x30"),
        ...extra,
    ],
    at: when,
    labels: {},
});

/** A kubelet's API calls: `failing` of every 10000 a minute answered 500. True from minute 1 (two samples), so the 15m `for` runs out at 16m. */
const clientCalls = (failing: number, when: string): AlertCase => ({
    series: [
        s(`rest_client_requests_total{${text(kubelet)},code="500",host="10.0.0.1:6443",method="GET"}`, counter(failing)),
        s(`rest_client_requests_total{${text(kubelet)},code="200",host="10.0.0.1:6443",method="GET"}`, counter(10000 - failing)),
    ],
    at: when,
    labels: { job: "kubelet", instance: "node-1" },
});

/** `terminated` of every 200 requests a minute cut off, the rest answered. True from minute 1, so the 5m `for` runs out at 6m. */
const terminations = (terminated: number, when: string): AlertCase => {
    const request = `${text(apiserver)},group="",resource="pods",scope="cluster",subresource="",verb="LIST",version="v1",component="apiserver"`;
    return {
        series: [s(`apiserver_request_terminations_total{${request},code="429"}`, counter(terminated)), s(`apiserver_request_total{${request},code="200",dry_run=""}`, counter(200 - terminated))],
        at: when,
        labels: {},
    };
};

const apiService = `${text(apiserver)},name="v1beta1.metrics.k8s.io"`;

/** The metrics API turning unavailable again every 5 minutes (ticks), or once. True from minute 1, so the 10m `for` runs out at 11m. */
const turnsUnavailable = (values: string, when: string): AlertCase => ({
    series: [s(`aggregator_unavailable_apiservice_total{${apiService},reason="FailedDiscoveryCheck"}`, values)],
    at: when,
    labels: { name: "v1beta1.metrics.k8s.io", reason: "FailedDiscoveryCheck" },
});

/**
 * The metrics API down for the last `down` of every 41 scrapes 15 s apart: a 10-minute window (41
 * samples, both ends included) holds exactly `down` of them from minute 10 on, and fewer before,
 * so the 5m `for` runs out at 15m. 7 of 41 is 82.9 % available, 5 of 41 is 87.8 %.
 */
const unavailable = (down: number, when: string): AlertCase => ({
    series: [s(`aggregator_unavailable_apiservice{${apiService}}`, listed(Array.from({ length: 81 }, (_, i) => (i % 41 >= 41 - down ? 1 : 0))))],
    at: when,
    labels: { name: "v1beta1.metrics.k8s.io" },
    interval: "15s",
});

/** Node-1's Ready condition at minute m, turning at each of `turns` (minutes), and whether it is cordoned. */
const readiness = (turns: number[], when: string, cordoned = 0): AlertCase => ({
    series: [
        s(`kube_node_status_condition{${ksm},node="node-1",condition="Ready",status="true"}`, listed(Array.from({ length: 46 }, (_, m) => turns.filter((t) => t <= m).length % 2 === 0 ? 1 : 0))),
        s(`kube_node_spec_unschedulable{${ksm},node="node-1"}`, `${cordoned}+0x45`),
    ],
    at: when,
    labels: { node: "node-1" },
});
/**
 * Every 5 minutes: any 15-minute window (16 samples, 15 steps) holds exactly 3 turns from minute
 * 15 on, so the 15m `for` runs out at 30m. Gaps of 7 and 8 minutes: exactly 2 in every window.
 */
const everyFive = Array.from({ length: 9 }, (_, i) => 5 * (i + 1));
const sevenAndEight = [7, 15, 22, 30, 37, 45];

/**
 * A kubelet histogram's count and its one kept bucket: `slower` of every 10000 observations a
 * minute above the bound. True from minute 1, so a `for` of n minutes runs out at n + 1.
 */
const histogram = (family: string, le: string, slower: number, when: string): AlertCase => ({
    series: [s(`${family}_count{${text(kubelet)}}`, counter(10000)), s(`${family}_bucket{${text(kubelet)},le="${le}"}`, counter(10000 - slower))],
    at: when,
    labels: { node: "node-1" },
});
const pleg = (le: string, slower: number, when: string) => histogram("kubelet_pleg_relist_duration_seconds", le, slower, when);
const podStart = (le: string, slower: number, when: string) => histogram("kubelet_pod_start_duration_seconds", le, slower, when);

/** Evictions for memory.available on node-1: no `for`, so one eviction at minute 1 fires at 1m. */
const evictions = (values: string): AlertCase => ({
    series: [s(`kubelet_evictions{${text(kubelet)},eviction_signal="memory.available"}`, values)],
    at: "1m",
    labels: { node: "node-1", eviction_signal: "memory.available" },
});

export const SYSTEM_ALERT_CASES: Record<string, AlertCases> = {
    KubeVersionMismatch: {
        fires: versions("v1.35.0", "v1.34.2", "15m"),
        // Patch releases of one minor, and a vendor's suffix, are one version.
        silent: versions("v1.35.0", "v1.35.2-eks-1a2b3c4", "15m"),
        early: versions("v1.35.0", "v1.34.2", "14m"),
        scenarios: [
            {
                name: "a job that is no Kubernetes component of ours serves another version",
                fires: false,
                case: versions("v1.35.0", "v1.35.0", "15m", [s('kubernetes_build_info{job="team-operator",instance="10.1.0.5:8080",git_version="v1.30.1"}', "1+0x30")]),
            },
        ],
    },
    // 1.02 % and 0.98 % of the calls answered 500.
    KubeClientErrors: {
        fires: clientCalls(102, "16m"),
        silent: clientCalls(98, "16m"),
        early: clientCalls(102, "15m"),
        scenarios: [
            {
                // Clients GET objects to learn whether they exist: a 404 is an answer, not an error.
                name: "half the calls answered 404",
                fires: false,
                case: { ...clientCalls(0, "16m"), series: [...clientCalls(0, "16m").series, s(`rest_client_requests_total{${text(kubelet)},code="404",host="10.0.0.1:6443",method="GET"}`, counter(10000))] },
            },
        ],
    },
    // 20.5 % and 19.5 % of the requests terminated.
    KubeAPITerminatedRequests: { fires: terminations(41, "6m"), silent: terminations(39, "6m"), early: terminations(41, "5m") },
    KubeAggregatedAPIErrors: {
        fires: turnsUnavailable(ticks(5, 30), "11m"),
        silent: turnsUnavailable("0+0x30", "11m"),
        early: turnsUnavailable(ticks(5, 30), "10m"),
        scenarios: [{ name: "unavailable once and staying so (KubeAggregatedAPIDown's)", fires: false, case: turnsUnavailable("0 1+0x29", "11m") }],
    },
    KubeAggregatedAPIDown: { fires: unavailable(7, "15m"), silent: unavailable(5, "15m"), early: unavailable(7, "14m") },
    KubeNodeReadinessFlapping: {
        fires: readiness(everyFive, "30m"),
        silent: readiness(sevenAndEight, "30m"),
        early: readiness(everyFive, "29m"),
        scenarios: [
            { name: "cordoned: drained on purpose", fires: false, case: readiness(everyFive, "30m", 1) },
            // #42, defect class 4: both kube-state-metrics replicas see each turn. The larger count, 3, fires; 2 in every
            // window stays silent (summed over the replicas it would read 4 and fire).
            { name: "two kube-state-metrics replicas, every five minutes", fires: true, case: byTwoKsmReplicas(readiness(everyFive, "30m")) },
            { name: "two kube-state-metrics replicas, gaps of 7 and 8 minutes", fires: false, case: byTwoKsmReplicas(readiness(sevenAndEight, "30m")) },
        ],
    },
    KubeNodeEviction: { fires: evictions(ticks(15, 30)), silent: evictions("0+0x30") },
    // 1.02 % and 0.97 % of relists slower than 10 s: the 99th percentile at or above 10 s, or below.
    KubeletPlegDurationHigh: {
        fires: pleg("10", 102, "6m"),
        silent: pleg("10", 97, "6m"),
        early: pleg("10", 102, "5m"),
        scenarios: [
            { name: "the bound as 3.x writes it, 10.0", fires: true, case: pleg("10.0", 102, "6m") },
            // #42, defect class 4 (not broken): a kubelet scraped twice doubles the bucket and the count alike.
            { name: "the kubelet scraped twice, 1.02 %", fires: true, case: scrapedTwice(pleg("10", 102, "6m"), "node-1", "10.0.0.21:10250") },
            { name: "the kubelet scraped twice, 0.97 %", fires: false, case: scrapedTwice(pleg("10", 97, "6m"), "node-1", "10.0.0.21:10250") },
        ],
    },
    // 1.02 % and 0.98 % of pod starts slower than 60 s.
    KubeletPodStartUpLatencyHigh: {
        fires: podStart("60", 102, "16m"),
        silent: podStart("60", 98, "16m"),
        early: podStart("60", 102, "15m"),
        scenarios: [
            { name: "the bound as 3.x writes it, 60.0", fires: true, case: podStart("60.0", 102, "16m") },
            { name: "the kubelet scraped twice, 1.02 %", fires: true, case: scrapedTwice(podStart("60", 102, "16m"), "node-1", "10.0.0.21:10250") },
            { name: "the kubelet scraped twice, 0.98 %", fires: false, case: scrapedTwice(podStart("60", 98, "16m"), "node-1", "10.0.0.21:10250") },
        ],
    },
};
