/**
 * Writes tests/fixtures/apiserver-metrics.txt: what one kube-apiserver of a small kind cluster
 * (Kubernetes 1.35) serves at /metrics, family by family. No API server runs in the tests, so the
 * families, their types, label names and buckets are transcribed from the API server's own source
 * and docs:
 * - the Kubernetes metrics reference (kubernetes.io/docs/reference/instrumentation/metrics,
 *   generated from test/instrumentation/documentation): names, types, label names;
 * - k8s.io/apiserver/pkg/endpoints/metrics/metrics.go: the buckets of
 *   apiserver_request_duration_seconds and etcd_request_duration_seconds (0.005 … 60, 23 bounds),
 *   apiserver_request_sli_duration_seconds (0.05 … 60, 21), apiserver_response_sizes
 *   (ExponentialBuckets(1000, 10, 7)) and apiserver_watch_events_sizes (ExponentialBuckets(1024, 2, 8));
 * - k8s.io/apiserver/pkg/endpoints/metrics/metrics.go: the labels of apiserver_request_terminations_total;
 *   k8s.io/kube-aggregator/pkg/controllers/status/metrics: aggregator_unavailable_apiservice (a
 *   gauge per APIService) and aggregator_unavailable_apiservice_total (per APIService and reason,
 *   counting turns to unavailable);
 * - k8s.io/component-base and client-go for the families every component serves.
 * Synthetic, and said so: which resource is asked with which verb is what the controllers,
 * kubelets and kube-proxy of a one-node kind cluster do (LIST and WATCH of every built-in
 * resource, GET and the writes of the resources controllers own); the API Priority and Fairness
 * flow schemas and priority levels are the built-in ones; admission plugins are the default set.
 * A real API server serves only the combinations it has seen, so a busier cluster has more.
 * Sample values are made up.
 *
 *   npm run fixture:apiserver
 */
import * as fs from "fs";
import * as path from "path";
import { componentBase, exp, exposition, Family, workqueues } from "./fixture-exposition";

export const APISERVER_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "apiserver-metrics.txt");

/** apiserver_request_duration_seconds and etcd_request_duration_seconds (metrics.go). */
export const REQUEST_DURATION_BUCKETS = [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];
const SLI_BUCKETS = [0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3, 4, 5, 6, 8, 10, 15, 20, 30, 45, 60];

/** [group, version, resource, namespaced, written by a controller or kubelet] of the built-in APIs a kind cluster serves. */
type Resource = readonly [string, string, string, boolean, boolean];
const RESOURCES: ReadonlyArray<Resource> = [
    ["", "v1", "pods", true, true], ["", "v1", "nodes", false, true], ["", "v1", "services", true, true], ["", "v1", "endpoints", true, true],
    ["", "v1", "configmaps", true, true], ["", "v1", "secrets", true, true], ["", "v1", "events", true, true], ["", "v1", "namespaces", false, true],
    ["", "v1", "serviceaccounts", true, true], ["", "v1", "persistentvolumeclaims", true, false], ["", "v1", "persistentvolumes", false, false],
    ["", "v1", "resourcequotas", true, false], ["", "v1", "limitranges", true, false], ["", "v1", "replicationcontrollers", true, false], ["", "v1", "podtemplates", true, false],
    ["apps", "v1", "deployments", true, true], ["apps", "v1", "replicasets", true, true], ["apps", "v1", "daemonsets", true, true], ["apps", "v1", "statefulsets", true, true],
    ["apps", "v1", "controllerrevisions", true, true], ["batch", "v1", "jobs", true, true], ["batch", "v1", "cronjobs", true, false],
    ["coordination.k8s.io", "v1", "leases", true, true], ["discovery.k8s.io", "v1", "endpointslices", true, true], ["events.k8s.io", "v1", "events", true, true],
    ["rbac.authorization.k8s.io", "v1", "roles", true, false], ["rbac.authorization.k8s.io", "v1", "rolebindings", true, false],
    ["rbac.authorization.k8s.io", "v1", "clusterroles", false, false], ["rbac.authorization.k8s.io", "v1", "clusterrolebindings", false, false],
    ["networking.k8s.io", "v1", "ingresses", true, false], ["networking.k8s.io", "v1", "networkpolicies", true, false], ["networking.k8s.io", "v1", "ingressclasses", false, false],
    ["storage.k8s.io", "v1", "storageclasses", false, false], ["storage.k8s.io", "v1", "csinodes", false, true], ["storage.k8s.io", "v1", "csidrivers", false, false],
    ["storage.k8s.io", "v1", "volumeattachments", false, false], ["policy", "v1", "poddisruptionbudgets", true, false], ["scheduling.k8s.io", "v1", "priorityclasses", false, false],
    ["apiextensions.k8s.io", "v1", "customresourcedefinitions", false, false], ["admissionregistration.k8s.io", "v1", "validatingwebhookconfigurations", false, false],
    ["admissionregistration.k8s.io", "v1", "mutatingwebhookconfigurations", false, false], ["flowcontrol.apiserver.k8s.io", "v1", "flowschemas", false, true],
    ["flowcontrol.apiserver.k8s.io", "v1", "prioritylevelconfigurations", false, true], ["certificates.k8s.io", "v1", "certificatesigningrequests", false, true],
    ["node.k8s.io", "v1", "runtimeclasses", false, false], ["autoscaling", "v2", "horizontalpodautoscalers", true, false],
];

interface Request {
    group: string;
    version: string;
    resource: string;
    subresource: string;
    scope: string;
    verb: string;
}

/** The request kinds each resource gets: informers LIST and WATCH it cluster-wide, controllers GET and write what they own. */
function requests(RESOURCES: ReadonlyArray<Resource>): Request[] {
    const list: Request[] = [];
    for (const [group, version, resource, namespaced, written] of RESOURCES) {
        const r = (verb: string, scope: string, subresource = "") => list.push({ group, version, resource, subresource, scope, verb });
        r("LIST", "cluster");
        r("WATCH", "cluster");
        r("GET", "resource");
        if (namespaced) r("LIST", "namespace");
        if (written) {
            for (const verb of ["POST", "PUT", "PATCH", "DELETE"]) r(verb, verb === "POST" && namespaced ? "namespace" : "resource");
            if (["pods", "nodes", "deployments", "replicasets", "daemonsets", "statefulsets", "jobs", "certificatesigningrequests"].includes(resource)) {
                r("PUT", "resource", "status");
                r("PATCH", "resource", "status");
            }
        }
    }
    for (const sub of ["binding", "eviction"]) list.push({ group: "", version: "v1", resource: "pods", subresource: sub, scope: "resource", verb: "POST" });
    // k8s.io/apiserver v0.35.0 pkg/endpoints/metrics/metrics.go CleanVerb reports every request to a subresource of
    // validConnectRequests (log, exec, portforward, attach, proxy) as CONNECT, pods/log too, which the installer serves as a GET.
    for (const sub of ["log", "exec", "portforward"]) list.push({ group: "", version: "v1", resource: "pods", subresource: sub, scope: "resource", verb: "CONNECT" });
    list.push({ group: "authentication.k8s.io", version: "v1", resource: "tokenreviews", subresource: "", scope: "cluster", verb: "POST" });
    list.push({ group: "authorization.k8s.io", version: "v1", resource: "subjectaccessreviews", subresource: "", scope: "cluster", verb: "POST" });
    list.push({ group: "", version: "v1", resource: "serviceaccounts", subresource: "token", scope: "resource", verb: "POST" });
    return list;
}

const smallCodes = (verb: string) => (verb === "GET" ? ["200", "404"] : verb === "POST" ? ["201", "409"] : verb === "WATCH" || verb === "CONNECT" ? ["0"] : verb === "DELETE" ? ["200", "404"] : ["200", "409"]);

/** One histogram or counter series per request kind: families whose labels are the request's own, not a cross product. */
function requestFamilies(shape: ApiserverShape): string[] {
    const lines: string[] = [];
    const label = (r: Request, extra: Record<string, string> = {}) =>
        `{${Object.entries({ component: "apiserver", ...extra, group: r.group, resource: r.resource, scope: r.scope, subresource: r.subresource, verb: r.verb, version: r.version })
            .map(([k, v]) => `${k}="${v}"`)
            .join(",")}}`;
    const all = requests(shape.resources);
    const histogram = (name: string, buckets: readonly number[], which: Request[], extra: Record<string, string> = {}) => {
        lines.push(`# TYPE ${name} histogram`);
        which.forEach((r, i) => {
            const l = label(r, extra);
            [...buckets.map(String), "+Inf"].forEach((le, bi) => lines.push(`${name}_bucket${l.slice(0, -1)},le="${le}"} ${(i + 1) * (bi + 1)}`));
            lines.push(`${name}_sum${l} ${((i + 1) * 0.37).toFixed(3)}`, `${name}_count${l} ${(i + 1) * (buckets.length + 1)}`);
        });
    };
    lines.push("# TYPE apiserver_request_total counter");
    all.forEach((r, i) => shape.codes(r.verb).forEach((code, ci) => lines.push(`apiserver_request_total${label(r, { code, dry_run: "" })} ${(i + 1) * 100 + ci}`)));
    histogram("apiserver_request_duration_seconds", REQUEST_DURATION_BUCKETS, all, { dry_run: "" });
    // The SLI histogram leaves out WATCH only (k8s.io/apiserver v0.35.0): MonitorRequest observes it for every request
    // whose context carries latency trackers (and no dry run), and filters.WithLatencyTrackers (pkg/endpoints/filters/
    // webhook_duration.go) adds them to every request but those of RequestInfo verb "watch". CONNECT requests are in it.
    histogram("apiserver_request_sli_duration_seconds", SLI_BUCKETS, all.filter((r) => r.verb !== "WATCH"));
    // Response sizes of the routes the installer registers as GET or LIST (MonitorRequest tests the installer's verb, not
    // the reported one): pods/log among them, reported as CONNECT; exec and portforward, CONNECT routes, have none.
    histogram("apiserver_response_sizes", exp(1000, 10, 7), all.filter((r) => ["GET", "LIST"].includes(r.verb) || (r.verb === "CONNECT" && r.subresource === "log")));
    lines.push("# TYPE apiserver_longrunning_requests gauge");
    all.filter((r) => r.verb === "WATCH").forEach((r, i) => lines.push(`apiserver_longrunning_requests${label(r)} ${i % 7}`));
    return lines;
}

function apiserverOwn(RESOURCES: ReadonlyArray<Resource>, real = false): Family[] {
const KINDS = [...new Set(RESOURCES.map(([, , resource]) => resource))];
const STORED = RESOURCES.map(([group, , resource]) => (group === "" ? resource : `${resource}.${group}`));
const PRIORITY_LEVELS = ["exempt", "system", "node-high", "leader-election", "workload-high", "workload-low", "global-default", "catch-all"];
/** The built-in flow schemas, each with the priority level it assigns (the cross product never occurs). */
const FLOWS: ReadonlyArray<readonly [string, string]> = [
    ["exempt", "exempt"], ["probes", "exempt"], ["system-leader-election", "leader-election"], ["endpoint-controller", "workload-high"],
    ["workload-leader-election", "leader-election"], ["system-node-high", "node-high"], ["system-nodes", "system"], ["kube-controller-manager", "workload-high"],
    ["kube-scheduler", "workload-high"], ["kube-system-service-accounts", "workload-high"], ["service-accounts", "workload-low"], ["global-default", "global-default"], ["catch-all", "catch-all"],
];
const apf = (extra: Record<string, string> = {}) => FLOWS.map(([flow_schema, priority_level]) => ({ ...extra, flow_schema, priority_level }));
const ADMISSION_PLUGINS = ["NamespaceLifecycle", "LimitRanger", "ServiceAccount", "NodeRestriction", "TaintNodesByCondition", "Priority", "DefaultTolerationSeconds", "DefaultStorageClass", "StorageObjectInUseProtection", "PersistentVolumeClaimResize", "RuntimeClass", "CertificateApproval", "CertificateSigning", "ClusterTrustBundleAttest", "CertificateSubjectRestriction", "DefaultIngressClass", "MutatingAdmissionWebhook", "ValidatingAdmissionPolicy", "ValidatingAdmissionWebhook", "ResourceQuota"];
const OPERATIONS = ["CREATE", "UPDATE", "DELETE", "CONNECT"];
/** Each plugin observed on CREATE and UPDATE, as admit if it mutates and validate if it checks (the first eight only validate). */
const admissionRows = () =>
    ADMISSION_PLUGINS.flatMap((name, i) => ["CREATE", "UPDATE"].map((operation) => ({ name, operation, rejected: "false", type: i < 8 ? "validate" : "admit" })));
const ETCD_OPERATIONS = ["get", "list", "listWithCount", "create", "update", "delete", "GuaranteedUpdate", "count"];
/** The etcd3 store labels each request with the resource it stores. */
const ETCD_TYPES = STORED;
/** Reads reach etcd only for what the watch cache cannot serve: the written resources' gets and writes, and a count of every resource. */
const etcdRows = () => [
    ...RESOURCES.filter(([, , , , written]) => written).flatMap(([group, , resource]) =>
        ["get", "create", "GuaranteedUpdate", "delete"].map((operation) => etcdLabels(operation, group, resource)),
    ),
    ...RESOURCES.map(([group, , resource]) => etcdLabels("count", group, resource)),
];
/** By operation and type (resource.group) up to Kubernetes 1.33; by operation, group and resource from 1.34 (k8s.io/apiserver v0.34.0+ pkg/storage/etcd3/metrics). */
function etcdLabels(operation: string, group: string, resource: string): Record<string, string> {
    return real ? { operation, group, resource } : { operation, type: group === "" ? resource : `${resource}.${group}` };
}

return [
    { name: "apiserver_current_inflight_requests", type: "gauge", labels: { request_kind: ["mutating", "readOnly"] } },
    { name: "apiserver_current_inqueue_requests", type: "gauge", labels: { request_kind: ["mutating", "readOnly"] } },
    { name: "apiserver_storage_objects", type: "gauge", labels: { resource: STORED } },
    { name: "apiserver_storage_list_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_storage_list_fetched_objects_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_storage_list_evaluated_objects_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_storage_list_returned_objects_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_storage_events_received_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_cache_list_total", type: "counter", labels: { index: [""], resource_prefix: STORED.map((r) => `/${r}`) } },
    { name: "apiserver_cache_list_fetched_objects_total", type: "counter", labels: { index: [""], resource_prefix: STORED.map((r) => `/${r}`) } },
    { name: "apiserver_cache_list_returned_objects_total", type: "counter", labels: { resource_prefix: STORED.map((r) => `/${r}`) } },
    { name: "apiserver_watch_cache_events_dispatched_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_watch_cache_events_received_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_watch_cache_initializations_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_init_events_total", type: "counter", labels: { resource: STORED } },
    { name: "apiserver_terminated_watchers_total", type: "counter", labels: { resource: ["pods"] } },
    // By kind up to Kubernetes 1.33 (the small fixture's form), by resource from 1.34 (k8s.io/apiserver v0.34.0 metrics.go).
    { name: "apiserver_watch_events_total", type: "counter", labels: { group: [""], [real ? "resource" : "kind"]: KINDS, version: ["v1"] } },
    { name: "apiserver_watch_events_sizes", type: "histogram", labels: { group: [""], [real ? "resource" : "kind"]: KINDS, version: ["v1"] }, buckets: exp(1024, 2, 8) },
    { name: "etcd_request_duration_seconds", type: "histogram", rows: etcdRows(), buckets: REQUEST_DURATION_BUCKETS },
    { name: "etcd_requests_total", type: "counter", rows: ETCD_OPERATIONS.flatMap((operation) => RESOURCES.map(([group, , resource]) => etcdLabels(operation, group, resource))) },
    { name: "etcd_request_errors_total", type: "counter", rows: RESOURCES.slice(0, 4).map(([group, , resource]) => etcdLabels("get", group, resource)) },
    { name: "etcd_bookmark_counts", type: "gauge", labels: { resource: STORED } },
    { name: "etcd_lease_object_counts", type: "histogram", buckets: exp(1, 2, 15) },
    { name: "etcd_version_info", type: "gauge", labels: { binary_version: ["3.6.4"] } },
    { name: "apiserver_storage_size_bytes", type: "gauge", labels: { storage_cluster_id: ["etcd-0"] } },
    { name: "apiserver_admission_controller_admission_duration_seconds", type: "histogram", rows: admissionRows(), buckets: [0.005, 0.025, 0.1, 0.5, 1, 2.5] },
    { name: "apiserver_admission_step_admission_duration_seconds", type: "histogram", labels: { operation: OPERATIONS, rejected: ["false", "true"], type: ["admit", "validate"] }, buckets: [0.005, 0.025, 0.1, 0.5, 1, 2.5] },
    { name: "apiserver_admission_step_admission_duration_seconds_summary", type: "gauge", labels: { operation: OPERATIONS, rejected: ["false"], type: ["admit", "validate"], quantile: ["0.5", "0.9", "0.99"] } },
    { name: "apiserver_flowcontrol_dispatched_requests_total", type: "counter", rows: apf() },
    { name: "apiserver_flowcontrol_current_executing_requests", type: "gauge", rows: apf() },
    { name: "apiserver_flowcontrol_current_executing_seats", type: "gauge", rows: apf() },
    { name: "apiserver_flowcontrol_current_inqueue_requests", type: "gauge", rows: apf() },
    { name: "apiserver_flowcontrol_request_wait_duration_seconds", type: "histogram", rows: apf({ execute: "true" }), buckets: [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30] },
    { name: "apiserver_flowcontrol_request_execution_seconds", type: "histogram", rows: apf({ type: "regular" }), buckets: [0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30] },
    { name: "apiserver_flowcontrol_work_estimated_seats", type: "histogram", rows: apf(), buckets: [1, 2, 4, 10] },
    { name: "apiserver_flowcontrol_nominal_limit_seats", type: "gauge", labels: { priority_level: PRIORITY_LEVELS } },
    { name: "apiserver_flowcontrol_current_limit_seats", type: "gauge", labels: { priority_level: PRIORITY_LEVELS } },
    { name: "apiserver_flowcontrol_demand_seats", type: "histogram", labels: { priority_level: PRIORITY_LEVELS }, buckets: [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.7, 2, 2.8, 4, 6] },
    { name: "apiserver_flowcontrol_priority_level_request_utilization", type: "histogram", labels: { phase: ["executing", "waiting"], priority_level: PRIORITY_LEVELS }, buckets: [0, 0.001, 0.003, 0.01, 0.03, 0.1, 0.25, 0.5, 0.75, 1] },
    { name: "apiserver_flowcontrol_priority_level_seat_utilization", type: "histogram", labels: { phase: ["executing"], priority_level: PRIORITY_LEVELS }, buckets: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95, 0.99, 1] },
    { name: "apiserver_flowcontrol_read_vs_write_current_requests", type: "histogram", labels: { phase: ["executing", "waiting"], request_kind: ["mutating", "readOnly"] }, buckets: [0, 0.001, 0.01, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] },
    { name: "apiserver_request_filter_duration_seconds", type: "histogram", labels: { filter: ["audit", "authentication", "authorization", "impersonation", "priorityandfairness"] }, buckets: [0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 5, 10, 15, 30] },
    { name: "field_validation_request_duration_seconds", type: "histogram", labels: { field_validation: ["Ignore", "Strict", "Warn"] }, buckets: SLI_BUCKETS },
    { name: "apiserver_request_body_size_bytes", type: "histogram", labels: { resource: ["pods", "events", "leases", "configmaps"], verb: ["create", "update", "patch"] }, buckets: exp(50000, 2, 10) },
    { name: "apiserver_selfrequest_total", type: "counter", labels: { resource: STORED.slice(0, 20), subresource: [""], verb: ["LIST", "WATCH"] } },
    { name: "apiserver_tls_handshake_errors_total", type: "counter" },
    { name: "apiserver_audit_event_total", type: "counter" },
    { name: "apiserver_audit_requests_rejected_total", type: "counter" },
    { name: "authorization_attempts_total", type: "counter", labels: { result: ["allowed", "denied", "no-opinion"] } },
    { name: "authorization_duration_seconds", type: "histogram", labels: { result: ["allowed", "denied", "no-opinion"] }, buckets: exp(0.001, 2, 15) },
    { name: "authentication_token_cache_active_fetch_count", type: "gauge", labels: { status: ["blocked", "in_flight"] } },
    { name: "authentication_token_cache_fetch_total", type: "counter", labels: { status: ["ok", "error"] } },
    // One APIService per group version served (the API server registers its own and each CRD group's), and metrics-server's.
    { name: "aggregator_unavailable_apiservice", type: "gauge", labels: { name: [...new Set(RESOURCES.map(([group, version]) => (group === "" ? `${version}.` : `${version}.${group}`))), "v1beta1.metrics.k8s.io"] } },
    { name: "kube_apiserver_clusterip_allocator_allocated_ips", type: "gauge", labels: { cidr: ["10.96.0.0/16"] } },
    { name: "kube_apiserver_clusterip_allocator_available_ips", type: "gauge", labels: { cidr: ["10.96.0.0/16"] } },
    { name: "kubernetes_healthcheck", type: "gauge", labels: { name: ["etcd", "informer-sync", "ping", "log", "poststarthook/rbac/bootstrap-roles"], type: ["livez", "readyz", "healthz"] } },
    { name: "kubernetes_healthchecks_total", type: "counter", labels: { name: ["etcd", "informer-sync", "ping", "log", "poststarthook/rbac/bootstrap-roles"], status: ["success", "error"], type: ["livez", "readyz", "healthz"] } },
    ...(real ? realOnly(STORED, apf, PRIORITY_LEVELS) : []),
    ...workqueues(["APIServiceRegistrationController", "AvailableConditionController", "DiscoveryController", "admission_quota_controller", "autoregister", "crd_autoregistration_controller", "crd_finalizer", "crd_naming_condition_controller", "crd_openapi_controller", "crd_openapi_v3_controller", "non_structural_schema_condition_controller", "open_api_v3_aggregation_controller", "priority_and_fairness_config_queue", "DynamicCABundle-client-ca-bundle", "DynamicServingCertificateController", "RequestHeaderAuthRequestController", "cluster_authentication_trust_controller", "kubernetes_api_approval_conformant_condition_controller"]),
];
}

/**
 * Families a real kube-apiserver of Kubernetes 1.35 serves that the small fixture leaves out (the
 * busy fixture has them), from k8s.io/apiserver tag v0.35.0: pkg/storage/cacher/metrics/metrics.go
 * (the watch cache's read wait, 13 bounds, its capacity and resource version, per group and
 * resource), pkg/util/flowcontrol/metrics/metrics.go (queue length after enqueue, 8 bounds; watch
 * count samples, 6 bounds; per flow schema and priority level; the concurrency limit per priority
 * level) and pkg/endpoints/metrics/metrics.go (timestamp comparison time per code path, 10 bounds).
 */
function realOnly(stored: readonly string[], apf: () => Record<string, string>[], levels: readonly string[]): Family[] {
    const byResource = stored.map((r) => {
        const [resource, ...group] = r.split(".");
        return { group: group.join("."), resource };
    });
    return [
        { name: "apiserver_watch_cache_read_wait_seconds", type: "histogram", rows: byResource, buckets: [0.005, 0.025, 0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1, 1.25, 1.5, 2, 3] },
        { name: "apiserver_watch_cache_capacity", type: "gauge", rows: byResource },
        { name: "apiserver_watch_cache_resource_version", type: "gauge", rows: byResource },
        { name: "apiserver_flowcontrol_request_queue_length_after_enqueue", type: "histogram", rows: apf(), buckets: [0, 10, 25, 50, 100, 250, 500, 1000] },
        { name: "apiserver_flowcontrol_watch_count_samples", type: "histogram", rows: apf(), buckets: [0, 1, 10, 100, 1000, 10000] },
        { name: "apiserver_flowcontrol_request_concurrency_limit", type: "gauge", labels: { priority_level: levels } },
        { name: "apiserver_request_timestamp_comparison_time", type: "histogram", labels: { code_path: ["equalObjectsSlow", "unequalObjectsFast", "unequalObjectsSlow"] }, buckets: [0.0001, 0.0003, 0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1, 5] },
    ];
}

/**
 * Families a real API server serves only once something happened, written last so that the
 * made-up values of the families above stay as they were.
 */
const AFTER_THE_FACT: Family[] = [
    // Served per APIService and reason once it has turned unavailable: the metrics API while metrics-server started.
    { name: "aggregator_unavailable_apiservice_total", type: "counter", labels: { name: ["v1beta1.metrics.k8s.io"], reason: ["MissingEndpoints", "FailedDiscoveryCheck"] } },
    // Served per request kind once one was cut off: LISTs rejected by API Priority and Fairness (429) or timed out (504).
    { name: "apiserver_request_terminations_total", type: "counter", rows: [
        { code: "429", component: "apiserver", group: "", resource: "pods", scope: "cluster", subresource: "", verb: "LIST", version: "v1" },
        { code: "429", component: "apiserver", group: "", resource: "events", scope: "namespace", subresource: "", verb: "LIST", version: "v1" },
        { code: "504", component: "apiserver", group: "", resource: "pods", scope: "cluster", subresource: "", verb: "LIST", version: "v1" },
    ] },
];

/** The API server's cluster: the resources it serves, and which response codes each verb sees. */
export interface ApiserverShape {
    resources: ReadonlyArray<Resource>;
    codes: (verb: string) => string[];
    /** A real API server's families beyond the small fixture's (realOnly) and 1.34+ label names: the busy fixture sets it. */
    real?: boolean;
}

/** The one-node kind cluster of tests/fixtures/apiserver-metrics.txt. */
export const SMALL_APISERVER_SHAPE: ApiserverShape = { resources: RESOURCES, codes: smallCodes };

/**
 * A busy cluster: the built-in resources plus custom resources of the operators such a cluster
 * runs (cert-manager, external-secrets, a CNI, volume snapshots, an autoscaler, a GitOps tool;
 * [group, version, resource, namespaced, written]), each listed, watched, read and written by its
 * controller; and the response codes many clients bring: 403 and 422, 429 from API Priority and
 * Fairness, 500 and 504 now and then.
 */
export function busyApiserverShape(): ApiserverShape {
    const custom: Resource[] = [
        ...["certificates", "certificaterequests", "issuers", "orders", "challenges"].map((r): Resource => ["cert-manager.io", "v1", r, true, true]),
        ["cert-manager.io", "v1", "clusterissuers", false, true],
        ...["externalsecrets", "secretstores"].map((r): Resource => ["external-secrets.io", "v1", r, true, true]),
        ["external-secrets.io", "v1", "clustersecretstores", false, false],
        ...["ciliumnetworkpolicies", "ciliumendpoints"].map((r): Resource => ["cilium.io", "v2", r, true, true]),
        ...["ciliumidentities", "ciliumnodes", "ciliumclusterwidenetworkpolicies"].map((r): Resource => ["cilium.io", "v2", r, false, true]),
        ["snapshot.storage.k8s.io", "v1", "volumesnapshots", true, true], ["snapshot.storage.k8s.io", "v1", "volumesnapshotcontents", false, true], ["snapshot.storage.k8s.io", "v1", "volumesnapshotclasses", false, false],
        ["karpenter.sh", "v1", "nodepools", false, true], ["karpenter.sh", "v1", "nodeclaims", false, true],
        ["argoproj.io", "v1alpha1", "applications", true, true], ["argoproj.io", "v1alpha1", "appprojects", true, false],
        ["monitoring.coreos.com", "v1", "servicemonitors", true, false], ["monitoring.coreos.com", "v1", "podmonitors", true, false],
        ["storage.k8s.io", "v1", "csistoragecapacities", true, true], ["resource.k8s.io", "v1", "resourceslices", false, true],
    ];
    const codes = (verb: string) => {
        const base = smallCodes(verb);
        if (verb === "WATCH" || verb === "CONNECT") return base;
        if (verb === "GET" || verb === "LIST") return [...base.filter((c) => c !== "404" || verb === "GET"), "403", "429", "500", "504"];
        return [...base, "403", "422", "429", "500"];
    };
    return { resources: [...RESOURCES, ...custom], codes, real: true };
}

export function apiserverFixture(shape: ApiserverShape = SMALL_APISERVER_SHAPE, header?: string): string {
    const small =
        "kube-apiserver: generated by scripts/generate-apiserver-fixture.ts (npm run fixture:apiserver); families, types, label names and\n" +
        "buckets from the Kubernetes metrics reference and k8s.io/apiserver (see the script), label values of a one-node kind cluster\n" +
        "(Kubernetes 1.35). Synthetic: which resource gets which verb is modelled, not recorded; sample values are made up.";
    // The request families first, written per request kind; then the rest from their label values.
    const rest = exposition(header ?? small, [...apiserverOwn(shape.resources, shape.real), ...componentBase(false, 300), ...AFTER_THE_FACT]);
    const [head, ...body] = rest.split("\n# TYPE ");
    return `${head}\n${requestFamilies(shape).join("\n")}\n# TYPE ${body.join("\n# TYPE ")}`;
}

if (require.main === module) {
    fs.writeFileSync(APISERVER_FIXTURE, apiserverFixture());
    console.log(`wrote ${APISERVER_FIXTURE}`);
}
