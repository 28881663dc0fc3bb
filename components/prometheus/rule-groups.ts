import { rulesOf } from "../contribution";
import { RuleGroup } from "../common/rules/types";
import { prometheusGroup } from "./alerts";
import { configReloaderGroup } from "./config-reloader-alerts";
import { prometheusHealthGroup } from "./health-alerts";
import { reloadsInPlace } from "./reloader";
import { everyRemoteWriteContext, remoteWriteContext } from "./remote-write-queues";
import { remoteWriteGroup } from "./remote-write-alerts";
import { PrometheusRuleInput } from "./rule-input";
import { targetCountGroup } from "./target-count-rules";

/** Prometheus' own alerts, the remote-write ones while it writes somewhere, and the config reloader's while its sidecar runs. */
export function prometheusRuleGroups(c: PrometheusRuleInput): RuleGroup[] {
    return [
        prometheusGroup(c),
        prometheusHealthGroup(c),
        targetCountGroup(),
        ...(c.remoteWrite !== undefined ? [remoteWriteGroup(c.prometheusJob, c.remoteWrite)] : []),
        // The sidecar's failures while it runs (config-reloader-alerts.ts).
        ...(c.configReloader ? [configReloaderGroup()] : []),
    ];
}

/** Prometheus always runs: its groups follow its settings, and whether the fold holds an Alertmanager. */
export const prometheusRules = rulesOf(
    prometheusRuleGroups,
    (s, fold, basis) => ({
        prometheusJob: basis.prometheusJob,
        prometheusHealth: basis.release.selfHealth,
        alertmanager: fold.alertmanager !== undefined,
        ...(s.metrics.remoteWrite.length > 0 ? { remoteWrite: remoteWriteContext(s.metrics, basis.release) } : {}),
        configReloader: reloadsInPlace(s.metrics),
    }),
    (basis) => ({ prometheusJob: basis.prometheusJob, prometheusHealth: basis.release.selfHealth, alertmanager: true, remoteWrite: everyRemoteWriteContext(basis.release), configReloader: true }),
);
