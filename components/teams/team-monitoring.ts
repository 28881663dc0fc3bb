import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { stringify } from "yaml";
import { checkTeamFiles, TeamCheckError, TeamProblem } from "./check";
import { TeamContract } from "./contract";
import { enforceNamespace } from "./enforce-namespace";
import { checkTeamProbes, probeAnnotations, TeamProbe } from "./probes";

/** A dashboard as JSON, or a Grafana foundation SDK builder (anything with build()). */
export type TeamDashboard = object | { build(): object };

export interface TeamMonitoringArgs {
    /** The team's namespace: the ConfigMaps go there, and the platform must take it. */
    namespace: string;
    /**
     * The platform's contract: the stack output teamContract read through a StackReference
     * (`new pulumi.StackReference("org/cluster-monitoring/prod").requireOutput("teamContract")`),
     * or the JSON of `pulumi stack output teamContract --json`.
     */
    contract: pulumi.Input<TeamContract>;
    /** Dashboards by key, each a file `<key>.json` of the dashboards ConfigMap. */
    dashboards?: Record<string, TeamDashboard>;
    /** Rule groups of one rule file, `<name>.yml` of the rules ConfigMap. */
    ruleGroups?: TeamRuleGroup[];
    /**
     * Hold every selector of the rules to the team's namespace, as the prometheus-operator's
     * enforced namespace label does: a selector without a namespace matcher gets
     * namespace="<namespace>", and one that asks for another namespace is refused. Off by
     * default: a rule on series without a namespace label (a node's) would then match nothing.
     */
    enforceNamespace?: boolean;
    /**
     * The team's Services to probe through the platform's blackbox exporter: each gets the
     * prometheus.io/probe annotations by a server-side apply patch, so the Service stays the
     * team's own manifest's and only these annotations are this component's.
     */
    probes?: TeamProbe[];
}

export interface TeamRuleGroup {
    name: string;
    interval?: string;
    rules: Array<Record<string, unknown>>;
}

/** The groups with each rule's expr held to `namespace`, and a problem for each expr that asks for another. */
function enforced(groups: readonly TeamRuleGroup[], namespace: string, where: string): { groups: TeamRuleGroup[]; problems: TeamProblem[] } {
    const problems: TeamProblem[] = [];
    const out = groups.map((g, i) => ({
        ...g,
        rules: g.rules.map((r, j) => {
            if (typeof r.expr !== "string") {
                return r;
            }
            const e = enforceNamespace(r.expr, namespace);
            if ("conflict" in e) {
                problems.push({ key: `${where} ruleGroups[${i}].rules[${j}].expr`, got: r.expr, expected: e.conflict });
                return r;
            }
            return { ...r, expr: e.expr };
        }),
    }));
    return { groups: out, problems };
}

function json(d: TeamDashboard): object {
    return typeof (d as { build?: unknown }).build === "function" ? (d as { build(): object }).build() : d;
}

/**
 * Path 2 of team self-service (docs/monitor-your-app.md#from-a-teams-own-pulumi-program): a team's own
 * Pulumi program declares its dashboards and rules; at its `pulumi preview` they are checked
 * against the platform's contract with `team:check`'s checks (release line, kept families, names,
 * namespaces), every problem at once, before any object is created; then it creates the labelled
 * ConfigMaps of path 1, which the platform's sidecars take. Imported from the package's library
 * entry (lib/index.ts), which registers nothing on import.
 */
export class TeamMonitoring extends pulumi.ComponentResource {
    public readonly configMapNames: pulumi.Output<string[]>;
    /** The Services annotated to be probed. */
    public readonly probedServices: pulumi.Output<string[]>;

    constructor(name: string, args: TeamMonitoringArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:teams:TeamMonitoring", name, {}, opts);
        const ns = args.namespace;
        const dashboards = Object.fromEntries(Object.entries(args.dashboards ?? {}).map(([k, d]) => [`${k}.json`, JSON.stringify(json(d), null, 2)]));
        const where = `TeamMonitoring ${name}:`;
        const enforcement = args.enforceNamespace === true ? enforced(args.ruleGroups ?? [], ns, where) : { groups: args.ruleGroups ?? [], problems: [] };
        const rules = enforcement.groups.length > 0 ? { [`${name}.yml`]: stringify({ groups: enforcement.groups }) } : undefined;
        const checked = pulumi.output(args.contract).apply((contract) => {
            const objects = [
                ...(Object.keys(dashboards).length > 0 ? [configMap(`${name}-dashboards`, ns, { [contract.dashboards.label]: contract.dashboards.value }, dashboards)] : []),
                ...(rules ? [configMap(`${name}-rules`, ns, { [contract.rules.label]: contract.rules.value }, rules)] : []),
            ];
            const problems = [...enforcement.problems, ...checkTeamProbes(args.probes ?? [], ns, contract, where), ...checkTeamFiles([{ path: where, text: objects.map((o) => JSON.stringify(o)).join("\n---\n") }], contract)];
            if (problems.length > 0) {
                throw new TeamCheckError(problems);
            }
            return objects;
        });
        const made: pulumi.Output<string>[] = [];
        const create = (suffix: string, present: boolean) => {
            if (!present) return;
            const object = checked.apply((objects) => objects.find((o) => o.metadata.name === `${name}-${suffix}`)!);
            const cm = new k8s.core.v1.ConfigMap(`${name}-${suffix}`, { metadata: object.metadata, data: object.data }, { parent: this });
            made.push(cm.metadata.name);
        };
        create("dashboards", Object.keys(dashboards).length > 0);
        create("rules", rules !== undefined);
        this.configMapNames = pulumi.all(made);
        // Registered only once every check passed, as the ConfigMaps are.
        this.probedServices = pulumi.all(
            (args.probes ?? []).map((p) => {
                const metadata = checked.apply(() => ({ name: p.service, namespace: ns, annotations: probeAnnotations(p) }));
                return new k8s.core.v1.ServicePatch(`${name}-probe-${p.service}`, { metadata }, { parent: this }).metadata.name;
            }),
        );
        this.registerOutputs({ configMapNames: this.configMapNames, probedServices: this.probedServices });
    }
}

function configMap(name: string, namespace: string, labels: Record<string, string>, data: Record<string, string>) {
    return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace, labels }, data };
}
