import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { configMapName, configRoleName, ruleFilesConfigMapName } from "./layout";
import { clusterWideDiscoveryRoles, discoveryNamespaces, needsNodeDiscovery } from "./discovery";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { prometheusRelease } from "../../prometheus-releases/release-lines";
import { AlertmanagerTarget } from "../alertmanager/target";

type Role = k8s.types.input.rbac.v1.Role;
type RoleBinding = k8s.types.input.rbac.v1.RoleBinding;
type ClusterRole = k8s.types.input.rbac.v1.ClusterRole;
type ClusterRoleBinding = k8s.types.input.rbac.v1.ClusterRoleBinding;

const RBAC_API = "rbac.authorization.k8s.io";

function serviceAccountSubject(s: MetricsSettings) {
    return { kind: "ServiceAccount", name: s.serviceAccountName, namespace: s.namespace };
}

export function serviceAccount(s: MetricsSettings): k8s.types.input.core.v1.ServiceAccount {
    return {
        apiVersion: "v1",
        kind: "ServiceAccount",
        metadata: { name: s.serviceAccountName, namespace: s.namespace },
    };
}

/**
 * docs/design.md#permissions: kubelet metrics and the /metrics URL of the API server. Node discovery (kubelet and
 * cadvisor jobs) adds list/watch on nodes, the only cluster-wide read it needs.
 */
export function clusterRole(s: MetricsSettings, jobs: readonly ScrapeConfig[]): ClusterRole {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRole",
        metadata: { name: s.serviceAccountName },
        rules: [
            { apiGroups: [""], resources: ["nodes/metrics"], verbs: ["get"] },
            ...(needsNodeDiscovery(jobs) ? [{ apiGroups: [""], resources: ["nodes"], verbs: ["list", "watch"] }] : []),
            { nonResourceURLs: ["/metrics"], verbs: ["get"] },
            // Only with annotationDiscovery.clusterWide: the discovery Roles' rules, in every namespace.
            ...(clusterWideDiscoveryRoles(jobs).length > 0 ? discoveryRules(s, jobs) : []),
        ],
    };
}

export function clusterRoleBinding(s: MetricsSettings): ClusterRoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "ClusterRoleBinding",
        metadata: { name: s.serviceAccountName },
        roleRef: { apiGroup: RBAC_API, kind: "ClusterRole", name: s.serviceAccountName },
        subjects: [serviceAccountSubject(s)],
    };
}

/** Read access to the server's own ConfigMaps only, by name, rather than every ConfigMap in the namespace. */
export function configRole(s: MetricsSettings): Role {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "Role",
        metadata: { name: configRoleName(s), namespace: s.namespace },
        rules: [
            {
                apiGroups: [""],
                resources: ["configmaps"],
                resourceNames: [configMapName(s), ruleFilesConfigMapName(s)],
                verbs: ["get"],
            },
        ],
    };
}

export function configRoleBinding(s: MetricsSettings): RoleBinding {
    return {
        apiVersion: `${RBAC_API}/v1`,
        kind: "RoleBinding",
        metadata: { name: configRoleName(s), namespace: s.namespace },
        roleRef: { apiGroup: RBAC_API, kind: "Role", name: configRoleName(s) },
        subjects: [serviceAccountSubject(s)],
    };
}

/**
 * What endpoint discovery reads: core Endpoints on 2.11; on the modern lines EndpointSlices
 * instead, which Prometheus only lists and watches (docs/prometheus-versions.md#what-changes-per-line).
 */
function discoveryRules(s: MetricsSettings, jobs: readonly ScrapeConfig[], namespace?: string): k8s.types.input.rbac.v1.PolicyRule[] {
    // Only where the probe job discovers annotated Ingresses (blackboxExporter, modern lines);
    // without a namespace, for the ClusterRole of cluster-wide discovery.
    const ingressSd = jobs.flatMap((job) => (job.kubernetes_sd_configs ?? []).filter((sd) => sd.role === "ingress"));
    const ingresses = ingressSd.some((sd) => (namespace === undefined ? sd.namespaces === undefined : (sd.namespaces?.names ?? []).includes(namespace)))
        ? [{ apiGroups: ["networking.k8s.io"], resources: ["ingresses"], verbs: ["list", "watch"] }]
        : [];
    if (!prometheusRelease(s).endpointSlice) {
        return [{ apiGroups: [""], resources: ["services", "endpoints", "pods"], verbs: ["get", "list", "watch"] }, ...ingresses];
    }
    return [
        { apiGroups: [""], resources: ["services", "pods"], verbs: ["get", "list", "watch"] },
        { apiGroups: ["discovery.k8s.io"], resources: ["endpointslices"], verbs: ["list", "watch"] },
        ...ingresses,
    ];
}

/** Namespaced Roles instead of a ClusterRole keep discovery to the listed namespaces (docs/design.md#permissions). */
export function discoveryRoles(s: MetricsSettings, jobs: readonly ScrapeConfig[], alertmanager?: AlertmanagerTarget): Role[] {
    return discoveryNamespaces(s, jobs, alertmanager).map((namespace) => ({
        apiVersion: `${RBAC_API}/v1`,
        kind: "Role",
        metadata: { name: s.serviceAccountName, namespace },
        rules: discoveryRules(s, jobs, namespace),
    }));
}

export function discoveryRoleBindings(s: MetricsSettings, jobs: readonly ScrapeConfig[], alertmanager?: AlertmanagerTarget): RoleBinding[] {
    return discoveryNamespaces(s, jobs, alertmanager).map((namespace) => ({
        apiVersion: `${RBAC_API}/v1`,
        kind: "RoleBinding",
        metadata: { name: s.serviceAccountName, namespace },
        roleRef: { apiGroup: RBAC_API, kind: "Role", name: s.serviceAccountName },
        subjects: [serviceAccountSubject(s)],
    }));
}
