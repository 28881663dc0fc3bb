import { ServiceScrapeSettings } from "../../config";
import { RelabelConfig, ScrapeConfig, TlsConfig } from "../common/scrape/prometheus-config-types";
import { EndpointDiscovery, endpointSd, podFromEndpointTarget } from "../common/scrape/endpoint-discovery";
import { constant, copy, keep, keepLabels, literal } from "../common/scrape/relabel";
import { ScrapeReach } from "../common/scrape/reach";

function tlsConfig(tls: NonNullable<ServiceScrapeSettings["tls"]>): TlsConfig {
    return {
        ...(tls.caFile ? { ca_file: tls.caFile } : {}),
        ...(tls.serverName ? { server_name: tls.serverName } : {}),
        ...(tls.insecureSkipVerify !== undefined ? { insecure_skip_verify: tls.insecureSkipVerify } : {}),
    };
}

/** A named port is matched by name; a number by the port in the discovered address (the pods' port). */
function keepPort(port: string | number, d: EndpointDiscovery): RelabelConfig {
    return typeof port === "number"
        ? keep(["__address__"], `.*:${port}`)
        : keep([d.portName], literal(port));
}

/**
 * One endpoints job per configured service (docs/design.md#goals: one job covers one class), e.g. a JMX
 * exporter beside Kafka. Its namespace gets a discovery Role automatically.
 */
export function serviceJob(svc: ServiceScrapeSettings, d: EndpointDiscovery): ScrapeConfig {
    return {
        job_name: svc.name,
        scheme: svc.scheme,
        metrics_path: svc.path,
        ...(svc.tls ? { tls_config: tlsConfig(svc.tls) } : {}),
        ...(svc.interval ? { scrape_interval: svc.interval } : {}),
        kubernetes_sd_configs: [endpointSd(d, svc.namespace)],
        relabel_configs: [
            ...keepLabels("service", svc.selector),
            keepPort(svc.port, d),
            podFromEndpointTarget(d),
            copy("__meta_kubernetes_namespace", "namespace"),
            copy("__meta_kubernetes_service_name", "service"),
            constant("endpoint", String(svc.port)),
        ],
    };
}

/**
 * A Service the program does not deploy: its pods' labels are unknown, so any pod of its
 * namespace, on the port when it is a number (the pods' own port). A port name is the Service's,
 * which need not be the container's, so it opens every port of the namespace.
 */
export function serviceReach(svc: ServiceScrapeSettings): ScrapeReach[] {
    return [{ kind: "namespace", namespace: svc.namespace, ...(typeof svc.port === "number" ? { port: svc.port } : {}) }];
}
