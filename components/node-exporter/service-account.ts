import * as k8s from "@pulumi/kubernetes";
import { NodeExporterSettings } from "../../config";
import { ownServiceAccount } from "../common/own-service-account";
import { nodeExporterLabels } from "./layout";

/** The exporter's own account, which its kube-rbac-proxy sidecar's ClusterRole is bound to. */
export function nodeExporterServiceAccount(n: NodeExporterSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(n.name, n.namespace, nodeExporterLabels(n));
}
