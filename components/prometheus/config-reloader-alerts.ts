import { RuleGroup, runbook } from "../common/rules/types";
import { CONFIG_RELOADER_JOB_NAME } from "./layout";

/**
 * The config reloader sidecar's own failures, which PrometheusBadConfig does not see whenever
 * Prometheus is never asked to reload: the reloader could not render the config (an unset
 * `$(VAR)`, an unwritable volume) or its POST to /-/reload failed. Families of thanos'
 * pkg/reloader, which prometheus-config-reloader v0.93.0 runs: reloader_last_reload_successful
 * (0 after a failed reload POST, 1 after a good one) and reloader_config_apply_operations_failed_total
 * (each watch turn that could not hash, render or write the config). Only while the sidecar
 * runs (components/prometheus/reloader.ts, reloadsInPlace), as its job (config-reloader-scrape-job.ts).
 * Threshold, `for` and severity of kube-prometheus' ConfigReloaderSidecarErrors; the render
 * failures are ours, since there a failed render also ends in a failed reload.
 */
export function configReloaderGroup(): RuleGroup {
    const job = `job="${CONFIG_RELOADER_JOB_NAME}"`;
    return {
        name: "config-reloader",
        rules: [
            {
                alert: "ConfigReloaderSidecarErrors",
                expr:
                    `max_over_time(reloader_last_reload_successful{${job}}[5m]) == 0 or ` +
                    `increase(reloader_config_apply_operations_failed_total{${job}}[5m]) > 0`,
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "The config reloader beside Prometheus keeps failing.",
                    description:
                        "The config reloader of {{ $labels.namespace }}/{{ $labels.pod }} has failed for 10 minutes to render Prometheus' config or to have Prometheus reload it; " +
                        "Prometheus runs on an older config and rules. Its log (container config-reloader) says why.",
                    runbook_url: runbook("prometheus-operator/configreloadersidecarerrors"),
                },
            },
        ],
    };
}
