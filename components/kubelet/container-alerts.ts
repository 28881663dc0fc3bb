import { RuleGroup, runbook } from "../common/rules/types";

/** Per-container measurements from the cadvisor job (only container series are kept there). */
export function containersGroup(): RuleGroup {
    const c = 'job="cadvisor",container!=""';
    const perContainer = "sum by (namespace, pod, container)";
    const perCgroup = (family: string) => `max by (namespace, pod, container, id) (increase(${family}{${c}}[5m]))`;
    return {
        name: "containers",
        rules: [
            {
                alert: "KubeContainerOOMKilled",
                expr: `increase(container_oom_events_total{${c}}[10m]) > 0`,
                labels: { severity: "warning" },
                annotations: {
                    summary: "A container was killed for running out of memory.",
                    description: "Container {{ $labels.container }} of pod {{ $labels.namespace }}/{{ $labels.pod }} was OOM-killed in the last 10 minutes; raise its memory limit or find the leak.",
                },
            },
            {
                alert: "CPUThrottlingHigh",
                // Each side per cgroup first (max by id: one cgroup's counter served twice under an extra label, such
                // as an image label on one copy only, counts once), then summed over the container's cgroups (the old
                // and the new one of a restart), then divided: a duplicate on one side cannot halve or double the share.
                expr: `${perContainer} (${perCgroup("container_cpu_cfs_throttled_periods_total")}) / ${perContainer} (${perCgroup("container_cpu_cfs_periods_total")}) > 0.25`,
                for: "15m",
                labels: { severity: "info" },
                annotations: {
                    summary: "A container is CPU-throttled.",
                    description: "Container {{ $labels.container }} of pod {{ $labels.namespace }}/{{ $labels.pod }} was throttled in more than 25 % of its CPU periods for 15 minutes.",
                    runbook_url: runbook("kubernetes/cputhrottlinghigh"),
                },
            },
        ],
    };
}
