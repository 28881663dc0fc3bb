import { readBoolean, readInteger, readObject, readString, readStringList, readStringMap, RawObject, requireString } from "./fields";
import { absolutePath, dnsLabel, dnsSubdomain, ipAddress, kubernetesLabelKey, oneOf, prometheusDuration } from "./formats";
import { Problems, UNSHOWN_VALUE } from "./problems";

/** Which cluster-component jobs run besides self-monitoring (issue: watch the cluster itself). */
export interface ScrapeJobSwitches {
    kubelet: boolean;
    cadvisor: boolean;
    apiserver: boolean;
    etcd: boolean;
    logAgent: boolean;
}

/** How Prometheus verifies kubelet serving certificates, for the kubelet and cadvisor jobs. */
export interface KubeletTlsSettings {
    /** kubeadm kubelets serve self-signed certificates, so the spec skips verification. */
    insecureSkipVerify: boolean;
    /** A CA bundle inside the Prometheus container, e.g. the ServiceAccount CA when kubelet certs are cluster-signed. */
    caFile?: string;
}

export type EtcdDiscovery = "static" | "service";

export interface EtcdScrapeSettings {
    /** Control-plane addresses where etcd serves metrics. */
    endpoints: string[];
    /** static: static_configs; service: a selector-less Service plus Endpoints that the program creates. */
    discovery: EtcdDiscovery;
    /** https with client certificates, or http when etcd runs with --listen-metrics-urls=http://... */
    scheme: "http" | "https";
    port: number;
    serviceName: string;
    serviceNamespace: string;
}

/** One user-chosen service to scrape; each becomes its own endpoints job ("one job covers one class"). */
export interface ServiceScrapeSettings {
    name: string;
    namespace: string;
    selector: Record<string, string>;
    /** An endpoint port name, or the number of the port the pods serve (the Service's targetPort). */
    port: string | number;
    path: string;
    scheme: "http" | "https";
    interval?: string;
    /** For https: verify against this CA file in the Prometheus container, or skip verification. */
    tls?: { caFile?: string; insecureSkipVerify?: boolean; serverName?: string };
}

/** Where the log agent's pods are, so the metrics server can find them; filled from the log agent's settings. */
export interface LogAgentTarget {
    namespace: string;
    podLabels: Record<string, string>;
    portName: string;
}

export const JOB_SWITCH_DEFAULTS: ScrapeJobSwitches = {
    kubelet: true,
    cadvisor: true,
    apiserver: true,
    etcd: false,
    logAgent: true,
};

export const ETCD_DEFAULTS = {
    discovery: "static" as EtcdDiscovery,
    scheme: "https" as const,
    port: 2379,
    serviceName: "kube-etcd",
    serviceNamespace: "kube-system",
};

/** The upstream fluentd-es add-on's pods; LogAgent settings replace this when they are loaded. */
export const DEFAULT_LOG_AGENT_TARGET: LogAgentTarget = {
    namespace: "kube-system",
    podLabels: { "k8s-app": "fluentd-es" },
    portName: "metrics",
};

export function readJobSwitches(problems: Problems, key: string, value: unknown): ScrapeJobSwitches {
    const names = Object.keys(JOB_SWITCH_DEFAULTS) as (keyof ScrapeJobSwitches)[];
    const raw = readObject(problems, key, value, names);
    const switches = { ...JOB_SWITCH_DEFAULTS };
    for (const name of names) {
        switches[name] = readBoolean(problems, `${key}.${name}`, raw[name], JOB_SWITCH_DEFAULTS[name]);
    }
    return switches;
}

export function readKubeletTls(problems: Problems, key: string, value: unknown): KubeletTlsSettings {
    const raw = readObject(problems, key, value, ["insecureSkipVerify", "caFile"]);
    const caFile = raw.caFile === undefined ? undefined : readString(problems, `${key}.caFile`, raw.caFile, "", absolutePath) || undefined;
    const insecureSkipVerify = readBoolean(problems, `${key}.insecureSkipVerify`, raw.insecureSkipVerify, caFile === undefined);
    if (caFile !== undefined && insecureSkipVerify) {
        problems.add(
            `${key}.insecureSkipVerify`,
            true,
            `false when ${key}.caFile is set: either verify kubelet certificates against the CA or skip verification`,
        );
    }
    if (caFile === undefined && !insecureSkipVerify) {
        problems.add(
            `${key}.caFile`,
            undefined,
            `the CA that signed the kubelet serving certificates when ${key}.insecureSkipVerify is false, ` +
                "such as /var/run/secrets/kubernetes.io/serviceaccount/ca.crt; the system roots never sign kubelet certificates",
        );
    }
    return caFile === undefined ? { insecureSkipVerify } : { insecureSkipVerify, caFile };
}

export function readEtcd(problems: Problems, key: string, value: unknown, enabled: boolean): EtcdScrapeSettings {
    const raw = readObject(problems, key, value, ["endpoints", "discovery", "scheme", "port", "serviceName", "serviceNamespace"]);
    const d = ETCD_DEFAULTS;
    const endpoints =
        raw.endpoints === undefined ? [] : readStringList(problems, `${key}.endpoints`, raw.endpoints, [], ipAddress);
    if (enabled && raw.endpoints === undefined) {
        problems.add(
            `${key}.endpoints`,
            undefined,
            "the control-plane IP addresses where etcd serves metrics, such as [10.0.0.11], when the etcd job is enabled",
        );
    }
    const discovery = readString(problems, `${key}.discovery`, raw.discovery, d.discovery, oneOf(["static", "service"])) as EtcdDiscovery;
    const scheme = readString(problems, `${key}.scheme`, raw.scheme, d.scheme, (v) =>
        v === "http" || v === "https" ? undefined : "https (client certificates) or http (--listen-metrics-urls)",
    ) as "http" | "https";
    return {
        endpoints,
        discovery,
        scheme,
        port: readInteger(problems, `${key}.port`, raw.port, d.port, 1, 65535),
        serviceName: readString(problems, `${key}.serviceName`, raw.serviceName, d.serviceName, dnsLabel),
        serviceNamespace: readString(problems, `${key}.serviceNamespace`, raw.serviceNamespace, d.serviceNamespace, dnsLabel),
    };
}

const SERVICE_KEYS = ["name", "namespace", "selector", "port", "path", "scheme", "interval", "tls"];

export function readServices(problems: Problems, key: string, value: unknown, reservedJobNames: string[]): ServiceScrapeSettings[] {
    if (value === undefined || value === null) {
        return [];
    }
    if (!Array.isArray(value)) {
        problems.add(key, value, "a list of { name, namespace, selector, port, path?, scheme?, interval? }");
        return [];
    }
    const services = value.map((item, i) => readService(problems, `${key}[${i}]`, item));
    const seen = new Set<string>(reservedJobNames);
    services.forEach((svc, i) => {
        if (seen.has(svc.name)) {
            problems.add(`${key}[${i}].name`, svc.name, `a job name not used by another job (taken: ${[...seen].join(", ")})`);
        }
        seen.add(svc.name);
    });
    return services;
}

function readService(problems: Problems, key: string, value: unknown): ServiceScrapeSettings {
    const raw: RawObject = readObject(problems, key, value, SERVICE_KEYS);
    const need = (field: string, example: string) => {
        if (raw[field] === undefined) {
            problems.add(`${key}.${field}`, undefined, `a value, for example ${example} (this key is required)`);
        }
    };
    need("selector", "{ app: kafka }");
    need("port", "metrics or 5556");
    const selector = readStringMap(problems, `${key}.selector`, raw.selector, {}, kubernetesLabelKey);
    if (raw.selector !== undefined && Object.keys(selector).length === 0) {
        problems.add(`${key}.selector`, raw.selector, "at least one Service label, or the job would scrape every service in the namespace");
    }
    const service: ServiceScrapeSettings = {
        name: requireString(problems, `${key}.name`, raw.name, dnsLabel, "jmx-kafka"),
        namespace: requireString(problems, `${key}.namespace`, raw.namespace, dnsLabel, "kafka"),
        selector,
        port: readPort(problems, `${key}.port`, raw.port),
        path: readString(problems, `${key}.path`, raw.path, "/metrics", (v) => (v.startsWith("/") ? undefined : "a path starting with /")),
        scheme: readString(problems, `${key}.scheme`, raw.scheme, "http", oneOf(["http", "https"])) as "http" | "https",
    };
    if (raw.interval !== undefined) {
        service.interval = readString(problems, `${key}.interval`, raw.interval, "", prometheusDuration) || undefined;
    }
    if (raw.tls !== undefined) {
        service.tls = readServiceTls(problems, `${key}.tls`, raw.tls, service.scheme);
    }
    return service;
}

function readServiceTls(problems: Problems, key: string, value: unknown, scheme: string): ServiceScrapeSettings["tls"] {
    const raw = readObject(problems, key, value, ["caFile", "insecureSkipVerify", "serverName"]);
    if (scheme !== "https") {
        problems.add(key, UNSHOWN_VALUE, "no tls settings unless the entry's scheme is https");
    }
    const tls: NonNullable<ServiceScrapeSettings["tls"]> = {};
    if (raw.caFile !== undefined) tls.caFile = readString(problems, `${key}.caFile`, raw.caFile, "", absolutePath) || undefined;
    if (raw.insecureSkipVerify !== undefined) tls.insecureSkipVerify = readBoolean(problems, `${key}.insecureSkipVerify`, raw.insecureSkipVerify, false);
    if (raw.serverName !== undefined) tls.serverName = readString(problems, `${key}.serverName`, raw.serverName, "", dnsSubdomain) || undefined;
    if (tls.caFile !== undefined && tls.insecureSkipVerify) {
        problems.add(`${key}.insecureSkipVerify`, true, `false when ${key}.caFile is set`);
    }
    return tls;
}

function readPort(problems: Problems, key: string, value: unknown): string | number {
    if (value === undefined) {
        return "";
    }
    if (typeof value === "number") {
        return readInteger(problems, key, value, 0, 1, 65535);
    }
    return readString(problems, key, value, "", (v) =>
        /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/.test(v) && v.length <= 15 ? undefined : "a Service port name (IANA_SVC_NAME) or a port number",
    );
}
