/**
 * Why each RBAC rule the program renders exists: the spec row of docs/design.md#permissions (or
 * docs/design.md#log-agent-rbac) it implements, or the scrape job that needs it
 * (docs/design.md#scrape-jobs-beyond-the-spec). tests/rbac.test.ts fails on a rendered rule that
 * matches no row, and on a row that no stack renders, so the table cannot rot.
 */

export interface RenderedRule {
    kind: "ClusterRole" | "Role";
    name: string;
    /** Roles only. */
    namespace?: string;
    apiGroups?: string[];
    resources?: string[];
    resourceNames?: string[];
    nonResourceURLs?: string[];
    verbs: string[];
}

/**
 * What a rule serves: a spec row (always rendered), scrape jobs (rendered only while one of them
 * is on), or a component's own ServiceAccount (rendered only while the component is on).
 */
export type Serves = { spec: string } | { jobs: string[] } | { component: string };

export interface RbacPurpose {
    kind: "ClusterRole" | "Role";
    name: string;
    /** Roles: the namespaces the row covers. */
    namespaces?: string[];
    apiGroups?: string[];
    resources?: string[];
    resourceNames?: string[];
    nonResourceURLs?: string[];
    verbs: string[];
    serves: Serves;
    purpose: string;
}

/** kube-state-metrics lists and watches exactly the resources it exposes (docs/kube-state-metrics.md#permissions). */
function kubeStateMetricsRule(apiGroup: string, resources: string[]): RbacPurpose {
    return {
        kind: "ClusterRole",
        name: "kube-state-metrics",
        apiGroups: [apiGroup],
        resources,
        verbs: ["list", "watch"],
        serves: { component: "kube-state-metrics" },
        purpose: `component kube-state-metrics: list/watch ${apiGroup || "core"} ${resources.join(", ")}, whose state it exposes (default resources without secrets)`,
    };
}

/**
 * kube-rbac-proxy in front of an exporter (docs/security.md#authenticated-exporters): who is
 * calling (TokenReview) and may they get /metrics (SubjectAccessReview), nothing more.
 */
function rbacProxyRules(workload: string): RbacPurpose[] {
    return [
        {
            kind: "ClusterRole",
            name: `${workload}-rbac-proxy`,
            apiGroups: ["authentication.k8s.io"],
            resources: ["tokenreviews"],
            verbs: ["create"],
            serves: { component: workload },
            purpose: `component ${workload}: its kube-rbac-proxy authenticates the caller's token (TokenReview)`,
        },
        {
            kind: "ClusterRole",
            name: `${workload}-rbac-proxy`,
            apiGroups: ["authorization.k8s.io"],
            resources: ["subjectaccessreviews"],
            verbs: ["create"],
            serves: { component: workload },
            purpose: `component ${workload}: its kube-rbac-proxy asks whether the caller may get /metrics (SubjectAccessReview)`,
        },
    ];
}

export const RBAC_PURPOSES: readonly RbacPurpose[] = [
    ...rbacProxyRules("node-exporter"),
    ...rbacProxyRules("kube-state-metrics"),
    {
        kind: "ClusterRole",
        name: "monitor-main",
        apiGroups: [""],
        resources: ["nodes/metrics"],
        verbs: ["get"],
        serves: { spec: "ClusterRole monitor-main" },
        purpose: "spec: ClusterRole monitor-main (get nodes/metrics): kubelet and cAdvisor metrics",
    },
    {
        kind: "ClusterRole",
        name: "monitor-main",
        apiGroups: [""],
        resources: ["nodes"],
        verbs: ["list", "watch"],
        serves: { jobs: ["kubelet", "cadvisor", "kube-proxy"] },
        purpose: "jobs kubelet, cadvisor and kube-proxy: node discovery (kubernetes_sd_configs role node)",
    },
    {
        kind: "ClusterRole",
        name: "monitor-main",
        nonResourceURLs: ["/metrics"],
        verbs: ["get"],
        serves: { spec: "ClusterRole monitor-main" },
        purpose: "spec: ClusterRole monitor-main (get /metrics): API server metrics",
    },
    {
        kind: "Role",
        name: "monitor-main-config",
        namespaces: ["monitoring"],
        apiGroups: [""],
        resources: ["configmaps"],
        resourceNames: ["monitor", "monitor-rulefiles"],
        verbs: ["get"],
        serves: { spec: "Role monitor-main-config" },
        purpose: "spec: Role monitor-main-config (configmaps get), narrowed to the server's two ConfigMaps",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["default", "kube-system", "monitoring"],
        apiGroups: [""],
        resources: ["services", "endpoints", "pods"],
        verbs: ["get", "list", "watch"],
        serves: { spec: "Role monitor-main per discovery namespace" },
        purpose: "spec: Role monitor-main in default, kube-system and monitoring (services, endpoints, pods get/list/watch): discovery; in the metrics namespace also of Alertmanager (docs/alerting.md#how-prometheus-finds-alertmanager)",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["demo"],
        apiGroups: [""],
        resources: ["services", "endpoints", "pods"],
        verbs: ["get", "list", "watch"],
        serves: { jobs: ["annotated-pods", "annotated-services", "probe"] },
        purpose: "jobs annotated-pods, annotated-services and probe (dev's metrics.annotationDiscovery): discovery of annotated pods and services in demo (docs/monitor-your-app.md)",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["demo"],
        apiGroups: [""],
        resources: ["services", "pods"],
        verbs: ["get", "list", "watch"],
        serves: { jobs: ["annotated-pods", "annotated-services", "probe"] },
        purpose: "jobs annotated-pods, annotated-services and probe on a modern release line: pod and service discovery in demo",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["demo"],
        apiGroups: ["discovery.k8s.io"],
        resources: ["endpointslices"],
        verbs: ["list", "watch"],
        serves: { jobs: ["annotated-services"] },
        purpose: "job annotated-services on a modern release line: EndpointSlice discovery in demo",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["demo"],
        apiGroups: ["networking.k8s.io"],
        resources: ["ingresses"],
        verbs: ["list", "watch"],
        serves: { jobs: ["probe"] },
        purpose: "job probe on a modern release line: Ingresses annotated prometheus.io/probe in demo (docs/monitor-your-app.md#probes)",
    },
    // The modern release lines discover EndpointSlices instead of Endpoints (docs/prometheus-versions.md#what-changes-per-line).
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["default", "kube-system", "monitoring"],
        apiGroups: [""],
        resources: ["services", "pods"],
        verbs: ["get", "list", "watch"],
        serves: { spec: "Role monitor-main per discovery namespace" },
        purpose: "spec: Role monitor-main in default, kube-system and monitoring on a modern release line (services, pods get/list/watch): discovery, Endpoints replaced by EndpointSlices",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["default", "kube-system", "monitoring"],
        apiGroups: ["discovery.k8s.io"],
        resources: ["endpointslices"],
        verbs: ["list", "watch"],
        serves: { spec: "Role monitor-main per discovery namespace" },
        purpose: "spec: Role monitor-main on a modern release line (discovery.k8s.io endpointslices list/watch): role endpointslice discovery, in place of core endpoints",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["kafka"],
        apiGroups: [""],
        resources: ["services", "pods"],
        verbs: ["get", "list", "watch"],
        serves: { jobs: ["jmx-kafka"] },
        purpose: "job jmx-kafka (prod's metrics.services) on a modern release line: service and pod discovery in kafka",
    },
    {
        kind: "Role",
        name: "monitor-main",
        namespaces: ["kafka"],
        apiGroups: ["discovery.k8s.io"],
        resources: ["endpointslices"],
        verbs: ["list", "watch"],
        serves: { jobs: ["jmx-kafka"] },
        purpose: "job jmx-kafka (prod's metrics.services) on a modern release line: EndpointSlice discovery in kafka",
    },
    {
        kind: "ClusterRole",
        name: "fluentd-es",
        apiGroups: [""],
        resources: ["namespaces", "pods"],
        verbs: ["get", "watch", "list"],
        serves: { spec: "log agent ClusterRole fluentd-es" },
        purpose: "spec: log agent ClusterRole fluentd-es (namespaces, pods get/watch/list): the kubernetes_metadata filter",
    },
    kubeStateMetricsRule("", [
        "configmaps", "limitranges", "namespaces", "nodes", "persistentvolumeclaims", "persistentvolumes", "pods",
        "replicationcontrollers", "resourcequotas", "services",
    ]),
    kubeStateMetricsRule("apps", ["daemonsets", "deployments", "replicasets", "statefulsets"]),
    kubeStateMetricsRule("batch", ["cronjobs", "jobs"]),
    kubeStateMetricsRule("autoscaling", ["horizontalpodautoscalers"]),
    kubeStateMetricsRule("policy", ["poddisruptionbudgets"]),
    kubeStateMetricsRule("certificates.k8s.io", ["certificatesigningrequests"]),
    kubeStateMetricsRule("discovery.k8s.io", ["endpointslices"]),
    kubeStateMetricsRule("storage.k8s.io", ["storageclasses", "volumeattachments"]),
    kubeStateMetricsRule("admissionregistration.k8s.io", [
        "mutatingadmissionpolicies", "mutatingadmissionpolicybindings", "mutatingwebhookconfigurations",
        "validatingadmissionpolicies", "validatingadmissionpolicybindings", "validatingwebhookconfigurations",
    ]),
    kubeStateMetricsRule("networking.k8s.io", ["ingresses", "networkpolicies"]),
    kubeStateMetricsRule("coordination.k8s.io", ["leases"]),
    {
        kind: "ClusterRole",
        name: "event-collector",
        apiGroups: [""],
        resources: ["events"],
        verbs: ["list", "watch"],
        serves: { component: "event-collector" },
        purpose: "component event-collector: list then watch every namespace's events at /api/v1/events, which it writes as JSON lines for the log agent (docs/cluster-events.md#security)",
    },
    {
        kind: "ClusterRole",
        name: "prometheus-adapter",
        apiGroups: [""],
        resources: ["nodes", "namespaces", "pods", "services"],
        verbs: ["get", "list", "watch"],
        serves: { component: "prometheus-adapter" },
        purpose:
            "component prometheus-adapter: read the pods and nodes it reports on and the namespaces and services its API server resolves, as upstream's role (docs/resource-metrics.md#permissions)",
    },
    {
        kind: "ClusterRole",
        name: "prometheus-adapter-metrics-reader",
        apiGroups: ["metrics.k8s.io"],
        resources: ["pods", "nodes"],
        verbs: ["get", "list", "watch"],
        serves: { component: "prometheus-adapter" },
        purpose: "component prometheus-adapter: aggregated into view, edit and admin, so whoever may view a namespace may run kubectl top in it, as with metrics-server",
    },
    {
        kind: "Role",
        name: "monitor-main-team-rules",
        namespaces: ["demo"],
        apiGroups: [""],
        resources: ["configmaps"],
        verbs: ["list", "watch"],
        serves: { component: "prometheus" },
        purpose:
            "metrics.teamRules: the team rules sidecar in Prometheus' pod lists and watches the ConfigMaps labelled prometheus_rule of each allowed namespace (a ClusterRole with all: true) (docs/monitor-your-app.md#team-rules)",
    },
    {
        kind: "Role",
        name: "grafana-team-dashboards",
        namespaces: ["demo"],
        apiGroups: [""],
        resources: ["configmaps"],
        verbs: ["list", "watch"],
        serves: { component: "grafana" },
        purpose:
            "component grafana, grafana.teamDashboards: its k8s-sidecar lists and watches the ConfigMaps labelled grafana_dashboard of each allowed namespace (a ClusterRole with all: true); only the sidecar container holds the token (docs/grafana.md#team-dashboards)",
    },
];

const sameSet = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
    JSON.stringify([...(a ?? [])].sort()) === JSON.stringify([...(b ?? [])].sort());

/** The row that explains a rendered rule, or undefined. Sets compare exactly: a wider rule matches no row. */
export function purposeOf(rule: RenderedRule): RbacPurpose | undefined {
    return RBAC_PURPOSES.find(
        (p) =>
            p.kind === rule.kind &&
            p.name === rule.name &&
            (rule.kind === "ClusterRole" || (p.namespaces ?? []).includes(rule.namespace ?? "")) &&
            sameSet(p.apiGroups, rule.apiGroups) &&
            sameSet(p.resources, rule.resources) &&
            sameSet(p.resourceNames, rule.resourceNames) &&
            sameSet(p.nonResourceURLs, rule.nonResourceURLs) &&
            sameSet(p.verbs, rule.verbs),
    );
}

/** Every rule of every ClusterRole and Role among the objects, one entry per rule. */
export function renderedRules(objects: readonly { kind: string; metadata: { name: string; namespace?: string }; [k: string]: unknown }[]): RenderedRule[] {
    return objects
        .filter((o) => o.kind === "ClusterRole" || o.kind === "Role")
        .flatMap((o) =>
            ((o.rules as any[]) ?? []).map((r) => ({
                kind: o.kind as "ClusterRole" | "Role",
                name: o.metadata.name,
                ...(o.kind === "Role" ? { namespace: o.metadata.namespace } : {}),
                ...(r.apiGroups ? { apiGroups: r.apiGroups } : {}),
                ...(r.resources ? { resources: r.resources } : {}),
                ...(r.resourceNames ? { resourceNames: r.resourceNames } : {}),
                ...(r.nonResourceURLs ? { nonResourceURLs: r.nonResourceURLs } : {}),
                verbs: r.verbs,
            })),
        );
}

/** One line per rule, for messages and the table in the docs. */
export function describeRule(r: RenderedRule): string {
    const what = r.nonResourceURLs
        ? `nonResourceURLs ${r.nonResourceURLs.join(",")}`
        : `${(r.apiGroups ?? []).map((g) => g || "core").join(",")}/${(r.resources ?? []).join(",")}` +
          (r.resourceNames ? ` [${r.resourceNames.join(",")}]` : "");
    return `${r.kind} ${r.namespace ? `${r.namespace}/` : ""}${r.name}: ${what} ${r.verbs.join(",")}`;
}
