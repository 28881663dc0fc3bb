import { AlertCase, AlertCases, bounded, s } from "./alert-case-format";

/**
 * The control plane's one-target-down alerts' cases (components/control-plane/instance-unreachable-alert.ts):
 * two targets of the job, the first `up` as given, the second answering. One target of two is
 * 50 %, which TargetDown also sees; these alerts fire for one target of any number.
 */
const twoTargets = (job: string, first: number, at: string): AlertCase => ({
    series: [s(`up{job="${job}",instance="10.0.0.11:1"}`, `${first}+0x30`), s(`up{job="${job}",instance="10.0.0.12:1"}`, "1+0x30")],
    at,
    labels: { job, instance: "10.0.0.11:1" },
});

/** Down from minute 0: the 15m `for` runs out at 15m. Both answering: silent. */
const cases = (job: string): AlertCases => bounded({ fires: twoTargets(job, 0, "15m"), silent: twoTargets(job, 1, "15m") });

export const INSTANCE_ALERT_CASES: Record<string, AlertCases> = {
    KubeAPIInstanceUnreachable: cases("apiserver"),
    KubeletInstanceUnreachable: cases("kubelet"),
    KubeSchedulerInstanceUnreachable: cases("kube-scheduler"),
    KubeControllerManagerInstanceUnreachable: cases("kube-controller-manager"),
};
