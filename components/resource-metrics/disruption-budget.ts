import * as k8s from "@pulumi/kubernetes";
import { ResourceMetricsSettings } from "../../config";
import { adapterLabels } from "./layout";

/**
 * With two replicas or more, a node drain keeps one: while none answers, kubectl top fails and
 * every HPA stops scaling. One replica gets none, since minAvailable 1 would block every drain.
 */
export function adapterDisruptionBudget(r: Pick<ResourceMetricsSettings, "name" | "namespace" | "replicas">): k8s.types.input.policy.v1.PodDisruptionBudget | undefined {
    if (r.replicas < 2) {
        return undefined;
    }
    const labels = adapterLabels(r);
    return {
        apiVersion: "policy/v1",
        kind: "PodDisruptionBudget",
        metadata: { name: r.name, namespace: r.namespace, labels },
        spec: { minAvailable: 1, selector: { matchLabels: labels } },
    };
}
