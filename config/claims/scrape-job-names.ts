import { ALERTMANAGER_KEY } from "../alertmanager";
import { ANNOTATION_JOB_NAMES, annotationDiscoveryOn, AnnotationDiscoverySettings } from "../annotation-discovery";
import { ANNOTATED_PROBE_JOB, BLACKBOX_EXPORTER_KEY } from "../blackbox-exporter";
import { CONTROL_PLANE_JOB_NAMES, CONTROL_PLANE_KEY } from "../control-plane";
import { GRAFANA_KEY } from "../grafana";
import { KUBE_STATE_METRICS_KEY } from "../kube-state-metrics";
import { jobName } from "../metrics";
import { NODE_EXPORTER_KEY } from "../node-exporter";
import { OWN_JOB_NAMES } from "../own-targets";
import { Problems } from "../problems";
import { RESOURCE_METRICS_KEY } from "../resource-metrics";
import { SEARCH_STORE_KEY } from "../search-store";
import { LONG_TERM_STORE_JOB_NAME, LONG_TERM_STORE_KEY, VMAUTH_JOB_NAME } from "../long-term-store";
import { JOB_SWITCH_DEFAULTS, KUBE_STATE_METRICS_JOB_NAME, KUBE_STATE_METRICS_TELEMETRY_JOB_NAME, NODE_EXPORTER_JOB_NAME, ScrapeJobSwitches } from "../scrape-jobs";
import { fullKey } from "../source";

/**
 * The one registry of scrape-job names (docs/scrape-jobs.md#job-names). A name is a job_name,
 * which Prometheus refuses twice in one config ("found multiple scrape configs with job name"),
 * and a job label, under which two sources would mix their series, their `up` and their alerts.
 */

/** One scrape job, or job label, and the stack key that brings it in. */
export interface JobClaim {
    name: string;
    key: string;
    /** A name the stack chose (metrics.name, a service's, a probe's) rather than a fixed one that a switch turns on. */
    chosen: boolean;
    /** Whether the switch at `key` is on (always, for a name that is there whenever the stack is). */
    on: boolean;
    /** Only a job label (Alertmanager's, under the self-monitoring job), never a job_name: no per-job limit can apply to it. */
    labelOnly?: true;
    /** A chosen name that the stack left at its default (metrics.name, alertmanager.name unset): never the one blamed for a clash. */
    defaulted?: true;
}

/**
 * What the registry reads, each field as far as the stack file gives it: a field is undefined
 * while its key failed to parse, so a clash is still reported beside that key's own problems
 * wherever the names themselves are known.
 */
export interface JobClaimSources {
    metricsName?: string;
    /** metrics.services[*].name by index; undefined where that entry's name is itself wrong. */
    serviceNames?: readonly (string | undefined)[];
    /** metrics.extraScrapeConfigs[*].job_name by index; undefined where that entry's name is itself wrong. */
    extraJobNames?: readonly (string | undefined)[];
    jobs?: ScrapeJobSwitches;
    annotationDiscovery?: AnnotationDiscoverySettings;
    web?: boolean;
    reloader?: boolean;
    nodeExporter?: boolean;
    kubeStateMetrics?: boolean;
    controlPlane?: Record<keyof typeof CONTROL_PLANE_JOB_NAMES, { enabled: boolean }>;
    grafana?: boolean;
    resourceMetrics?: boolean;
    /** searchStore.enabled and searchStore.exporter.enabled: the in-cluster store's exporter, scraped as its own job. */
    searchStore?: boolean;
    /** longTermStore.enabled: the in-cluster VictoriaMetrics, scraped as its own job. */
    longTermStore?: boolean;
    /** longTermStore.enabled with edges: its vmauth, scraped as its own job. */
    longTermStoreVmauth?: boolean;
    /** The self-monitoring job is left out (nothing is left for it), so metrics.name is only the job label of the prometheus-web job. */
    metricsNameLabelOnly?: boolean;
    blackbox?: { enabled: boolean; probeAnnotated: boolean; probes: readonly { name: string }[] };
    alertmanager?: { enabled: boolean; name: string; web?: unknown };
    /** The fixed job names of the components' own keys (config/own-keys.ts), each claimed at its switch. */
    own?: readonly JobClaim[];
    /**
     * The full keys of chosen names that the stack file does not set, whose value is a default
     * (cluster-monitoring:alertmanager.name). A clash is then blamed on the entry the stack wrote.
     * Unknown (a loaded Settings), every name counts as written.
     */
    defaultedKeys?: readonly string[];
}

const key = (component: string, field: string) => `${fullKey(component)}.${field}`;

/** A fixed name, brought in by the switch at `key`. */
const fixed = (name: string, claimKey: string, on: boolean | undefined): JobClaim => ({ name, key: claimKey, chosen: false, on: on === true });

/**
 * Every job of every source, one line per source; a new job is one more `fixed(...)` line. The
 * order decides which of two chosen names is blamed: the later one, so a service is blamed
 * against metrics.name and a probe against a service.
 */
export function jobClaims(s: JobClaimSources): JobClaim[] {
    const M = "metrics";
    const cp = s.controlPlane;
    const chosen = (name: string | undefined, claimKey: string, on: boolean): JobClaim[] =>
        name === undefined ? [] : [{ name, key: claimKey, chosen: true, on, ...(s.defaultedKeys?.includes(claimKey) ? { defaulted: true as const } : {}) }];
    return [
        ...chosen(s.metricsName, key(M, "name"), true).map((c): JobClaim => (s.metricsNameLabelOnly ? { ...c, labelOnly: true } : c)),
        ...(Object.keys(JOB_SWITCH_DEFAULTS) as (keyof ScrapeJobSwitches)[]).map((job) => fixed(jobName(job), key(M, `jobs.${job}`), s.jobs?.[job])),
        fixed(NODE_EXPORTER_JOB_NAME, key(NODE_EXPORTER_KEY, "enabled"), s.nodeExporter),
        fixed(KUBE_STATE_METRICS_JOB_NAME, key(KUBE_STATE_METRICS_KEY, "enabled"), s.kubeStateMetrics),
        fixed(KUBE_STATE_METRICS_TELEMETRY_JOB_NAME, key(KUBE_STATE_METRICS_KEY, "enabled"), s.kubeStateMetrics),
        ...(Object.keys(CONTROL_PLANE_JOB_NAMES) as (keyof typeof CONTROL_PLANE_JOB_NAMES)[]).map((c) =>
            fixed(CONTROL_PLANE_JOB_NAMES[c], key(CONTROL_PLANE_KEY, `${c}.enabled`), cp?.[c].enabled),
        ),
        fixed(OWN_JOB_NAMES.grafana, key(GRAFANA_KEY, "enabled"), s.grafana),
        fixed(OWN_JOB_NAMES.resourceMetrics, key(RESOURCE_METRICS_KEY, "enabled"), s.resourceMetrics),
        fixed(OWN_JOB_NAMES.configReloader, key(M, "enableLifecycle"), s.reloader),
        fixed(OWN_JOB_NAMES.prometheusWeb, key(M, "web"), s.web),
        fixed(OWN_JOB_NAMES.alertmanagerWeb, key(ALERTMANAGER_KEY, "web"), s.alertmanager?.enabled === true && s.alertmanager.web !== undefined),
        fixed(OWN_JOB_NAMES.searchStore, key(SEARCH_STORE_KEY, "exporter.enabled"), s.searchStore),
        fixed(LONG_TERM_STORE_JOB_NAME, key(LONG_TERM_STORE_KEY, "enabled"), s.longTermStore),
        fixed(VMAUTH_JOB_NAME, key(LONG_TERM_STORE_KEY, "edges"), s.longTermStoreVmauth),
        ...ANNOTATION_JOB_NAMES.map((name) => fixed(name, key(M, "annotationDiscovery"), s.annotationDiscovery && annotationDiscoveryOn(s.annotationDiscovery))),
        fixed(ANNOTATED_PROBE_JOB, key(BLACKBOX_EXPORTER_KEY, "probeAnnotated"), s.blackbox && s.blackbox.enabled && s.blackbox.probeAnnotated),
        ...(s.own ?? []),
        ...(s.serviceNames ?? []).flatMap((name, i) => chosen(name, key(M, `services[${i}].name`), true)),
        ...(s.extraJobNames ?? []).flatMap((name, i) => chosen(name, key(M, `extraScrapeConfigs[${i}].job_name`), true)),
        ...(s.blackbox?.probes ?? []).flatMap((p, i) => chosen(p.name, key(BLACKBOX_EXPORTER_KEY, `probes[${i}].name`), s.blackbox!.enabled)),
        // The self-monitoring job labels Alertmanager's series with its Service's name.
        ...chosen(s.alertmanager?.name, key(ALERTMANAGER_KEY, "name"), s.alertmanager?.enabled === true).map((c): JobClaim => ({ ...c, labelOnly: true })),
    ];
}

/**
 * The names a claim holds. A fixed name holds whether its switch is on or off: turning a switch on
 * must never break a stack that loads today, and a name the user chose is cheap to change now and
 * dear later (metrics.name is the StatefulSet's, its volumes' and its series' job label). A chosen
 * name of a component that is off holds nothing: nothing runs under it, and switching the
 * component on is an edit at that very key, where the clash is then reported.
 */
export function reservingClaims(claims: readonly JobClaim[]): JobClaim[] {
    return claims.filter((c) => c.on || !c.chosen);
}

/** How much a claim is the stack's own doing: a name it wrote, a default name, a fixed one. The most its own is blamed. */
const ownership = (c: JobClaim): number => (c.chosen ? (c.defaulted ? 1 : 2) : 0);

/**
 * The one check: two claims of one name are refused once, at the name the stack wrote (of two it
 * wrote, the later; never a key it left at its default: issue #33, class 7), naming the other
 * claim's key, and saying when that one is a default the stack may change instead.
 */
export function checkJobClaims(claims: readonly JobClaim[], problems: Problems): void {
    const holding = reservingClaims(claims);
    holding.forEach((claim, i) => {
        const earlier = holding.slice(0, i).find((c) => c.name === claim.name);
        if (earlier === undefined) {
            return;
        }
        const [blamed, other] = ownership(earlier) > ownership(claim) ? [earlier, claim] : [claim, earlier];
        const reserved = other.on ? "brings in" : "reserves (switched off, so that switching it on cannot break the stack)";
        const otherKey = other.defaulted ? `${other.key} (not set in the stack, so its default)` : other.key;
        const instead = other.defaulted ? `; or set ${other.key} to another name` : "";
        problems.add(
            blamed.key,
            blamed.name,
            `a job name not used by another job: ${otherKey} ${reserved} a job named ${other.name}${instead}; ` +
                "Prometheus refuses a config with two jobs of one name, and one job label would mix two sources' series and alerts",
        );
    });
}
