import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { Settings } from "../../config";
import { namedDestinationWarnings, stackDestinations } from "./destinations";
import { MonitoringComponent } from "../common/monitoring-component";
import { NamespaceReadiness } from "../common/namespace-readiness";
import { requiredFlows } from "./flows";
import { ScrapeJob } from "../common/scrape/scrape-job";
import { networkPolicies } from "./policies";
import { monitoringWorkloads } from "./workloads";
import { ContributedNetwork, NO_CONTRIBUTED_NETWORK } from "../contribution";

export interface NetworkPoliciesArgs {
    settings: Settings;
    /** Every scrape job with what it reaches: the flows from Prometheus follow them. */
    scrapeJobs: readonly ScrapeJob[];
    /** The workloads and flows the components contribute (components/contribution.ts). */
    network: ContributedNetwork;
    namespaces: NamespaceReadiness;
}

/**
 * Every NetworkPolicy of the stack, one per workload: the built-in workloads, then those the
 * components contribute, each admitting its scrape jobs' reach and name resolution, and the
 * flows the components contribute after the built-in ones.
 */
export function networkPolicyObjects(s: Settings, scrapeJobs: readonly ScrapeJob[], network: ContributedNetwork = NO_CONTRIBUTED_NETWORK): k8s.types.input.networking.v1.NetworkPolicy[] {
    const workloads = [...monitoringWorkloads(s), ...network.workloads];
    return networkPolicies(workloads, [...requiredFlows(s, workloads, scrapeJobs), ...network.flows], s.networkPolicies);
}

/** One NetworkPolicy per workload (docs/security.md#network-policies). */
export class NetworkPolicies extends MonitoringComponent {
    public readonly names: pulumi.Output<string[]>;

    constructor(name: string, args: NetworkPoliciesArgs, opts?: pulumi.ComponentResourceOptions) {
        super("cluster-monitoring:security:NetworkPolicies", name, args.namespaces, opts);
        for (const warning of namedDestinationWarnings(stackDestinations(args.settings), args.settings.networkPolicies)) {
            pulumi.log.warn(warning, this);
        }
        const policies = networkPolicyObjects(args.settings, args.scrapeJobs, args.network).map((p) => {
            const meta = p.metadata as { name: string; namespace: string };
            return new k8s.networking.v1.NetworkPolicy(`${name}-${meta.namespace}-${meta.name}`, p, this.inNamespace(meta.namespace));
        });
        this.names = pulumi.all(policies.map((p) => p.metadata.name));
        this.registerOutputs({ names: this.names });
    }
}
