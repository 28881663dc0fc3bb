import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { configMapName, PROMETHEUS_PATHS, RULE_FILE_KEY, ruleFilesConfigMapName } from "./layout";
import { prometheusConfig, renderPrometheusConfig } from "./prometheus-config";

type ConfigMap = k8s.types.input.core.v1.ConfigMap;

/** docs/design.md#prometheus-configuration: the configuration lives in a ConfigMap, so a change is a reviewable diff, not an image rebuild. */
export function prometheusConfigMap(s: MetricsSettings): ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: configMapName(s), namespace: s.namespace },
        data: { [PROMETHEUS_PATHS.configFile]: renderPrometheusConfig(prometheusConfig(s)) },
    };
}

/** docs/design.md#rule-file: one empty rule file, so the rule_files glob matches and alert rules can be added later. */
export function ruleFilesConfigMap(s: MetricsSettings): ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: ruleFilesConfigMapName(s), namespace: s.namespace },
        data: { [RULE_FILE_KEY]: "" },
    };
}
