import type { PrometheusDashboardSpec } from "../common/dashboards/panels";
import { PUSHGATEWAY_JOB_NAME } from "./layout";

const own = `job="${PUSHGATEWAY_JOB_NAME}"`;
const pushed = 'job=~"$job"';
const rate = (expr: string) => `rate(${expr}[$__rate_interval])`;

/**
 * The Pushgateway board (docs/pushgateway.md#the-board), in the Monitoring stack folder while the
 * gateway runs: each batch job's last push and last refusal (push_time_seconds and
 * push_failure_time_seconds carry the job that pushed, through honor_labels), and the gateway's
 * own pushes, durations and memory under job="pushgateway". Every panel reads a family the job
 * keeps (families.ts); tests/pushgateway.real.test.ts runs each query on a real gateway's series.
 * Its sources are the gateway's job alone, which runs exactly while the board is contributed, so
 * no panel needs a source of components/common/dashboards/context.ts.
 */
export const pushgatewayDashboard: PrometheusDashboardSpec = {
    uid: "cm-pushgateway",
    folder: "monitoring",
    title: "Pushgateway",
    description: "Batch jobs through the Pushgateway: the age of each job's last push, refused pushes, groups held, and the gateway's pushes, push duration and memory",
    needs: [],
    variables: [{ name: "job", label: "Batch job", query: "label_values(push_time_seconds, job)", includeAll: true }],
    panels: [
        {
            title: "Since the last push",
            description: "How long ago each batch job's group was last pushed successfully; PushgatewayPushStale fires past a day, for an hour",
            unit: "s",
            kind: "stat",
            needs: [],
            queries: [{ expr: `time() - max by (job, instance) (push_time_seconds{${pushed}} != 0)`, legend: "{{job}} {{instance}}" }],
        },
        {
            title: "Last push refused",
            description: "1 while a group's last push was refused (later than its last success), which PushgatewayPushFailed reports; 0 once a push succeeds again",
            unit: "short",
            kind: "timeseries",
            needs: [],
            queries: [{ expr: `max by (job, instance) (push_failure_time_seconds{${pushed}} > bool push_time_seconds{${pushed}})`, legend: "{{job}} {{instance}}" }],
        },
        {
            title: "Groups held",
            description: "The groups the gateway holds per batch job: one per job, or one per job and instance or grouping label",
            unit: "short",
            kind: "stat",
            needs: [],
            queries: [{ expr: `count by (job) (push_time_seconds{${pushed}})`, legend: "{{job}}" }],
        },
        {
            title: "Pushes and deletes",
            description: "Requests per second to the push and delete endpoints by status code: 400 is a refused push",
            unit: "reqps",
            kind: "timeseries",
            needs: [],
            queries: [{ expr: `sum by (handler, code) (${rate(`pushgateway_http_requests_total{${own},handler=~"push|delete"}`)})`, legend: "{{handler}} {{code}}" }],
        },
        {
            title: "Push duration",
            description: "How long the gateway takes to take a push, by method (PUT replaces a group, POST adds to it), at the 0.9 quantile",
            unit: "s",
            kind: "timeseries",
            needs: [],
            queries: [{ expr: `max by (method) (pushgateway_http_push_duration_seconds{${own},quantile="0.9"})`, legend: "{{method}}" }],
        },
        {
            title: "Memory",
            description: "The gateway's resident memory: it holds every pushed group, against its memory limit (pushgateway.resources)",
            unit: "bytes",
            kind: "timeseries",
            needs: [],
            queries: [{ expr: `max(process_resident_memory_bytes{${own}})`, legend: "resident" }],
        },
    ],
};
