import { PrometheusInputs } from "./inputs";
import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { configMapName, PROMETHEUS_PATHS, RULE_FILE_KEY, ruleFilesConfigMapName } from "./layout";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { prometheusConfig, renderPrometheusConfig } from "./prometheus-config";

type ConfigMap = k8s.types.input.core.v1.ConfigMap;

/** docs/design.md#prometheus-configuration: the configuration lives in a ConfigMap, so a change is a reviewable diff, not an image rebuild. */
export function prometheusConfigMap(s: MetricsSettings, inputs: Pick<PrometheusInputs, "scrapeJobs" | "alertmanager" | "longTermStore">): ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: configMapName(s), namespace: s.namespace },
        data: { [PROMETHEUS_PATHS.configFile]: renderPrometheusConfig(prometheusConfig(s, inputs)) },
    };
}

/**
 * docs/design.md#rule-file: the spec's empty k8s.yml stays, so the rule_files glob always
 * matches; the default and custom rule groups come in files of their own (docs/alerting.md).
 */
export function ruleFilesConfigMap(s: MetricsSettings, ruleFiles: Record<string, string>): ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: ruleFilesConfigMapName(s), namespace: s.namespace },
        data: { [RULE_FILE_KEY]: "", ...ruleFiles },
    };
}
