/**
 * The jobs the control plane's groups read, each true while it scrapes: its own (metrics.jobs.etcd,
 * controlPlane.*) and the API server's and kubelet's, which the control-plane and system alerts
 * name beside them; kube-state-metrics lists the nodes whose kubelets should answer.
 */
export interface ControlPlaneRuleInput {
    apiserver: boolean;
    kubelet: boolean;
    kubeStateMetrics: boolean;
    etcd: boolean;
    coreDns: boolean;
    scheduler: boolean;
    controllerManager: boolean;
    kubeProxy: boolean;
}
