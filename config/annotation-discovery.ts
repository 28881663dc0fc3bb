import { z } from "zod";
import { closedObject, flag, stringList, whenClean } from "./fields";
import { dnsLabel } from "./formats";

/**
 * `metrics.annotationDiscovery`: where pods and services annotated `prometheus.io/scrape: "true"`
 * are scraped. Off while no namespace is listed and clusterWide is false, so a stack that says
 * nothing keeps scraping only what it lists.
 */
export const annotationDiscoverySchema = closedObject({
    namespaces: stringList(dnsLabel)
        .optional()
        .meta({ description: "namespaces whose annotated pods and services are scraped; each gets a discovery Role and RoleBinding" }),
    clusterWide: flag()
        .default(false)
        .meta({ description: "scrape annotated pods and services in every namespace; adds cluster-wide read of pods, services and endpoints to the ClusterRole" }),
})
    .superRefine((a, ctx) => {
        if (a.clusterWide && a.namespaces !== undefined) {
            ctx.addIssue({
                code: "custom",
                path: ["namespaces"],
                input: a.namespaces,
                message: "no list while clusterWide is true: cluster-wide discovery already covers every namespace",
            });
        }
    }, whenClean("namespaces", "clusterWide"))
    .default({ clusterWide: false });

export type AnnotationDiscoverySettings = z.output<typeof annotationDiscoverySchema>;

/** Whether the annotation jobs run at all. */
export function annotationDiscoveryOn(a: AnnotationDiscoverySettings): boolean {
    return a.clusterWide || (a.namespaces ?? []).length > 0;
}
