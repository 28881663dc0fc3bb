import { AnnotationDiscoverySettings, annotationDiscoveryOn, MetricsSettings } from "../config";
import { ScrapeConfig } from "../components/common/scrape/prometheus-config-types";
import { discoveryNamespaces as discoveryNamespacesOf } from "../components/prometheus/discovery";
import { annotatedPodsJob } from "../components/team-targets/annotated-pods-scrape-job";
import { annotatedServicesJob } from "../components/team-targets/annotated-services-scrape-job";
import { apiserverJob, apiserverReach } from "../components/apiserver/scrape-job";
import { cadvisorJob } from "../components/kubelet/cadvisor-scrape-job";
import { endpointDiscovery } from "../components/common/scrape/endpoint-discovery";
import { controlPlaneJobs } from "../components/control-plane/scrape-jobs";
import { etcdJob, etcdReach } from "../components/control-plane/etcd-scrape-job";
import { kubeletJob, kubeletReach } from "../components/kubelet/scrape-job";
import { kubeStateMetricsJob, kubeStateMetricsReach, kubeStateMetricsTelemetryJob, kubeStateMetricsTelemetryReach } from "../components/kube-state-metrics/scrape-job";
import { nodeExporterJob, nodeExporterReach } from "../components/node-exporter/scrape-job";
import { logAgentJob, logAgentReach } from "../components/log-agent/scrape-job";
import { withLimits } from "../components/prometheus/scrape-limits";
import { keepDroppedFamilies } from "../components/common/scrape/family-rules";
import { ownComponentJobs } from "./own-component-scrape-jobs";
import { probeJobs } from "../components/blackbox-exporter/probe-scrape-jobs";
import { ScrapeReach } from "../components/common/scrape/reach";
import { selfMonitoringJob, selfMonitoringReach } from "../components/prometheus/scrape-job";
import { prometheusWebJobs } from "../components/prometheus/web-scrape-jobs";
import { alertmanagerWebJobs } from "../components/alertmanager/web-scrape-jobs";
import { serviceJob, serviceReach } from "../components/team-targets/service-scrape-jobs";
import { extraScrapeJobs } from "../components/prometheus/extra-scrape-configs";

export { KUBELET_PORT, ScrapeReach } from "../components/common/scrape/reach";

export { ScrapeJob } from "../components/common/scrape/scrape-job";
import { ScrapeJob } from "../components/common/scrape/scrape-job";

/**
 * Every enabled job with what it reaches, self-monitoring first, then the cluster components,
 * then user services and the annotated pods and services, then the stack's extra scrape configs,
 * each with the stack's scrape limits.
 */
export function scrapeJobsWithReach(s: MetricsSettings): ScrapeJob[] {
    const endpoints = endpointDiscovery(s);
    const ne = s.nodeExporterTarget;
    const ksm = s.kubeStateMetricsTarget;
    const jobs: ScrapeJob[] = [
        { config: selfMonitoringJob(s), reaches: selfMonitoringReach(s) },
        // Right after it: the parts of its work that move here while metrics.web or alertmanager.web is set.
        ...prometheusWebJobs(s, endpoints),
        ...alertmanagerWebJobs(s, endpoints),
        ...ownComponentJobs(s),
        ...(s.jobs.kubelet ? [{ config: kubeletJob(s), reaches: kubeletReach() }] : []),
        ...(s.jobs.cadvisor ? [{ config: cadvisorJob(s), reaches: kubeletReach() }] : []),
        ...(s.jobs.apiserver ? [{ config: apiserverJob(endpoints), reaches: apiserverReach() }] : []),
        ...(s.jobs.etcd ? [{ config: etcdJob(s), reaches: etcdReach(s) }] : []),
        ...controlPlaneJobs(s),
        ...(s.jobs.logAgent ? [{ config: logAgentJob(s), reaches: logAgentReach(s) }] : []),
        ...(ne ? [{ config: nodeExporterJob(ne), reaches: nodeExporterReach(ne) }] : []),
        ...(ksm
            ? [
                  { config: kubeStateMetricsJob(ksm, endpoints), reaches: kubeStateMetricsReach(ksm) },
                  { config: kubeStateMetricsTelemetryJob(ksm, endpoints), reaches: kubeStateMetricsTelemetryReach(ksm) },
              ]
            : []),
        ...s.services.map((svc) => ({ config: serviceJob(svc, endpoints), reaches: serviceReach(svc) })),
        ...(annotationDiscoveryOn(s.annotationDiscovery)
            ? [
                  { config: annotatedPodsJob(s), reaches: annotatedReach(s.annotationDiscovery) },
                  { config: annotatedServicesJob(s, endpoints), reaches: annotatedReach(s.annotationDiscovery) },
              ]
            : []),
        ...probeJobs(s),
        // Last: the stack's own scrape configs (metrics.extraScrapeConfigs), with the same limits as every job.
        ...extraScrapeJobs(s),
    ];
    return jobs.map((j) => ({ ...j, config: keepDroppedFamilies(withLimits(j.config, s), s.keepFamilies[j.config.job_name] ?? []) }));
}

/** A team's annotated pod may serve on any port it names, in any namespace the stack lists (or all). */
function annotatedReach(a: AnnotationDiscoverySettings): ScrapeReach[] {
    return a.clusterWide ? [{ kind: "allNamespaces" }] : (a.namespaces ?? []).map((namespace): ScrapeReach => ({ kind: "namespace", namespace }));
}

/** Every enabled job, in the order of scrapeJobsWithReach. */
export function scrapeJobs(s: MetricsSettings): ScrapeConfig[] {
    return scrapeJobsWithReach(s).map((j) => j.config);
}

/** The namespaces of the discovery Roles, for these settings' jobs (components/prometheus/discovery.ts). */
export function discoveryNamespaces(s: MetricsSettings): string[] {
    return discoveryNamespacesOf(s, scrapeJobs(s));
}
