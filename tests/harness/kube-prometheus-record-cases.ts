import { s, text } from "./alert-case-format";
import type { RecordCase } from "./alert-cases-day-one";
import { TARGET_COUNTS } from "../../components/prometheus/target-count-rules";
import { POD_NODE } from "../../components/kube-state-metrics/pod-node-rules";

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
