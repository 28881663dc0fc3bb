import * as k8s from "@pulumi/kubernetes";
import { LogsSettings } from "../../config";
import { containersInputConfig } from "./containers-input";
import { renderFluentd } from "./fluentd-serializer";
import { forwardInputConfig } from "./forward-input";
import { CONFIG_FILES } from "./layout";
import { monitoringConfig } from "./monitoring-config";
import { outputConfig } from "./output-config";
import { systemConfig } from "./system-config";
import { systemInputConfig } from "./system-input";

/** The six rendered config files of docs/design.md#log-agent-configuration, by ConfigMap key. */
export function agentConfigFiles(s: LogsSettings): Record<string, string> {
    return {
        [CONFIG_FILES.system]: renderFluentd(systemConfig()),
        [CONFIG_FILES.containersInput]: renderFluentd(containersInputConfig(s)),
        [CONFIG_FILES.systemInput]: renderFluentd(systemInputConfig(s)),
        [CONFIG_FILES.forwardInput]: renderFluentd(forwardInputConfig()),
        [CONFIG_FILES.monitoring]: renderFluentd(monitoringConfig()),
        [CONFIG_FILES.output]: renderFluentd(outputConfig(s)),
    };
}

export function agentConfigMap(s: LogsSettings): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: s.configMapName, namespace: s.namespace, labels: { ...s.labels } },
        data: agentConfigFiles(s),
    };
}
