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
 */
export const SLOW_GROUP_INTERVAL = "1m";
