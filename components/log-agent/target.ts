import { DEFAULT_LOG_AGENT_TARGET, LogAgentTarget, LogsSettings } from "../../config";

/** The agent's pods, which always run, wherever logs' settings put them. */
export function logAgentTarget(l: LogsSettings): LogAgentTarget {
    return { ...DEFAULT_LOG_AGENT_TARGET, namespace: l.namespace, podLabels: { ...l.labels } };
}
