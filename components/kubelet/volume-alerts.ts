import { CLAIM_OPT_OUT_LABEL } from "../../config/kube-state-metrics";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";
import { KUBE_STATE_METRICS_JOB_NAME } from "../kube-state-metrics/layout";

/** Free space and free inodes of each claim, as a share of its capacity: read by both severities. */
export const VOLUME_BYTES_FREE_RATIO = "persistentvolumeclaim:kubelet_volume_stats_available_bytes:ratio";
export const VOLUME_INODES_FREE_RATIO = "persistentvolumeclaim:kubelet_volume_stats_inodes_free:ratio";

const kubelet = 'job="kubelet"';

/** A claim its owner opted out of these alerts, as kube_persistentvolumeclaim_labels carries the label. */
const CLAIM_OPT_OUT = `label_${CLAIM_OPT_OUT_LABEL}="true"`;

/**
 * Persistent volume claims running out of space or inodes, from the kubelet's volume stats
 * (kept by the kubelet job, labelled namespace and persistentvolumeclaim). Thresholds, `for` and
 * severities are kubernetes-mixin's; the expressions are written here from the metrics' meaning.
 * With kube-state-metrics on, a claim mounted ReadOnlyMany is left out: it is full on purpose
 * (a preloaded data set); so is a claim its owner labels `excluded_from_alerts: "true"`, as in
 * kubernetes-mixin (kube-state-metrics serves that one claim label, components/kube-state-metrics/deployment.ts).
 */
export function kubernetesStorageGroup(c: { kubeStateMetrics: boolean }): RuleGroup {
    const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;
    const leftOut = c.kubeStateMetrics
        ? ` unless on (namespace, persistentvolumeclaim) kube_persistentvolumeclaim_access_mode{${ksm},access_mode="ReadOnlyMany"} == 1` +
          ` unless on (namespace, persistentvolumeclaim) kube_persistentvolumeclaim_labels{${ksm},${CLAIM_OPT_OUT}} == 1`
        : "";
    const claim = "{{ $labels.namespace }}/{{ $labels.persistentvolumeclaim }}";
    const fillingUp = (alert: string, noun: string, ratio: string, used: string, free: string): AlertingRule[] => {
        // used > 0: some CSI drivers report an unused volume as 0 of 0, which is not filling.
        const inUse = `${used}{${kubelet}} > 0`;
        return [
            {
                alert,
                expr: `${ratio}{${kubelet}} < 0.03 and ${inUse}${leftOut}`,
                for: "1m",
                labels: { severity: "critical" },
                annotations: {
                    summary: `A persistent volume is almost out of ${noun}.`,
                    description: `Claim ${claim} on node {{ $labels.node }} has less than 3 % of its ${noun} free; writes to it are about to fail.`,
                    runbook_url: runbook(`kubernetes/${alert.toLowerCase()}`),
                },
            },
            {
                alert,
                // 345600 s: four days ahead, on the trend of the last 6 hours.
                expr: `${ratio}{${kubelet}} < 0.15 and ${inUse} and predict_linear(${free}{${kubelet}}[6h], 345600) < 0${leftOut}`,
                for: "1h",
                labels: { severity: "warning" },
                annotations: {
                    summary: `A persistent volume is filling up (${noun}).`,
                    description: `Claim ${claim} on node {{ $labels.node }} has less than 15 % of its ${noun} free, and at the rate of the last 6 hours it runs out within 4 days.`,
                    runbook_url: runbook(`kubernetes/${alert.toLowerCase()}`),
                },
            },
        ];
    };
    return {
        name: "kubernetes-storage",
        interval: SLOW_GROUP_INTERVAL,
        rules: [
            { record: VOLUME_BYTES_FREE_RATIO, expr: `kubelet_volume_stats_available_bytes{${kubelet}} / kubelet_volume_stats_capacity_bytes{${kubelet}}` },
            { record: VOLUME_INODES_FREE_RATIO, expr: `kubelet_volume_stats_inodes_free{${kubelet}} / kubelet_volume_stats_inodes{${kubelet}}` },
            ...fillingUp("KubePersistentVolumeFillingUp", "space", VOLUME_BYTES_FREE_RATIO, "kubelet_volume_stats_used_bytes", "kubelet_volume_stats_available_bytes"),
            ...fillingUp("KubePersistentVolumeInodesFillingUp", "inodes", VOLUME_INODES_FREE_RATIO, "kubelet_volume_stats_inodes_used", "kubelet_volume_stats_inodes_free"),
        ],
    };
}
