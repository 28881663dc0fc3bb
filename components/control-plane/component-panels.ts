import { Source } from "../common/dashboards/context";
import { NotAnsweredSpec, PanelSpec } from "../common/dashboards/panels";

/**
 * The Control plane board's panels for the scheduler, the controller manager and kube-proxy that
 * answer the rest of kube-prometheus' Scheduler, Controller Manager and Proxy boards: the
 * component's own API client by code class, its memory, CPU and goroutines (families every
 * Kubernetes component serves through component-base and client-go), and what only one of them
 * serves. Each panel needs its component's job, so it appears only while that job is on.
 */

const rate = (selector: string) => `rate(${selector}[$__rate_interval])`;

interface Component {
    /** As the panel titles name it: "Scheduler", "Controller manager", "kube-proxy". */
    name: string;
    job: string;
    need: Source;
    /** One of them and several, in descriptions. */
    one: string;
    many: string;
}

const SCHEDULER: Component = { name: "Scheduler", job: "kube-scheduler", need: "scheduler", one: "scheduler", many: "schedulers" };
const CONTROLLER_MANAGER: Component = { name: "Controller manager", job: "kube-controller-manager", need: "controllerManager", one: "controller manager", many: "controller managers" };
const KUBE_PROXY: Component = { name: "kube-proxy", job: "kube-proxy", need: "kubeProxy", one: "kube-proxy", many: "kube-proxies" };

/** Requests per second of the component's API client, by HTTP code class (2xx, 3xx, 4xx, 5xx), from the code label's first digit. */
export function apiRequestsByClassExpr(job: string): string {
    return `sum by (class) (label_replace(${rate(`rest_client_requests_total{job="${job}"}`)}, "class", "\${1}xx", "code", "([0-9])[0-9][0-9]"))`;
}

/** API requests by code class, memory, CPU and goroutines: kube-prometheus asks each of the three boards these. */
function processPanels(c: Component): PanelSpec[] {
    const sel = `{job="${c.job}"}`;
    const legend = "{{instance}}";
    return [
        {
            title: `${c.name} API requests by code class`,
            description: `Requests the ${c.many} send to the API server per second, by class of HTTP code; KubeClientErrors fires on the share of 5xx`,
            unit: "reqps",
            kind: "timeseries",
            needs: [c.need],
            queries: [{ expr: apiRequestsByClassExpr(c.job), legend: "{{class}}" }],
        },
        {
            title: `${c.name} memory`,
            description: `Resident memory of each ${c.one}`,
            unit: "bytes",
            kind: "timeseries",
            needs: [c.need],
            queries: [{ expr: `process_resident_memory_bytes${sel}`, legend }],
        },
        {
            title: `${c.name} CPU`,
            description: `CPU cores each ${c.one} uses`,
            unit: "short",
            kind: "timeseries",
            needs: [c.need],
            queries: [{ expr: rate(`process_cpu_seconds_total${sel}`), legend }],
        },
        {
            title: `${c.name} goroutines`,
            description: `Goroutines of each ${c.one}: a steady climb is a leak`,
            unit: "short",
            kind: "timeseries",
            needs: [c.need],
            queries: [{ expr: `go_goroutines${sel}`, legend }],
        },
    ];
}

/** A question of kube-prometheus' board that ours leaves open, and why (docs/grafana.md#questions-not-answered repeats it). */
export interface NotAnswered {
    question: string;
    why: string;
}

const CLIENT_LATENCY: NotAnswered = {
    question: "API-server request duration p99 (POST and GET)",
    why: "`rest_client_request_duration_seconds` is a histogram per verb and host, dropped for every Kubernetes component; requests by code class are shown",
};

export const SCHEDULER_NOT_ANSWERED: readonly NotAnswered[] = [
    {
        question: "End-to-end scheduling rate and p99",
        why: "`scheduler_e2e_scheduling_duration_seconds` was removed in Kubernetes 1.27 (kubernetes/kubernetes#115209) in favour of `scheduler_scheduling_attempt_duration_seconds`, whose rate and p99 are shown as the scheduling attempts",
    },
    {
        question: "Binding rate and p99",
        why: "`scheduler_binding_duration_seconds` was removed in Kubernetes 1.21 (kubernetes/kubernetes#96447); binding now shows only in `scheduler_framework_extension_point_duration_seconds`, a histogram per extension point and status that the job drops for its size, and it is part of the attempt duration shown",
    },
    {
        question: "Volume scheduling rate and p99",
        why: "`scheduler_volume_scheduling_duration_seconds` was removed in Kubernetes 1.23 (kubernetes/kubernetes#104518); volume binding is part of the attempt duration shown",
    },
    CLIENT_LATENCY,
];

export const CONTROLLER_MANAGER_NOT_ANSWERED: readonly NotAnswered[] = [
    {
        question: "Work-queue latency p99",
        why: "`workqueue_queue_duration_seconds` is a 10-bucket histogram per queue (over 40 queues), dropped; the depth, adds and retries per queue are shown",
    },
    CLIENT_LATENCY,
];

export const KUBE_PROXY_NOT_ANSWERED: readonly NotAnswered[] = [CLIENT_LATENCY];

/** The text panel's Markdown: one line per question, as docs/grafana.md lists them. */
export const notAnsweredLines = (list: readonly NotAnswered[]): string[] => list.map((n) => `- **${n.question}**: ${n.why}.`);

function notAnsweredPanel(c: Component, list: readonly NotAnswered[]): NotAnsweredSpec {
    return { kind: "text", title: `${c.name}: not answered on this board`, needs: [c.need], content: notAnsweredLines(list).join("\n") };
}

/** After the scheduler's up, pending pods and attempts: the algorithm's own rate and p99, the process, and what stays open. */
export const SCHEDULER_MORE_PANELS: Array<PanelSpec | NotAnsweredSpec> = [
    {
        title: "Scheduling algorithm runs",
        description: "Runs of the scheduling algorithm (filtering and scoring nodes) per second, per scheduler",
        unit: "ops",
        kind: "timeseries",
        needs: ["scheduler"],
        queries: [{ expr: `sum by (instance) (${rate('scheduler_scheduling_algorithm_duration_seconds_count{job="kube-scheduler"}')})`, legend: "{{instance}}" }],
    },
    {
        title: "Scheduling algorithm latency (p99)",
        description: "99th percentile of one run of the scheduling algorithm, per scheduler: the attempt less binding",
        unit: "s",
        kind: "timeseries",
        needs: ["scheduler"],
        queries: [{ expr: `histogram_quantile(0.99, sum by (instance, le) (${rate('scheduler_scheduling_algorithm_duration_seconds_bucket{job="kube-scheduler"}')}))`, legend: "{{instance}}" }],
    },
    ...processPanels(SCHEDULER),
    notAnsweredPanel(SCHEDULER, SCHEDULER_NOT_ANSWERED),
];

/** After the controller managers' up, work-queue depth and adds: retries, the process, and what stays open. */
export const CONTROLLER_MANAGER_MORE_PANELS: Array<PanelSpec | NotAnsweredSpec> = [
    {
        title: "Controller work-queue retries",
        description: "Items put back per second, per controller queue: a controller that keeps failing on its objects",
        unit: "ops",
        kind: "timeseries",
        needs: ["controllerManager"],
        queries: [{ expr: `sum by (name) (${rate('workqueue_retries_total{job="kube-controller-manager"}')})`, legend: "{{name}}" }],
    },
    ...processPanels(CONTROLLER_MANAGER),
    notAnsweredPanel(CONTROLLER_MANAGER, CONTROLLER_MANAGER_NOT_ANSWERED),
];

/** After the kube-proxies' up and rule syncs: network programming rate and p99, the process, and what stays open. */
export const KUBE_PROXY_MORE_PANELS: Array<PanelSpec | NotAnsweredSpec> = [
    {
        title: "kube-proxy network programming",
        description: "Endpoint changes programmed into the node's rules per second, per node",
        unit: "ops",
        kind: "timeseries",
        needs: ["kubeProxy"],
        queries: [{ expr: `sum by (instance) (${rate('kubeproxy_network_programming_duration_seconds_count{job="kube-proxy"}')})`, legend: "{{instance}}" }],
    },
    {
        title: "kube-proxy network programming latency (p99)",
        description: "99th percentile of the time from a change of a Service's endpoints to its rules on the node, per node",
        unit: "s",
        kind: "timeseries",
        needs: ["kubeProxy"],
        queries: [{ expr: `histogram_quantile(0.99, sum by (instance, le) (${rate('kubeproxy_network_programming_duration_seconds_bucket{job="kube-proxy"}')}))`, legend: "{{instance}}" }],
    },
    ...processPanels(KUBE_PROXY),
    notAnsweredPanel(KUBE_PROXY, KUBE_PROXY_NOT_ANSWERED),
];
