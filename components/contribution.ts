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
import type { RuleContext } from "./common/rules/context";
import type { RuleGroup } from "./common/rules/types";
import type { PrometheusDashboardSpec } from "./common/dashboards/panels";
import type { DashboardContext } from "./common/dashboards/context";
import type { PrometheusRelease } from "../prometheus-releases/release-lines";
import type { Flow, Workload } from "./network-policies/model";
import type { PodSecurityClaim } from "../validate/pod-security-claims";
import type { JobClaim, RawKey } from "./common/scrape/job-claims";
import type { HostPortClaims } from "./common/host-ports";
import type { WayInClaims } from "./common/ways-in";
import type { ComponentEndpoint } from "./auth-gateway/checklist-endpoints";
import type { AlertmanagerTarget } from "./alertmanager/target";
import type { ProbeGuardClaims } from "./common/probe-guards";
import type { DedupClaims } from "./common/dedup";
import type { LaterProblem } from "./common/later-problem";

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
     * Its default rule groups while it runs, one rule file defaults-<group>.yml each, after the
     * built-in groups (stack/rule-groups.ts, through RuleContext.contributed, so every check of the
     * default groups reads them): alertRules.defaults, disabled and overrides apply to them as to
     * every default group, and an alert without runbook_url gets its docs/runbooks.md section.
     */
    ruleGroups?: RuleGroup[];
    /**
     * Its workloads while it runs, each with the labels its pods carry: each gets a NetworkPolicy
     * (components/network-policies), which admits its scrape jobs' reach and its name resolution by
     * itself, after the workloads network-policies/workloads.ts knows.
     */
    workloads?: Workload[];
    /** The flows its workloads need beyond those: who else reaches them, and what they reach. */
    flows?: Flow[];
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
     * Its own checks that need the objects its builders make (its `extra` hatch against them), or
     * the settings of the components it depends on (the adapter on node-exporter's series, the
     * search store on the log agent that ships to it), run while the stack loads with every other
     * problem (stack/index.ts), before any resource. A problem that says which other keys it read
     * (LaterProblem.reads) is left out while one of them is reported.
     */
    checks?(s: Settings): (ConfigProblem | LaterProblem)[];
    /** The guarded web ports it serves and the probes it sends without credentials (components/common/probe-guards.ts). */
    probeGuards?(s: Settings): ProbeGuardClaims;
    /** Its dedup windows and the jobs with a scrape interval of their own it brings (components/common/dedup.ts). */
    dedup?(s: Settings): DedupClaims;
    /** The endpoints its Ingress or HTTPRoute publishes, in the settings' words, for the production checklist (components/auth-gateway/checklist-endpoints.ts). */
    endpoints?(s: Settings): ComponentEndpoint[];
    /**
     * Its default rule groups for what the rules may rely on (components/common/rules/context.ts),
     * each only while the job or component that produces its series is on: the stack's rule files
     * and the catalog of every default alert on every release line are both folds over the list.
     */
    rules?(c: RuleContext): RuleGroup[];
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
     * Every rule group its contribution may hold on a release line, whatever a stack sets: what
     * alertRules.disabled and alertRules.overrides may name (stack/rule-groups.ts, alertCatalog),
     * and what the checks of every default alert read (everyDefaultGroupOf).
     */
    everyRuleGroup?(release: PrometheusRelease): RuleGroup[];
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
}
