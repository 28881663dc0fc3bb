import * as k8s from "@pulumi/kubernetes";
import { ResourceMetricsSettings } from "../../config";
import { podDisruptionBudget } from "../common/replica-spread";
import { adapterLabels } from "./layout";

/**
 * With two replicas or more, a node drain keeps one: while none answers, kubectl top fails and
 * every HPA stops scaling. One replica gets none, since a budget would then block every drain.
 */
export function adapterDisruptionBudget(r: Pick<ResourceMetricsSettings, "name" | "namespace" | "replicas">): k8s.types.input.policy.v1.PodDisruptionBudget | undefined {
    return podDisruptionBudget(r.name, r.namespace, adapterLabels(r), r.replicas);
}
