/**
 * The evaluation interval of the groups whose inputs move slowly (issue #47): requests, limits
 * and quotas against the nodes' capacity, the volume-stats alerts, the pod-to-owner and
 * pod-to-node maps, pods per phase, the workload-state alerts of kube-state-metrics, and a
 * node's saturation (CPUs, paging, disk queues: alerts that hold for 15 and 30 minutes). At the
 * global 30 s they cost a sixth of the interval at 50 nodes (docs/performance.md, npm run
 * bench:scale); every minute halves that.
 *
 * Why a minute changes no alert's meaning: each alert of these groups holds for at least a
 * minute (`for`), most for 10 minutes or more (tests/rule-intervals.test.ts holds that), so a
 * condition fires at most one evaluation, 30 s, later than at 30 s; the kubelet computes volume
 * stats once a minute anyway (its `volumeStatsAggPeriod`, 1m by default), so the storage
 * alerts saw each value twice. The records stay well inside the 5-minute lookback: a board
 * that joins on the owner or node map finds a new pod at most a minute late, and a missed
 * evaluation leaves the series in place. kubernetes-mixin evaluates its API server
 * availability chain every 3 minutes for the same reason.
 *
 * Four record-only groups follow, the costliest left at 30 s (docs/performance.md): no alert
 * with a `for` under 15 minutes, and no short window, reads their records, and each record is a
 * rate over 5m or a gauge, which a minute moves little. The one
 * exception, the containers' CPU `irate`, is the rate between a container's last two samples:
 * every minute it stands for the last 30 s of each minute, so a panel of it at a 30 s step shows
 * each value twice. No board of ours reads it (the compute-resources boards chart the 5-minute
 * rate, which sees every sample); it is kept for the kube-prometheus boards people bring.
 * - kubernetes-container-usage: what each container uses, read only by panels (the compute
 *   resources boards through components/kubelet/pod-resources.ts, the Cluster board's usage of
 *   requests and limits) and the kube-prometheus boards people bring; no rule reads them.
 * - kube-apiserver-requests: requests per second by code (the Control plane board's requests by
 *   code panel) and kubernetes-mixin's by code and resource, for its boards; no rule reads them.
 * - kube-apiserver-latency: the p99 by verb (the Control plane board's latency panel) and
 *   kubernetes-mixin's p99 by verb class and resource; no rule reads them (the SLO and
 *   availability rules rate the histogram themselves).
 * - node-exporter-records: the USE Method boards' numbers, and three alerts that hold for 15
 *   minutes: NodeMemoryHighUtilization and NodeSystemSaturation (`nodes`, at 30 s) and
 *   NodeMemoryMajorPagesFaults (node-saturation); each fires at most a minute later than at 30 s.
 * A panel of these reads a series a minute old at worst, well inside the 5-minute lookback.
 */
export const SLOW_GROUP_INTERVAL = "1m";
