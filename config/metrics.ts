import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { teamRulesSchema } from "./team-rules";
import type { ExistingSecretKey, SecretInput } from "./secret-reference";
import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { closedObject, flag, integer, stringList, stringMap, text, whenClean } from "./fields";
import {
    absoluteHttpUrl,
    dnsLabel,
    routePath,
    serviceAccountName,
    serviceName,
    statefulSetName,
    prometheusBytes,
    prometheusBytesValue,
    quantityValue,
    prometheusDuration,
    prometheusLabelName,
} from "./formats";
import { annotationDiscoverySchema } from "./annotation-discovery";
import { ENV_REFERENCE_MESSAGE, envReferences } from "./env-expansion";
import { CLUSTER_LABEL, remoteWriteSchema, versionedAuthSettings, writesToCentral } from "./remote-write";
import { REMOTE_WRITE_AUTH_SINCE } from "../prometheus-releases/remote-write-auth";
import { versionAtLeast } from "../prometheus-releases/scrape-config-keys";
import { extraScrapeConfigsSchema, keysTheLineLacks } from "./extra-scrape-configs";
import { unknownFlags, workloadHatchSchema } from "./workload-hatches";
import { PROMETHEUS_FLAGS } from "../prometheus-releases/flags";
import { metricsWebSchema, WebSettings } from "./metrics-web";
import { otlpIssues, otlpSchema } from "./otlp";
import { authenticatedIngressSchema, ingressAuthIssues, ingressFields } from "./ingress-auth";
import { authenticatedHttpRouteSchema, bothWaysIssue, routeAuthIssues } from "./gateway-route";
import type { ControlPlaneSettings } from "./control-plane";
import {
    etcdSchema,
    jobSwitchesSchema,
    kubeletTlsSchema,
    servicesSchema,
} from "./scrape-jobs";
import { createdByDefault, createNamespaceField, defaultDiscoveryNamespaces, systemNamespaceMessage } from "./namespaces";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";
import { scrapeLimitsSchema } from "./scrape-limits";
import { capacitySchema } from "./capacity";
import { keepFamiliesSchema } from "./keep-families";
import { oneVolumeMessage, storageSchema } from "./storage";
import { resolveRelease, PROMETHEUS_RELEASES } from "../prometheus-releases/release-lines";

/** The three files of the etcd client Secret (docs/design.md#etcd-client-secret), all Pulumi secrets. */
export interface EtcdClientCertificates {
    caCert: pulumi.Output<string>;
    clientCert: pulumi.Output<string>;
    clientKey: pulumi.Output<string>;
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
    // The spec's memory request, and nothing else: no CPU request, no limits.
    resources: { memoryRequest: "400Mi" } as ResourceSettings,
    routePrefix: "/",
    enableAdminApi: true,
    enableLifecycle: true,
    externalLabels: { monitor: "monitoring/main" },
    replicaLabel: "replica",
    reloaderImage: "quay.io/prometheus-operator/prometheus-config-reloader:v0.93.0",
    reloaderResources: { cpuRequest: "10m", memoryRequest: "25Mi", memoryLimit: "50Mi" } as ResourceSettings,
};

/** More Prometheus replicas than this only multiply the scrape load on every target. */
export const MAX_REPLICAS = 10;

/** The spec's volume size (its PersistentVolume holds 1Ti), for either storage mode. */
export const METRICS_STORAGE_SIZE = "1Ti";

/** A Prometheus release version as its tags spell it, without the v. */
function releaseVersion(value: string): string | undefined {
    return /^\d+\.\d+\.\d+$/.test(value) ? undefined : "a version X.Y.Z such as 3.5.0";
}

/** metrics.name names both the StatefulSet and the Service, so it meets the stricter rule of each. */
function workloadAndServiceName(value: string): string | undefined {
    return statefulSetName(value) ?? serviceName(value);
}

/** Grafana's Ingress: the three fields alone, since Grafana's own login authenticates (config/ingress-auth.ts). */
export const ingressSchema = closedObject(ingressFields);

export type IngressSettings = z.output<typeof ingressSchema>;

/** The job name of each built-in scrape job, e.g. logAgent becomes log-agent. */
export function jobName(job: string): string {
    return job.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

const d = METRICS_DEFAULTS;

/**
 * prometheus-operator's prometheus-config-reloader (docs/high-availability.md#reload-without-restart):
 * it renders the config with the pod name into the pod and asks Prometheus to reload on a change.
 */
const reloaderSchema = closedObject({
    image: text(imageAtLeast(OLDEST_IMAGES.configReloader)).default(d.reloaderImage).meta({ description: "the prometheus-config-reloader image" }),
    resources: resourcesSchema(d.reloaderResources).meta({ description: "CPU and memory of the reloader containers" }),
}).prefault({});

/** Paths of each metrics object being parsed that already have a problem (see the `$(` check). */
const alreadyReported = new WeakMap<object, Set<string>>();

/** `cluster-monitoring:metrics`: Prometheus, its discovery, scrape jobs and storage. */
export const metricsSchema = closedObject({
    externalUrl: text(absoluteHttpUrl, "https://monitor.example.com/").meta({ description: "--web.external-url; an absolute http(s) URL" }),
    namespace: text(dnsLabel).default(d.namespace).meta({ description: "namespace of every monitoring object" }),
    createNamespace: createNamespaceField("metrics server"),
    name: text(workloadAndServiceName)
        .default(d.name)
        .meta({ description: "name of the PersistentVolume, Service, StatefulSet, Ingress and config ConfigMap; the app label" }),
    serviceAccountName: text(serviceAccountName)
        .default(d.serviceAccountName)
        .meta({ description: "ServiceAccount, ClusterRole(Binding) and discovery Roles; the config Role is <name>-config" }),
    image: text(imageAtLeast(OLDEST_IMAGES.prometheus))
        .default(d.image)
        .meta({ description: "the Prometheus image, of a supported release line (docs/prometheus-versions.md); its vX.Y.Z tag picks the line" }),
    prometheusVersion: text(releaseVersion, "3.5.0")
        .optional()
        .meta({ description: "X.Y.Z of an image whose tag is not vX.Y.Z (a digest, a private tag); must agree with a versioned tag" }),
    replicas: integer(0, MAX_REPLICAS)
        .default(d.replicas)
        .meta({ description: "Prometheus pods; 2 or more need storage mode storageClass (one volume each) and scrape the same targets independently" }),
    replicaLabel: text(prometheusLabelName)
        .default(d.replicaLabel)
        .meta({ description: "with 2 or more replicas, the external label whose value is the pod name, for deduplicating downstream" }),
    reloader: reloaderSchema.meta({ description: "the config-reloader containers: { image, resources }" }),
    retention: text(prometheusDuration).default(d.retention).meta({ description: "--storage.tsdb.retention.time; one number and one unit on 2.11, compound such as 1d12h on later lines" }),
    retentionSize: text(prometheusBytes)
        .optional()
        .meta({ description: "--storage.tsdb.retention.size, such as 800GB (KB, MB... are powers of 1024); none by default" }),
    remoteWrite: remoteWriteSchema.meta({
        description: "remote_write targets: [{ url, remoteTimeout, queue, writeRelabel, basicAuth | bearerTokenKey | tls client certificate | sigv4 | oauth2 | azureAd, headers, tls, dropReplicaLabel, central, generatedCredential }]; none by default (longTermStore adds its own)",
    }),
    scrapeInterval: text(prometheusDuration).default(d.scrapeInterval).meta({ description: "global and self-monitoring scrape interval" }),
    evaluationInterval: text(prometheusDuration).default(d.evaluationInterval).meta({ description: "rule evaluation interval" }),
    resources: resourcesSchema(d.resources).meta({ description: "the Prometheus container's CPU and memory" }),
    ...schedulingFields(),
    storage: storageSchema(METRICS_STORAGE_SIZE).meta({ description: "where the TSDB lives: { mode, size, className, nfs }" }),
    routePrefix: text(routePath).default(d.routePrefix).meta({ description: "--web.route-prefix; the probes follow it" }),
    enableAdminApi: flag().default(d.enableAdminApi).meta({ description: "--web.enable-admin-api" }),
    enableLifecycle: flag().default(d.enableLifecycle).meta({ description: "--web.enable-lifecycle" }),
    discoveryNamespaces: stringList(dnsLabel)
        .optional()
        .meta({ description: "namespaces that get a discovery Role and RoleBinding; when unset: the namespace named default, kube-system and the metrics namespace" }),
    scrapeNamespaces: stringList(dnsLabel)
        .optional()
        .meta({ description: "namespaces the self-monitoring job discovers, each a discovery namespace; default the metrics namespace. Naming them says the stack puts monitor=main Services of its own there, which keeps the job when every Service the program writes has a job of its own (docs/scrape-jobs.md#monitor)" }),
    externalLabels: stringMap(prometheusLabelName)
        .default({ ...d.externalLabels })
        .meta({ description: "global.external_labels" }),
    ingress: authenticatedIngressSchema.optional().meta({
        description: "an Ingress: { host, className, tlsSecretName, auth }; none by default; it must authenticate (auth) or say why it is public",
    }),
    httpRoute: authenticatedHttpRouteSchema.optional().meta({
        description: "a Gateway API HTTPRoute instead of the Ingress: { parentRefs, hostname, auth }; none by default; it authenticates as the Ingress does (docs/gateway-api.md)",
    }),
    web: metricsWebSchema.optional().meta({
        description: "TLS and basic authentication on Prometheus' web port (--web.config.file, 2.24+): { tls: { secretName }, basicAuth: { username } }; none by default",
    }),
    otlp: otlpSchema.meta({
        description:
            "Prometheus' OTLP receiver at <routePrefix>api/v1/otlp/v1/metrics (docs/otlp.md): { enabled, namespaces, promoteResourceAttributes, promoteAllResourceAttributes, ignoreResourceAttributes, keepIdentifyingResourceAttributes, translation, auth, replicaFanOut }; off by default, 2.53+",
    }),
    jobs: jobSwitchesSchema.meta({ description: "which built-in scrape jobs run" }),
    kubeletTls: kubeletTlsSchema.meta({ description: "how the kubelet and cadvisor jobs verify kubelet certificates" }),
    etcd: etcdSchema.meta({ description: "the etcd job's targets" }),
    services: servicesSchema.meta({ description: "one endpoints job per entry: { name, namespace, selector, port, path, scheme, interval, tls }" }),
    annotationDiscovery: annotationDiscoverySchema.meta({
        description: "scrape pods and services annotated prometheus.io/scrape: { namespaces, clusterWide }; off by default (docs/monitor-your-app.md)",
    }),
    keepFamilies: keepFamiliesSchema.meta({
        description: "families a job's table drops that the stack keeps for its own rules and dashboards: { kubelet: [kubelet_pleg_relist_duration_seconds_bucket] } (docs/scrape-jobs.md#keep-more)",
    }),
    extraScrapeConfigs: extraScrapeConfigsSchema.meta({
        description:
            "scrape configs in Prometheus' own shape for what services cannot say (a target outside the cluster, behind auth, per-job metric relabelling): " +
            "[{ job_name, static_configs, kubernetes_sd_configs, http_sd_configs, basic_auth, bearer_token_secret, tls_config, relabel_configs, metric_relabel_configs, ... }] (docs/escape-hatches.md#extra-scrape-configs)",
    }),
    extra: workloadHatchSchema.meta({
        description:
            "what the Prometheus pod and Ingress get beside the program's: { args, env, volumes, volumeMounts, podLabels, podAnnotations, ingressAnnotations }; nothing the program owns (docs/escape-hatches.md#extra-flags-env-volumes-and-annotations)",
    }),
    limits: scrapeLimitsSchema.meta({
        description: "per-scrape limits of every job: { sampleLimit, labelLimit, labelNameLengthLimit, labelValueLengthLimit, perJob } (docs/monitor-your-app.md#limits)",
    }),
    capacity: capacitySchema.meta({
        description: "the cluster the capacity plan sizes each replica's memory for: { nodes, pods }; setting both makes a memory request below the plan an error, not a warning (docs/capacity.md)",
    }),
    teamRules: teamRulesSchema.optional().meta({ description: "rule files teams bring as labelled ConfigMaps: { namespaces: [...] } or { all: true }; none by default (docs/monitor-your-app.md#team-rules)" }),
})
    .superRefine((m, ctx) => {
        const discovery = m.discoveryNamespaces ?? defaultDiscoveryNamespaces(m.namespace);
        for (const ns of m.scrapeNamespaces ?? [m.namespace]) {
            if (!discovery.includes(ns)) {
                ctx.addIssue({
                    code: "custom",
                    path: ["scrapeNamespaces"],
                    input: ns,
                    message:
                        `a namespace listed in discoveryNamespaces (${discovery.join(", ")}); ` +
                        "without a discovery Role there the job could never see its endpoints",
                });
            }
        }
    }, whenClean("scrapeNamespaces", "discoveryNamespaces", "namespace"))
    .superRefine((m, ctx) => {
        const resolved = resolveRelease(m.image, m.prometheusVersion);
        if ("problem" in resolved) {
            const { field, got, expected } = resolved.problem;
            ctx.addIssue({ code: "custom", path: [field], input: got, message: expected });
        }
    }, whenClean("image", "prometheusVersion"))
    .superRefine((m, ctx) => {
        const resolved = resolveRelease(m.image, m.prometheusVersion);
        if (m.web !== undefined && "release" in resolved && !resolved.release.webConfigFile) {
            const lines = PROMETHEUS_RELEASES.filter((r) => r.webConfigFile).map((r) => r.line).join(", ");
            ctx.addIssue({
                code: "custom",
                path: ["web"],
                input: m.web,
                message: `no web setting on Prometheus ${resolved.version}: --web.config.file needs 2.24+ (the lines ${lines}); set image to one of those, or remove web`,
            });
        }
    }, whenClean("image", "prometheusVersion", "web"))
    .superRefine((m, ctx) => {
        // metrics.extra.args: only flags this release's cmd/prometheus/main.go defines (prometheus-releases/flags.ts).
        const resolved = resolveRelease(m.image, m.prometheusVersion);
        const known = "release" in resolved ? PROMETHEUS_FLAGS[resolved.version.split(".").slice(0, 2).join(".")] : undefined;
        if (known === undefined) {
            return;
        }
        for (const { index, flag } of unknownFlags(m.extra?.args, known)) {
            ctx.addIssue({
                code: "custom",
                path: ["extra", "args", index],
                input: m.extra!.args![index],
                message: `a flag Prometheus ${"release" in resolved ? resolved.version : ""} has (cmd/prometheus/main.go at its tag): it exits at start on --${flag}`,
            });
        }
    }, whenClean("image", "prometheusVersion", "extra"))
    .superRefine((m, ctx) => {
        // Each key of an extra scrape config is checked against the line's own config parser (prometheus-releases/scrape-config-keys.ts).
        const resolved = resolveRelease(m.image, m.prometheusVersion);
        if (!("release" in resolved)) {
            return;
        }
        m.extraScrapeConfigs.forEach((c, i) => {
            // The discovery Roles grant what the line's own endpoint discovery reads (components/prometheus/rbac.ts).
            (c.kubernetes_sd_configs ?? []).forEach((sd, j) => {
                if (sd.role === "endpoints" && resolved.release.endpointSlice) {
                    ctx.addIssue({
                        code: "custom",
                        path: ["extraScrapeConfigs", i, "kubernetes_sd_configs", j, "role"],
                        input: sd.role,
                        message: `endpointslice on Prometheus ${resolved.version}: the program's discovery Roles grant EndpointSlices there, not the core Endpoints that Kubernetes 1.33 deprecated`,
                    });
                }
            });
            for (const lack of keysTheLineLacks(c, resolved.version)) {
                ctx.addIssue({
                    code: "custom",
                    path: ["extraScrapeConfigs", i, ...lack.path],
                    input: lack.value,
                    message: `nothing on Prometheus ${resolved.version}, whose config parser refuses it: it came in ${lack.since}; set image to a line that has it, or remove it`,
                });
            }
        });
    }, whenClean("image", "prometheusVersion", "extraScrapeConfigs"))
    .superRefine((m, ctx) => {
        // Each remote-write auth key against the exact minor version (prometheus-releases/remote-write-auth.ts).
        const resolved = resolveRelease(m.image, m.prometheusVersion);
        if (!("release" in resolved)) {
            return;
        }
        m.remoteWrite.forEach((t, i) => {
            for (const setting of versionedAuthSettings(t)) {
                const { prometheusKey, since } = REMOTE_WRITE_AUTH_SINCE[setting];
                if (!versionAtLeast(resolved.version, since)) {
                    ctx.addIssue({
                        code: "custom",
                        path: ["remoteWrite", i, ...setting.split(".")],
                        input: "[set]",
                        message: `nothing on Prometheus ${resolved.version}: it writes ${prometheusKey}, which Prometheus reads from ${since}; set image to ${since} or later, or remove it`,
                    });
                }
            }
        });
    }, whenClean("image", "prometheusVersion", "remoteWrite"))
    .superRefine((m, ctx) => {
        // docs/security.md#every-way-in-is-authenticated: an Ingress or a route authenticates, or the stack says why it is public.
        if (m.ingress === undefined && m.httpRoute === undefined) {
            return;
        }
        const resolved = resolveRelease(m.image, m.prometheusVersion);
        const noWebAuth = "release" in resolved && !resolved.release.webConfigFile ? `Prometheus ${resolved.version} has no web auth, which needs 2.24+` : undefined;
        const writeApis = [...(m.enableAdminApi ? ["metrics.enableAdminApi"] : []), ...(m.enableLifecycle ? ["metrics.enableLifecycle"] : [])];
        const publicRefused =
            writeApis.length > 0
                ? `${writeApis.join(" and ")} ${writeApis.length > 1 ? "are" : "is"} true, so anyone could delete series or stop the server; switch ${writeApis.length > 1 ? "them" : "it"} off or authenticate`
                : undefined;
        const server = { product: "Prometheus", componentKey: METRICS_KEY, web: m.web, noWebAuth, publicRefused };
        const both = bothWaysIssue(METRICS_KEY, m);
        const issues = both ? [both] : m.ingress ? ingressAuthIssues(m.ingress, server) : routeAuthIssues(m.httpRoute!, server);
        for (const issue of issues) {
            ctx.addIssue({ code: "custom", ...issue });
        }
    }, whenClean("ingress", "httpRoute", "web", "image", "prometheusVersion", "enableAdminApi", "enableLifecycle"))
    .superRefine((m, ctx) => {
        // metrics.otlp against the line's receiver and otlp keys (prometheus-releases/otlp.ts), the web login and the replicas.
        const resolved = resolveRelease(m.image, m.prometheusVersion);
        const version = "release" in resolved ? resolved.version : undefined;
        for (const issue of otlpIssues(m.otlp, { version, replicas: m.replicas, web: m.web, enableAdminApi: m.enableAdminApi, enableLifecycle: m.enableLifecycle })) {
            ctx.addIssue({ code: "custom", ...issue });
        }
    }, whenClean("otlp", "web", "image", "prometheusVersion", "replicas", "enableAdminApi", "enableLifecycle"))
    .superRefine((m, ctx) => {
        // The size counts blocks only (2.11 leaves out the WAL), so it must stay below the volume.
        if (m.retentionSize !== undefined && Number(prometheusBytesValue(m.retentionSize)) >= quantityValue(m.storage.size)) {
            ctx.addIssue({
                code: "custom",
                path: ["retentionSize"],
                input: m.retentionSize,
                message: `less than storage.size (${m.storage.size}), with room for the write-ahead log, which the size does not count`,
            });
        }
    }, whenClean("retentionSize", "storage"))
    .superRefine((m, ctx) => {
        if (m.createNamespace === true && !createdByDefault(m.namespace)) {
            ctx.addIssue({ code: "custom", path: ["createNamespace"], input: true, message: systemNamespaceMessage(m.namespace) });
        }
    }, whenClean("namespace", "createNamespace"))
    .superRefine((m, ctx) => {
        if (m.jobs.etcd && m.etcd.endpoints.length === 0) {
            ctx.addIssue({
                code: "custom",
                path: ["etcd", "endpoints"],
                input: undefined,
                message: "the control-plane IP addresses where etcd serves metrics, such as [10.0.0.11], when the etcd job is enabled",
            });
        }
    }, whenClean("jobs", "etcd"))
    .superRefine((m, ctx) => {
        if (m.replicas >= 2 && m.storage.mode !== "storageClass") {
            ctx.addIssue({
                code: "custom",
                path: ["replicas"],
                input: m.replicas,
                message: `0 or ${oneVolumeMessage(m.storage.mode)}`,
            });
        }
    }, whenClean("replicas", "storage"))
    .superRefine((m, ctx) => {
        // An edge writes to a central store whose vmauth binds its credential to its cluster label (docs/long-term-storage.md#central-and-edge-stacks).
        m.remoteWrite.forEach((t, i) => {
            if (!writesToCentral(t)) {
                return;
            }
            const cluster = m.externalLabels[CLUSTER_LABEL];
            if (cluster === undefined) {
                ctx.addIssue({
                    code: "custom",
                    path: ["externalLabels", CLUSTER_LABEL],
                    input: undefined,
                    message: `the edge's cluster name, such as edge-eu, since remoteWrite[${i}] is a central store (central: true): the central stack binds each edge's credential to its cluster label`,
                });
            } else if (!t.generatedCredential && t.basicAuth?.username !== cluster) {
                ctx.addIssue({
                    code: "custom",
                    path: ["remoteWrite", i, "basicAuth", "username"],
                    input: t.basicAuth?.username,
                    message: `${cluster}, the cluster label (externalLabels.${CLUSTER_LABEL}): the central stack's vmauth user for this edge is named after it, with basicAuth.passwordKey its password (or generatedCredential: true instead of basicAuth)`,
                });
            }
        });
    }, whenClean("remoteWrite", "externalLabels"))
    .superRefine((m, ctx) => {
        if (m.replicas >= 2 && m.replicaLabel in m.externalLabels) {
            ctx.addIssue({
                code: "custom",
                path: ["replicaLabel"],
                input: m.replicaLabel,
                message: `a label name not already in externalLabels (${Object.keys(m.externalLabels).join(", ")}): each replica sets it to its pod name`,
            });
        }
    }, whenClean("replicas", "replicaLabel", "externalLabels"))
    .superRefine(
        (m, ctx) => {
            const reported = alreadyReported.get(m) ?? new Set<string>();
            // metrics.extra is the pod's, not the config's: Kubernetes itself expands $(VAR) in its env values and args.
            for (const { path, text } of envReferences({ ...m, extra: undefined })) {
                if (!reported.has(JSON.stringify(path))) {
                    ctx.addIssue({ code: "custom", path, input: text, message: ENV_REFERENCE_MESSAGE });
                }
            }
        },
        // Runs beside the other checks, since a `$(` is wrong whatever else is, but a value that
        // already has a problem of its own is not reported twice.
        {
            when: (p) => {
                alreadyReported.set(p.value as object, new Set(p.issues.map((i) => JSON.stringify(i.path ?? []))));
                return true;
            },
        },
    )
    // Defaults that follow the namespace, so moving it moves every Role and job that belongs there.
    .transform((m) => ({
        ...m,
        createNamespace: m.createNamespace ?? createdByDefault(m.namespace),
        discoveryNamespaces: m.discoveryNamespaces ?? defaultDiscoveryNamespaces(m.namespace),
        scrapeNamespaces: m.scrapeNamespaces ?? [m.namespace],
        // Whether the stack names the self-monitoring job's namespaces: it then promises Services of
        // its own there, so the job stays even when no Service the program writes is left for it.
        scrapeNamespacesNamed: m.scrapeNamespaces !== undefined,
    }));

/**
 * Whether the spec's self-monitoring job is left out because it could never have a target
 * (docs/scrape-jobs.md#monitor): neither Prometheus (while metrics.web gives it a job of its own)
 * nor a plain Alertmanager sits in the scrape namespaces, and the stack names none where Services
 * of its own would carry monitor=main. The one rule for the job itself and the job-name registry.
 */
export function selfMonitoringJobLeftOut(m: MetricsSettings, plainAlertmanager: { namespace: string } | undefined): boolean {
    const own = [...(m.web ? [] : [m.namespace]), ...(plainAlertmanager ? [plainAlertmanager.namespace] : [])];
    return !m.scrapeNamespacesNamed && !own.some((ns) => m.scrapeNamespaces.includes(ns));
}

/**
 * metrics' settings as loadSettings validated them, with the secrets its keys name. What the
 * other components contribute to Prometheus (where Alertmanager and the long-term store are, the
 * workloads beside it) is not a Prometheus setting: the composition root folds it from their
 * contributions and hands it over as PrometheusInputs (components/prometheus/inputs.ts).
 */
export type MetricsSettings = z.output<typeof metricsSchema> & {
    /** prometheusOidcClientSecret, while ingress.auth.proxy.oauth2Proxy is set (config/ingress-auth.ts): a Pulumi secret's value, or a key of an existing Secret in the gateway's namespace. */
    oidcClientSecret?: SecretInput;
    /** The secret keys that remoteWrite targets refer to, by key name (docs/long-term-storage.md#credentials). */
    remoteWriteSecrets?: Record<string, pulumi.Output<string>>;
    /** The same keys when set to an existing Secret in the metrics namespace (docs/existing-secrets.md): Prometheus reads them from it, the program writes none. */
    remoteWriteExistingSecrets?: Record<string, ExistingSecretKey>;
    /** Present exactly when the etcd job scrapes over https (docs/design.md#etcd-client-secret), unless etcdClientSecrets is. */
    etcdClient?: EtcdClientCertificates;
    /** The three files from existing Secrets in the metrics namespace instead (docs/existing-secrets.md): mounted where kvstore-client-cert would be. */
    etcdClientSecrets?: Record<keyof EtcdClientCertificates, ExistingSecretKey>;
};

/**
 * Whether the config-reloader sidecar runs: it needs the lifecycle API, and is left out under
 * basic auth on the web port, where it could send the password only inside an argument
 * (docs/high-availability.md#under-basic-authentication); the pod rolls on a config change instead.
 */
export function reloaderRuns(m: Pick<MetricsSettings, "enableLifecycle" | "web">): boolean {
    return m.enableLifecycle && m.web?.basicAuth === undefined;
}
