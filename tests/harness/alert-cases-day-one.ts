import { AlertCase, AlertCases, s, text } from "./alert-case-format";

/**
 * The cases of issue 29's day-one alerts (volumes, certificates, remote write, the Alertmanager
 * cluster, rollouts, Jobs, HPAs, PDBs) and of the three alerts it fixed (KubePodNotReady,
 * KubeStatefulSetReplicasMismatch, KubeletDown). Merged into ALERT_CASES. Every case sits at its
 * boundary: `fires` just past the threshold exactly when `for` runs out (its onset is noted),
 * `silent` just short of the threshold, `early` one evaluation before `for` runs out.
 */
const range = (n: number) => Array.from({ length: n }, (_, i) => i);

// ---- kubernetes-storage: kubelet volume stats ----

const pvcLabels = { job: "kubelet", instance: "node-1", node: "node-1", namespace: "monitoring", persistentvolumeclaim: "data-monitor-0" };
const pvc = text(pvcLabels);

/** A claim of `capacity`, `used` used (500 unless given), and the free series given: the free ratio is free / capacity. */
function volume(kind: "space" | "inodes", free: string, capacity = "1000", used = 500, claim = pvc) {
    const [cap, usedName, available] =
        kind === "space"
            ? ["kubelet_volume_stats_capacity_bytes", "kubelet_volume_stats_used_bytes", "kubelet_volume_stats_available_bytes"]
            : ["kubelet_volume_stats_inodes", "kubelet_volume_stats_inodes_used", "kubelet_volume_stats_inodes_free"];
    return [s(`${cap}{${claim}}`, `${capacity}+0x500`), s(`${usedName}{${claim}}`, `${used}+0x500`), s(`${available}{${claim}}`, free)];
}

/** A neighbour of data-monitor-0 on the same node, in the same namespace. */
const neighbourLabels = { ...pvcLabels, persistentvolumeclaim: "data-monitor-1" };
/**
 * kube-state-metrics' claim labels (kube_persistentvolumeclaim_labels, with
 * --metric-labels-allowlist=persistentvolumeclaims=[excluded_from_alerts]): data-monitor-0 opted
 * out with `excluded_from_alerts: "true"`, data-monitor-1 without the label.
 */
const claimLabels = [
    s(`kube_persistentvolumeclaim_labels{${text({ job: "kube-state-metrics", namespace: "monitoring", persistentvolumeclaim: "data-monitor-0", label_excluded_from_alerts: "true" })}}`, "1+0x500"),
    s(`kube_persistentvolumeclaim_labels{${text({ job: "kube-state-metrics", namespace: "monitoring", persistentvolumeclaim: "data-monitor-1" })}}`, "1+0x500"),
];
/** data-monitor-0 (opted out) and data-monitor-1 (not), both with the free series given. */
const excludedAndNeighbour = (kind: "space" | "inodes", free: string) => [...volume(kind, free), ...volume(kind, free, undefined, undefined, text(neighbourLabels)), ...claimLabels];

function fillingUp(kind: "space" | "inodes"): AlertCases {
    const at = (free: string, when: string, capacity?: string, used?: number): AlertCase => ({ series: volume(kind, free, capacity, used), at: when, labels: pvcLabels });
    const readOnly = s(`kube_persistentvolumeclaim_access_mode{${text({ job: "kube-state-metrics", namespace: "monitoring", persistentvolumeclaim: "data-monitor-0", access_mode: "ReadOnlyMany" })}}`, "1+0x500");
    // Critical: 4 % free until 10m, 2.9 % from 11m; for 1m, so it fires at 12m. The warning's
    // hour has not run out then, so only the critical rule fires.
    const critical = "40+0x10 29+0x20";
    // Warning: free falls 0.1 a minute from 18.1 % to 15.1 % over 300m (empty in about a day on that
    // trend), then 14.9 % from 301m; for 1h, so it fires at 361m.
    const warning = "181-0.1x300 149+0x70";
    // The 4-day horizon: 3080 of 40000 free (7.7 %), falling 0.5 a minute. Time to empty is
    // (3080 - 0.5t) / 0.5 minutes: exactly 4 days (5760m) at t = 400m, less from 401m; fires at 461m.
    // The free space predicted 4 days ahead is 0 at 400m and -0.5 at 401m: above -1, so `< -1`
    // would start a minute later.
    const horizon = "3080-0.5x470";
    return {
        fires: { ...at(critical, "12m"), severities: ["critical"] },
        silent: at("40+0x10 31+0x20", "12m"),
        early: at(critical, "11m"),
        scenarios: [
            { name: "critical, claim mounted ReadOnlyMany", fires: false, case: { series: [...volume(kind, critical), readOnly], at: "12m" } },
            // used > 0 at its boundary: one used, and none.
            { name: "critical: 1 used, 2.9 % free", fires: true, case: { ...at(critical, "12m", undefined, 1), severities: ["critical"] } },
            { name: "critical: a driver that reports no usage, 0 used and 0 free of 1000", fires: false, case: at("0+0x30", "12m", undefined, 0) },
            { name: "warning: 14.9 % free and falling, 1h after onset", fires: true, case: { ...at(warning, "361m"), severities: ["warning"] } },
            { name: "warning: 15.1 % free and falling", fires: false, case: at("181-0.1x300 151+0x70", "361m") },
            { name: "warning: 14.9 % free and falling, one evaluation early", fires: false, case: at(warning, "360m") },
            { name: "warning, claim mounted ReadOnlyMany", fires: false, case: { series: [...volume(kind, warning), readOnly], at: "361m" } },
            { name: "warning: 1 used, 14.9 % free and falling", fires: true, case: { ...at(warning, "361m", undefined, 1), severities: ["warning"] } },
            { name: "warning: 0 used reported, 14.9 % free and falling", fires: false, case: at(warning, "361m", undefined, 0) },
            { name: "warning: 14.9 % free but flat for 6h, never full on the trend", fires: false, case: at("149+0x400", "361m") },
            { name: "warning: time to full under 4 days from 401m, 1h later", fires: true, case: { ...at(horizon, "461m", "40000"), severities: ["warning"] } },
            { name: "warning: time to full under 4 days from 401m, one evaluation early", fires: false, case: at(horizon, "460m", "40000") },
            // The owner's opt-out, at both boundaries: the opted-out claim stays silent, its neighbour fires.
            { name: "critical: 2.9 % free, the claim labelled excluded_from_alerts silent, its neighbour fires", fires: true, case: { series: excludedAndNeighbour(kind, critical), at: "12m", labels: neighbourLabels, severities: ["critical"] } },
            { name: "critical: 3.1 % free, neither claim fires", fires: false, case: { series: excludedAndNeighbour(kind, "40+0x10 31+0x20"), at: "12m" } },
            { name: "warning: 14.9 % free and falling, the claim labelled excluded_from_alerts silent, its neighbour fires", fires: true, case: { series: excludedAndNeighbour(kind, warning), at: "361m", labels: neighbourLabels, severities: ["warning"] } },
            { name: "warning: 15.1 % free and falling, neither claim fires", fires: false, case: { series: excludedAndNeighbour(kind, "181-0.1x300 151+0x70"), at: "361m" } },
            { name: "critical: the claim labelled excluded_from_alerts alone, 2.9 % free", fires: false, case: { series: [...volume(kind, critical), claimLabels[0]], at: "12m" } },
        ],
    };
}

const pvLabels = { job: "kube-state-metrics", persistentvolume: "pvc-1234", phase: "Failed" };
const pvPhase = (labels: Record<string, string>, values: string) => s(`kube_persistentvolume_status_phase{${text(labels)}}`, values);

// ---- certificates ----

const apiTarget = { job: "apiserver", instance: "10.0.0.1:6443", namespace: "default", service: "kubernetes" };
const apiAlert = { job: "apiserver", instance: "10.0.0.1:6443", quantile: "0.01" };
const BOUNDS = ["43200", "86400", "172800", "345600", "604800", "2592000", "+Inf"];
/** Certificates presented per minute at or below each bound (cumulative), from 11m on; none before. */
function presented(cumulative: Record<string, number>) {
    return BOUNDS.map((le) => {
        const n = cumulative[le] ?? 0;
        return s(`apiserver_client_certificate_expiration_seconds_bucket{${text({ ...apiTarget, le })}}`, n === 0 ? "0+0x40" : `0+0x10 ${n}+${n}x30`);
    });
}
// 106 of 10000 a minute under the bound b, the rest far above: the 1st percentile lies 100/106 of
// the way into the bucket that ends at b.
const justUnderWeek = presented({ "604800": 106, "2592000": 10000, "+Inf": 10000 }); // 345600 + 259200 * 100/106 = 590128 s (6.83 days)
const justOverWeek = presented({ "2592000": 10000, "+Inf": 10000 }); // 604800 + 1987200 * 0.01 = 624672 s (7.23 days)
const justUnderDay = presented({ "86400": 106, "172800": 10000, "345600": 10000, "604800": 10000, "2592000": 10000, "+Inf": 10000 }); // 43200 + 43200 * 100/106 = 83955 s
const justOverDay = presented({ "172800": 10000, "345600": 10000, "604800": 10000, "2592000": 10000, "+Inf": 10000 }); // 86400 + 86400 * 0.01 = 87264 s

const kubeletNode = { job: "kubelet", instance: "node-1", node: "node-1" };
function certificateLifetime(which: "client" | "server"): AlertCases {
    const series = (values: string) => [s(`kubelet_certificate_manager_${which}_ttl_seconds{${text(kubeletNode)}}`, values)];
    const ttl = (seconds: number): AlertCase => ({ series: series(`${seconds}+0x10`), at: "5m", labels: kubeletNode });
    /** The lifetime shrinking 60 s a minute, `at5m` seconds left at 5m. */
    const shrinking = (at5m: number, at: string): AlertCase => ({ series: series(`${at5m + 300}-60x10`), at, labels: kubeletNode });
    // No `for`: a lifetime only shrinks. 7 days = 604800 s, 1 day = 86400 s. Each firing case is
    // the first evaluation under its bound (50 s over at 4m, 10 s under at 5m): a `for` of 1m
    // would still be pending there.
    return {
        fires: { ...shrinking(604790, "5m"), severities: ["warning"] },
        silent: shrinking(604790, "4m"),
        scenarios: [
            { name: "86390 s left, 86450 s a minute before: warning and critical", fires: true, case: shrinking(86390, "5m") },
            { name: "86800 s left: warning only", fires: true, case: { ...ttl(86800), severities: ["warning"] } },
        ],
    };
}
function renewalErrors(counter: string): AlertCases {
    // An error a minute from 11m; increase over 5m > 0 from 11m, for 15m: fires at 26m.
    const errors = (values: string, at: string): AlertCase => ({ series: [s(`${counter}{${text(kubeletNode)}}`, values)], at, labels: kubeletNode });
    return {
        fires: errors("0+0x10 1+1x30", "26m"),
        silent: errors("3+0x40", "26m"),
        early: errors("0+0x10 1+1x30", "25m"),
    };
}

// ---- prometheus-remote-write, on the default 2.11 line ----

const P = "prometheus_remote_storage_";
const self = { job: "monitor", namespace: "monitoring", pod: "monitor-0" };
/** 2.11 names a queue "<index>:<url>"; everyAlertSettings' one target. */
const queueLabels = { ...self, queue: "0:https://metrics.example.com/api/v1/write" };
const queue = text(queueLabels);
// 2 failed against 196 succeeded a minute: 1.01 %; against 200: 0.99 %. The first rate is at 1m; for 15m.
// 2.11 sends samples only: the alert says which kind fails.
const samples = (succeeded: number, at: string): AlertCase => ({
    series: [s(`${P}failed_samples_total{${queue}}`, "0+2x30"), s(`${P}succeeded_samples_total{${queue}}`, `0+${succeeded}x30`)],
    at,
    labels: { ...queueLabels, kind: "samples" },
});
// Appended up to 100000 + 60t, sent up to `lag` seconds less, from 0m; for 15m.
const behind = (lag: number, at: string): AlertCase => ({
    series: [s(`${P}highest_timestamp_in_seconds{${text(self)}}`, "100000+60x30"), s(`${P}queue_highest_sent_timestamp_seconds{${queue}}`, `${100000 - lag}+60x30`)],
    at,
    labels: queueLabels,
});
// 2.11's default max_shards is 1000; from 0m, for 15m.
const shards = (n: number, at: string): AlertCase => ({ series: [s(`${P}shards{${queue}}`, `${n}+0x30`)], at, labels: queueLabels });

// ---- alertmanager-cluster ----

const amCluster = { job: "alertmanager", namespace: "monitoring" };
const amPod = (i: number) => ({ ...amCluster, pod: `alertmanager-${i}` });
const upOf = (members: number, down: number) => range(members).map((i) => s(`up{${text(amPod(i))}}`, i < down ? "0+0x30" : "1+0x30"));
/** process_start_time_seconds changing every `every` minutes (a restart), or never. */
const starts = (every: number | null) => range(31).map((i) => (every ? Math.floor(i / every) * 1000 : 0)).join(" ");
// Two of three restart every 2m: 5 restarts in each 10m window from 10m on; every 3m: at most 4.
const crashLoop = (every: number, looping: number, at: string, members = 3): AlertCase => ({
    series: [...upOf(members, 0), ...range(members).map((i) => s(`process_start_time_seconds{${text(amPod(i))}}`, starts(i < looping ? every : null)))],
    at,
    labels: amCluster,
});
const membersSeen = (third: number, at: string): AlertCase => ({
    series: [0, 1, 2].map((i) => s(`alertmanager_cluster_members{${text(amPod(i))}}`, `${i === 2 ? third : 3}+0x30`)),
    at,
    labels: amPod(2),
});
const configHashes = (third: number, at: string): AlertCase => ({
    series: [0, 1, 2].map((i) => s(`alertmanager_config_hash{${text(amPod(i))}}`, `${i === 2 ? third : 111}+0x30`)),
    at,
    labels: amCluster,
});
// 100 notifications a minute per member, the failures split over two reasons; the first rate at 1m, for 5m.
const sending = (failedPerMinute: number[], at: string): AlertCase => ({
    series: failedPerMinute.flatMap((f, i) => [
        s(`alertmanager_notifications_total{${text({ ...amPod(i), integration: "webhook" })}}`, "0+100x30"),
        s(`alertmanager_notifications_failed_total{${text({ ...amPod(i), integration: "webhook", reason: "serverError" })}}`, `0+${f / 2}x30`),
        s(`alertmanager_notifications_failed_total{${text({ ...amPod(i), integration: "webhook", reason: "clientError" })}}`, `0+${f / 2}x30`),
    ]),
    at,
    labels: { ...amCluster, integration: "webhook" },
});
const failedPeers = (n: number, at: string): AlertCase => ({ series: [s(`alertmanager_cluster_failed_peers{${text(amPod(1))}}`, `${n}+0x30`)], at, labels: amPod(1) });

// ---- kubernetes-workloads: kube-state-metrics ----

const K = { job: "kube-state-metrics", namespace: "default" };
const ksm = (m: string, labels: Record<string, string>, values: string) => s(`${m}{${text({ ...K, ...labels })}}`, values);
const flat = (n: number) => `${n}+0x80`;

/** A workload alert whose state holds from 0m, `for` 15m: fires at 15m, early at 14m, silent in the `ok` state. */
function heldFor15m(bad: { series: string; values: string }[], ok: { series: string; values: string }[], labels: Record<string, string>, scenarios: AlertCases["scenarios"] = []): AlertCases {
    return {
        fires: { series: bad, at: "15m", labels: { ...K, ...labels } },
        silent: { series: ok, at: "15m" },
        early: { series: bad, at: "14m" },
        scenarios,
    };
}

const pod = (name: string, phase: string, ready: string | null, ownerKind: string | null, gated = false) => [
    ...["Pending", "Running", "Succeeded", "Failed", "Unknown"].map((p) => ksm("kube_pod_status_phase", { pod: name, phase: p }, flat(p === phase ? 1 : 0))),
    ...(ready === null ? [] : ["true", "false", "unknown"].map((c) => ksm("kube_pod_status_ready", { pod: name, condition: c }, flat(c === ready ? 1 : 0)))),
    // KSM gives a pod without an owner one kube_pod_owner series with empty owner labels.
    ksm("kube_pod_owner", ownerKind ? { pod: name, owner_kind: ownerKind, owner_name: "x", owner_is_controller: "true" } : { pod: name, owner_kind: "", owner_name: "" }, flat(1)),
    ...(gated ? [ksm("kube_pod_status_reason", { pod: name, reason: "SchedulingGated" }, flat(1))] : []),
];
const podLabels = (name: string) => ({ namespace: "default", pod: name });

const sts = { statefulset: "db" };
/** A StatefulSet asking for 3, with `ready` created and ready, replicas_updated as given, and its two revisions. */
const statefulSet = (ready: number, updated: string, currentRevision: string, updateRevision: string) => [
    ksm("kube_statefulset_replicas", sts, flat(3)),
    ksm("kube_statefulset_status_replicas", sts, flat(ready)),
    ksm("kube_statefulset_status_replicas_ready", sts, flat(ready)),
    ksm("kube_statefulset_status_replicas_updated", sts, updated),
    ksm("kube_statefulset_status_current_revision", { ...sts, revision: currentRevision }, flat(1)),
    ksm("kube_statefulset_status_update_revision", { ...sts, revision: updateRevision }, flat(1)),
];
const dep = { deployment: "web" };
const ds = { daemonset: "agent" };
/** A DaemonSet that wants 3 pods. */
const daemonSet = (current: number, misscheduled: number, updated: number, available: number) => [
    ksm("kube_daemonset_status_desired_number_scheduled", ds, flat(3)),
    ksm("kube_daemonset_status_current_number_scheduled", ds, flat(current)),
    ksm("kube_daemonset_status_number_misscheduled", ds, flat(misscheduled)),
    ksm("kube_daemonset_status_updated_number_scheduled", ds, flat(updated)),
    ksm("kube_daemonset_status_number_available", ds, flat(available)),
];
const h = { horizontalpodautoscaler: "web" };
const hpa = (desired: number, current: string, min: number, max: number) => [
    ksm("kube_horizontalpodautoscaler_status_desired_replicas", h, flat(desired)),
    ksm("kube_horizontalpodautoscaler_status_current_replicas", h, current),
    ksm("kube_horizontalpodautoscaler_spec_min_replicas", h, flat(min)),
    ksm("kube_horizontalpodautoscaler_spec_max_replicas", h, flat(max)),
];
const pdb = { poddisruptionbudget: "web" };
const pdbHealthy = (current: number) => [ksm("kube_poddisruptionbudget_status_current_healthy", pdb, flat(current)), ksm("kube_poddisruptionbudget_status_desired_healthy", pdb, flat(3))];
/** Evaluated at 800m = 48000 s; the start time is 48000 minus the seconds it has run. */
const backupJob = (ranSeconds: number, active: number): AlertCase => ({
    series: [ksm("kube_job_status_start_time", { job_name: "backup" }, `${48000 - ranSeconds}+0x810`), ksm("kube_job_status_active", { job_name: "backup" }, `${active}+0x810`)],
    at: "800m",
    labels: { ...K, job_name: "backup" },
});
const container = { namespace: "default", pod: "web-1", container: "web" };
/** Waiting from 0m; with two reasons they alternate every 5 minutes, one 1 while the other is 0. */
const waiting = (reasons: string[], at: string): AlertCase => ({
    series: reasons.map((r, i) =>
        ksm("kube_pod_container_status_waiting_reason", { pod: "web-1", container: "web", reason: r }, reasons.length === 1 ? flat(1) : range(81).map((t) => (Math.floor(t / 5) % 2 === i ? 1 : 0)).join(" ")),
    ),
    at,
    labels: container,
});

// ---- kube-state-metrics: its telemetry ----

const telemetry = { job: "kube-state-metrics-telemetry", instance: "kube-state-metrics-6d4f9-abcde" };
/** 100 calls a minute, `errors` of them failing, over two resources; the first rate at 1m, for 15m. */
const calls = (what: "list" | "watch", errors: number, at: string): AlertCase => {
    const m = `kube_state_metrics_${what}_total`;
    return {
        series: [
            s(`${m}{${text({ ...telemetry, resource: "*v1.Pod", result: "error" })}}`, `0+${errors}x30`),
            s(`${m}{${text({ ...telemetry, resource: "*v1.Pod", result: "success" })}}`, `0+${50 - errors}x30`),
            s(`${m}{${text({ ...telemetry, resource: "*v1.Node", result: "success" })}}`, "0+50x30"),
        ],
        at,
        labels: { job: telemetry.job },
    };
};
// 1.02 of 100 calls a minute fail: 1.02 %; 0.98: 0.98 %.
const listOrWatch = (what: "list" | "watch"): AlertCases => ({ fires: calls(what, 1.02, "16m"), silent: calls(what, 0.98, "16m"), early: calls(what, 1.02, "15m") });

// ---- KubeletDown ----

const kubeletUp = (instance: string, values: string) => s(`up{job="kubelet",instance="${instance}",node="${instance}"}`, values);

export const DAY_ONE_ALERT_CASES: Record<string, AlertCases> = {
    KubePersistentVolumeFillingUp: fillingUp("space"),
    KubePersistentVolumeInodesFillingUp: fillingUp("inodes"),
    KubePersistentVolumeErrors: {
        // Failed from 11m; for 5m.
        fires: { series: [pvPhase(pvLabels, "0+0x10 1+0x20")], at: "16m", labels: pvLabels },
        silent: { series: [pvPhase(pvLabels, "0+0x30"), pvPhase({ ...pvLabels, phase: "Bound" }, "1+0x30")], at: "16m" },
        early: { series: [pvPhase(pvLabels, "0+0x10 1+0x20")], at: "15m" },
    },

    KubeClientCertificateExpiration: {
        // Certificates presented from 11m, the first rate at 11m; for 5m.
        fires: { series: justUnderWeek, at: "16m", labels: apiAlert, severities: ["warning"] },
        silent: { series: justOverWeek, at: "16m" },
        early: { series: justUnderWeek, at: "15m" },
        scenarios: [
            { name: "83955 s (under a day): warning and critical", fires: true, case: { series: justUnderDay, at: "16m", labels: apiAlert } },
            { name: "83955 s, one evaluation early", fires: false, case: { series: justUnderDay, at: "15m" } },
            { name: "87264 s (over a day): warning only", fires: true, case: { series: justOverDay, at: "16m", labels: apiAlert, severities: ["warning"] } },
            { name: "no certificate presented: the quantile is NaN", fires: false, case: { series: presented({}), at: "16m" } },
        ],
    },
    KubeletClientCertificateExpiration: certificateLifetime("client"),
    KubeletServerCertificateExpiration: certificateLifetime("server"),
    KubeletClientCertificateRenewalErrors: renewalErrors("kubelet_certificate_manager_client_expiration_renew_errors"),
    KubeletServerCertificateRenewalErrors: renewalErrors("kubelet_server_expiration_renew_errors"),

    PrometheusRemoteStorageFailures: { fires: samples(196, "16m"), silent: samples(200, "16m"), early: samples(196, "15m") },
    PrometheusRemoteWriteBehind: { fires: behind(121, "15m"), silent: behind(119, "15m"), early: behind(121, "14m") },
    PrometheusRemoteWriteDesiredShards: { fires: shards(1000, "15m"), silent: shards(999, "15m"), early: shards(1000, "14m") },

    AlertmanagerMembersInconsistent: { fires: membersSeen(2, "15m"), silent: membersSeen(3, "15m"), early: membersSeen(2, "14m") },
    AlertmanagerConfigInconsistent: { fires: configHashes(222, "20m"), silent: configHashes(111, "20m"), early: configHashes(222, "19m") },
    AlertmanagerClusterDown: {
        // 25 members, so one member is a 4 % step: 13 down is 52 %, 12 is 48 %. Down from 0m; for 5m.
        fires: { series: upOf(25, 13), at: "5m", labels: amCluster },
        silent: { series: upOf(25, 12), at: "5m" },
        early: { series: upOf(25, 13), at: "4m" },
        // A member is down when it answered less than half its scrapes of the last 5 minutes.
        scenarios: [
            {
                // 6 scrapes a minute apart in each 5m window from 5m on, 3 of them answered: exactly half, not down.
                name: "one of three down, one answering every other scrape (3 of 6 in 5m): one down of three",
                fires: false,
                case: { series: [...upOf(3, 1).filter((_x, i) => i !== 1), s(`up{${text(amPod(1))}}`, range(31).map((i) => (i % 2 === 0 ? 1 : 0)).join(" "))], at: "10m" },
            },
            {
                // Scraped every 15s: 21 scrapes in a 5m window (both ends), 10 answered (47.6 %), fewer before 5m.
                name: "one of three down, one answering 10 of 21 scrapes in 5m (15s apart): two down of three",
                fires: true,
                case: {
                    series: [...upOf(3, 1).filter((_x, i) => i !== 1), s(`up{${text(amPod(1))}}`, range(41).map((i) => i % 2).join(" "))],
                    at: "5m",
                    labels: amCluster,
                    interval: "15s",
                },
            },
        ],
    },
    AlertmanagerClusterCrashlooping: {
        fires: crashLoop(2, 2, "15m"),
        silent: crashLoop(3, 2, "25m"),
        early: crashLoop(2, 2, "14m"),
        scenarios: [
            { name: "one of three (33 %) restarts 5 times in 10m", fires: false, case: crashLoop(2, 1, "25m") },
            { name: "two of four (50 %) restart 5 times in 10m", fires: true, case: crashLoop(2, 2, "15m", 4) },
            { name: "12 of 25 (48 %) restart 5 times in 10m", fires: false, case: crashLoop(2, 12, "20m", 25) },
        ],
    },
    AlertmanagerClusterFailedPeers: { fires: failedPeers(1, "15m"), silent: failedPeers(0, "15m"), early: failedPeers(1, "14m") },
    AlertmanagerClusterFailedToSendAlerts: {
        fires: sending([1.02, 1.02, 1.02], "6m"),
        silent: sending([1.02, 0.98, 1.02], "6m"),
        early: sending([1.02, 1.02, 1.02], "5m"),
    },

    KubePodNotReady: {
        fires: { series: pod("web-1", "Running", "false", "ReplicaSet"), at: "15m", labels: podLabels("web-1") },
        silent: { series: pod("web-1", "Running", "true", "ReplicaSet"), at: "15m" },
        early: { series: pod("web-1", "Running", "false", "ReplicaSet"), at: "14m" },
        scenarios: [
            { name: "Pending pod without an owner", fires: true, case: { series: pod("solo", "Pending", null, null), at: "15m", labels: podLabels("solo") } },
            { name: "SchedulingGated pod", fires: false, case: { series: pod("gated", "Pending", "false", "ReplicaSet", true), at: "15m" } },
            { name: "Failed pod without an owner", fires: false, case: { series: pod("solo", "Failed", "false", null), at: "15m" } },
            { name: "Pending pod of a Job", fires: false, case: { series: pod("backup-x", "Pending", null, "Job"), at: "15m" } },
        ],
    },
    KubeStatefulSetReplicasMismatch: heldFor15m(statefulSet(0, flat(0), "db-a", "db-a"), statefulSet(3, flat(3), "db-a", "db-a"), sts, [
        { name: "pods never created (0 of 3), updated replicas moving every minute", fires: false, case: { series: statefulSet(0, "0+1x80", "db-a", "db-a"), at: "15m" } },
        { name: "2 of 3 ready", fires: true, case: { series: statefulSet(2, flat(2), "db-a", "db-a"), at: "15m", labels: { ...K, ...sts } } },
    ]),
    KubeDeploymentGenerationMismatch: heldFor15m(
        [ksm("kube_deployment_status_observed_generation", dep, flat(2)), ksm("kube_deployment_metadata_generation", dep, flat(3))],
        [ksm("kube_deployment_status_observed_generation", dep, flat(3)), ksm("kube_deployment_metadata_generation", dep, flat(3))],
        dep,
    ),
    KubeDeploymentRolloutStuck: heldFor15m(
        [ksm("kube_deployment_status_condition", { ...dep, condition: "Progressing", status: "false" }, flat(1))],
        [ksm("kube_deployment_status_condition", { ...dep, condition: "Progressing", status: "false" }, flat(0))],
        { ...dep, condition: "Progressing", status: "false" },
    ),
    KubeStatefulSetGenerationMismatch: heldFor15m(
        [ksm("kube_statefulset_status_observed_generation", sts, flat(4)), ksm("kube_statefulset_metadata_generation", sts, flat(5))],
        [ksm("kube_statefulset_status_observed_generation", sts, flat(5)), ksm("kube_statefulset_metadata_generation", sts, flat(5))],
        sts,
    ),
    KubeStatefulSetUpdateNotRolledOut: heldFor15m(statefulSet(3, flat(1), "db-a", "db-b"), statefulSet(3, flat(1), "db-b", "db-b"), sts, [
        { name: "an old revision left while the update moves", fires: false, case: { series: statefulSet(3, "0+1x80", "db-a", "db-b"), at: "15m" } },
    ]),
    KubeDaemonSetRolloutStuck: heldFor15m(daemonSet(3, 0, 2, 3), daemonSet(3, 0, 3, 3), ds, [
        { name: "one pod misscheduled", fires: true, case: { series: daemonSet(3, 1, 3, 3), at: "15m", labels: { ...K, ...ds } } },
        { name: "one pod unavailable", fires: true, case: { series: daemonSet(3, 0, 3, 2), at: "15m", labels: { ...K, ...ds } } },
    ]),
    KubeContainerWaiting: {
        fires: waiting(["ImagePullBackOff"], "60m"),
        silent: waiting(["CrashLoopBackOff"], "60m"),
        early: waiting(["ImagePullBackOff"], "59m"),
        scenarios: [{ name: "ErrImagePull and ImagePullBackOff alternating every 5m", fires: true, case: waiting(["ErrImagePull", "ImagePullBackOff"], "60m") }],
    },
    KubeJobNotCompleted: {
        // No `for`: 43200 s is 12 hours.
        fires: backupJob(43260, 1),
        silent: backupJob(43140, 1),
        scenarios: [{ name: "started 43260 s ago, no longer active", fires: false, case: backupJob(43260, 0) }],
    },
    KubeHpaReplicasMismatch: heldFor15m(hpa(5, flat(3), 2, 10), hpa(3, flat(3), 2, 10), h, [
        { name: "wants 5, runs 3, but moving", fires: false, case: { series: hpa(5, "0+1x80", 2, 10), at: "15m" } },
        { name: "stuck at its minimum 2 while it wants 1 more", fires: true, case: { series: hpa(3, flat(2), 2, 10), at: "15m", labels: { ...K, ...h } } },
    ]),
    KubeHpaMaxedOut: heldFor15m(hpa(10, flat(10), 2, 10), hpa(9, flat(9), 2, 10), h, [
        { name: "at its maximum 10, which is also its minimum", fires: false, case: { series: hpa(10, flat(10), 10, 10), at: "15m" } },
    ]),
    KubePdbNotEnoughHealthyPods: heldFor15m(pdbHealthy(2), pdbHealthy(3), pdb),

    KubeStateMetricsListErrors: listOrWatch("list"),
    KubeStateMetricsWatchErrors: listOrWatch("watch"),

    KubeletDown: {
        // Down from 0m; for 15m. The alert is about the whole cluster: it carries no labels.
        fires: { series: [kubeletUp("node-1", "0+0x30")], at: "15m", labels: {} },
        silent: { series: [kubeletUp("node-1", "1+0x30")], at: "15m" },
        early: { series: [kubeletUp("node-1", "0+0x30")], at: "14m" },
        scenarios: [
            { name: "no nodes at all: no kubelet target and no node listed", fires: false, case: { series: [s('up{job="apiserver",instance="10.0.0.1:6443"}', "1+0x30")], at: "15m" } },
            {
                name: "nodes listed by kube-state-metrics, no kubelet target discovered",
                fires: true,
                case: { series: [s('kube_node_info{job="kube-state-metrics",node="node-1"}', "1+0x30")], at: "15m", labels: {} },
            },
            { name: "one of two kubelets answers", fires: false, case: { series: [kubeletUp("node-1", "0+0x30"), kubeletUp("node-2", "1+0x30")], at: "15m" } },
        ],
    },
};

/** A recording rule's known input and exact output, for `promtool test rules` (promql_expr_test). */
export interface RecordCase {
    series: { series: string; values: string }[];
    at: string;
    expect: { labels: Record<string, string>; value: number }[];
}

export const DAY_ONE_RECORD_CASES: Record<string, RecordCase[]> = {
    // 250 of 1000 bytes free: 0.25.
    "persistentvolumeclaim:kubelet_volume_stats_available_bytes:ratio": [
        {
            series: [s(`kubelet_volume_stats_available_bytes{${pvc}}`, "250+0x5"), s(`kubelet_volume_stats_capacity_bytes{${pvc}}`, "1000+0x5")],
            at: "5m",
            expect: [{ labels: pvcLabels, value: 0.25 }],
        },
        // #42, defect class 4 (not broken): the free bytes served twice, once under an extra label, divide once; the
        // one-to-one match leaves the copy without a partner.
        {
            series: [
                s(`kubelet_volume_stats_available_bytes{${pvc}}`, "250+0x5"),
                s(`kubelet_volume_stats_available_bytes{${pvc},image="kubelet"}`, "250+0x5"),
                s(`kubelet_volume_stats_capacity_bytes{${pvc}}`, "1000+0x5"),
            ],
            at: "5m",
            expect: [{ labels: pvcLabels, value: 0.25 }],
        },
        // The kubelet scraped twice (a second address): two whole pairs, each 0.25 under its own instance.
        {
            series: [
                s(`kubelet_volume_stats_available_bytes{${pvc}}`, "250+0x5"),
                s(`kubelet_volume_stats_capacity_bytes{${pvc}}`, "1000+0x5"),
                s(`kubelet_volume_stats_available_bytes{${text({ ...pvcLabels, instance: "10.0.0.21:10250" })}}`, "250+0x5"),
                s(`kubelet_volume_stats_capacity_bytes{${text({ ...pvcLabels, instance: "10.0.0.21:10250" })}}`, "1000+0x5"),
            ],
            at: "5m",
            expect: [
                { labels: pvcLabels, value: 0.25 },
                { labels: { ...pvcLabels, instance: "10.0.0.21:10250" }, value: 0.25 },
            ],
        },
    ],
    // 100 of 400 inodes free: 0.25.
    "persistentvolumeclaim:kubelet_volume_stats_inodes_free:ratio": [
        {
            series: [s(`kubelet_volume_stats_inodes_free{${pvc}}`, "100+0x5"), s(`kubelet_volume_stats_inodes{${pvc}}`, "400+0x5")],
            at: "5m",
            expect: [{ labels: pvcLabels, value: 0.25 }],
        },
    ],
    "instance:apiserver_client_certificate_expiration_seconds:histogram_quantile": [
        {
            // 200 of 10000 a minute in (4 days, 7 days], the rest in (7 days, 30 days]: the 1st percentile is
            // halfway into the first bucket, 345600 + 259200 * 100/200 = 475200 s.
            series: presented({ "604800": 200, "2592000": 10000, "+Inf": 10000 }),
            at: "20m",
            expect: [{ labels: apiAlert, value: 475200 }],
        },
    ],
};
