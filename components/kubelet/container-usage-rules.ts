import { RuleGroup } from "../common/rules/types";
import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import {
    CONTAINER_CPU_IRATE,
    CONTAINER_CPU_RATE5M,
    CONTAINER_MEMORY_CACHE,
    CONTAINER_MEMORY_RSS,
    CONTAINER_MEMORY_SWAP,
    CONTAINER_MEMORY_WORKING_SET,
} from "../common/rules/compute-resource-records";

/**
 * What each container uses, from the cadvisor job, one series per container: the inputs of the
 * compute-resources panels, which would otherwise read every cAdvisor series of a container.
 *
 * The cadvisor job keeps only containers' series (components/kubelet/cadvisor-scrape-job.ts), and
 * its target labels them with the node they run on, so no join with kube_pod_info is needed for
 * `node`, and the rules work without kube-state-metrics.
 *
 * One container can have two series for a while: when it restarts, cAdvisor reports the old
 * cgroup (another `id`) until its next housekeeping. CPU counters of the two are summed (each
 * counts the seconds of one incarnation); memory gauges take the larger, so that the memory of
 * an incarnation that no longer runs is not added to the running one's. One cgroup's counter
 * served twice under an extra label (an image label on one copy only) counts once: the CPU rules
 * take the larger per `id` before summing the cgroups.
 */
export function containerUsageGroup(): RuleGroup {
    const c = 'job="cadvisor",container!=""';
    const perContainer = "by (node, namespace, pod, container)";
    const perCgroup = "by (node, namespace, pod, container, id)";
    const memory = (record: string, family: string) => ({ record, expr: `max ${perContainer} (${family}{${c}})` });
    return {
        name: "kubernetes-container-usage",
        interval: SLOW_GROUP_INTERVAL,
        rules: [
            { record: CONTAINER_CPU_RATE5M, expr: `sum ${perContainer} (max ${perCgroup} (rate(container_cpu_usage_seconds_total{${c}}[5m])))` },
            { record: CONTAINER_CPU_IRATE, expr: `sum ${perContainer} (max ${perCgroup} (irate(container_cpu_usage_seconds_total{${c}}[5m])))` },
            memory(CONTAINER_MEMORY_WORKING_SET, "container_memory_working_set_bytes"),
            memory(CONTAINER_MEMORY_RSS, "container_memory_rss"),
            memory(CONTAINER_MEMORY_CACHE, "container_memory_cache"),
            memory(CONTAINER_MEMORY_SWAP, "container_memory_swap"),
        ],
    };
}
