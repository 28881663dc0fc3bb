import { z } from "zod";
import { flag, stringList, text, whenClean } from "./fields";
import { dnsLabel } from "./formats";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";

/**
 * kiwigrid/k8s-sidecar, the sidecar the Grafana Helm chart uses for labelled dashboards, which
 * the team dashboards and the team rules both run; its environment variables and behaviours are
 * read from src/ at this tag (docs/grafana.md#team-dashboards).
 */
export const K8S_SIDECAR_VERSION = "2.10.1";

/**
 * The fields that say whose labelled ConfigMaps a team feature takes (`grafana.teamDashboards`,
 * `metrics.teamRules`): a list of namespaces, each granted by a Role, or all of them through a
 * ClusterRole; and the sidecar's image.
 */
export function teamNamespaceFields(namespacesDescription: string, allDescription: string) {
    return {
        namespaces: stringList(dnsLabel).optional().meta({ description: namespacesDescription }),
        all: flag().optional().meta({ description: allDescription }),
        image: text(imageAtLeast(OLDEST_IMAGES.k8sSidecar))
            .default(`quay.io/kiwigrid/k8s-sidecar:${K8S_SIDECAR_VERSION}`)
            .meta({ description: `the kiwigrid/k8s-sidecar image; its settings follow ${K8S_SIDECAR_VERSION}` }),
    };
}

/** Exactly one of a list of namespaces or `all: true`: the stack says whose ConfigMaps `key` takes. */
export function requireTeamNamespaces<T extends z.ZodType<{ namespaces?: string[]; all?: boolean }>>(schema: T, key: string) {
    return schema.superRefine((t, ctx) => {
        if (t.all === true && t.namespaces !== undefined) {
            ctx.addIssue({ code: "custom", path: ["namespaces"], input: t.namespaces, message: "no list while all is true: all already takes every namespace" });
        } else if (t.all !== true && t.namespaces === undefined) {
            ctx.addIssue({
                code: "custom",
                path: [],
                // What the stack wrote: the image's default is not part of it.
                input: { ...(t.all !== undefined ? { all: t.all } : {}) },
                message: `namespaces: [a list of namespaces], or all: true (the stack says whose ConfigMaps it takes; leave ${key} out to take none)`,
            });
        }
    }, whenClean("namespaces", "all"));
}
