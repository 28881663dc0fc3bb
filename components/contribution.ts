import type * as pulumi from "@pulumi/pulumi";
import type { ConfigProblem, OwnKey, Settings } from "../config";
import type { NamespaceReadiness } from "./common/namespace-readiness";
import type { GeneratedDashboard } from "./common/dashboards/generated-dashboard";
import type { ScrapeConfig } from "./common/scrape/prometheus-config-types";
import { FamilyRule } from "./common/scrape/family-rules";
import { SeriesRule } from "./common/scrape/series-rules";
import { ScrapeJob } from "./common/scrape/scrape-job";
import { NamedObject } from "./common/named-object";
import type { GatewayModel } from "./auth-gateway/model";
import type { WorkloadId } from "../validate/pod-security-claims";
import type { RuleBasis } from "./common/rules/context";
import type { RuleGroup } from "./common/rules/types";
import type { PrometheusDashboardSpec } from "./common/dashboards/panels";
import type { DashboardContext } from "./common/dashboards/context";
import type { Flow, Workload } from "./network-policies/model";
import type { PodSecurityClaim } from "../validate/pod-security-claims";
import type { JobClaim, RawKey } from "./common/scrape/job-claims";
import type { HostPortClaims } from "./common/host-ports";
import type { WayInClaims } from "./common/ways-in";
import type { ComponentEndpoint, ServerAuthFacts } from "./auth-gateway/checklist-endpoints";
import type { AlertmanagerTarget } from "./alertmanager/target";
import type { ProbeGuardClaims } from "./common/probe-guards";
import type { DedupClaims } from "./common/dedup";
import type { LaterProblem } from "./common/later-problem";
import type { TeamContractSections } from "./teams/contract";

/**
 * Where a job stands in prometheus.yml, as kube-prometheus' main.libsonnet puts its components
 * in one list: Prometheus' own jobs first, then the other components the program deploys, then
 * the cluster's own components and node agents, then the teams' targets, and the stack's own
 * extra scrape configs last. Within a section, jobs follow the component list (stack/components.ts).
 */
export const SCRAPE_SECTIONS = ["self", "own", "cluster", "teams", "extra"] as const;
export type ScrapeSection = (typeof SCRAPE_SECTIONS)[number];

/**
 * What one component adds to the stack, from the validated settings alone: a pure value, the
 * same for the same settings. A component that is off contributes nothing (its function returns
 * an empty contribution), so nothing downstream asks whether it runs. The composition root
 * (stack/) folds the list of every component's contribution into prometheus.yml, the name
 * registry and the rest; no per-component line lives there.
 */
export interface Contribution {
    /** Scrape jobs, each with what it reaches (the NetworkPolicies follow it), by section. */
    scrapeJobs?: Partial<Record<ScrapeSection, ScrapeJob[]>>;
    /** Every object the component writes, with the setting that names it (the name registry). */
    objects?: NamedObject[];
    /**
     * The objects whose names follow the fold (Prometheus' discovery Roles follow every job and
     * Alertmanager; the NetworkPolicies every job's reach and every contributed workload): given
     * it, once the fold has it.
     */
    objectsOfFold?: (composed: Omit<Composition, "dashboards" | "ruleFiles">) => NamedObject[];
    /** The auth gateways the component puts in front of its Ingress (components/auth-gateway). */
    gateways?: GatewayModel[];
    /** Where Prometheus sends alerts: Alertmanager's contribution while it runs. */
    alertmanager?: AlertmanagerTarget;
    /** A store Prometheus remote-writes to inside the cluster: the long-term store's contribution while it runs. */
    remoteWriteStore?: { writeUrl: string };
    /** The workloads the component deploys, each in its namespace with its Pod Security claim (validate/pod-security-claims.ts). */
    namespaceWorkloads?: NamespaceWorkloadClaim[];
    /**
     * Its workloads while it runs, each with the labels its pods carry: each gets a NetworkPolicy
     * (components/network-policies), which admits its scrape jobs' reach and its name resolution by
     * itself, after the workloads network-policies/workloads.ts knows.
     */
    workloads?: Workload[];
    /** The flows its workloads need beyond those: who else reaches them, and what they reach. */
    flows?: Flow[];
    /**
     * What the server that scrapes does to every job of the fold, whichever component brings it
     * (Prometheus' scrape limits and the families metrics.keepFamilies brings back): applied by
     * stack/scrape-jobs.ts after the sections are put in order, in the list's order.
     */
    everyJob?: (job: ScrapeConfig) => ScrapeConfig;
}

/** A workload in a namespace, as a Pod Security warning names it, with the claim that gives its level. */
export interface NamespaceWorkloadClaim {
    namespace: string;
    /** "StatefulSet monitoring/monitor", or how the warning names a DaemonSet. */
    name: string;
    workload: WorkloadId;
}

/** What the components contribute to the NetworkPolicies, folded over the list (stack/fold.ts). */
export interface ContributedNetwork {
    workloads: readonly Workload[];
    flows: readonly Flow[];
}

/** No contributed workload or flow: what the NetworkPolicies of the built-in workloads alone are built from. */
export const NO_CONTRIBUTED_NETWORK: ContributedNetwork = { workloads: [], flows: [] };

/** What the fold made of every component's contribution, which some components' resources read. */
export interface Composition {
    /** Alertmanager, while it runs (its contribution). */
    alertmanager?: AlertmanagerTarget;
    /** The in-cluster store Prometheus remote-writes to, while it runs. */
    longTermStore?: { writeUrl: string };
    namespaceWorkloads: readonly NamespaceWorkloadClaim[];
    /** alertRules.runbookBaseUrl, for the team rules checker's own alert. */
    runbookBaseUrl?: string;
    /** The workloads and flows the components contribute to the NetworkPolicies. */
    network: ContributedNetwork;
    /** Every scrape job, with what it reaches, in prometheus.yml's order. */
    scrapeJobs: readonly ScrapeJob[];
    scrapeConfigs: ScrapeConfig[];
    /** Prometheus' rule files, by file name. */
    ruleFiles: Record<string, string>;
    /** Every dashboard of the stack; built on demand, so a stack without Grafana never loads the dashboard SDK. */
    dashboards: () => readonly GeneratedDashboard[];
}

/** What a component's resources offer the components after it in the list, and the stack. */
export interface Built {
    /** Stack outputs, by name (program.ts exports them). */
    outputs?: Record<string, unknown>;
    /** A server's generated web password and its generation, which its clients (a gateway, Grafana, the adapter) log in with. */
    web?: { password?: pulumi.Output<string>; generation?: pulumi.Output<string> };
    /** The in-cluster OpenSearch's password for the log agent changes with this generation, which the agent's pods roll on. */
    logStore?: { agentPasswordGeneration?: pulumi.Output<string> };
}

/** What a component's resources are built from: the stack's settings, the fold, and what the components before it built. */
export interface BuildContext {
    settings: Settings;
    namespaces: NamespaceReadiness;
    /** The stack's one Kubernetes provider, for every resource (components/cluster). */
    opts: pulumi.ComponentResourceOptions;
    composed: Composition;
    /** What each component earlier in the list built, by its name. */
    built: Readonly<Record<string, Built>>;
}

/** What an offline render hands a StackReference in place of another stack's output it cannot read: never a real secret. */
export interface OfflineStandIn {
    /** The other stack's full name, as the StackReference reads it. */
    stack: string;
    output: string;
    /** The stand-in output value, holding the placeholder where the secret would be. */
    value: unknown;
    /** Whether the other stack exports the output as a secret. */
    secret: boolean;
}

/**
 * The job names a component may bring, by the section of prometheus.yml its jobs stand in: every
 * one of them whatever its switches say (a fixed name is reserved while off), folded over the list
 * into the one registry of job names (stack/job-names.ts).
 */
export type JobNameClaims = Partial<Record<ScrapeSection, JobClaim[]>>;

/** The Grafana boards one component shows for a stack (stack/dashboards.ts builds them with the SDK). */
export interface ComponentBoards {
    /** Its boards of Prometheus series, as data (components/common/dashboards/panels.ts): each renders while its sources are on. */
    prometheus?: PrometheusDashboardSpec[];
    /** Boards it builds itself on another data source (the log agent's Logs board, on the log store), with their folder tag. */
    built?(folderTag: string): GeneratedDashboard[];
}

/** A component's boards for a stack's settings. */
export type BoardsOf = (s: Settings, ctx: DashboardContext) => ComponentBoards;

/** One entry of the component list: its name, its contribution for a stack's settings, and its resources. */
export interface Component {
    /** The component's folder under components/, which also names it in messages. */
    name: string;
    /**
     * Its own stack key, schema and checks (config/own-keys.ts), for a component whose settings
     * live in its folder rather than in config/: the loader reads it from the list (stack/own-keys.ts)
     * and the component reads its value from Settings.own.
     */
    ownKey?: OwnKey;
    contribute(s: Settings): Contribution;
    /**
     * Every scrape job name it may bring and the key that brings each (components/common/scrape/job-claims.ts):
     * two claims of one name are refused at load, with every other problem of the stack file. A
     * list's entries are claimed as written (`raw`), so a clash is found while an entry has a problem.
     */
    jobNames?(s: Settings, raw: RawKey): JobNameClaims;
    /** The ports on the nodes' own addresses its pods bind, or its jobs say node processes hold (components/common/host-ports.ts). */
    hostPorts?(s: Settings): HostPortClaims;
    /** Its Ingress rules and HTTPRoutes while it runs, by the key that asks for each (components/common/ways-in.ts). */
    waysIn?(s: Settings): WayInClaims;
    /**
     * Its own checks that need the objects its builders make (its `extra` hatch against them),
     * what it owns (Grafana's own data sources), or the settings of the components it depends on
     * (the adapter on node-exporter's series, the search store on the log agent that ships to it),
     * run while the stack loads with every other problem (stack/index.ts), before any resource.
     * `fold` gives what the fold makes that its objects read (Grafana's Deployment mounts every
     * board), built only when called. A problem that says which other keys it read
     * (LaterProblem.reads) is left out while one of them is reported.
     */
    checks?(s: Settings, fold: FoldedBoards): (ConfigProblem | LaterProblem)[];
    /** The guarded web ports it serves and the probes it sends without credentials (components/common/probe-guards.ts). */
    probeGuards?(s: Settings): ProbeGuardClaims;
    /** Its dedup windows and the jobs with a scrape interval of their own it brings (components/common/dedup.ts). */
    dedup?(s: Settings): DedupClaims;
    /** The endpoints its Ingress or HTTPRoute publishes, in the settings' words, for the production checklist (components/auth-gateway/checklist-endpoints.ts). */
    endpoints?(s: Settings): ComponentEndpoint[];
    /**
     * Its default rule groups, one rule file defaults-<group>.yml each: for a stack, and every one
     * it may give on a release line (the catalog). The stack's rule files and the catalog of every
     * default alert are both folds over the list (stack/rule-groups.ts), in the list's order.
     */
    rules?: ComponentRules;
    /**
     * What the stack's one provider, and with it every resource, waits for: a value from
     * elsewhere that is checked only at deploy time (the edges' passwords a central store reads
     * from their stacks), so that a wrong one stops the update before anything is applied.
     */
    gate?(s: Settings): pulumi.Output<unknown> | undefined;
    /**
     * The other stacks' outputs its resources read through a StackReference, each with a stand-in
     * value holding `placeholder(stack, output)`: an offline render (render/index.ts) cannot read another
     * stack, so it hands the reference the stand-in and reports every object that depends on it.
     */
    offlineStandIns?(s: Settings, placeholder: (stack: string, output: string) => string): OfflineStandIn[];
    /** Registers the component's resources, or none while it is off; a component that deploys nothing of its own has none. */
    build?(ctx: BuildContext): Built;
    /**
     * Per job label, the family table each of its jobs filters by (docs/scrape-jobs.md#what-each-job-keeps),
     * whatever a stack runs: what metrics.keepFamilies may name is checked against it at load.
     */
    familyTables?: Readonly<Record<string, readonly FamilyRule[]>>;
    /** Per job label, the series rules on its kept families (thinned `le` bounds, dropped label values): what stack/keep-readers.ts holds to the readers. */
    seriesTables?: Readonly<Record<string, readonly SeriesRule[]>>;
    /**
     * The Pod Security level it claims for each workload it deploys, as rows of
     * validate/pod-security-claims.ts that live in its folder (workload `<folder>/<name>`): the
     * check of every rendered workload reads them with the table's (stack/pod-security-claims.ts).
     */
    podSecurityClaims?: readonly PodSecurityClaim[];
    /**
     * Its Grafana boards: requires its boards.ts on the call and returns what builds them. The
     * fold calls it only while Grafana is on (stack/dashboards-on-demand.ts), so a stack without
     * Grafana loads neither the boards' modules nor the Grafana SDK they are built with.
     */
    dashboards?(): BoardsOf;
    /** What it tells the production checklist about its server beyond the objects and its endpoints (components/auth-gateway/checklist-endpoints.ts). */
    authFacts?(s: Settings): ServerAuthFacts;
    /**
     * Its sections of the team contract (components/teams/contract.ts, the stack output teamContract),
     * whatever its switches say (a team checks before the platform turns a thing on), given the
     * fold's boards (Grafana's platform uids): one component brings each section (stack/team-contract.ts).
     */
    teamContract?(s: Settings, fold: FoldedBoards): Partial<TeamContractSections>;
}

/**
 * What the fold gives a component's load-time work (Component.checks) before the rest of the
 * composition is made: every dashboard of the stack, built on the first call (stack/dashboards-on-demand.ts).
 */
export type FoldedBoards = Pick<Composition, "dashboards">;

/** What a component's default rules may read beyond its own settings: what the fold knows (Alertmanager, while it runs). */
export type RuleFold = Pick<Composition, "alertmanager">;

/**
 * A component's default rule groups. `of` gives a stack's, from its validated settings and the
 * fold: none while the component, or the job its series come from, is off, so that no alert waits
 * on a series that never arrives. `every` gives each group and rule it may give on a release
 * line, whatever a stack sets: what alertRules.disabled and overrides may name (alertCatalog) and
 * what the checks of every default alert read (everyDefaultGroupOf). Both come from one builder
 * (rulesOf, rulesWhileOn), so the catalog holds exactly what stacks get.
 */
export interface ComponentRules {
    of(s: Settings, fold: RuleFold, basis: RuleBasis): RuleGroup[];
    every(basis: RuleBasis): RuleGroup[];
}

/**
 * Rules built from one input the component reads: `input` for a stack (undefined while it gives
 * no group), `everything` the input that holds every group and rule on the basis' release line.
 */
export function rulesOf<T>(build: (input: T) => RuleGroup[], input: (s: Settings, fold: RuleFold, basis: RuleBasis) => T | undefined, everything: (basis: RuleBasis) => T): ComponentRules {
    return {
        of: (s, fold, basis) => {
            const i = input(s, fold, basis);
            return i === undefined ? [] : build(i);
        },
        every: (basis) => build(everything(basis)),
    };
}

/** Rules that read nothing but whether they run: the groups `build` gives while `on` says so, and all of them for the catalog. */
export function rulesWhileOn(on: (s: Settings) => boolean, build: () => RuleGroup[]): ComponentRules {
    return rulesOf(build, (s) => (on(s) ? true : undefined), () => true);
}
