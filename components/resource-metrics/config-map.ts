import * as k8s from "@pulumi/kubernetes";
import { ResourceMetricsSettings } from "../../config";
import { adapterLabels, ADAPTER_PATHS } from "./layout";
import { adapterConfigFile } from "./rules";

export function adapterConfigMap(r: Pick<ResourceMetricsSettings, "name" | "namespace" | "window">): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: r.name, namespace: r.namespace, labels: adapterLabels(r) },
        data: { [ADAPTER_PATHS.configFile]: adapterConfigFile(r) },
    };
}
