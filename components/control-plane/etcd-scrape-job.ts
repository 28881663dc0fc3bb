import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { ETCD_SECRET_FILES, etcdSecretMountPath } from "../common/prometheus-paths";
import { ScrapeConfig, TlsConfig } from "../common/scrape/prometheus-config-types";
import { endpointDiscovery, endpointSd } from "../common/scrape/endpoint-discovery";
import { copy, keep } from "../common/scrape/relabel";
import { ScrapeReach } from "../common/scrape/reach";

const METRICS_PORT_NAME = "metrics";

/** Client-certificate auth with the files of Secret kvstore-client-cert (docs/design.md#scrape-targets). */
function etcdTlsConfig(): TlsConfig {
    const dir = etcdSecretMountPath();
    return {
        ca_file: `${dir}/${ETCD_SECRET_FILES.caCert}`,
        cert_file: `${dir}/${ETCD_SECRET_FILES.clientCert}`,
        key_file: `${dir}/${ETCD_SECRET_FILES.clientKey}`,
    };
}

/**
 * etcd runs on the control-plane hosts outside any Service, so its addresses come from config:
 * either listed as static targets, or published through a selector-less Service and Endpoints
 * (etcdService / etcdEndpoints) that endpoint discovery then finds.
 */
export function etcdJob(s: MetricsSettings): ScrapeConfig {
    const e = s.etcd;
    const job: ScrapeConfig = {
        job_name: "etcd",
        scheme: e.scheme,
        ...(e.scheme === "https" ? { tls_config: etcdTlsConfig() } : {}),
    };
    if (e.discovery === "static") {
        job.static_configs = [{ targets: e.endpoints.map((ip) => hostPort(ip, e.port)) }];
        return job;
    }
    const d = endpointDiscovery(s);
    job.kubernetes_sd_configs = [endpointSd(d, e.serviceNamespace)];
    job.relabel_configs = [
        {
            ...keep(["__meta_kubernetes_service_name", d.portName], `${e.serviceName};${METRICS_PORT_NAME}`),
            separator: ";",
        },
        copy("__meta_kubernetes_namespace", "namespace"),
        copy("__meta_kubernetes_service_name", "service"),
    ];
    return job;
}

function hostPort(ip: string, port: number): string {
    return ip.includes(":") ? `[${ip}]:${port}` : `${ip}:${port}`;
}

function serviceLabels(): Record<string, string> {
    return { "app.kubernetes.io/name": "etcd", "app.kubernetes.io/managed-by": "cluster-monitoring" };
}

/** Headless and without a selector: Kubernetes leaves its Endpoints to us. */
export function etcdService(s: MetricsSettings): k8s.types.input.core.v1.Service | undefined {
    if (!s.jobs.etcd || s.etcd.discovery !== "service") {
        return undefined;
    }
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: s.etcd.serviceName, namespace: s.etcd.serviceNamespace, labels: serviceLabels() },
        spec: {
            type: "ClusterIP",
            clusterIP: "None",
            ports: [{ name: METRICS_PORT_NAME, port: s.etcd.port, protocol: "TCP", targetPort: s.etcd.port }],
        },
    };
}

export function etcdEndpoints(s: MetricsSettings): k8s.types.input.core.v1.Endpoints | undefined {
    if (!s.jobs.etcd || s.etcd.discovery !== "service") {
        return undefined;
    }
    return {
        apiVersion: "v1",
        kind: "Endpoints",
        metadata: { name: s.etcd.serviceName, namespace: s.etcd.serviceNamespace, labels: serviceLabels() },
        subsets: [
            {
                addresses: s.etcd.endpoints.map((ip) => ({ ip })),
                ports: [{ name: METRICS_PORT_NAME, port: s.etcd.port, protocol: "TCP" }],
            },
        ],
    };
}

/** Both discovery modes end at the configured control-plane addresses. */
export function etcdReach(s: MetricsSettings): ScrapeReach[] {
    return [{ kind: "addresses", addresses: [...s.etcd.endpoints], port: s.etcd.port }];
}
