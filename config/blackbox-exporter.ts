import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { credentialInPlainText, credentialNeighbours } from "./credentials";
import { SECRET_VALUE } from "./problems";
import { z } from "zod";
import { choice, closedObject, flag, text, whenClean } from "./fields";
import { absoluteHttpUrl, dnsLabel, hostName, ipAddress, portNumber, prometheusDuration, serviceName } from "./formats";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";

export const BLACKBOX_EXPORTER_KEY = "blackboxExporter";

/**
 * The modules of the exporter's ConfigMap. No icmp: the exporter opens raw ICMP sockets, which
 * need CAP_NET_RAW (forbidden by Pod Security "restricted") or a net.ipv4.ping_group_range
 * sysctl on the pod that we cannot prove here (docs/monitor-your-app.md#probes).
 */
export const BLACKBOX_MODULES = ["http_2xx", "http_post_2xx", "tcp_connect"] as const;
export type BlackboxModule = (typeof BLACKBOX_MODULES)[number];

/**
 * quay.io/prometheus/blackbox-exporter v0.29.1, the newest release the prometheus-community chart
 * ships; the requests are small, as the exporter only holds its config and open probes.
 */
export const BLACKBOX_EXPORTER_DEFAULTS = {
    enabled: false,
    name: "blackbox-exporter",
    image: "quay.io/prometheus/blackbox-exporter:v0.29.1",
    resources: { cpuRequest: "10m", memoryRequest: "32Mi", memoryLimit: "64Mi" } as ResourceSettings,
};

/** host:port, as the tcp_connect module dials it. */
export function hostAndPort(value: string): string | undefined {
    const expected = "host:port, such as db.example.com:5432 or [2001:db8::1]:443";
    const m = /^(\[([^\]]+)\]|([^:\[\]]+)):([0-9]+)$/.exec(value);
    if (!m) {
        return expected;
    }
    const host = m[2] ?? m[3];
    const hostProblem = m[2] !== undefined ? ipAddress(host) : ipAddress(host) === undefined ? undefined : hostName(host);
    return hostProblem === undefined && portNumber(m[4]) === undefined ? undefined : expected;
}

/** A probe target lands in Prometheus' scrape config, a ConfigMap, as the target parameter. */
const PROBE_URL_RULES = { storedIn: "Prometheus' scrape config, a ConfigMap" };

const probeSchema = closedObject({
    name: text(dnsLabel, "grafana-health").meta({ description: "the probe's job name; no other job may have it" }),
    target: text(undefined, "http://grafana.monitoring.svc:3000/api/health").meta({
        description: "an http(s) URL for the http modules, host:port for tcp_connect",
    }),
    module: choice(BLACKBOX_MODULES).default("http_2xx").meta({ description: `one of ${BLACKBOX_MODULES.join(", ")}` }),
    interval: text(prometheusDuration).optional().meta({ description: "how often to probe; the global scrape interval when unset" }),
}).superRefine((p, ctx) => {
    // A query is part of what is probed (/health?ready=1); the external URL's rule against one does not apply.
    const complaint = p.module === "tcp_connect" ? hostAndPort(p.target) : absoluteHttpUrl(p.target, PROBE_URL_RULES);
    if (complaint !== undefined) {
        ctx.addIssue({ code: "custom", path: ["target"], input: p.target, message: `${complaint} (module ${p.module})` });
        return;
    }
    // Its query is written into the ConfigMap as it is, with no file or env indirection: no parameter may hold a credential (config/credentials.ts).
    if (p.module !== "tcp_connect") {
        for (const [name, value] of new URL(p.target).searchParams) {
            const why = credentialInPlainText(name, value);
            if (why !== undefined) {
                ctx.addIssue({
                    code: "custom",
                    path: ["target"],
                    input: SECRET_VALUE,
                    message: `a URL whose query holds no credential: its parameter ${name} looks like one (${why}), and the target is written into Prometheus' scrape config, a ConfigMap, with no file or env indirection; ${credentialNeighbours()}`,
                });
            }
        }
    }
}, whenClean("target", "module"));

export type ProbeSettings = z.output<typeof probeSchema>;

const d = BLACKBOX_EXPORTER_DEFAULTS;

/** `cluster-monitoring:blackboxExporter`: probes from inside the cluster (docs/monitor-your-app.md#probes). */
export const blackboxExporterSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy the blackbox exporter and its probe jobs" }),
    name: text((v) => dnsLabel(v) ?? serviceName(v))
        .default(d.name)
        .meta({ description: "Deployment, Service, ServiceAccount and ConfigMap name, in the metrics namespace" }),
    image: text(imageAtLeast(OLDEST_IMAGES.blackboxExporter)).default(d.image).meta({ description: "the blackbox exporter image; modules follow v0.29" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    ...schedulingFields(),
    probes: z
        .array(probeSchema, { error: "a list of { name, target, module, interval }" })
        .default([])
        .meta({ description: "one probe job per entry: { name, target, module, interval }" }),
    probeAnnotated: flag()
        .default(true)
        .meta({ description: "probe Services (and Ingresses on 2.53+) annotated prometheus.io/probe in metrics.annotationDiscovery's namespaces" }),
});

export type BlackboxExporterSettings = z.output<typeof blackboxExporterSchema> & {
    /** The metrics namespace, where the exporter runs beside Prometheus. */
    namespace: string;
};

