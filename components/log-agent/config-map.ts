import * as k8s from "@pulumi/kubernetes";
import { logAgentLineOf } from "../../config";
import { LogAgentSettings } from "./agent-settings";
import { containersInputConfig } from "./containers-input";
import { comment, FluentdFile, FluentdSection, include, match, param, section } from "./fluentd-model";
import { renderFluentd } from "./fluentd-serializer";
import { forwardInputConfig } from "./forward-input";
import { CONFIG_FILES } from "./layout";
import { monitoringConfig } from "./monitoring-config";
import { outputConfig } from "./output-config";
import { systemConfig } from "./system-config";
import { systemInputConfig } from "./system-input";

/** The six config files of docs/design.md#log-agent-configuration as models, by ConfigMap key. */
export function agentConfigModel(s: LogAgentSettings): Record<string, FluentdFile> {
    return {
        [CONFIG_FILES.system]: systemConfig(),
        [CONFIG_FILES.containersInput]: containersInputConfig(s),
        [CONFIG_FILES.systemInput]: systemInputConfig(s),
        [CONFIG_FILES.forwardInput]: forwardInputConfig(),
        [CONFIG_FILES.monitoring]: monitoringConfig(),
        [CONFIG_FILES.output]: outputConfig(s),
    };
}

/** Where the entry file routes fluentd's own log events: the label fluentd 1.6.3 and 1.19.3 send them to when it exists. */
export const FLUENT_LOG_LABEL = "@FLUENT_LOG";

/**
 * fluentd's own log events (fluent.<level>) in a <label @FLUENT_LOG>, dropped there: fluentd's
 * logger has already written each of them to the agent's stdout (Fluent::Log#warn and the other
 * levels `puts` the line after `event` queues it, lib/fluent/log.rb at v1.19.3), so an `stdout`
 * output would print every message twice. Without the label, fluentd 1.19.3 routes them to the
 * top level, where output.conf's `<match **>` ships them into the day's index with the store's
 * host and user in their text, and warns at every start that capturing fluentd's logs at the top
 * level is deprecated (fluent_log_event_router.rb). Worse, with the store down and the buffer
 * full they block: Engine#stop_phase drains the log events (graceful_stop) before it stops any
 * plugin, and the output's write_guard waits (overflow_action block) until the buffer has room
 * or the output is stopped, so the agent never exits on SIGTERM (engine.rb, output.rb at v1.19.3).
 */
export function fluentLogLabel(): FluentdSection {
    return section("label", FLUENT_LOG_LABEL, [match("fluent.**", "fluent_log", "null")]);
}

/**
 * The line's entry file, where its image needs one: fluentd's own log events in their label
 * (unless the line's image routes them itself, release-lines.ts imageOwnLogs), then the six files
 * in the order of the add-on image's `@include config.d/*.conf` (sorted by name), so every line
 * routes events alike.
 */
export function entryFileModel(s: LogAgentSettings): Record<string, FluentdFile> {
    const release = logAgentLineOf(s);
    if (release.entry === undefined) {
        return {};
    }
    const ownLogs: FluentdFile = release.imageOwnLogs === undefined ? [comment("fluentd's own log events: on the agent's stdout only, never in the store."), fluentLogLabel()] : [];
    const includes = Object.keys(agentConfigModel(s))
        .sort()
        .map((key) => include(key));
    return { [release.entry.key]: [...ownLogs, ...includes] };
}

/**
 * The root config fluentd loads, as a model: the entry file where the line has one, else the
 * line's image's own root config (not in the ConfigMap; release-lines.ts imageOwnLogs), which
 * routes fluentd's own log events and includes the ConfigMap's directory. Its @include paths are
 * ConfigMap keys, or a glob of them.
 */
export function rootConfigModel(s: LogAgentSettings): FluentdFile {
    const release = logAgentLineOf(s);
    const entry = entryFileModel(s);
    if (release.entry !== undefined) {
        return entry[release.entry.key];
    }
    const own = release.imageOwnLogs;
    if (own === undefined) {
        throw new Error(`line ${release.line}: its image's root config routes no fluentd log events and the line has no entry file to route them`);
    }
    return [section("match", own.match, [param("@type", own.type)]), include(`${release.configDir}/*.conf`)];
}

/** The six rendered config files, and the line's entry file if any, by ConfigMap key. */
export function agentConfigFiles(s: LogAgentSettings): Record<string, string> {
    const models = { ...agentConfigModel(s), ...entryFileModel(s) };
    return Object.fromEntries(Object.entries(models).map(([key, file]) => [key, renderFluentd(file)]));
}

export function agentConfigMap(s: LogAgentSettings): k8s.types.input.core.v1.ConfigMap {
    return {
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: s.configMapName, namespace: s.namespace, labels: { ...s.labels } },
        data: agentConfigFiles(s),
    };
}
