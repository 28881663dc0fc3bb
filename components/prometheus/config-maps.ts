import { PrometheusInputs } from "./inputs";
import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { configMapName, PROMETHEUS_PATHS, RULE_FILE_KEY, ruleFilesConfigMapName } from "./layout";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { prometheusConfig, renderPrometheusConfig } from "./prometheus-config";

type ConfigMap = k8s.types.input.core.v1.ConfigMap;

type ConfigInputs = Pick<PrometheusInputs, "scrapeJobs" | "alertmanager" | "longTermStore">;

/**
 * Each Prometheus' config file, rendered once per settings and inputs: its ConfigMap and the
 * StatefulSet's config digest (statefulset.ts, configAnnotation) both read it, and the YAML of
 * every scrape job was a few percent of a render (issue #47). Settings and inputs are never
 * changed once built.
 */
const rendered = new WeakMap<ConfigInputs, WeakMap<MetricsSettings, string>>();

function configFile(s: MetricsSettings, inputs: ConfigInputs): string {
    const bySettings = rendered.get(inputs) ?? new WeakMap<MetricsSettings, string>();
    rendered.set(inputs, bySettings);
    let text = bySettings.get(s);
    if (text === undefined) {
        text = renderPrometheusConfig(prometheusConfig(s, inputs));
        bySettings.set(s, text);
    }
    return text;
}

/** docs/design.md#prometheus-configuration: the configuration lives in a ConfigMap, so a change is a reviewable diff, not an image rebuild. */
export function prometheusConfigMap(s: MetricsSettings, inputs: ConfigInputs): ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: configMapName(s), namespace: s.namespace },
        data: { [PROMETHEUS_PATHS.configFile]: configFile(s, inputs) },
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
