import { Settings } from "../../config";
import { Contribution } from "../contribution";
import { endpointDiscovery } from "../common/scrape/endpoint-discovery";
import { alertmanagerTarget } from "../alertmanager/target";
import { alertmanagerServer } from "../alertmanager/replicas";
import { configReloaderJob } from "./config-reloader-scrape-job";
import { extraScrapeJobs } from "./extra-scrape-configs";
import { prometheusGatewayModel } from "./gateway";
import { metricsLabels, RELOADER_PORT } from "./layout";
import { prometheusObjects } from "./object-names";
import { reloadsInPlace } from "./reloader";
import { selfMonitoringJob, selfMonitoringReach } from "./scrape-job";
import { prometheusWebJobs } from "./web-scrape-jobs";
import { withLimits } from "./scrape-limits";
import { keepDroppedFamilies } from "../common/scrape/family-rules";

/**
 * Prometheus' own jobs: the spec's self-monitoring job and, while metrics.web is set, the web
 * job that replaces part of it; the config reloader's; and last the stack's extra scrape configs.
 * The self-monitoring job scrapes the metrics namespace's Services, Alertmanager's among them.
 */
export function prometheusContribution(s: Settings): Contribution {
    const m = s.metrics;
    const alertmanager = alertmanagerTarget(alertmanagerServer(s));
    const gateway = prometheusGatewayModel(s);
    const self = selfMonitoringJob(m, alertmanager);
    return {
        scrapeJobs: {
            self: [...(self ? [{ config: self, reaches: selfMonitoringReach(m, alertmanager) }] : []), ...prometheusWebJobs(m, endpointDiscovery(m))],
            own: reloadsInPlace(m) ? [{ config: configReloaderJob(m), reaches: [{ kind: "pods", namespace: m.namespace, podLabels: metricsLabels(m), port: RELOADER_PORT.name }] }] : [],
            extra: extraScrapeJobs(m),
        },
        objectsOfFold: (fold) => prometheusObjects(m, { scrapeJobs: fold.scrapeConfigs, alertmanager: fold.alertmanager }),
        namespaceWorkloads: [{ namespace: m.namespace, name: `StatefulSet ${m.namespace}/${m.name}`, workload: "prometheus" }],
        gateways: gateway ? [gateway] : [],
        // Every job it scrapes, whoever brings it, gets the stack's limits, and keeps what metrics.keepFamilies brings back.
        everyJob: (job) => keepDroppedFamilies(withLimits(job, m), m.keepFamilies[job.job_name] ?? []),
    };
}
