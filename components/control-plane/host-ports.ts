import { CONTROL_PLANE_KEY, METRICS_KEY, Settings } from "../../config";
import { HostPortClaims } from "../common/host-ports";
import { claimKey } from "../common/scrape/job-claims";

/**
 * The ports the control-plane jobs scrape on the nodes' own addresses, which those processes
 * hold there: kube-proxy's metrics port on every node, the scheduler's and controller manager's
 * on the control-plane nodes, etcd's where the etcd job scrapes it.
 */
export function controlPlaneHostPorts(s: Settings): HostPortClaims {
    const cp = s.controlPlane;
    const m = s.metrics;
    return {
        held: [
            ...(cp.kubeProxy.enabled ? [{ port: cp.kubeProxy.port, key: claimKey(CONTROL_PLANE_KEY, "kubeProxy.port"), who: "kube-proxy (metrics, on every node)" }] : []),
            ...(cp.scheduler.enabled ? [{ port: cp.scheduler.port, key: claimKey(CONTROL_PLANE_KEY, "scheduler.port"), who: "the kube-scheduler (on the control-plane nodes)" }] : []),
            ...(cp.controllerManager.enabled
                ? [{ port: cp.controllerManager.port, key: claimKey(CONTROL_PLANE_KEY, "controllerManager.port"), who: "the kube-controller-manager (on the control-plane nodes)" }]
                : []),
            ...(m.jobs.etcd ? [{ port: m.etcd.port, key: claimKey(METRICS_KEY, "etcd.port"), who: "etcd (metrics, on the control-plane nodes)" }] : []),
        ],
    };
}
