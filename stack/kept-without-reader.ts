import { KeptWithoutReader } from "./keep-readers";

/**
 * The one place for rows a job keeps though no shipped query reads them (stack/keep-readers.ts):
 * per job label, per family row, why. Every other kept row is kept because a rule, a panel or a
 * variable reads it, and goes when its last reader goes (tests/keep-readers.test.ts). Each entry
 * is kept for a person or a team, not for a query: the stack output keptFamilies (the team
 * contract, docs/monitor-your-app.md) publishes them as kept, so a team's rule may read them.
 * A row that a query comes to read must leave this list; the test says so.
 */

/** One series naming the release that answers: what a person asks first when a board looks wrong. */
const IDENTITY = "identity: one series naming the release that answers, for people and teams' rules (keptFamilies)";
/** Whether the exporter could collect at all, beside up: a scrape that answers with holes. */
const HEALTH = "health beside up: the target answers while a collector fails, which up cannot say; a handful of series";
/** The exporter's own process, for ad-hoc questions about it. */
const OWN_PROCESS = "the exporter's own process, one series, for ad-hoc queries about the exporter";
/**
 * The rows every Kubernetes component keeps (components/common/scrape/component-base-families.ts);
 * the work-queue alerts and panels read them on the controller manager, here they are one series
 * per queue or lease, for ad-hoc queries.
 */
const COMPONENT_BASE = "a row every Kubernetes component keeps (component-base-families.ts); no query reads it on this job: one series per queue or lease, for ad-hoc queries";
/** cAdvisor series teams' rules and people read, which the platform's boards answer otherwise. */
const FOR_TEAMS = "for teams' rules and ad-hoc queries (keptFamilies): no platform panel or alert reads it";

export const KEPT_WITHOUT_READER: KeptWithoutReader = {
    apiserver: { leader_election_master_status: COMPONENT_BASE, workqueue_retries_total: COMPONENT_BASE },
    cadvisor: {
        cadvisor_version_info: IDENTITY,
        container_scrape_error: HEALTH,
        container_cpu_cfs_throttled_seconds_total: FOR_TEAMS,
        container_network_receive_errors_total: FOR_TEAMS,
        container_network_transmit_errors_total: FOR_TEAMS,
        container_fs_usage_bytes: FOR_TEAMS,
        container_fs_limit_bytes: FOR_TEAMS,
        machine_cpu_cores: FOR_TEAMS,
        machine_memory_bytes: FOR_TEAMS,
    },
    coredns: { go_goroutines: OWN_PROCESS },
    elasticsearch: {
        elasticsearch_version: IDENTITY,
        elasticsearch_exporter_build_info: IDENTITY,
        process_cpu_seconds_total: OWN_PROCESS,
        process_resident_memory_bytes: OWN_PROCESS,
        go_goroutines: OWN_PROCESS,
    },
    "kube-controller-manager": { leader_election_master_status: COMPONENT_BASE },
    "kube-proxy": { leader_election_master_status: COMPONENT_BASE, workqueue_depth: COMPONENT_BASE, workqueue_adds_total: COMPONENT_BASE, workqueue_retries_total: COMPONENT_BASE },
    "kube-scheduler": { leader_election_master_status: COMPONENT_BASE, workqueue_depth: COMPONENT_BASE, workqueue_adds_total: COMPONENT_BASE, workqueue_retries_total: COMPONENT_BASE },
    "kube-state-metrics": { kube_endpointslice_info: FOR_TEAMS },
    kubelet: { leader_election_master_status: COMPONENT_BASE, workqueue_depth: COMPONENT_BASE, workqueue_adds_total: COMPONENT_BASE, workqueue_retries_total: COMPONENT_BASE },
    "node-exporter": { node_scrape_collector_success: HEALTH, node_exporter_build_info: IDENTITY },
    pushgateway: { pushgateway_build_info: IDENTITY },
};
