import { SLOW_GROUP_INTERVAL } from "../common/rules/slow-intervals";
import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";
import { NAMESPACE_CPU_REQUESTS, NAMESPACE_MEMORY_REQUESTS, POD_CPU_REQUESTS, POD_MEMORY_REQUESTS } from "../common/rules/compute-resource-records";
import { resourceRequestAndLimitRules } from "./resource-rules";
import { oncePerObject } from "./once-per-object";
import { NODE_ALLOCATABLE, UNMOVABLE_PODS, overcommitRecords } from "./overcommit-records";
import { KUBE_STATE_METRICS_JOB_NAME } from "./layout";

const ksm = `job="${KUBE_STATE_METRICS_JOB_NAME}"`;

interface Resource {
    name: "cpu" | "memory";
    /** As the alerts name it: KubeCPUOvercommit, KubeMemoryQuotaOvercommit. */
    title: "CPU" | "Memory";
    /** As a sentence names it. */
    noun: "CPU" | "memory";
    podRequests: string;
    namespaceRequests: string;
}

const CPU: Resource = { name: "cpu", title: "CPU", noun: "CPU", podRequests: POD_CPU_REQUESTS, namespaceRequests: NAMESPACE_CPU_REQUESTS };
const MEMORY: Resource = { name: "memory", title: "Memory", noun: "memory", podRequests: POD_MEMORY_REQUESTS, namespaceRequests: NAMESPACE_MEMORY_REQUESTS };

/**
 * The pods' requests no longer fit on the nodes that would be left if any one node failed.
 *
 * Losing node X leaves the allocatable of the others, and must place again every active pod's
 * requests but those of the pods bound to X: DaemonSet pods and static pods (owner kind Node)
 * are not placed again, they go with their node. So the cluster is short when, for some X,
 *   requests - bound(X) > allocatable - allocatable(X),
 * that is when the requests exceed the allocatable less the largest allocatable(X) - bound(X).
 * kube-prometheus subtracts the largest node's allocatable alone, so a small cluster's DaemonSets
 * (the log agent and node-exporter, a CNI) count twice there: on every node, and again as pods to
 * move; on three nodes that is the difference between a quiet cluster and a warning.
 *
 * A one-node cluster cannot survive its node at all, so saying so adds nothing: silent there (a
 * pod that does not fit stays Pending, which KubePodNotReady reports). Warning, never critical:
 * nothing is broken yet, and PagerDuty takes critical alone (docs/alerting.md#info-alerts).
 */
function overcommit(r: Resource): AlertingRule {
    // Once per node however many kube-state-metrics replicas serve it: a sum of both would halve the share, and the
    // one-node count would read 2 (overcommit-records.ts).
    const allocatable = `${NODE_ALLOCATABLE}{resource="${r.name}"}`;
    const perNode = `sum by (node) (${allocatable})`;
    const bound = `sum by (node) (${r.podRequests} * on (namespace, pod) group_left () ${UNMOVABLE_PODS})`;
    // A node without bound pods frees all of its allocatable: 0 for it, not no series.
    const freedByLoss = `${perNode} - (${bound} or ${perNode} * 0)`;
    return {
        alert: `Kube${r.title}Overcommit`,
        expr: `(sum(${r.namespaceRequests}) > sum(${allocatable}) - max(${freedByLoss})) unless count(${allocatable}) == 1`,
        for: "10m",
        labels: { severity: "warning" },
        annotations: {
            summary: `The cluster has overcommitted ${r.noun} requests.`,
            description:
                `The pods request more ${r.noun} than the other nodes could take if one node failed ` +
                "(pods of DaemonSets and static pods left out, as they do not move); the cluster cannot tolerate a node failure.",
            runbook_url: runbook(`kubernetes/kube${r.name}overcommit`),
        },
    };
}

/**
 * The namespaces' quotas promise more than the nodes have: more than 1.5 times the allocatable,
 * kube-prometheus's factor. A namespace's hard limit on requests is `requests.<resource>` or
 * `<resource>`, which Kubernetes treats as the same; of several quotas (or both names) in one
 * namespace, each applies, so the smallest is what the namespace can request.
 */
function quotaOvercommit(r: Resource): AlertingRule {
    return {
        alert: `Kube${r.title}QuotaOvercommit`,
        expr:
            `sum(min by (namespace) (kube_resourcequota{${ksm},type="hard",resource=~"${r.name}|requests.${r.name}"})) / ` +
            `sum(${oncePerObject(`kube_node_status_allocatable{${ksm},resource="${r.name}"}`)}) > 1.5`,
        for: "5m",
        labels: { severity: "warning" },
        annotations: {
            summary: `The namespaces' ${r.noun} quotas exceed the cluster's capacity.`,
            description: `The namespaces' resource quotas allow ${r.noun} requests of more than 1.5 times what the nodes can allocate; the cluster cannot hold what the quotas allow.`,
            runbook_url: runbook(`kubernetes/kube${r.name}quotaovercommit`),
        },
    };
}

/**
 * A quota's use against its hard limit, per namespace, quota and resource. A hard limit of 0
 * forbids the resource in the namespace (`services.loadbalancers: 0`), and objects created
 * before such a quota are used over it for good: the ratio is +Inf there, or NaN with nothing
 * used, which no comparison but "exceeded" takes, and that one leaves such quotas out.
 */
function quotaAlerts(): AlertingRule[] {
    const used = `kube_resourcequota{${ksm},type="used"}`;
    const hard = `kube_resourcequota{${ksm},type="hard"}`;
    const ratio = `${used} / ignoring (type) ${hard}`;
    const quota = "{{ $labels.resource }} of quota {{ $labels.namespace }}/{{ $labels.resourcequota }}";
    const rule = (alert: string, expr: string, severity: "info" | "warning", summary: string, description: string): AlertingRule => ({
        alert,
        expr,
        for: "15m",
        labels: { severity },
        annotations: { summary, description, runbook_url: runbook(`kubernetes/${alert.toLowerCase()}`) },
    });
    return [
        rule("KubeQuotaAlmostFull", `${ratio} > 0.9 < 1`, "info", "A namespace's quota is nearly used up.", `More than 90 % of the ${quota} has been used for 15 minutes.`),
        rule("KubeQuotaFullyUsed", `${ratio} == 1`, "info", "A namespace's quota is used up.", `All of the ${quota} has been used for 15 minutes; new objects that need it are refused.`),
        rule(
            "KubeQuotaExceeded",
            `${ratio} > 1 unless ignoring (type) ${hard} == 0`,
            "warning",
            "A namespace's quota is exceeded.",
            `More of the ${quota} has been used than it allows, for 15 minutes: objects created before the quota, or a quota lowered under its use.`,
        ),
    ];
}

/**
 * Requests against the nodes' capacity and quotas against their limits, from kube-state-metrics:
 * one group with the request and limit recording rules, which come first, so that the alerts
 * read what this evaluation recorded. The quota alerts only while kube-state-metrics exposes
 * resourcequotas (its default): without them kube_resourcequota never comes.
 */
export function kubernetesResourcesGroup(c: { kubeStateMetricsResources?: readonly string[] }): RuleGroup {
    const quotas = c.kubeStateMetricsResources?.includes("resourcequotas") ?? true;
    return {
        name: "kubernetes-resources",
        interval: SLOW_GROUP_INTERVAL,
        rules: [
            ...resourceRequestAndLimitRules(),
            ...overcommitRecords(),
            overcommit(CPU),
            overcommit(MEMORY),
            ...(quotas ? [quotaOvercommit(CPU), quotaOvercommit(MEMORY), ...quotaAlerts()] : []),
        ],
    };
}
