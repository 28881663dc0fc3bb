import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { NamespaceWorkloadClaim } from "../contribution";
import { AlertmanagerTarget } from "../alertmanager/target";

/**
 * What the rest of the stack contributes to Prometheus, folded by the composition root
 * (stack/index.ts composition) from every component's contribution: the scrape jobs, the rule
 * files, and what it needs of its peers. None of it is a Prometheus setting, so none of it is in
 * MetricsSettings.
 */
export interface PrometheusInputs {
    scrapeJobs: readonly ScrapeConfig[];
    /** File name → YAML, beside the spec's empty k8s.yml. */
    ruleFiles: Record<string, string>;
    /** Alertmanager while it runs: where alerts go, the namespace its discovery reads, the credentials it asks for. */
    alertmanager?: AlertmanagerTarget;
    /** The in-cluster long-term store while it runs: Prometheus remote-writes to it. */
    longTermStore?: { writeUrl: string };
    /** Every workload the components put in a namespace, with its Pod Security claim: those in Prometheus' own decide its namespace's level. */
    namespaceWorkloads?: readonly NamespaceWorkloadClaim[];
    /** alertRules.runbookBaseUrl: the team rules checker links TeamRuleFileRefused's runbook with it. */
    runbookBaseUrl?: string;
}
