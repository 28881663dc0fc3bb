import * as pulumi from "@pulumi/pulumi";
import {
    readBoolean,
    readInteger,
    readObject,
    readString,
    readStringList,
    readStringMap,
    requireString,
} from "./fields";
import {
    absoluteHttpUrl,
    containerImage,
    dnsLabel,
    dnsSubdomain,
    kubernetesQuantity,
    prometheusDuration,
    prometheusLabelName,
} from "./formats";
import { Problems, SECRET_VALUE } from "./problems";
import {
    DEFAULT_LOG_AGENT_TARGET,
    EtcdScrapeSettings,
    KubeletTlsSettings,
    LogAgentTarget,
    readEtcd,
    readJobSwitches,
    readKubeletTls,
    readServices,
    ScrapeJobSwitches,
    ServiceScrapeSettings,
} from "./scrape-jobs";
import { ConfigSource, fullKey } from "./source";
import { readStorage, StorageSettings } from "./storage";

export interface IngressSettings {
    host: string;
    /** spec.ingressClassName; unset means the cluster's default IngressClass. */
    className?: string;
    /** A kubernetes.io/tls Secret in the monitoring namespace; unset means plain HTTP. */
    tlsSecretName?: string;
}

/** The three files of the etcd client Secret (docs/design.md#etcd-client-secret), all Pulumi secrets. */
export interface EtcdClientCertificates {
    caCert: pulumi.Output<string>;
    clientCert: pulumi.Output<string>;
    clientKey: pulumi.Output<string>;
}

export interface MetricsSettings {
    namespace: string;
    /** Name of the PersistentVolume, Service, StatefulSet, Ingress and config ConfigMap, and the `app` label. */
    name: string;
    serviceAccountName: string;
    image: string;
    replicas: number;
    retention: string;
    scrapeInterval: string;
    evaluationInterval: string;
    memoryRequest: string;
    memoryLimit?: string;
    storage: StorageSettings;
    externalUrl: string;
    routePrefix: string;
    enableAdminApi: boolean;
    enableLifecycle: boolean;
    /** Namespaces that get a discovery Role and RoleBinding. */
    discoveryNamespaces: string[];
    /** Namespaces whose endpoints the self-monitoring job discovers; each needs a discovery Role. */
    scrapeNamespaces: string[];
    externalLabels: Record<string, string>;
    ingress?: IngressSettings;
    /** Present exactly when the etcd job scrapes over https (docs/design.md#etcd-client-secret). */
    etcdClient?: EtcdClientCertificates;
    jobs: ScrapeJobSwitches;
    kubeletTls: KubeletTlsSettings;
    etcd: EtcdScrapeSettings;
    services: ServiceScrapeSettings[];
    logAgentTarget: LogAgentTarget;
}

export const METRICS_KEY = "metrics";
export const ETCD_SECRET_KEYS = {
    caCert: "etcdCaCert",
    clientCert: "etcdClientCert",
    clientKey: "etcdClientKey",
} as const;

/** The spec's values; every one can be overridden under the `metrics` stack key. */
export const METRICS_DEFAULTS = {
    namespace: "monitoring",
    name: "monitor",
    serviceAccountName: "monitor-main",
    image: "quay.io/prometheus/prometheus:v2.11.1",
    replicas: 1,
    retention: "20d",
    scrapeInterval: "30s",
    evaluationInterval: "30s",
    memoryRequest: "400Mi",
    routePrefix: "/",
    enableAdminApi: true,
    enableLifecycle: true,
    discoveryNamespaces: ["default", "kube-system", "monitoring"],
    scrapeNamespaces: ["monitoring"],
    externalLabels: { monitor: "monitoring/main" },
} as const;

/** The spec's volume size (its PersistentVolume holds 1Ti), for either storage mode. */
export const METRICS_STORAGE_SIZE = "1Ti";

const METRICS_KEYS = [
    "namespace",
    "name",
    "serviceAccountName",
    "image",
    "replicas",
    "retention",
    "scrapeInterval",
    "evaluationInterval",
    "memoryRequest",
    "memoryLimit",
    "storage",
    "externalUrl",
    "routePrefix",
    "enableAdminApi",
    "enableLifecycle",
    "discoveryNamespaces",
    "scrapeNamespaces",
    "externalLabels",
    "ingress",
    "jobs",
    "kubeletTls",
    "etcd",
    "services",
] as const;

function routePrefix(value: string): string | undefined {
    return value.startsWith("/") ? undefined : "a path starting with /";
}

export function readMetricsSettings(source: ConfigSource, problems: Problems): MetricsSettings {
    const key = fullKey(METRICS_KEY);
    const raw = readObject(problems, key, source.value(METRICS_KEY), METRICS_KEYS);
    const at = (field: string) => `${key}.${field}`;
    const d = METRICS_DEFAULTS;

    const discoveryNamespaces = readStringList(
        problems,
        at("discoveryNamespaces"),
        raw.discoveryNamespaces,
        d.discoveryNamespaces,
        dnsLabel,
    );
    const scrapeNamespaces = readStringList(problems, at("scrapeNamespaces"), raw.scrapeNamespaces, d.scrapeNamespaces, dnsLabel);
    for (const ns of scrapeNamespaces) {
        if (!discoveryNamespaces.includes(ns)) {
            problems.add(
                at("scrapeNamespaces"),
                ns,
                `a namespace listed in ${at("discoveryNamespaces")} (${discoveryNamespaces.join(", ")}); ` +
                    "without a discovery Role there the job could never see its endpoints",
            );
        }
    }

    const jobs = readJobSwitches(problems, at("jobs"), raw.jobs);
    const etcd = readEtcd(problems, at("etcd"), raw.etcd, jobs.etcd);
    const name = readString(problems, at("name"), raw.name, d.name, dnsLabel);
    const builtInJobs = [name, ...Object.keys(jobs).map(jobName)];

    const settings: MetricsSettings = {
        namespace: readString(problems, at("namespace"), raw.namespace, d.namespace, dnsLabel),
        name,
        serviceAccountName: readString(problems, at("serviceAccountName"), raw.serviceAccountName, d.serviceAccountName, dnsSubdomain),
        image: readString(problems, at("image"), raw.image, d.image, containerImage),
        replicas: readInteger(
            problems,
            at("replicas"),
            raw.replicas,
            d.replicas,
            0,
            1,
            "replicas do not share a TSDB, and one NFS PersistentVolume backs one replica",
        ),
        retention: readString(problems, at("retention"), raw.retention, d.retention, prometheusDuration),
        scrapeInterval: readString(problems, at("scrapeInterval"), raw.scrapeInterval, d.scrapeInterval, prometheusDuration),
        evaluationInterval: readString(
            problems,
            at("evaluationInterval"),
            raw.evaluationInterval,
            d.evaluationInterval,
            prometheusDuration,
        ),
        memoryRequest: readString(problems, at("memoryRequest"), raw.memoryRequest, d.memoryRequest, kubernetesQuantity),
        memoryLimit:
            raw.memoryLimit === undefined
                ? undefined
                : readString(problems, at("memoryLimit"), raw.memoryLimit, "", kubernetesQuantity) || undefined,
        storage: readStorage(problems, at("storage"), raw.storage, METRICS_STORAGE_SIZE),
        externalUrl: requireString(problems, at("externalUrl"), raw.externalUrl, absoluteHttpUrl, "https://monitor.example.com/"),
        routePrefix: readString(problems, at("routePrefix"), raw.routePrefix, d.routePrefix, routePrefix),
        enableAdminApi: readBoolean(problems, at("enableAdminApi"), raw.enableAdminApi, d.enableAdminApi),
        enableLifecycle: readBoolean(problems, at("enableLifecycle"), raw.enableLifecycle, d.enableLifecycle),
        discoveryNamespaces,
        scrapeNamespaces,
        externalLabels: readStringMap(problems, at("externalLabels"), raw.externalLabels, d.externalLabels, prometheusLabelName),
        ingress: readIngress(problems, at("ingress"), raw.ingress),
        etcdClient: readEtcdClient(source, problems, jobs.etcd && etcd.scheme === "https", at("jobs.etcd")),
        jobs,
        kubeletTls: readKubeletTls(problems, at("kubeletTls"), raw.kubeletTls),
        etcd,
        services: readServices(problems, at("services"), raw.services, builtInJobs),
        logAgentTarget: DEFAULT_LOG_AGENT_TARGET,
    };
    return settings;
}

function readIngress(problems: Problems, key: string, value: unknown): IngressSettings | undefined {
    if (value === undefined || value === null) {
        return undefined;
    }
    const raw = readObject(problems, key, value, ["host", "className", "tlsSecretName"]);
    const ingress: IngressSettings = {
        host: requireString(problems, `${key}.host`, raw.host, dnsSubdomain, "monitor.example.com"),
    };
    if (raw.className !== undefined) {
        ingress.className = readString(problems, `${key}.className`, raw.className, "", dnsSubdomain);
    }
    if (raw.tlsSecretName !== undefined) {
        ingress.tlsSecretName = readString(problems, `${key}.tlsSecretName`, raw.tlsSecretName, "", dnsSubdomain);
    }
    return ingress;
}

/** The job name of each built-in scrape job, e.g. logAgent becomes log-agent. */
export function jobName(job: string): string {
    return job.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function readEtcdClient(
    source: ConfigSource,
    problems: Problems,
    needed: boolean,
    switchKey: string,
): EtcdClientCertificates | undefined {
    const values = {
        caCert: source.secret(ETCD_SECRET_KEYS.caCert),
        clientCert: source.secret(ETCD_SECRET_KEYS.clientCert),
        clientKey: source.secret(ETCD_SECRET_KEYS.clientKey),
    };
    const keyOf = (field: keyof typeof values) => fullKey(ETCD_SECRET_KEYS[field]);
    const fields = Object.keys(values) as (keyof typeof values)[];
    const given = fields.filter((f) => values[f] !== undefined);
    if (!needed) {
        if (given.length > 0) {
            problems.add(
                given.map(keyOf).join(", "),
                SECRET_VALUE,
                `no etcd client certificates unless ${switchKey} is true with etcd.scheme https; ` +
                    "unused certificates would sit in a Secret that nothing reads",
            );
        }
        return undefined;
    }
    const missing = fields.filter((f) => values[f] === undefined);
    if (missing.length > 0) {
        problems.add(
            missing.map(keyOf).join(", "),
            undefined,
            "the etcd CA, client certificate and client key as secrets (pulumi config set --secret etcdClientKey < healthcheck-client.key), " +
                `because ${switchKey} is true with etcd.scheme https`,
        );
        return undefined;
    }
    return { caCert: values.caCert!, clientCert: values.clientCert!, clientKey: values.clientKey! };
}
