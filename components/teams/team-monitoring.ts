import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { stringify } from "yaml";
import { checkTeamFiles, TeamCheckError } from "./check";
import { TeamContract } from "./contract";

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
    ruleGroups?: Array<{ name: string; interval?: string; rules: Array<Record<string, unknown>> }>;
}

function json(d: TeamDashboard): object {
    return typeof (d as { build?: unknown }).build === "function" ? (d as { build(): object }).build() : d;
}

/**
 * Path 2 of issue 31, started: a team's own Pulumi program declares its dashboards and rules; at
 * its `pulumi preview` they are checked against the platform's contract with `team:check`'s
 * checks (release line, kept families, names, namespaces), every problem at once, before any
 * object is created; then it creates the labelled ConfigMaps of path 1
 * (docs/monitor-your-app.md#team-dashboards-and-rules). Not yet: the namespace rewrite of the
 * rules' selectors, probes, and the packaged library entry (see the README's issue notes).
 */
export class TeamMonitoring extends pulumi.ComponentResource {
    public readonly configMapNames: pulumi.Output<string[]>;

    constructor(name: string, args: TeamMonitoringArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:teams:TeamMonitoring", name, {}, opts);
        const ns = args.namespace;
        const dashboards = Object.fromEntries(Object.entries(args.dashboards ?? {}).map(([k, d]) => [`${k}.json`, JSON.stringify(json(d), null, 2)]));
        const rules = args.ruleGroups && args.ruleGroups.length > 0 ? { [`${name}.yml`]: stringify({ groups: args.ruleGroups }) } : undefined;
        const checked = pulumi.output(args.contract).apply((contract) => {
            const objects = [
                ...(Object.keys(dashboards).length > 0 ? [configMap(`${name}-dashboards`, ns, { [contract.dashboards.label]: contract.dashboards.value }, dashboards)] : []),
                ...(rules ? [configMap(`${name}-rules`, ns, { [contract.rules.label]: contract.rules.value }, rules)] : []),
            ];
            const problems = checkTeamFiles([{ path: `TeamMonitoring ${name}:`, text: objects.map((o) => JSON.stringify(o)).join("\n---\n") }], contract);
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
        this.registerOutputs({ configMapNames: this.configMapNames });
    }
}

function configMap(name: string, namespace: string, labels: Record<string, string>, data: Record<string, string>) {
    return { apiVersion: "v1", kind: "ConfigMap", metadata: { name, namespace, labels }, data };
}
