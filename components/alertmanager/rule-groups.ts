import { rulesOf } from "../contribution";
import { RuleGroup } from "../common/rules/types";
import { alertmanagerGroup } from "./alerts";
import { alertmanagerClusterGroup } from "./cluster-alerts";
import { infoInhibitorGroup } from "./info-inhibitor";
import { watchdogGroup } from "./watchdog-alert";
import { alertmanagerServer } from "./replicas";

/** What Alertmanager's groups read: whether it runs, and its job label and cluster while the self-monitoring job scrapes it. */
export interface AlertmanagerRuleInput {
    /** Alertmanager is deployed (the fold holds its target). */
    alertmanager: boolean;
    /** The job label of its own metrics (its Service name), while the self-monitoring job scrapes it: only while the metrics namespace is one of metrics.scrapeNamespaces. */
    alertmanagerJob?: string;
    /** More than one Alertmanager gossips as a cluster, and the self-monitoring job scrapes them: the cluster alerts have members to compare. */
    alertmanagerCluster?: boolean;
}

/** The watchdog, Alertmanager's own alerts while Prometheus scrapes it, and the info inhibitor while it runs. */
export function alertmanagerRuleGroups(c: AlertmanagerRuleInput): RuleGroup[] {
    return [
        // The dead man's switch fires whether or not this stack runs Alertmanager: an outside one may receive it.
        watchdogGroup(),
        ...(c.alertmanagerJob !== undefined ? [alertmanagerGroup(c.alertmanagerJob)] : []),
        ...(c.alertmanagerJob !== undefined && c.alertmanagerCluster ? [alertmanagerClusterGroup(c.alertmanagerJob)] : []),
        ...(c.alertmanager ? [infoInhibitorGroup()] : []),
    ];
}

/** Its name is its job label while it runs and the self-monitoring job scrapes the metrics namespace. */
export const alertmanagerRules = rulesOf(
    alertmanagerRuleGroups,
    (s, fold) => {
        const scraped = fold.alertmanager !== undefined && s.metrics.scrapeNamespaces.includes(s.metrics.namespace);
        return { alertmanager: fold.alertmanager !== undefined, ...(scraped ? { alertmanagerJob: s.alertmanager.name, alertmanagerCluster: alertmanagerServer(s).replicas > 1 } : {}) };
    },
    () => ({ alertmanager: true, alertmanagerJob: "x", alertmanagerCluster: true }),
);
