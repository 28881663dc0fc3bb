import { RuleGroup, runbook } from "../common/rules/types";

/** Per-container measurements from the cadvisor job (only container series are kept there). */
export function containersGroup(): RuleGroup {
    const c = 'job="cadvisor",container!=""';
    const perContainer = "sum by (namespace, pod, container)";
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
                expr:
                    `${perContainer} (increase(container_cpu_cfs_throttled_periods_total{${c}}[5m])) / ` +
                    `${perContainer} (increase(container_cpu_cfs_periods_total{${c}}[5m])) > 0.25`,
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
