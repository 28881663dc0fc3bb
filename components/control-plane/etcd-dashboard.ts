import { PanelSpec, PrometheusDashboardSpec } from "../common/dashboards/panels";

const members = 'job="etcd", instance=~"$instance"';
const rate = (family: string, extra = "") => `rate(${family}{${members}${extra}}[$__rate_interval])`;
const quantile = (q: string, family: string, by = "instance") => `histogram_quantile(${q}, sum by (${by}, le) (${rate(family)}))`;
/** The watch and lease-keepalive streams: bidirectional gRPC streams open until the client goes. */
const streams = (service: string) => `grpc_type="bidi_stream", grpc_service="etcdserverpb.${service}"`;
const openStreams = (service: string) =>
    `sum(grpc_server_started_total{${members}, ${streams(service)}}) - sum(grpc_server_handled_total{${members}, ${streams(service)}})`;

const panel = (p: Omit<PanelSpec, "needs">): PanelSpec => ({ ...p, needs: ["etcd"] });

/**
 * etcd in depth (the etcd job, off by default): leadership, the raft proposals, the disk
 * (database size against the quota, WAL fsync and backend commit), the peers and the clients.
 * The questions are those of etcd's own mixin board (contrib/mixin) and what its alerts watch
 * (slow applies, failed proposals, heartbeats); the queries are written here. The job drops no
 * family, so every family etcd serves is there (tests/fixtures/etcd-metrics.txt names the tag).
 */
export const etcdDashboard: PrometheusDashboardSpec = {
    uid: "cm-etcd",
    title: "etcd",
    description: "The API server's store: leader and elections, raft proposals, database size against its quota, disk latency, peers, client gRPC traffic",
    needs: ["etcd"],
    variables: [{ name: "instance", label: "member", query: 'label_values(etcd_server_has_leader{job="etcd"}, instance)', includeAll: true }],
    panels: [
        panel({
            title: "Members up",
            description: "etcd members whose last scrape succeeded",
            unit: "short",
            kind: "stat",
            queries: [{ expr: `sum(up{${members}})`, legend: "up" }],
        }),
        panel({
            title: "Has a leader",
            description: "1 while every member sees a leader; 0 on any member means it cannot serve writes",
            unit: "short",
            kind: "stat",
            queries: [{ expr: `min(etcd_server_has_leader{${members}})`, legend: "leader" }],
        }),
        panel({
            title: "Leader",
            description: "The member that leads (1)",
            unit: "short",
            kind: "stat",
            queries: [{ expr: `max by (instance) (etcd_server_is_leader{${members}}) == 1`, legend: "{{instance}}" }],
        }),
        panel({
            title: "Leader elections",
            description: "Leader changes each member saw, per interval: each spike is an election, during which writes stall; more than a few a day mean a slow disk or network",
            unit: "short",
            kind: "timeseries",
            queries: [{ expr: `sum by (instance) (increase(etcd_server_leader_changes_seen_total{${members}}[$__rate_interval]))`, legend: "{{instance}}" }],
        }),
        panel({
            title: "Version",
            description: "Members per etcd version",
            unit: "short",
            kind: "stat",
            queries: [{ expr: `count by (server_version) (etcd_server_version{${members}})`, legend: "{{server_version}}" }],
        }),
        panel({
            title: "Raft proposals",
            description: "Proposals committed and applied per second, per member, and failed ones (a failure is mostly a leader election under way or a lost quorum)",
            unit: "ops",
            kind: "timeseries",
            queries: [
                { expr: `sum by (instance) (${rate("etcd_server_proposals_committed_total")})`, legend: "committed {{instance}}" },
                { expr: `sum by (instance) (${rate("etcd_server_proposals_applied_total")})`, legend: "applied {{instance}}" },
                { expr: `sum by (instance) (${rate("etcd_server_proposals_failed_total")})`, legend: "failed {{instance}}" },
            ],
        }),
        panel({
            title: "Pending proposals and apply backlog",
            description: "Proposals waiting to commit, and those committed but not yet applied; both stay near 0 on a healthy member",
            unit: "short",
            kind: "timeseries",
            queries: [
                { expr: `sum by (instance) (etcd_server_proposals_pending{${members}})`, legend: "pending {{instance}}" },
                {
                    expr: `sum by (instance) (etcd_server_proposals_committed_total{${members}}) - sum by (instance) (etcd_server_proposals_applied_total{${members}})`,
                    legend: "not applied {{instance}}",
                },
            ],
        }),
        panel({
            title: "Slow applies and heartbeats",
            description: "Per second: applies that took longer than expected, read indexes that timed out, and heartbeats the leader failed to send; all point at a slow disk or an overloaded member",
            unit: "ops",
            kind: "timeseries",
            queries: [
                { expr: `sum by (instance) (${rate("etcd_server_slow_apply_total")})`, legend: "slow applies {{instance}}" },
                { expr: `sum by (instance) (${rate("etcd_server_slow_read_indexes_total")})`, legend: "slow read indexes {{instance}}" },
                { expr: `sum by (instance) (${rate("etcd_server_heartbeat_send_failures_total")})`, legend: "heartbeat failures {{instance}}" },
            ],
        }),
        panel({
            title: "Database size",
            description: "Per member: the database file's size, the part of it in use (the rest is freed pages a defragmentation returns), and the quota; at the quota etcd raises NOSPACE and refuses writes",
            unit: "bytes",
            kind: "timeseries",
            queries: [
                { expr: `etcd_mvcc_db_total_size_in_bytes{${members}}`, legend: "size {{instance}}" },
                { expr: `etcd_mvcc_db_total_size_in_use_in_bytes{${members}}`, legend: "in use {{instance}}" },
                { expr: `max(etcd_server_quota_backend_bytes{${members}})`, legend: "quota" },
            ],
        }),
        panel({
            title: "Database size of quota",
            description: "Each member's database file against its quota (--quota-backend-bytes)",
            unit: "percentunit",
            kind: "timeseries",
            queries: [
                {
                    expr: `max by (instance) (etcd_mvcc_db_total_size_in_bytes{${members}}) / max by (instance) (etcd_server_quota_backend_bytes{${members}})`,
                    legend: "{{instance}}",
                },
            ],
        }),
        panel({
            title: "WAL fsync (p99)",
            description: "99th percentile of the write-ahead log's fsync per member; above 10 ms the disk is too slow for etcd",
            unit: "s",
            kind: "timeseries",
            queries: [{ expr: quantile("0.99", "etcd_disk_wal_fsync_duration_seconds_bucket"), legend: "{{instance}}" }],
        }),
        panel({
            title: "Backend commit (p99)",
            description: "99th percentile of the database's commit per member; above 25 ms the disk is too slow for etcd",
            unit: "s",
            kind: "timeseries",
            queries: [{ expr: quantile("0.99", "etcd_disk_backend_commit_duration_seconds_bucket"), legend: "{{instance}}" }],
        }),
        panel({
            title: "Peer round trip (p99)",
            description: "99th percentile of the round trip from each member to each peer (To is the peer's member id)",
            unit: "s",
            kind: "timeseries",
            queries: [{ expr: quantile("0.99", "etcd_network_peer_round_trip_time_seconds_bucket", "instance, To"), legend: "{{instance}} → {{To}}" }],
        }),
        panel({
            title: "Peer traffic",
            description: "Bytes per second each member sends to and receives from its peers (raft messages and snapshots)",
            unit: "Bps",
            kind: "timeseries",
            queries: [
                { expr: `sum by (instance) (${rate("etcd_network_peer_sent_bytes_total")})`, legend: "sent {{instance}}" },
                { expr: `sum by (instance) (${rate("etcd_network_peer_received_bytes_total")})`, legend: "received {{instance}}" },
            ],
        }),
        panel({
            title: "Peer send failures",
            description: "Messages per second a member failed to send to a peer; active peer connections should be the member count less one",
            unit: "ops",
            kind: "timeseries",
            queries: [
                { expr: `sum by (instance, To) (${rate("etcd_network_peer_sent_failures_total")})`, legend: "failures {{instance}} → {{To}}" },
                { expr: `sum by (instance) (etcd_network_active_peers{${members}})`, legend: "active peers {{instance}}" },
            ],
        }),
        panel({
            title: "Client gRPC requests",
            description: "Unary requests (reads, writes, transactions, lease grants) started per second, and those that ended with a code other than OK, by code",
            unit: "reqps",
            kind: "timeseries",
            queries: [
                { expr: `sum(${rate("grpc_server_started_total", ', grpc_type="unary"')})`, legend: "started" },
                { expr: `sum by (grpc_code) (${rate("grpc_server_handled_total", ', grpc_type="unary", grpc_code!="OK"')})`, legend: "{{grpc_code}}" },
            ],
        }),
        panel({
            title: "Client gRPC requests by method",
            description: "Unary requests per second by service and method: Range is reads, Txn and Put writes",
            unit: "reqps",
            kind: "timeseries",
            queries: [{ expr: `sum by (grpc_service, grpc_method) (${rate("grpc_server_started_total", ', grpc_type="unary"')})`, legend: "{{grpc_service}} {{grpc_method}}" }],
        }),
        panel({
            title: "Watch and lease streams",
            description: "Open watch streams (mostly the API servers' watches) and lease keep-alive streams",
            unit: "short",
            kind: "timeseries",
            queries: [
                { expr: openStreams("Watch"), legend: "watch" },
                { expr: openStreams("Lease"), legend: "lease" },
            ],
        }),
        panel({
            title: "Client traffic",
            description: "Bytes per second each member receives from and sends to its gRPC clients",
            unit: "Bps",
            kind: "timeseries",
            queries: [
                { expr: `sum by (instance) (${rate("etcd_network_client_grpc_received_bytes_total")})`, legend: "in {{instance}}" },
                { expr: `sum by (instance) (${rate("etcd_network_client_grpc_sent_bytes_total")})`, legend: "out {{instance}}" },
            ],
        }),
        panel({
            title: "Memory",
            description: "Resident memory of each member",
            unit: "bytes",
            kind: "timeseries",
            queries: [{ expr: `process_resident_memory_bytes{${members}}`, legend: "{{instance}}" }],
        }),
        panel({
            title: "CPU",
            description: "CPU cores each member uses",
            unit: "short",
            kind: "timeseries",
            queries: [{ expr: rate("process_cpu_seconds_total"), legend: "{{instance}}" }],
        }),
    ],
};
