import { fullKey, LOGS_KEY, METRICS_KEY, NODE_EXPORTER_DEFAULT_NAMESPACE, NODE_EXPORTER_KEY, Settings } from "../../config";
import { LaterProblem } from "../common/later-problem";

/**
 * node-exporter needs the privileged Pod Security level, so it may only go where that level is
 * already granted or that the program labels accordingly: kube-system, which the program never
 * labels, or the metrics or log agent namespace, whose label follows it (docs/node-exporter.md#namespace).
 * Any other namespace the program would neither create nor label. Run while the stack loads, with
 * every other problem (Component.checks).
 */
export function nodeExporterNamespaceProblems(s: Settings): LaterProblem[] {
    const n = s.nodeExporter;
    const allowed = [...new Set([NODE_EXPORTER_DEFAULT_NAMESPACE, s.metrics.namespace, s.logs.namespace])];
    if (!n.enabled || allowed.includes(n.namespace)) {
        return [];
    }
    return [
        {
            key: `${fullKey(NODE_EXPORTER_KEY)}.namespace`,
            got: n.namespace,
            expected: `one of ${allowed.join(", ")}: kube-system, or a namespace the program creates and labels for the privileged pods node-exporter runs`,
            reads: [`${fullKey(METRICS_KEY)}.namespace`, `${fullKey(LOGS_KEY)}.namespace`],
        },
    ];
}
