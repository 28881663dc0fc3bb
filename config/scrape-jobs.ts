import { z } from "zod";
import { choice, closedObject, flag, integer, plainText, selectorMap, stringList, text, whenClean } from "./fields";
import {
    absolutePath,
    dnsLabel,
    endpointAddress,
    hostName,
    kubernetesLabelKey,
    kubernetesLabelValue,
    portName,
    portNumber,
    prometheusDuration,
    routePath,
    serviceName,
} from "./formats";

/** Which cluster-component jobs run besides self-monitoring. */
export const JOB_SWITCH_DEFAULTS = {
    kubelet: true,
    cadvisor: true,
    apiserver: true,
    etcd: false,
    logAgent: true,
};

export const jobSwitchesSchema = closedObject({
    kubelet: flag().default(JOB_SWITCH_DEFAULTS.kubelet).meta({ description: "the kubelet job" }),
    cadvisor: flag().default(JOB_SWITCH_DEFAULTS.cadvisor).meta({ description: "the cadvisor job" }),
    apiserver: flag().default(JOB_SWITCH_DEFAULTS.apiserver).meta({ description: "the apiserver job" }),
    etcd: flag().default(JOB_SWITCH_DEFAULTS.etcd).meta({ description: "the etcd job; needs etcd.endpoints, and the three etcd secrets for https" }),
    logAgent: flag().default(JOB_SWITCH_DEFAULTS.logAgent).meta({ description: "the log-agent job" }),
}).default({ ...JOB_SWITCH_DEFAULTS });

export type ScrapeJobSwitches = z.output<typeof jobSwitchesSchema>;

const SERVICE_ACCOUNT_CA = "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt";

/** How Prometheus verifies kubelet serving certificates, for the kubelet and cadvisor jobs. */
export interface KubeletTlsSettings {
    /** kubeadm kubelets serve self-signed certificates, so the spec skips verification. */
    insecureSkipVerify: boolean;
    /** A CA bundle inside the Prometheus container, e.g. the ServiceAccount CA when kubelet certs are cluster-signed. */
    caFile?: string;
}

export const kubeletTlsSchema = closedObject({
    insecureSkipVerify: flag().optional().meta({ description: "skip kubelet certificate verification; default true, or false when caFile is set" }),
    caFile: text(absolutePath).optional().meta({ description: `the CA that signed the kubelet serving certificates, such as ${SERVICE_ACCOUNT_CA}` }),
})
    .superRefine((t, ctx) => {
        if (t.caFile !== undefined && t.insecureSkipVerify === true) {
            ctx.addIssue({
                code: "custom",
                path: ["insecureSkipVerify"],
                input: true,
                message: "false when caFile is set: either verify kubelet certificates against the CA or skip verification",
            });
        }
        if (t.caFile === undefined && t.insecureSkipVerify === false) {
            ctx.addIssue({
                code: "custom",
                path: ["caFile"],
                input: undefined,
                message:
                    "the CA that signed the kubelet serving certificates when insecureSkipVerify is false, " +
                    `such as ${SERVICE_ACCOUNT_CA}; the system roots never sign kubelet certificates`,
            });
        }
    }, whenClean("insecureSkipVerify", "caFile"))
    .transform(
        (t): KubeletTlsSettings =>
            t.caFile === undefined ? { insecureSkipVerify: t.insecureSkipVerify ?? true } : { insecureSkipVerify: false, caFile: t.caFile },
    )
    .default({ insecureSkipVerify: true });

export const ETCD_DEFAULTS = {
    discovery: "static" as const,
    scheme: "https" as const,
    port: 2379,
    serviceName: "kube-etcd",
    serviceNamespace: "kube-system",
};

export const etcdSchema = closedObject({
    endpoints: stringList(endpointAddress).default([]).meta({ description: "control-plane IP addresses where etcd serves metrics; required with jobs.etcd" }),
    discovery: choice(["static", "service"])
        .default(ETCD_DEFAULTS.discovery)
        .meta({ description: "static: static_configs; service: a selector-less Service plus Endpoints that the program creates" }),
    scheme: z
        .enum(["https", "http"], { error: "https (client certificates) or http (--listen-metrics-urls)" })
        .default(ETCD_DEFAULTS.scheme)
        .meta({ description: "https with the client certificates, or http when etcd serves metrics through --listen-metrics-urls" }),
    port: integer(1, 65535).default(ETCD_DEFAULTS.port).meta({ description: "etcd metrics port" }),
    serviceName: text(serviceName).default(ETCD_DEFAULTS.serviceName).meta({ description: "Service and Endpoints name in service mode" }),
    serviceNamespace: text(dnsLabel).default(ETCD_DEFAULTS.serviceNamespace).meta({ description: "their namespace" }),
}).default({ ...ETCD_DEFAULTS, endpoints: [] });

export type EtcdScrapeSettings = z.output<typeof etcdSchema>;
export type EtcdDiscovery = EtcdScrapeSettings["discovery"];

/** An endpoint port: its name, or the number the pods serve (a number written as text is a number). */
const servicePortSchema = z
    .union([z.string(), z.number()], { error: "a Service port name (IANA_SVC_NAME) or a port number" })
    .superRefine((port, ctx) => {
        const complaint = typeof port === "number" || /^[0-9]+$/.test(port) ? portNumber(port) : (plainText(port) ?? portName(port));
        if (complaint !== undefined) {
            ctx.addIssue({ code: "custom", input: port, message: complaint });
        }
    });

const serviceTlsSchema = closedObject({
    caFile: text(absolutePath).optional().meta({ description: "CA file inside the Prometheus container" }),
    insecureSkipVerify: flag().optional().meta({ description: "skip certificate verification" }),
    serverName: text(hostName).optional().meta({ description: "the name to verify the certificate against" }),
}).superRefine((t, ctx) => {
    if (t.caFile !== undefined && t.insecureSkipVerify === true) {
        ctx.addIssue({ code: "custom", path: ["insecureSkipVerify"], input: true, message: "false when caFile is set" });
    }
}, whenClean("caFile", "insecureSkipVerify"));

export const serviceScrapeSchema = closedObject({
    name: text(dnsLabel, "jmx-kafka").meta({ description: "the job name" }),
    namespace: text(dnsLabel, "kafka").meta({ description: "the Service's namespace; needs a discovery Role" }),
    selector: selectorMap(kubernetesLabelKey, kubernetesLabelValue, "every Service in the namespace, and the job would scrape them all")
        .meta({ description: "labels the Service must carry" }),
    port: servicePortSchema.meta({ description: "an endpoint port name, or the number the pods serve" }),
    path: text(routePath).default("/metrics").meta({ description: "metrics path" }),
    scheme: choice(["http", "https"]).default("http").meta({ description: "http or https" }),
    interval: text(prometheusDuration).optional().meta({ description: "scrape interval; the global one when unset" }),
    tls: serviceTlsSchema.optional().meta({ description: "https only: { caFile, insecureSkipVerify, serverName }" }),
}).superRefine((s, ctx) => {
    if (s.tls !== undefined && s.scheme !== "https") {
        ctx.addIssue({ code: "custom", path: ["tls"], input: s.tls, message: "no tls settings unless the entry's scheme is https" });
    }
}, whenClean("tls", "scheme"));

/** One user-chosen service to scrape; each becomes its own endpoints job ("one job covers one class"). */
export type ServiceScrapeSettings = z.output<typeof serviceScrapeSchema>;

export const servicesSchema = z
    .array(serviceScrapeSchema, { error: "a list of { name, namespace, selector, port, path?, scheme?, interval? }" })
    .default([]);

