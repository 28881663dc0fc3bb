import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";
import { CONTROL_PLANE_JOB_NAMES } from "./layout";

const pods = `job="${CONTROL_PLANE_JOB_NAMES.coreDns}", instance=~"$instance"`;
const rate = (family: string, extra = "") => `rate(${family}{${pods}${extra}}[$__rate_interval])`;
/** Forwarded lookups: the proxy histogram of the forward plugin, one per upstream (`to`) and response code. */
const FORWARD = ', proxy_name="forward"';
const quantile = (q: string, by: string, family: string, extra = "") => `histogram_quantile(${q}, sum by (${by}le) (${rate(family, extra)}))`;

const panel = (p: Omit<PanelSpec, "needs">): PanelSpec => ({ ...p, needs: ["coreDns"] });

/**
 * CoreDNS in depth (the coredns job): what is asked, what it answers and how fast, what the cache
 * and the upstreams do. The questions are those of the CoreDNS mixin's board (requests by type,
 * zone, protocol and DNSSEC OK bit, responses by code, duration, cache, forwarding); the queries are
 * written here, each on a family the job keeps (coredns-families.ts). Instance is the CoreDNS pod.
 */
export const coreDnsDashboard: PrometheusDashboardSpec = {
    uid: "cm-coredns",
    title: "CoreDNS",
    description: "The cluster's DNS: requests by type, zone and protocol, responses by code, latency, cache, forwarding upstream, panics",
    needs: ["coreDns"],
    variables: [{ name: "instance", label: "CoreDNS pod", query: `label_values(coredns_build_info{job="${CONTROL_PLANE_JOB_NAMES.coreDns}"}, instance)`, includeAll: true }],
    panels: [
        panel({
            title: "CoreDNS pods up",
            description: "CoreDNS pods whose last scrape succeeded",
            unit: "short",
            kind: "stat",
            queries: [{ expr: `sum(up{${pods}})`, legend: "up" }],
        }),
        panel({
            title: "Version",
            description: "Pods per CoreDNS version: two versions at once is a rollout under way",
            unit: "short",
            kind: "stat",
            queries: [{ expr: `count by (version) (coredns_build_info{${pods}})`, legend: "{{version}}" }],
        }),
        panel({
            title: "Panics",
            description: "Panics over the last hour, all pods: a plugin crashed on a query and CoreDNS recovered",
            unit: "short",
            kind: "stat",
            queries: [{ expr: `sum(increase(coredns_panics_total{${pods}}[1h]))`, legend: "panics" }],
        }),
        panel({
            title: "Requests",
            description: "Lookups per second, all of them and those with the DNSSEC OK bit set",
            unit: "reqps",
            kind: "timeseries",
            queries: [
                { expr: `sum(${rate("coredns_dns_requests_total")})`, legend: "all" },
                { expr: `sum(${rate("coredns_dns_do_requests_total")})`, legend: "DNSSEC OK" },
            ],
        }),
        panel({
            title: "Requests by record type",
            description: "Lookups per second by record type (A, AAAA, SRV, PTR ...; CoreDNS counts rare types as other)",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (type) (${rate("coredns_dns_requests_total")})`, legend: "{{type}}" }],
        }),
        panel({
            title: "Requests by zone",
            description: "Lookups per second by the server block's zone that answered",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (zone) (${rate("coredns_dns_requests_total")})`, legend: "{{zone}}" }],
        }),
        panel({
            title: "Requests by protocol",
            description: "Lookups per second over UDP and TCP: a rise in TCP is often truncated UDP answers retried",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (proto) (${rate("coredns_dns_requests_total")})`, legend: "{{proto}}" }],
        }),
        panel({
            title: "Requests per pod",
            description: "Lookups per second each CoreDNS pod answers: a pod far above the others takes more than its share",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (instance) (${rate("coredns_dns_requests_total")})`, legend: "{{instance}}" }],
        }),
        panel({
            title: "Responses by code",
            description: "Responses per second by DNS response code; SERVFAIL is what CoreDNSErrorsHigh counts, NXDOMAIN is mostly search-path expansion",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (rcode) (${rate("coredns_dns_responses_total")})`, legend: "{{rcode}}" }],
        }),
        panel({
            title: "SERVFAIL share",
            description: "The share of responses that are SERVFAIL: what CoreDNSErrorsHigh alerts on",
            unit: "percentunit",
            kind: "timeseries",
            queries: [{ expr: `sum(${rate("coredns_dns_responses_total", ', rcode="SERVFAIL"')}) / sum(${rate("coredns_dns_responses_total")})`, legend: "SERVFAIL" }],
        }),
        panel({
            title: "Request duration",
            description: "Time CoreDNS takes to answer, 99th, 90th and 50th percentile, all pods",
            unit: "s",
            kind: "timeseries",
            queries: [
                { expr: quantile("0.99", "", "coredns_dns_request_duration_seconds_bucket"), legend: "p99" },
                { expr: quantile("0.90", "", "coredns_dns_request_duration_seconds_bucket"), legend: "p90" },
                { expr: quantile("0.50", "", "coredns_dns_request_duration_seconds_bucket"), legend: "p50" },
            ],
        }),
        panel({
            title: "Request duration per pod (p99)",
            description: "99th percentile of the time each pod takes to answer",
            unit: "s",
            kind: "timeseries",
            queries: [{ expr: quantile("0.99", "instance, ", "coredns_dns_request_duration_seconds_bucket"), legend: "{{instance}}" }],
        }),
        panel({
            title: "Cache hits and misses",
            description: "Lookups per second answered from the cache, by entry type (success or denial), and those that missed it",
            unit: "reqps",
            kind: "timeseries",
            queries: [
                { expr: `sum by (type) (${rate("coredns_cache_hits_total")})`, legend: "hits {{type}}" },
                { expr: `sum(${rate("coredns_cache_misses_total")})`, legend: "misses" },
            ],
        }),
        panel({
            title: "Cache hit ratio",
            description: "The share of cache lookups answered from the cache",
            unit: "percentunit",
            kind: "timeseries",
            queries: [
                {
                    expr: `sum(${rate("coredns_cache_hits_total")}) / (sum(${rate("coredns_cache_hits_total")}) + sum(${rate("coredns_cache_misses_total")}))`,
                    legend: "hit ratio",
                },
            ],
        }),
        panel({
            title: "Cache size",
            description: "Entries in the cache, by type (success, denial), all pods; each is capped by the cache plugin's capacity",
            unit: "short",
            kind: "timeseries",
            queries: [{ expr: `sum by (type) (coredns_cache_entries{${pods}})`, legend: "{{type}}" }],
        }),
        panel({
            title: "Forwarded requests by upstream",
            description: "Lookups per second forwarded to each upstream resolver (the forward plugin)",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (to) (${rate("coredns_proxy_request_duration_seconds_count", FORWARD)})`, legend: "{{to}}" }],
        }),
        panel({
            title: "Upstream responses by code",
            description: "Answers per second from the upstreams by response code: SERVFAIL or REFUSED here is the upstream failing, not CoreDNS",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (to, rcode) (${rate("coredns_proxy_request_duration_seconds_count", FORWARD)})`, legend: "{{to}} {{rcode}}" }],
        }),
        panel({
            title: "Upstream errors",
            description: "Per upstream: failed health checks, and lookups refused because forward's concurrent-query limit was reached",
            unit: "ops",
            kind: "timeseries",
            queries: [
                { expr: `sum by (to) (${rate("coredns_proxy_healthcheck_failures_total", FORWARD)})`, legend: "health check failures {{to}}" },
                { expr: `sum(${rate("coredns_forward_max_concurrent_rejects_total")})`, legend: "refused at max_concurrent" },
            ],
        }),
        panel({
            title: "Upstream latency",
            description: "Time each upstream takes to answer forwarded lookups, 99th and 50th percentile",
            unit: "s",
            kind: "timeseries",
            queries: [
                { expr: quantile("0.99", "to, ", "coredns_proxy_request_duration_seconds_bucket", FORWARD), legend: "p99 {{to}}" },
                { expr: quantile("0.50", "to, ", "coredns_proxy_request_duration_seconds_bucket", FORWARD), legend: "p50 {{to}}" },
            ],
        }),
        panel({
            title: "Memory",
            description: "Resident memory of each CoreDNS pod; the cache is most of it",
            unit: "bytes",
            kind: "timeseries",
            queries: [{ expr: `process_resident_memory_bytes{${pods}}`, legend: "{{instance}}" }],
        }),
        panel({
            title: "CPU",
            description: "CPU cores each CoreDNS pod uses",
            unit: "short",
            kind: "timeseries",
            queries: [{ expr: rate("process_cpu_seconds_total"), legend: "{{instance}}" }],
        }),
        {
            kind: "text",
            title: "Not answered on this board",
            needs: ["coreDns"],
            content:
                "- **Request and response sizes**: the job drops `coredns_dns_request_size_bytes` and `coredns_dns_response_size_bytes` (a histogram per server, zone and protocol that no alert reads; docs/scrape-jobs.md#coredns-families).\n" +
                "- **Duration by record type**: CoreDNS 1.12 times requests per server block and zone only, with no record type (its plugin/metrics/vars/vars.go).",
        },
    ],
};
