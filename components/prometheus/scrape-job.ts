import { MetricsSettings, selfMonitoringJobLeftOut } from "../../config";
import { DISCOVERY_LABEL, WEB_PORT } from "./layout";
import { RelabelConfig, ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointDiscovery, endpointSd, podFromEndpointTarget } from "../common/scrape/endpoint-discovery";
import { constant, copy, drop, keep, literal } from "../common/scrape/relabel";
import { ScrapeReach } from "../common/scrape/reach";
import { AlertmanagerTarget } from "../alertmanager/target";

/**
 * docs/design.md#discovery-relabel-rules, in order. Rule 1 keeps only services labelled monitor=main; the rest turn discovery
 * meta labels into the target labels pod, namespace, service, job and endpoint, because meta
 * labels are dropped after relabeling.
 */
export function endpointRelabelRules(d: EndpointDiscovery): RelabelConfig[] {
    return [
        keep([`__meta_kubernetes_service_label_${DISCOVERY_LABEL.key}`], DISCOVERY_LABEL.value),
        podFromEndpointTarget(d),
        copy("__meta_kubernetes_namespace", "namespace"),
        copy("__meta_kubernetes_service_name", "service"),
        copy("__meta_kubernetes_pod_name", "pod"),
        { ...copy("__meta_kubernetes_service_name", "job"), replacement: "${1}" },
        constant("endpoint", WEB_PORT.name),
    ];
}

/**
 * A clustered Alertmanager's Service also lists its gossip ports, which speak no HTTP: without
 * this rule each would be a target that is always down. Absent otherwise, so the spec's rules stay as they are.
 */
export function dropAlertmanagerClusterPorts(t: AlertmanagerTarget | undefined, d: EndpointDiscovery): RelabelConfig[] {
    if (!t?.clusterPortNames) {
        return [];
    }
    return [drop(["__meta_kubernetes_service_name", d.portName], `${literal(t.serviceName)};(${t.clusterPortNames.map(literal).join("|")})`)];
}

/**
 * Endpoints discovery also lists the container ports that the Service does not name (the config
 * reloader's 8080 beside Prometheus' web port), each as a target without a port name; those
 * would be scraped a second time under the Service's job. Only the Service's named ports stay.
 */
export function keepServicePorts(d: EndpointDiscovery): RelabelConfig {
    return keep([d.portName], ".+");
}

/**
 * While metrics.web is set Prometheus' own Service is scraped by its own job (prometheus-web.ts),
 * which sends the credentials; this job, whose other targets are anybody's monitor=main
 * Services, must neither send them nor scrape Prometheus without them.
 */
export function dropPrometheusWithWebConfig(s: MetricsSettings): RelabelConfig[] {
    return s.web ? [drop(["__meta_kubernetes_namespace", "__meta_kubernetes_service_name"], `${literal(s.namespace)};${literal(s.name)}`)] : [];
}

/** The same for Alertmanager's Service while alertmanager.web is set (alertmanager-web.ts). */
export function dropAlertmanagerWithWebConfig(t: AlertmanagerTarget | undefined): RelabelConfig[] {
    return t?.web ? [drop(["__meta_kubernetes_namespace", "__meta_kubernetes_service_name"], `${literal(t.namespace)};${literal(t.serviceName)}`)] : [];
}

/**
 * The spec's one job: services labelled monitor=main in the scrape namespaces, itself included.
 * Undefined when it could never have a target (docs/scrape-jobs.md#monitor): every monitor=main
 * Service the program writes has a job of its own (metrics.web, alertmanager.web), and the stack
 * names no scrape namespace where Services of its own would carry the label.
 */
export function selfMonitoringJob(s: MetricsSettings, alertmanager: AlertmanagerTarget | undefined): ScrapeConfig | undefined {
    if (selfMonitoringJobLeftOut(s, alertmanager && !alertmanager.web ? alertmanager : undefined)) {
        return undefined;
    }
    const discovery = endpointDiscovery(s);
    const [serviceLabelRule, ...rest] = endpointRelabelRules(discovery);
    return {
        job_name: s.name,
        honor_labels: false,
        kubernetes_sd_configs: [endpointSd(discovery, s.scrapeNamespaces)],
        scrape_interval: s.scrapeInterval,
        relabel_configs: [
            serviceLabelRule,
            keepServicePorts(discovery),
            ...dropAlertmanagerClusterPorts(alertmanager, discovery),
            ...dropPrometheusWithWebConfig(s),
            ...dropAlertmanagerWithWebConfig(alertmanager),
            ...rest,
        ],
    };
}

/**
 * The program's own Services labelled monitor=main (Prometheus, Alertmanager) on their web port,
 * and, in every scrape namespace, any pod on any port: a stack's own monitor=main Services may
 * serve metrics there on ports the program cannot know.
 */
export function selfMonitoringReach(s: MetricsSettings, alertmanager: AlertmanagerTarget | undefined): ScrapeReach[] {
    return [...ownSelfMonitoredServices(s, alertmanager), ...s.scrapeNamespaces.map((namespace): ScrapeReach => ({ kind: "namespace", namespace }))];
}

/** The program's monitor=main Services in the scrape namespaces that no job of their own scrapes. */
function ownSelfMonitoredServices(s: MetricsSettings, alertmanager: AlertmanagerTarget | undefined): ScrapeReach[] {
    const own: ScrapeReach[] = [
        ...(s.web ? [] : [{ kind: "service" as const, namespace: s.namespace, name: s.name, port: WEB_PORT.name }]),
        ...(alertmanager && !alertmanager.web ? [{ kind: "service" as const, namespace: alertmanager.namespace, name: alertmanager.serviceName, port: alertmanager.portName }] : []),
    ];
    return own.filter((r) => r.kind === "service" && s.scrapeNamespaces.includes(r.namespace));
}
