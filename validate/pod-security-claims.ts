/**
 * The Pod Security Standard level the program claims for each workload it deploys
 * (docs/design.md#pod-security-levels cites this table). A test computes the level of every
 * workload of every rendered stack with validate/pod-security.ts and fails unless it equals the
 * claim, so the docs, this table and the manifests cannot disagree. The namespace the program
 * creates takes its `pod-security.kubernetes.io/enforce` label from these claims.
 *
 * No imports: components read this table at `pulumi up` time.
 */

/** The three levels of https://kubernetes.io/docs/concepts/security/pod-security-standards/, least privileged first. */
export const POD_SECURITY_LEVELS = ["restricted", "baseline", "privileged"] as const;
export type PodSecurityLevel = (typeof POD_SECURITY_LEVELS)[number];

/** The more privileged of the levels; "restricted" for none. */
export function mostPrivileged(levels: readonly PodSecurityLevel[]): PodSecurityLevel {
    return levels.reduce<PodSecurityLevel>(
        (acc, l) => (POD_SECURITY_LEVELS.indexOf(l) > POD_SECURITY_LEVELS.indexOf(acc) ? l : acc),
        "restricted",
    );
}

/** True when `level` needs more than `allowed` permits. */
export function exceeds(level: PodSecurityLevel, allowed: PodSecurityLevel): boolean {
    return POD_SECURITY_LEVELS.indexOf(level) > POD_SECURITY_LEVELS.indexOf(allowed);
}

/** Settings a claim depends on. */
export interface ClaimContext {
    /** cluster-monitoring:searchStore.mmap (default false). */
    searchStoreMmap: boolean;
}

export type WorkloadId =
    | "prometheus"
    | "elasticsearch"
    | "kibana"
    | "kibana-index-pattern"
    | "log-retention"
    | "index-template"
    | "elasticsearch-exporter"
    | "fluentd"
    | "node-exporter"
    | "kube-state-metrics"
    | "grafana"
    | "alertmanager"
    | "prometheus-adapter"
    | "blackbox-exporter"
    | "event-collector"
    | "auth-gateway";

/**
 * A workload that a component's folder claims for itself (components/contribution.ts,
 * Component.podSecurityClaims), as `<folder>/<workload>`: its row lives beside its builders, and
 * the checks of every rendered workload read it with the table's (stack/pod-security-claims.ts).
 */
export type ComponentWorkloadId = `${string}/${string}`;

export interface PodSecurityClaim {
    workload: WorkloadId | ComponentWorkloadId;
    /** The Pulumi component type that registers the workload. */
    component: string;
    kind: "StatefulSet" | "DaemonSet" | "Deployment" | "Job" | "CronJob";
    /** When the claim applies, in words; undefined means always. */
    when?: string;
    applies: (c: ClaimContext) => boolean;
    level: PodSecurityLevel;
    /** Why the level, naming the control that sets it. */
    why: string;
}

export const METRICS_SERVER_COMPONENT = "cluster-monitoring:monitoring:MetricsServer";
export const LOG_AGENT_COMPONENT = "cluster-monitoring:logging:LogAgent";
export const SEARCH_STORE_COMPONENT = "cluster-monitoring:logging:SearchStore";
export const NODE_EXPORTER_COMPONENT = "cluster-monitoring:monitoring:NodeExporter";
export const KUBE_STATE_METRICS_COMPONENT = "cluster-monitoring:monitoring:KubeStateMetrics";
export const GRAFANA_COMPONENT = "cluster-monitoring:dashboards:Grafana";
export const ALERTMANAGER_COMPONENT = "cluster-monitoring:monitoring:Alertmanager";
export const KIBANA_COMPONENT = "cluster-monitoring:logging:Kibana";
export const LOG_RETENTION_COMPONENT = "cluster-monitoring:logging:LogRetention";
export const INDEX_TEMPLATE_COMPONENT = "cluster-monitoring:logging:IndexTemplate";
export const RESOURCE_METRICS_COMPONENT = "cluster-monitoring:monitoring:ResourceMetrics";
export const BLACKBOX_EXPORTER_COMPONENT = "cluster-monitoring:monitoring:BlackboxExporter";
export const EVENT_COLLECTOR_COMPONENT = "cluster-monitoring:logging:EventCollector";
export const AUTH_GATEWAY_COMPONENT = "cluster-monitoring:security:AuthGateway";

export const POD_SECURITY_CLAIMS: readonly PodSecurityClaim[] = [
    {
        workload: "prometheus",
        component: METRICS_SERVER_COMPONENT,
        kind: "StatefulSet",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault, for Prometheus and its config-reloader init and sidecar containers alike; ConfigMap, Secret, emptyDir and claim volumes only",
    },
    {
        workload: "elasticsearch",
        component: SEARCH_STORE_COMPONENT,
        kind: "StatefulSet",
        when: "searchStore.mmap false (the default)",
        applies: (c) => !c.searchStoreMmap,
        level: "restricted",
        why: "uid 1000, runAsNonRoot, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault, for Elasticsearch OSS and OpenSearch alike; claim volume, and for OpenSearch its settings ConfigMap and Secret volumes (TLS, internal users)",
    },
    {
        workload: "elasticsearch",
        component: SEARCH_STORE_COMPONENT,
        kind: "StatefulSet",
        when: "searchStore.mmap true",
        applies: (c) => c.searchStoreMmap,
        level: "privileged",
        why: "a privileged init container raises the node's vm.max_map_count (Elasticsearch OSS and OpenSearch alike)",
    },
    {
        workload: "kibana",
        component: KIBANA_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 1000, runAsNonRoot, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault, for Kibana OSS and OpenSearch Dashboards alike; no token; no volumes, or for Dashboards its settings ConfigMap and TLS Secret",
    },
    {
        workload: "kibana-index-pattern",
        component: KIBANA_COMPONENT,
        kind: "Job",
        applies: () => true,
        level: "restricted",
        why: "uid 100, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; its script's ConfigMap only (for OpenSearch also the .curlrc and CA Secret items), no token",
    },
    {
        workload: "log-retention",
        component: LOG_RETENTION_COMPONENT,
        kind: "CronJob",
        applies: () => true,
        level: "restricted",
        why: "uid 100, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; its script's ConfigMap only (for OpenSearch also the .curlrc and CA Secret items), no token",
    },
    {
        workload: "index-template",
        component: INDEX_TEMPLATE_COMPONENT,
        kind: "Job",
        applies: () => true,
        level: "restricted",
        why: "uid 100, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; its script's ConfigMap only (for OpenSearch also the .curlrc and CA Secret items), no token",
    },
    {
        workload: "elasticsearch-exporter",
        component: SEARCH_STORE_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; no token; no volume but, for OpenSearch, the ca.crt item of the TLS Secret",
    },
    {
        workload: "fluentd",
        component: LOG_AGENT_COMPONENT,
        kind: "DaemonSet",
        applies: () => true,
        level: "privileged",
        why: "hostPath volumes (node logs read-only, its own state directory) and root; no capabilities, no privileged container",
    },
    {
        workload: "node-exporter",
        component: NODE_EXPORTER_COMPONENT,
        kind: "DaemonSet",
        applies: () => true,
        level: "privileged",
        why: "host network and PID namespace, hostPath /proc, /sys and / read-only; otherwise restricted: uid 65534, no capabilities, seccomp RuntimeDefault",
    },
    {
        workload: "kube-state-metrics",
        component: KUBE_STATE_METRICS_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; no volumes but its token",
    },
    {
        // In the metrics namespace, which Prometheus already holds at restricted, so it never raises the label.
        workload: "grafana",
        component: GRAFANA_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 472, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; ConfigMap, projected ConfigMap, emptyDir and claim volumes only",
    },
    {
        workload: "alertmanager",
        component: ALERTMANAGER_COMPONENT,
        kind: "StatefulSet",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; Secret and claim volumes only, no token",
    },
    {
        // In the metrics namespace by default, or the log agent's or kube-system: it never raises a namespace's label.
        workload: "prometheus-adapter",
        component: RESOURCE_METRICS_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; ConfigMap and emptyDir volumes only",
    },
    {
        // No icmp module: raw ICMP sockets need CAP_NET_RAW, which restricted forbids (docs/monitor-your-app.md#probes).
        workload: "blackbox-exporter",
        component: BLACKBOX_EXPORTER_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; one ConfigMap volume, no token",
    },
    {
        // Beside the log agent; its token reads events, and its SQLite file sits on an emptyDir (docs/cluster-events.md#security).
        workload: "event-collector",
        component: EVENT_COLLECTOR_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; ConfigMap and emptyDir volumes only",
    },
    {
        // In the server's namespace, beside Prometheus or Alertmanager (docs/security.md#the-auth-gateway).
        workload: "auth-gateway",
        component: AUTH_GATEWAY_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "nginx uid 101 and oauth2-proxy uid 65532, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; ConfigMap, Secret and emptyDir volumes only, no token",
    },
];

/** The claim for a workload under the given settings; throws when the table has none or several. */
export function claimFor(workload: WorkloadId, context: ClaimContext): PodSecurityClaim {
    const found = POD_SECURITY_CLAIMS.filter((c) => c.workload === workload && c.applies(context));
    if (found.length !== 1) {
        throw new Error(`expected one Pod Security claim for ${workload} with ${JSON.stringify(context)}, found ${found.length}`);
    }
    return found[0];
}

/** The claim for a workload registered by `component` as `kind`, in the table or among the components' own (`more`); undefined when none has one. */
export function claimForRegistered(component: string, kind: string, context: ClaimContext, more: readonly PodSecurityClaim[] = []): PodSecurityClaim | undefined {
    return [...POD_SECURITY_CLAIMS, ...more].find((c) => c.component === component && c.kind === kind && c.applies(context));
}
