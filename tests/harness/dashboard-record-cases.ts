import { s, text, twoKsmReplicas } from "./alert-case-format";
import type { RecordCase } from "./alert-cases-day-one";
import { APISERVER_LATENCY_BUCKETS_RATE5M, APISERVER_LATENCY_P99 } from "../../components/apiserver/latency-rules";
import { APISERVER_REQUESTS_BY_CODE, APISERVER_REQUESTS_RATE5M } from "../../components/apiserver/request-rate-rules";
import { NAMESPACE_PODS_BY_PHASE } from "../../components/kube-state-metrics/pod-phase-rules";

/**
 * The cases of the records issue 30 added so the Control plane and Home boards read no raw
 * histogram or per-pod family: the API server's p99 latency by verb, its requests by code and the
 * pods per phase.
 */

/** The bounds the apiserver job keeps (families.ts). */
const BOUNDS = ["0.05", "0.1", "0.2", "1", "2", "5", "10", "30", "+Inf"];
/** One instance's buckets of one verb, each a counter growing by its share of `perMinute` each minute. */
function buckets(labels: Record<string, string>, perMinute: readonly number[]) {
    return BOUNDS.map((le, i) => s(`apiserver_request_sli_duration_seconds_bucket{${text({ ...labels, le })}}`, `0+${perMinute[i]}x10`));
}
const api = (instance: string, verb: string) => ({ job: "apiserver", instance, verb, resource: "pods", scope: "namespace" });
// GET, per minute over two instances: 50 under 0.05 s, 90 under 0.1, 98 under 1, all 100 under 2.
// The 99th of 100 lies halfway between the 98th (1 s) and the 100th (2 s): 1.5 s, only if both instances are summed.
const getHalf = [25, 45, 49, 49, 50, 50, 50, 50, 50];
// POST: all 10 between 0.2 and 1 s: the 9.9th of 10 at 0.2 + 0.8 * 0.99 = 0.992 s.
const post = [0, 0, 0, 10, 10, 10, 10, 10, 10];
// WATCH (all over 30 s, open as long as their client) and another job's GETs, all over 30 s: either counted would show.
const slow = [0, 0, 0, 0, 0, 0, 0, 0, 100];

/**
 * The bucket rates the p99 records read: GETs of pods per minute on each of two instances (summed:
 * 30, 60, 90 ... a minute, 0.5, 1, 1.5 ... a second), POSTs on one, and the GETs of pods' logs under
 * their subresource; WATCH and another job's GETs left out.
 */
const getRate = [15, 30, 45, 45, 60, 60, 60, 60, 60];
const postRate = [0, 0, 0, 30, 30, 30, 30, 30, 30];
const logRate = [0, 0, 0, 0, 0, 0, 0, 0, 60];
const bucketRows = (labels: Record<string, string>, perSecond: readonly number[]) => BOUNDS.map((le, i) => ({ labels: { ...labels, le }, value: perSecond[i] }));

const ksm = (namespace: string, pod: string, phase: string, labels: Record<string, string> = { job: "kube-state-metrics" }) =>
    ["Pending", "Running", "Succeeded", "Failed", "Unknown"].map((p) => s(`kube_pod_status_phase{${text({ ...labels, namespace, pod, phase: p })}}`, `${p === phase ? 1 : 0}+0x5`));

const requests = (instance: string, verb: string, resource: string, code: string, job = "apiserver") =>
    ({ job, instance, verb, resource, scope: "namespace", component: "apiserver", code });

function phasesCase(twoReplicas: boolean): RecordCase {
    const series = [
        ...ksm("shop", "web", "Running"),
        ...ksm("shop", "db", "Pending"),
        ...ksm("shop", "migrate", "Failed"),
        ...ksm("kube-system", "dns", "Pending"),
        ...ksm("shop", "ghost", "Pending", { job: "other" }),
    ];
    return {
        series: twoReplicas ? twoKsmReplicas(series) : series,
        at: "5m",
        expect: ["shop", "kube-system"].flatMap((namespace) =>
            ["Pending", "Running", "Succeeded", "Failed", "Unknown"].map((phase) => ({
                labels: { namespace, phase },
                value: namespace === "shop" ? (["Pending", "Running", "Failed"].includes(phase) ? 1 : 0) : phase === "Pending" ? 1 : 0,
            })),
        ),
    };
}

export const DASHBOARD_RECORD_CASES: Record<string, RecordCase[]> = {
    // Per second over 5 minutes, per code, summed over instances, verbs and resources: 200 from
    // 60 + 30 + 30 a minute (2/s), 404 from 12 a minute (0.2/s), 500 from 3 a minute (0.05/s).
    // Another job's requests would show in 200 (6 more a minute) and add a 503.
    [APISERVER_REQUESTS_BY_CODE]: [
        {
            series: [
                s(`apiserver_request_total{${text(requests("10.0.0.1:6443", "GET", "pods", "200"))}}`, "0+60x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.2:6443", "GET", "pods", "200"))}}`, "0+30x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.1:6443", "LIST", "secrets", "200"))}}`, "0+30x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.1:6443", "GET", "pods", "404"))}}`, "0+12x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.2:6443", "POST", "pods", "500"))}}`, "0+3x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.9:6443", "GET", "pods", "200", "other"))}}`, "0+6x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.9:6443", "GET", "pods", "503", "other"))}}`, "0+6x10"),
            ],
            at: "10m",
            expect: [
                { labels: { code: "200" }, value: 2 },
                { labels: { code: "404" }, value: 0.2 },
                { labels: { code: "500" }, value: 0.05 },
            ],
        },
    ],
    // The shared rates the by-code and by-class records read: per second over 5 minutes by code, verb and resource,
    // summed over instances and scopes: GETs of pods 200 from 60 + 30 a minute (1.5/s), LISTs of secrets from 30 a
    // minute namespaced and 6 cluster-wide (0.6/s). WATCH is kept (the by-code record counts it); another job's is not.
    [APISERVER_REQUESTS_RATE5M]: [
        {
            series: [
                s(`apiserver_request_total{${text(requests("10.0.0.1:6443", "GET", "pods", "200"))}}`, "0+60x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.2:6443", "GET", "pods", "200"))}}`, "0+30x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.1:6443", "LIST", "secrets", "200"))}}`, "0+30x10"),
                s(`apiserver_request_total{${text({ ...requests("10.0.0.2:6443", "LIST", "secrets", "200"), scope: "cluster" })}}`, "0+6x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.1:6443", "GET", "pods", "404"))}}`, "0+12x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.2:6443", "POST", "pods", "500"))}}`, "0+3x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.1:6443", "WATCH", "pods", "200"))}}`, "0+600x10"),
                s(`apiserver_request_total{${text(requests("10.0.0.9:6443", "GET", "pods", "200", "other"))}}`, "0+6x10"),
            ],
            at: "10m",
            expect: [
                { labels: { code: "200", verb: "GET", resource: "pods" }, value: 1.5 },
                { labels: { code: "200", verb: "LIST", resource: "secrets" }, value: 0.6 },
                { labels: { code: "404", verb: "GET", resource: "pods" }, value: 0.2 },
                { labels: { code: "500", verb: "POST", resource: "pods" }, value: 0.05 },
                { labels: { code: "200", verb: "WATCH", resource: "pods" }, value: 10 },
            ],
        },
    ],
    [APISERVER_LATENCY_P99]: [
        {
            series: [
                ...buckets(api("10.0.0.1:6443", "GET"), getHalf),
                ...buckets(api("10.0.0.2:6443", "GET"), getHalf),
                ...buckets(api("10.0.0.1:6443", "POST"), post),
                ...buckets(api("10.0.0.1:6443", "WATCH"), slow),
                ...buckets({ ...api("10.0.0.9:6443", "GET"), job: "other" }, slow),
            ],
            at: "10m",
            expect: [
                { labels: { verb: "GET", quantile: "0.99" }, value: 1.5 },
                { labels: { verb: "POST", quantile: "0.99" }, value: 0.992 },
            ],
        },
    ],
    [APISERVER_LATENCY_BUCKETS_RATE5M]: [
        {
            series: [
                ...buckets(api("10.0.0.1:6443", "GET"), getRate),
                ...buckets(api("10.0.0.2:6443", "GET"), getRate),
                ...buckets(api("10.0.0.1:6443", "POST"), postRate),
                ...buckets({ ...api("10.0.0.1:6443", "GET"), subresource: "log" }, logRate),
                ...buckets(api("10.0.0.1:6443", "WATCH"), slow),
                ...buckets({ ...api("10.0.0.9:6443", "GET"), job: "other" }, slow),
            ],
            at: "10m",
            expect: [
                ...bucketRows({ verb: "GET", resource: "pods" }, getRate.map((n) => (2 * n) / 60)),
                ...bucketRows({ verb: "POST", resource: "pods" }, postRate.map((n) => n / 60)),
                ...bucketRows({ verb: "GET", resource: "pods", subresource: "log" }, logRate.map((n) => n / 60)),
            ],
        },
    ],
    // shop: one pod Running, one Pending, one Failed; kube-system: one Pending. Another job's Pending pod is not counted.
    // And the same pods served by two kube-state-metrics replicas (#42, defect class 4): each pod still counts once.
    [NAMESPACE_PODS_BY_PHASE]: [phasesCase(false), phasesCase(true)],
};
