import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";

export function namespace(s: MetricsSettings): k8s.types.input.core.v1.Namespace {
    return { apiVersion: "v1", kind: "Namespace", metadata: { name: s.namespace } };
}
