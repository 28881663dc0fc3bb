import { AnnotationDiscoverySettings, annotationDiscoveryOn, Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { ScrapeReach } from "../common/scrape/reach";
import { annotatedPodsJob } from "./annotated-pods-scrape-job";
import { annotatedServicesJob } from "./annotated-services-scrape-job";
import { serviceJob, serviceReach } from "./service-scrape-jobs";

/** The teams' targets: the services a stack lists, then the pods and Services teams annotate while annotation discovery is on. */
export function teamTargetsContribution(s: Settings): Contribution {
    const m = s.metrics;
    const d = endpointDiscovery(m);
    return {
        scrapeJobs: {
            teams: [
                ...m.services.map((svc) => ({ config: serviceJob(svc, d), reaches: serviceReach(svc) })),
                ...(annotationDiscoveryOn(m.annotationDiscovery)
                    ? [
                          { config: annotatedPodsJob(m), reaches: annotatedReach(m.annotationDiscovery) },
                          { config: annotatedServicesJob(m, d), reaches: annotatedReach(m.annotationDiscovery) },
                      ]
                    : []),
            ],
        },
    };
}

/** A team's annotated pod may serve on any port it names, in any namespace the stack lists (or all). */
function annotatedReach(a: AnnotationDiscoverySettings): ScrapeReach[] {
    return a.clusterWide ? [{ kind: "allNamespaces" }] : (a.namespaces ?? []).map((namespace): ScrapeReach => ({ kind: "namespace", namespace }));
}
