/** The job label of each control-plane job: kube-prometheus' names, so its mixins' selectors read the same. */
export const CONTROL_PLANE_JOB_NAMES = {
    coreDns: "coredns",
    scheduler: "kube-scheduler",
    controllerManager: "kube-controller-manager",
    kubeProxy: "kube-proxy",
} as const;
