import { MetricsSettings } from "../../config";
import { externalLabels } from "../prometheus/prometheus-config";
import { EndpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { dropFamilies } from "../common/scrape/family-rules";
import { ScrapeJob } from "../common/scrape/scrape-job";
import { copy, keep, literal } from "../common/scrape/relabel";
import { PUSHGATEWAY_FAMILIES } from "./families";
import { HTTP_PORT, PUSHGATEWAY_JOB_NAME } from "./layout";
import { PushgatewaySettings } from "./settings";

/**
 * The gateway's Service endpoints, on its http port, with honor_labels: the labels a batch job
 * pushed (its job, its instance when it gave one, its grouping labels) win over the target's, as
 * the Pushgateway's own README asks, so each pushed series keeps the job that pushed it rather
 * than becoming exported_job under job="pushgateway". A group pushed without an instance carries
 * instance="", which Prometheus stores as no instance at all, not the gateway's address.
 *
 * The target's labels are job, instance and namespace only: every series the job stores that a
 * batch job did not label itself takes them, so a pod label would tie a batch job's series to
 * whichever gateway pod served it and split them at every rollout; namespace names where the
 * gateway runs, which TargetDown's description reads. The gateway's own series (process_*,
 * pushgateway_*) carry job="pushgateway".
 *
 * What a pusher may not write (metric_relabel_configs): Prometheus' own series names (the family
 * table), and the stack's external labels (cluster, monitor, the replica label), which Prometheus
 * adds only to a series without them, so a pushed `cluster` would pass in a long-term store for
 * another cluster's series.
 */
export function pushgatewayJob(p: PushgatewaySettings, m: MetricsSettings, d: EndpointDiscovery): ScrapeJob {
    const external = Object.keys(externalLabels(m));
    return {
        config: {
            job_name: PUSHGATEWAY_JOB_NAME,
            honor_labels: true,
            kubernetes_sd_configs: [endpointSd(d, p.namespace)],
            relabel_configs: [
                { ...keep(["__meta_kubernetes_service_name", d.portName], `${literal(p.name)};${literal(HTTP_PORT.name)}`), separator: ";" },
                copy("__meta_kubernetes_namespace", "namespace"),
            ],
            metric_relabel_configs: [dropFamilies(PUSHGATEWAY_FAMILIES), ...(external.length > 0 ? [{ action: "labeldrop" as const, regex: `(${external.map(literal).join("|")})` }] : [])],
        },
        reaches: [{ kind: "service", namespace: p.namespace, name: p.name, port: HTTP_PORT.name }],
    };
}
