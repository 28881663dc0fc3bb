export { KubeStateMetrics, KubeStateMetricsArgs } from "./kube-state-metrics";
