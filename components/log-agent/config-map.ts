import * as k8s from "@pulumi/kubernetes";
import { logAgentLineOf, LogsSettings } from "../../config";
import { containersInputConfig } from "./containers-input";
import { FluentdFile } from "./fluentd-model";
import { renderFluentd } from "./fluentd-serializer";
import { forwardInputConfig } from "./forward-input";
import { CONFIG_FILES } from "./layout";
import { monitoringConfig } from "./monitoring-config";
import { outputConfig } from "./output-config";
import { systemConfig } from "./system-config";
import { systemInputConfig } from "./system-input";

/** The six config files of docs/design.md#log-agent-configuration as models, by ConfigMap key. */
export function agentConfigModel(s: LogsSettings): Record<string, FluentdFile> {
    return {
        [CONFIG_FILES.system]: systemConfig(),
        [CONFIG_FILES.containersInput]: containersInputConfig(s),
        [CONFIG_FILES.systemInput]: systemInputConfig(s),
        [CONFIG_FILES.forwardInput]: forwardInputConfig(),
        [CONFIG_FILES.monitoring]: monitoringConfig(),
        [CONFIG_FILES.output]: outputConfig(s),
    };
}

/**
 * The line's entry file, where its image needs one: it includes the six files in the order of the
 * add-on image's `@include config.d/*.conf` (sorted by name), so every line routes events alike.
 */
export function entryFile(s: LogsSettings): Record<string, string> {
    const entry = logAgentLineOf(s).entry;
    if (entry === undefined) {
        return {};
    }
    const includes = Object.keys(agentConfigModel(s))
        .sort()
        .map((key) => `@include ${key}\n`);
    return { [entry.key]: includes.join("") };
}

/** The six rendered config files, and the line's entry file if any, by ConfigMap key. */
export function agentConfigFiles(s: LogsSettings): Record<string, string> {
    return { ...Object.fromEntries(Object.entries(agentConfigModel(s)).map(([key, file]) => [key, renderFluentd(file)])), ...entryFile(s) };
}

export function agentConfigMap(s: LogsSettings): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: s.configMapName, namespace: s.namespace, labels: { ...s.labels } },
        data: agentConfigFiles(s),
    };
}
