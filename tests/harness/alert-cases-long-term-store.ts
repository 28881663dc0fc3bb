import { AlertCases, s, text, ticks, bounded } from "./alert-case-format";

/**
 * The long-term store's alerts (components/long-term-store/alerts.ts), each at its boundary as
 * tests/alert-boundaries.real.test.ts moves it: a ratio 5 % either side of 0.8, a single
 * increment for `> 0`, a firing case exactly when its `for` runs out and an early one a minute before.
 */

const flat = (value: number | string, minutes = 60) => `${value}+0x${minutes}`;
/** One increment at minute 1 and every 5 minutes after: increase(x[5m]) is exactly 1 from minute 1 on. */

const podLabels = { namespace: "monitoring", pod: "long-term-store-0" };
const target = { job: "long-term-store", ...podLabels, service: "long-term-store", endpoint: "http", instance: "10.244.0.12:8428" };
const t = text(target);
const path = { ...target, path: "/storage" };

/** The data and the free space of the volume, in GB, so that data / (data + free) is `used`. */
const disk = (used: number) => [
    s(`vm_data_size_bytes{${t},type="indexdb"}`, flat(used * 10)),
    s(`vm_data_size_bytes{${t},type="storage/big"}`, flat(used * 90)),
    s(`vm_free_disk_space_bytes{${text(path)}}`, flat((1 - used) * 100)),
];

/** The store's successful backups (the loop's /snapshot/delete calls), and its start, at `startMinute`. */
const backups = (deletes: string, startMinute = 0) => [
    s(`vm_http_requests_total{${t},path="/snapshot/delete"}`, deletes),
    s(`process_start_time_seconds{${t}}`, flat(startMinute * 60, 150)),
];

export const LONG_TERM_STORE_ALERT_CASES: Record<string, AlertCases> = {
    LongTermStoreDown: bounded({
        fires: { series: [s(`up{${t}}`, flat(0, 20))], at: "10m", labels: {} },
        silent: { series: [s(`up{${t}}`, flat(1, 20))], at: "10m" },
        scenarios: [{ name: "no target at all", fires: true, case: { series: [s(`up{job="monitor"}`, flat(1, 20))], at: "10m", labels: {} } }],
    }),
    LongTermStoreReadOnly: bounded({
        fires: { series: [s(`vm_storage_is_read_only{${text(path)}}`, flat(1, 20))], at: "5m", labels: path },
        silent: { series: [s(`vm_storage_is_read_only{${text(path)}}`, flat(0, 20))], at: "5m" },
    }),
    LongTermStoreDiskUsageHigh: bounded({
        fires: { series: disk(0.82), at: "30m", labels: podLabels },
        silent: { series: disk(0.78), at: "30m" },
    }),
    LongTermStoreWriteErrors: bounded({
        fires: { series: [s(`vm_http_request_errors_total{${t},path="/api/v1/write",protocol="promremotewrite"}`, ticks(5, 60))], at: "16m", labels: podLabels },
        silent: { series: [s(`vm_http_request_errors_total{${t},path="/api/v1/write",protocol="promremotewrite"}`, flat(0))], at: "16m" },
        scenarios: [
            {
                name: "errors on queries only",
                fires: false,
                case: { series: [s(`vm_http_request_errors_total{${t},path="/api/v1/query_range"}`, ticks(5, 60))], at: "16m" },
            },
        ],
    }),
    // everyAlertSettings backs up every hour: the window is 2h (7200s). A backup before the first
    // scrape and none after; the store is older than 7200s from minute 121 on, so it fires at 136m.
    LongTermStoreBackupMissed: bounded({
        fires: { series: backups(flat(1, 150)), at: "136m", labels: podLabels },
        silent: { series: backups(`0+0x100 1+0x50`), at: "136m" },
        scenarios: [
            { name: "a store restarted 30 minutes in, not yet up for the window", fires: false, case: { series: backups(flat(0, 150), 30), at: "136m" } },
            { name: "failed turns only: snapshots created and cleared with delete_all", fires: true, case: {
                series: [...backups(flat(0, 150)), s(`vm_http_requests_total{${t},path="/snapshot/create"}`, ticks(5, 150)), s(`vm_http_requests_total{${t},path="/snapshot/delete_all"}`, ticks(5, 150))],
                at: "136m",
                labels: podLabels,
            } },
        ],
    }),
    LongTermStoreSamplesIgnored: bounded({
        fires: { series: [s(`vm_rows_ignored_total{${t},reason="big_timestamp"}`, ticks(5, 60))], at: "16m", labels: { ...podLabels, reason: "big_timestamp" } },
        silent: { series: [s(`vm_rows_ignored_total{${t},reason="big_timestamp"}`, flat(0))], at: "16m" },
    }),
};
