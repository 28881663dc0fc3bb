import { AlertCase, AlertCases, bounded, s } from "./alert-case-format";
import { Severity } from "../../components/common/rules/types";

/**
 * The filesystem alerts' cases (components/node-exporter/alerts.ts), each rule at its boundary:
 * every alert has a warning and a critical rule, so each case says which of them fire. One
 * filesystem of size 100, so that free space (or free inodes) is its own percentage.
 */
const fs = 'job="node-exporter",instance="node-1",node="node-1",device="/dev/sda1",fstype="ext4",mountpoint="/"';
const fsLabels = { job: "node-exporter", instance: "node-1", node: "node-1", device: "/dev/sda1", fstype: "ext4", mountpoint: "/" };

/** Space (bytes) or inodes: the free and the total family. */
interface Resource {
    free: string;
    total: string;
}
const SPACE: Resource = { free: "node_filesystem_avail_bytes", total: "node_filesystem_size_bytes" };
const FILES: Resource = { free: "node_filesystem_files_free", total: "node_filesystem_files" };

/** Free `values` (promtool notation) of 100, writable unless `readonly`, evaluated `at`; `severities` the rules that fire (all when left out). */
const fsCase = (r: Resource, values: string, at: string, severities?: Severity[], readonly = 0): AlertCase => ({
    series: [s(`${r.free}{${fs}}`, values), s(`${r.total}{${fs}}`, "100+0x150"), s(`node_filesystem_readonly{${fs}}`, `${readonly}+0x150`)],
    at,
    labels: fsLabels,
    ...(severities ? { severities } : {}),
});

/**
 * Less than 5 % free (warning) and less than 3 % (critical), true from minute 0: 2.9 % fires
 * both when the `for` runs out, 4.9 % and 3.1 % the warning alone, 5.1 % neither.
 */
function almostOut(r: Resource, forDuration: string): AlertCases {
    const flat = (v: number) => `${v}+0x90`;
    return bounded({
        fires: fsCase(r, flat(2.9), forDuration),
        silent: { ...fsCase(r, flat(5.1), forDuration), labels: undefined },
        scenarios: [
            { name: "4.9 %: the warning alone", fires: true, case: fsCase(r, flat(4.9), forDuration, ["warning"]) },
            { name: "3.1 %: the warning, not the critical", fires: true, case: fsCase(r, flat(3.1), forDuration, ["warning"]) },
            { name: "read-only", fires: false, case: { ...fsCase(r, flat(2), forDuration, undefined, 1), labels: undefined } },
        ],
    });
}

/**
 * Below 40 % and empty within 24 h on the 6 h trend (warning), below 20 % and empty within 4 h
 * (critical); `for` 1h. predict_linear needs two samples, so a trend is true from 1m.
 */
function fillingUp(r: Resource): AlertCases {
    // Falls 0.03 a minute: empty within 24 h (the trend predicts about -3 then); below 40 % from 4m,
    // and still above 38 % (the threshold less 5 %) when the for runs out at 64m. Far above 20 %.
    const warningCrossing = "40.1-0.03x90";
    // A steep fall from 100 % to 20.35 % at 59m and 19.5 % from 60m on, held: the 6 h trend still
    // predicts far below zero within 4 h, so the critical rule is true from 60m, and the free
    // space sits between 19 % and 20 % (between 20 % and 21 % at 59m). The warning has been true since 45m.
    const criticalCrossing = "100-1.35x59 19.5+0x90";
    return bounded({
        fires: fsCase(r, warningCrossing, "64m", ["warning"]),
        // Below 40 % and falling, but not empty within 24 h: the trend predicts 0.94 to 0.38.
        silent: { ...fsCase(r, `14.5-${(14.5 - 0.95) / 1440}x90`, "61m"), labels: undefined },
        scenarios: [
            // Empty within 24 h, but still above 40 % (41.9 % to 40.07 %) for the hour.
            { name: "above 40 %", fires: false, case: { ...fsCase(r, "41.9-0.03x90", "61m"), labels: undefined } },
            // The trend predicts -0.95 at 1m and -1.6 at 61m: below -1 only from 6m.
            { name: "24 h trend just below empty: the warning", fires: true, case: fsCase(r, "14.9-0.011x90", "61m", ["warning"]) },
            { name: "below 20 % from 60m: both", fires: true, case: fsCase(r, criticalCrossing, "120m") },
            { name: "below 20 % from 60m, one evaluation early: the warning alone", fires: true, case: fsCase(r, criticalCrossing, "119m", ["warning"]) },
            // Falls 0.015 a minute: the 4 h trend predicts -0.065 at 1m and -0.965 at 61m.
            { name: "4 h trend just below empty: both", fires: true, case: fsCase(r, "3.55-0.015x90", "61m") },
            // The 4 h trend predicts 0.935 at 1m and 0.035 at 61m: the warning alone.
            { name: "4 h trend just short of empty: the warning alone", fires: true, case: fsCase(r, "4.55-0.015x90", "61m", ["warning"]) },
            { name: "read-only", fires: false, case: { ...fsCase(r, "3.55-0.015x90", "61m", undefined, 1), labels: undefined } },
        ],
    });
}

export const FILESYSTEM_ALERT_CASES: Record<string, AlertCases> = {
    NodeFilesystemAlmostOutOfSpace: almostOut(SPACE, "30m"),
    NodeFilesystemSpaceFillingUp: fillingUp(SPACE),
    NodeFilesystemAlmostOutOfFiles: almostOut(FILES, "60m"),
    NodeFilesystemFilesFillingUp: fillingUp(FILES),
};
