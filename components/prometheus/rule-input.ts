import { SelfHealthFamilies } from "../../prometheus-releases/release-lines";
import { RemoteWriteContext } from "./remote-write-queues";

/** What Prometheus' own groups read: its job label and line's families, the Alertmanagers it sends to, its remote-write queues and its reloader. */
export interface PrometheusRuleInput {
    /** The self-monitoring job's label (components/common/rules/context.ts, RuleBasis). */
    prometheusJob: string;
    /** Which of Prometheus' own health families the stack's release line exports (release-lines.ts, selfHealth). */
    prometheusHealth: SelfHealthFamilies;
    /** Alertmanager is deployed (the fold holds its target), so Prometheus sends notifications that can fail. */
    alertmanager: boolean;
    /** metrics.remoteWrite names targets: what the remote-write alerts read. */
    remoteWrite?: RemoteWriteContext;
    /** The config reloader sidecar runs (reloader.ts, reloadsInPlace): its failures alert. */
    configReloader: boolean;
}
