import { z } from "zod";
import { closedObject, flag, integer, stringList, text, whenClean } from "./fields";
import { dnsLabel } from "./formats";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";

/** kiwigrid/k8s-sidecar, as for the team dashboards (config/grafana.ts K8S_SIDECAR_VERSION). */
const SIDECAR_IMAGE = "quay.io/kiwigrid/k8s-sidecar:2.10.1";

/**
 * `metrics.teamRules`: ConfigMaps labelled prometheus_rule: "1" in the namespaces listed, or in
 * all of them, become rule files, each checked with promtool before Prometheus sees it
 * (docs/monitor-your-app.md#team-rules). Off while absent; `{}` and an empty list are refused.
 */
export const teamRulesSchema = closedObject({
    namespaces: stringList(dnsLabel)
        .optional()
        .meta({ description: `namespaces whose ConfigMaps labelled prometheus_rule: "1" become rule files; Prometheus' ServiceAccount may list and watch ConfigMaps there` }),
    all: flag().optional().meta({ description: "true: take them from every namespace (a ClusterRole: list, watch ConfigMaps cluster-wide)" }),
    maxFilesPerNamespace: integer(1, 1000).default(20).meta({ description: "rule files taken per namespace; the next ones are refused" }),
    maxRulesPerNamespace: integer(1, 100000).default(200).meta({ description: "rules taken per namespace; a file that would pass it is refused" }),
    image: text(imageAtLeast(OLDEST_IMAGES.k8sSidecar)).default(SIDECAR_IMAGE).meta({ description: "the kiwigrid/k8s-sidecar image; its settings follow 2.10.1" }),
}).superRefine((t, ctx) => {
    if (t.all === true && t.namespaces !== undefined) {
        ctx.addIssue({ code: "custom", path: ["namespaces"], input: t.namespaces, message: "no list while all is true: all already takes every namespace" });
    } else if (t.all !== true && t.namespaces === undefined) {
        ctx.addIssue({
            code: "custom",
            path: [],
            input: { ...(t.all !== undefined ? { all: t.all } : {}) },
            message: "namespaces: [a list of namespaces], or all: true (the stack says whose ConfigMaps it takes; leave teamRules out to take none)",
        });
    }
}, whenClean("namespaces", "all"));

export type TeamRulesSettings = z.output<typeof teamRulesSchema>;
