import * as k8s from "@pulumi/kubernetes";
import { LogsSettings } from "../../config";
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

/** The six rendered config files, by ConfigMap key. */
export function agentConfigFiles(s: LogsSettings): Record<string, string> {
    return Object.fromEntries(Object.entries(agentConfigModel(s)).map(([key, file]) => [key, renderFluentd(file)]));
}

export function agentConfigMap(s: LogsSettings): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: s.configMapName, namespace: s.namespace, labels: { ...s.labels } },
        data: agentConfigFiles(s),
    };
}
