import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { ClusterSettings } from "../../config";

/**
 * The one Kubernetes provider of a stack. Every component receives it, so no resource can reach
 * the default provider, which would deploy to whatever context the kubeconfig has current.
 */
export function clusterProviderArgs(c: ClusterSettings): k8s.ProviderArgs {
    return {
        ...(c.context !== undefined ? { context: c.context } : {}),
        ...(c.kubeconfig !== undefined ? { kubeconfig: c.kubeconfig } : {}),
    };
}

/**
 * The provider's arguments, each waiting for `gate`: the provider, and so every resource, is
 * registered only once the gate resolves, and fails with it. Each value keeps its own secretness.
 */
export function providerAfter(args: k8s.ProviderArgs, gate: pulumi.Output<unknown> | undefined): k8s.ProviderArgs {
    if (gate === undefined) {
        return args;
    }
    if (Object.keys(args).length === 0) {
        // Loaded settings always name a context or a kubeconfig (config/cluster.ts); without either, nothing would wait.
        throw new Error("the cluster provider has no argument to wait on");
    }
    return Object.fromEntries(Object.entries(args).map(([k, v]) => [k, pulumi.all([gate, v]).apply(([, value]) => value)])) as k8s.ProviderArgs;
}
