import * as k8s from "@pulumi/kubernetes";
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
