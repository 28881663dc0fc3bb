import { z } from "zod";
import { closedObject, flag, stringList, text, whenClean } from "./fields";
import { dnsLabel, serviceName } from "./formats";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { rbacProxySchema } from "./rbac-proxy";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";

export const KUBE_STATE_METRICS_KEY = "kubeStateMetrics";

/**
 * Every resource kube-state-metrics v2.20.0 can expose, with its API group: the resources of the
 * ClusterRole in its examples/standard/cluster-role.yaml (tokenreviews and subjectaccessreviews
 * there serve --auth-filter, which the program does not use).
 */
export const KUBE_STATE_METRICS_RESOURCES: Readonly<Record<string, string>> = {
    certificatesigningrequests: "certificates.k8s.io",
    clusterrolebindings: "rbac.authorization.k8s.io",
    clusterroles: "rbac.authorization.k8s.io",
    configmaps: "",
    cronjobs: "batch",
    daemonsets: "apps",
    deployments: "apps",
    endpoints: "",
    endpointslices: "discovery.k8s.io",
    horizontalpodautoscalers: "autoscaling",
    ingressclasses: "networking.k8s.io",
    ingresses: "networking.k8s.io",
    jobs: "batch",
    leases: "coordination.k8s.io",
    limitranges: "",
    mutatingadmissionpolicies: "admissionregistration.k8s.io",
    mutatingadmissionpolicybindings: "admissionregistration.k8s.io",
    mutatingwebhookconfigurations: "admissionregistration.k8s.io",
    namespaces: "",
    networkpolicies: "networking.k8s.io",
    nodes: "",
    persistentvolumeclaims: "",
    persistentvolumes: "",
    poddisruptionbudgets: "policy",
    pods: "",
    replicasets: "apps",
    replicationcontrollers: "",
    resourcequotas: "",
    rolebindings: "rbac.authorization.k8s.io",
    roles: "rbac.authorization.k8s.io",
    secrets: "",
    serviceaccounts: "",
    services: "",
    statefulsets: "apps",
    storageclasses: "storage.k8s.io",
    validatingadmissionpolicies: "admissionregistration.k8s.io",
    validatingadmissionpolicybindings: "admissionregistration.k8s.io",
    validatingwebhookconfigurations: "admissionregistration.k8s.io",
    volumeattachments: "storage.k8s.io",
};

/** The default of --resources in kube-state-metrics v2.20.0 (docs/developer/cli-arguments.md). */
export const KUBE_STATE_METRICS_DOCUMENTED_DEFAULT = [
    "certificatesigningrequests", "configmaps", "cronjobs", "daemonsets", "deployments", "endpointslices",
    "horizontalpodautoscalers", "ingresses", "jobs", "leases", "limitranges", "mutatingadmissionpolicies",
    "mutatingadmissionpolicybindings", "mutatingwebhookconfigurations", "namespaces", "networkpolicies", "nodes",
    "persistentvolumeclaims", "persistentvolumes", "poddisruptionbudgets", "pods", "replicasets",
    "replicationcontrollers", "resourcequotas", "secrets", "services", "statefulsets", "storageclasses",
    "validatingadmissionpolicies", "validatingadmissionpolicybindings", "validatingwebhookconfigurations",
    "volumeattachments",
] as const;

/**
 * The documented default without secrets: list/watch on secrets is read access to every Secret's
 * data in the cluster, held in the exporter's memory, for a handful of metadata series
 * (docs/kube-state-metrics.md#permissions). A stack that wants them adds secrets back.
 */
export const KUBE_STATE_METRICS_DEFAULT_RESOURCES = KUBE_STATE_METRICS_DOCUMENTED_DEFAULT.filter((r) => r !== "secrets");

export const KUBE_STATE_METRICS_DEFAULTS = {
    enabled: true,
    name: "kube-state-metrics",
    image: "registry.k8s.io/kube-state-metrics/kube-state-metrics:v2.20.0",
    /** kube-prometheus' limits; the request covers a small cluster, the limit a few thousand pods. */
    resources: { cpuRequest: "10m", memoryRequest: "190Mi", memoryLimit: "250Mi", cpuLimit: "100m" } as ResourceSettings,
    nodeSelector: { "kubernetes.io/os": "linux" } as Record<string, string>,
    port: 8080,
    telemetryPort: 8081,
    /** kube-rbac-proxy's port in front of `port`, kube-prometheus' number. */
    proxyPort: 8443,
    /** The second kube-rbac-proxy's port, in front of `telemetryPort`; kube-prometheus' number for it. */
    telemetryProxyPort: 9443,
};

function knownResource(value: string): string | undefined {
    return value in KUBE_STATE_METRICS_RESOURCES
        ? undefined
        : `a resource kube-state-metrics v2.20.0 exposes: ${Object.keys(KUBE_STATE_METRICS_RESOURCES).join(", ")}`;
}

/** kube-state-metrics reads each entry as an exact name or an ECMAScript regex; a comma would split it. */
function metricPattern(value: string): string | undefined {
    if (value.includes(",")) {
        return "one metric name or regex per entry, without commas (kube-state-metrics splits the flag at commas)";
    }
    try {
        new RegExp(value);
        return undefined;
    } catch {
        return "a metric name such as kube_pod_info, or a regex such as kube_pod_container_.*";
    }
}

const d = KUBE_STATE_METRICS_DEFAULTS;

/** `cluster-monitoring:kubeStateMetrics`: the state of Kubernetes objects as metrics (docs/kube-state-metrics.md). */
export const kubeStateMetricsSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy kube-state-metrics and its scrape job" }),
    name: text((v) => dnsLabel(v) ?? serviceName(v))
        .default(d.name)
        .meta({ description: "Deployment, Service, ServiceAccount and ClusterRole(Binding) name, in the metrics namespace" }),
    image: text(imageAtLeast(OLDEST_IMAGES.kubeStateMetrics)).default(d.image).meta({ description: "the kube-state-metrics image; the resource list follows v2.20.0" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    rbacProxy: rbacProxySchema.meta({ description: "the two kube-rbac-proxy sidecars that serve its object metrics and its own over TLS to authorised callers: { image, resources }, each" }),
    ...schedulingFields({ nodeSelector: { value: d.nodeSelector, why: "the image is built for Linux only" } }),
    exposedResources: stringList(knownResource)
        .default([...KUBE_STATE_METRICS_DEFAULT_RESOURCES])
        .meta({
            description:
                "--resources: the kinds whose state it exposes; the ClusterRole lists and watches exactly these. " +
                "Default: v2.20.0's list without secrets",
        }),
    metricAllowlist: stringList(metricPattern).optional().meta({ description: "--metric-allowlist: only these metrics (names or regexes)" }),
    metricDenylist: stringList(metricPattern).optional().meta({ description: "--metric-denylist: every metric but these (names or regexes)" }),
}).superRefine((k, ctx) => {
    if (k.metricAllowlist !== undefined && k.metricDenylist !== undefined) {
        ctx.addIssue({
            code: "custom",
            path: ["metricDenylist"],
            input: k.metricDenylist,
            message: "no denylist together with metricAllowlist: kube-state-metrics refuses both at once",
        });
    }
}, whenClean("metricAllowlist", "metricDenylist"));

export type KubeStateMetricsSettings = z.output<typeof kubeStateMetricsSchema> & {
    /** The metrics server's namespace, where it runs beside Prometheus. */
    namespace: string;
};

/**
 * The claim label by which a claim's owner opts it out of the claim-level alerts
 * (`excluded_from_alerts: "true"`, kubernetes-mixin's). kube-state-metrics v2 serves a claim's
 * labels in kube_persistentvolumeclaim_labels only as --metric-labels-allowlist names them, so the
 * Deployment names this one.
 */
export const CLAIM_OPT_OUT_LABEL = "excluded_from_alerts";

