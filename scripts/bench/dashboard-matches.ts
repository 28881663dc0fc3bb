/**
 * Which kube-prometheus board(s) answer the questions of each of our boards, for npm run
 * bench:dashboards: our uid -> kube-prometheus board files (keys of ./kube-prometheus-dashboards.ts).
 * A board of ours absent here is listed as having no counterpart; so is every kube-prometheus
 * board no entry names. Add a row when a board lands; a row whose board is not rendered (yet)
 * changes nothing. Where one board of ours answers a Compute Resources board and its Networking
 * twin (docs/grafana.md's coverage table), both are its counterparts. Compute Resources /
 * Namespace (Pods) and Networking / Namespace (Pods) have none: they show every pod of a
 * namespace, which Namespace and pod does only with every pod picked, not as it opens.
 */
export const KUBE_PROMETHEUS_COUNTERPARTS: Readonly<Record<string, readonly string[]>> = {
    "cm-cluster": ["k8s-resources-cluster.json"],
    "cm-node": ["nodes.json"],
    "cm-namespace-pod": ["k8s-resources-pod.json", "pod-total.json"],
    "cm-prometheus": ["prometheus.json"],
    "cm-control-plane": ["apiserver.json", "controller-manager.json", "scheduler.json", "proxy.json"],
    "cm-alertmanager": ["alertmanager-overview.json"],
    "cm-kubelet": ["kubelet.json"],
    "cm-persistent-volumes": ["persistentvolumesusage.json"],
    "cm-remote-write": ["prometheus-remote-write.json"],
    "cm-workload": ["k8s-resources-workload.json", "workload-total.json"],
    "cm-namespace-workloads": ["k8s-resources-workloads-namespace.json", "namespace-by-workload.json"],
    "cm-node-pods": ["k8s-resources-node.json"],
    "cm-network": ["cluster-total.json"],
    "cm-use-cluster": ["node-cluster-rsrc-use.json"],
    "cm-use-node": ["node-rsrc-use.json"],
    "cm-grafana": ["grafana-overview.json"],
};
