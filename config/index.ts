import { z } from "zod";
import { checkTeamMatchersAgainstRenames } from "./renamed-alerts";
import { ALERT_RULES_KEY, AlertRulesSettings, alertRulesSchema, alertRulesSchemaFor, OverridableRules } from "./alert-rules";
import { NEWEST_RELEASE, PrometheusRelease, prometheusRelease, promqlDialectOfMetrics, resolveRelease } from "../prometheus-releases/release-lines";
import { enabledFeatures, promqlDialectOf } from "../prometheus-releases/promql-features";
import { PromqlDialect } from "../prometheus-releases/promql";
import { ALERTMANAGER_DEFAULTS, ALERTMANAGER_KEY, ALERTMANAGER_SECRET_KEYS, alertmanagerSchema, AlertmanagerSecretName, AlertmanagerSettings, readAlertmanagerSecrets, readReceiverSecrets } from "./alertmanager";
import { EVENT_COLLECTOR_KEY, EventCollectorSettings, eventCollectorSchema } from "./event-collector";
import { BLACKBOX_EXPORTER_KEY, BlackboxExporterSettings, blackboxExporterSchema } from "./blackbox-exporter";
import { ClusterSettings, readClusterSettings } from "./cluster";
import { CONTROL_PLANE_KEY, controlPlaneSchema, ControlPlaneSettings } from "./control-plane";
import { knownKeysMessage } from "./fields";
import { closest } from "./did-you-mean";
import { GRAFANA_KEY, grafanaSecretReferences, GrafanaSettings, grafanaSchema } from "./grafana";
import { KUBE_STATE_METRICS_KEY, KubeStateMetricsSettings, kubeStateMetricsSchema } from "./kube-state-metrics";
import { NODE_EXPORTER_KEY, NodeExporterSettings, nodeExporterSchema } from "./node-exporter";
import { LOGS_KEY, LogsSettings, logsSchema, searchSchema } from "./logs";
import { BACKUP_MISSED_ALERT, checkBackupAlertImage, checkLongTermStoreOff, LONG_TERM_STORE_KEY, LongTermStoreSettings, longTermStoreSchema, referencedEdgeSecretKeys } from "./long-term-store";
import { fieldOf, Known, known, standIn } from "./partial";
import { METRICS_KEY, MetricsSettings, metricsSchema, reloaderRuns, selfMonitoringJobLeftOut } from "./metrics";
import { createdByDefault } from "./namespaces";
import { NETWORK_POLICIES_KEY, NetworkPoliciesSettings, networkPoliciesSchema } from "./network-policies";
import { RESOURCE_METRICS_KEY, ResourceMetricsSettings, resourceMetricsSchema } from "./resource-metrics";
import { addSchemaIssues, ConfigError, ConfigProblem, Problems, SECRET_VALUE, UNSHOWN_VALUE } from "./problems";
import { etcdSchema, jobSwitchesSchema, serviceScrapeSchema } from "./scrape-jobs";
import { resolveSearchStore, SEARCH_STORE_KEY, searchStoreSchema, SearchStoreSettings } from "./search-store";
import { readBackupCredentials, readEdgePasswords, readEtcdClient, readGrafanaAdminPassword, readGrafanaSecrets, readHatchEnvSecrets, readRemoteWriteSecrets, readSearchPassword, SECRET_KEYS } from "./secrets";
import { referencedSecretKeys, remoteWriteSchema } from "./remote-write";
import { hatchReceiverSchema, referencedReceiverSecretKeys } from "./alertmanager-routing";
import { extraScrapeConfigSchema, extraScrapeConfigsSchema, referencedScrapeSecretKeys } from "./extra-scrape-configs";
import { ConfigSource, fullKey, PROJECT, projectKeys } from "./source";
import { authenticatedIngressSchema, readIngressClientSecret } from "./ingress-auth";
import { authenticatedHttpRouteSchema, wayOfRead } from "./gateway-route";
import { checkNeeds, NEEDS, switchedOffNeed } from "./needs";
import { OwnKey } from "./own-keys";
import { checkDurationsOnLine } from "./prometheus-durations";
import { checkScrapeHatches } from "./scrape-hatch-checks";
import { referencedSecretKeysAt } from "./secret-reference";
import { WorkloadHatchSettings, workloadHatchSchema } from "./workload-hatches";

export * from "./alert-rules";
export * from "./annotation-discovery";
export * from "./blackbox-exporter";
export * from "./event-collector";
export * from "./alertmanager";
export * from "./cluster";
export * from "./control-plane";
export * from "./elasticsearch-exporter";
export * from "./grafana";
export * from "./grafana-ini";
export * from "./grafana-ini-keys";
export * from "./grafana-sso";
export * from "./grafana-plugins";
export * from "./grafana-datasources";
export * from "./team-rules";
export * from "./kube-state-metrics";
export * from "./node-exporter";
export * from "./logs";
export * from "./long-term-store";
export * from "./metrics";
export * from "./metrics-web";
export * from "./otlp";
export * from "./ingress-auth";
export * from "./gateway-route";
export * from "./namespaces";
export * from "./own-keys";
export * from "./network-policies";
export * from "./resource-metrics";
export * from "./resources";
export * from "./relabel";
export * from "./remote-write";
export { BACKUP_DEFAULTS, backupIntervalSeconds } from "./long-term-store-backup";
export { AZURE_ENV, SIGV4_ENV } from "./remote-write-auth";
export type { ExistingSecretKey } from "./secret-reference";
export { EXISTING_SECRET_ROWS, ExistingSecretRow } from "./existing-secrets";
export * from "./extra-scrape-configs";
export * from "./workload-hatches";
export * from "./alertmanager-routing";
export * from "./alertmanager-receivers";
export * from "./scheduling";
export * from "./scrape-jobs";
export * from "./scrape-limits";
export * from "./search-store";
export * from "./secrets";
export * from "./storage";
export { ConfigError, ConfigProblem } from "./problems";
export { ConfigSource, fullKey, plainConfigSource, pulumiConfigSource } from "./source";

/** Every setting of one stack, validated. */
export interface Settings {
    cluster: ClusterSettings;
    controlPlane: ControlPlaneSettings;
    metrics: MetricsSettings;
    logs: LogsSettings;
    searchStore: SearchStoreSettings;
    longTermStore: LongTermStoreSettings;
    nodeExporter: NodeExporterSettings;
    kubeStateMetrics: KubeStateMetricsSettings;
    grafana: GrafanaSettings;
    alertRules: AlertRulesSettings;
    alertmanager: AlertmanagerSettings;
    resourceMetrics: ResourceMetricsSettings;
    blackboxExporter: BlackboxExporterSettings;
    eventCollector: EventCollectorSettings;
    networkPolicies: NetworkPoliciesSettings;
    /**
     * The parsed value of each component's own stack key (config/own-keys.ts), by key; a component
     * reads its own, and finds its defaults where a key is missing here.
     */
    own?: Readonly<Record<string, unknown>>;
}

/** Each component's settings: one schema under one stack key. */
export const COMPONENT_SCHEMAS = {
    [METRICS_KEY]: metricsSchema,
    [CONTROL_PLANE_KEY]: controlPlaneSchema,
    [LOGS_KEY]: logsSchema,
    [SEARCH_STORE_KEY]: searchStoreSchema,
    [LONG_TERM_STORE_KEY]: longTermStoreSchema,
    [NODE_EXPORTER_KEY]: nodeExporterSchema,
    [KUBE_STATE_METRICS_KEY]: kubeStateMetricsSchema,
    [GRAFANA_KEY]: grafanaSchema,
    [ALERT_RULES_KEY]: alertRulesSchema,
    [ALERTMANAGER_KEY]: alertmanagerSchema,
    [RESOURCE_METRICS_KEY]: resourceMetricsSchema,
    [BLACKBOX_EXPORTER_KEY]: blackboxExporterSchema,
    [EVENT_COLLECTOR_KEY]: eventCollectorSchema,
    [NETWORK_POLICIES_KEY]: networkPoliciesSchema,
} as const;

const KNOWN_KEYS = [...Object.keys(COMPONENT_SCHEMAS), ...SECRET_KEYS];

/** Namespaces other than the project's that a stack file of this program may use. */
const OTHER_NAMESPACES = ["kubernetes", "pulumi"];

/** cluster_monitoring, clustermonitoring, Cluster-Monitoring: the project name with its punctuation lost. */
function looksLikeProject(namespace: string): boolean {
    const squash = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");
    return namespace !== PROJECT && squash(namespace) === squash(PROJECT);
}

/**
 * Keys that the program would silently ignore: unknown keys of the project, and keys under a
 * misspelt project namespace. Returns the project keys that only appear misspelt, whose absence
 * is then no news to the user.
 */
function reportStrayKeys(source: ConfigSource, problems: Problems, referenced: readonly string[], own: readonly string[]): Set<string> {
    const knownKeys = [...KNOWN_KEYS, ...own];
    for (const key of projectKeys(source)) {
        if (!knownKeys.includes(key) && !referenced.includes(key)) {
            problems.add(fullKey(key), UNSHOWN_VALUE, knownKeysMessage([...new Set([...knownKeys, ...referenced])], [key]));
        }
    }
    const misspelt = new Set<string>();
    for (const key of source.fullKeys()) {
        const [namespace, name] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
        if (!OTHER_NAMESPACES.includes(namespace) && looksLikeProject(namespace)) {
            problems.add(key, UNSHOWN_VALUE, `${fullKey(name)}: the project's namespace is ${PROJECT}, so "${namespace}" is likely a typo`);
            misspelt.add(name);
        }
    }
    return misspelt;
}

/** Drops null values from objects, since an empty YAML value means "not set" (`ingress:`). */
function withoutNulls(value: unknown): unknown {
    if (Array.isArray(value)) {
        return value.map(withoutNulls);
    }
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(
            Object.entries(value)
                .filter(([, v]) => v !== null)
                .map(([k, v]) => [k, withoutNulls(v)]),
        );
    }
    return value;
}

/**
 * The required fields a stand-in fills when the stack wrote them wrong (config/partial.ts): neither
 * names an object nor opens a flow, so the checks after the load judge the rest of the key as the
 * program would build it.
 */
const STAND_IN_PLACEHOLDERS: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
    [METRICS_KEY]: { externalUrl: "https://stand-in.invalid/", storage: { mode: "storageClass", size: "1Gi" } },
    [LOGS_KEY]: { search: { host: "stand-in.invalid" }, "search.host": "stand-in.invalid" },
};

/** A key's stand-in as if the stack left it unset (its defaults and placeholders): for a key whose own value cannot stand in. */
export function unsetStandIn<S extends z.ZodType>(key: string, schema: S): z.output<S> | undefined {
    const result = schema.safeParse({});
    return result.success ? result.data : standIn({}, schema, result.error.issues, STAND_IN_PLACEHOLDERS[key]);
}

/**
 * Parses one component's stack key with its schema; undefined when it has problems. For a key with
 * problems, `standIns` gets its stand-in (config/partial.ts), for the checks after the load: its
 * own value with the wrong paths taken out, or, when that cannot stand in (a secret key, whose
 * fields the later checks could quote; one under a misspelt namespace), the key as if unset.
 */
function readComponent<S extends z.ZodType>(source: ConfigSource, problems: Problems, key: string, schema: S, misspelt: Set<string>, standIns?: Map<string, unknown>): z.output<S> | undefined {
    const standInFor = (own: () => z.output<S> | undefined): undefined => {
        const stand = own() ?? unsetStandIn(key, schema);
        if (stand !== undefined) {
            standIns?.set(key, stand);
        }
        return undefined;
    };
    const raw = source.value(key);
    if (raw === undefined && misspelt.has(key)) {
        return standInFor(() => undefined);
    }
    const secret = source.isSecret(key);
    if (secret) {
        problems.add(
            fullKey(key),
            SECRET_VALUE,
            "no secret: a secure value inside this key makes the whole key secret, and its fields end up in ConfigMaps, " +
                `arguments and labels; secrets are accepted only at ${SECRET_KEYS.map(fullKey).join(", ")} ` +
                "and at the top-level keys that metrics.remoteWrite and metrics.extraScrapeConfigs name",
        );
    }
    const input = withoutNulls(raw ?? {});
    const result = schema.safeParse(input, { reportInput: true });
    if (!result.success) {
        addSchemaIssues(problems, fullKey(key), result.error.issues, secret);
        return standInFor(() => (secret ? undefined : standIn(input, schema, result.error.issues, STAND_IN_PLACEHOLDERS[key])));
    }
    return secret ? standInFor(() => undefined) : result.data;
}

/**
 * One namespace is created once: when the log agent shares the metrics server's namespace and that
 * server creates it, logs.createNamespace may not ask for it again (logsNamespaceCreated).
 */
function checkSharedLogsNamespace(metrics: MetricsSettings, logs: LogsSettings, problems: Problems): void {
    if (logs.namespace === metrics.namespace && metrics.createNamespace && logs.createNamespace === true) {
        problems.add(
            `${fullKey(LOGS_KEY)}.createNamespace`,
            true,
            `false or unset: ${fullKey(METRICS_KEY)}.createNamespace already creates namespace ${logs.namespace}, ` +
                `which ${fullKey(LOGS_KEY)}.namespace shares`,
        );
    }
}

/**
 * The release line whose PromQL the rules follow while the metrics key has problems of its own,
 * read raw from that key: its image and prometheusVersion, with their defaults. A typo elsewhere
 * in metrics then hides no rule that the stack's line cannot evaluate (issue #33, class 9). The
 * key is read where the stack wrote it, also under a misspelt top-level name (metric, matrics).
 * Only when the line itself is unknown (image or prometheusVersion wrong, or the key under a
 * misspelt project namespace) are the rules held to the newest line, so none is blamed for it.
 */
function rawRelease(source: ConfigSource, misspelt: Set<string>): PrometheusRelease {
    if (misspelt.has(METRICS_KEY)) {
        return NEWEST_RELEASE;
    }
    const stray = projectKeys(source).filter((k) => !KNOWN_KEYS.includes(k) && closest(k, KNOWN_KEYS) === METRICS_KEY);
    const raw = source.value(METRICS_KEY) ?? (stray.length === 1 ? source.value(stray[0]) : undefined);
    if (raw !== undefined && (typeof raw !== "object" || raw === null || Array.isArray(raw))) {
        return NEWEST_RELEASE;
    }
    const image = fieldOf(raw, ["image"], metricsSchema.in.shape.image);
    const version = fieldOf(raw, ["prometheusVersion"], metricsSchema.in.shape.prometheusVersion);
    if (!image.known || !version.known) {
        return NEWEST_RELEASE;
    }
    const resolved = resolveRelease(image.value, version.value);
    return "release" in resolved ? resolved.release : NEWEST_RELEASE;
}

/**
 * The dialect while metrics does not parse: the line rawRelease found, with the feature flags of
 * the raw extra.args where they are strings, so a rule is judged as it will be once metrics is fixed.
 */
function rawPromqlDialect(source: ConfigSource, misspelt: Set<string>, release: PrometheusRelease): PromqlDialect {
    const raw = misspelt.has(METRICS_KEY) ? undefined : source.value(METRICS_KEY);
    const image = fieldOf(raw, ["image"], metricsSchema.in.shape.image);
    const version = fieldOf(raw, ["prometheusVersion"], metricsSchema.in.shape.prometheusVersion);
    const record = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
    const extra = record(raw) && record(raw.extra) ? raw.extra : undefined;
    const args = Array.isArray(extra?.args) ? extra.args.filter((a: unknown): a is string => typeof a === "string") : [];
    if (!image.known || !version.known) {
        return release.promql;
    }
    const resolved = resolveRelease(image.value, version.value);
    return "release" in resolved && resolved.release === release ? promqlDialectOf(release, resolved.version, enabledFeatures(args)) : release.promql;
}

/**
 * What the components offer that some keys choose from, handed in by the composition root
 * (stack/index.ts), since config/ knows no component: the names of the default alerts, which
 * alertRules.disabled may list, and those renamed, which no key may name any more.
 */
export interface SettingsCatalog {
    defaultAlertNames: readonly string[];
    /** Default alerts renamed since an earlier release, old name to new: a stack file may still name the old one. */
    renamedAlerts: Readonly<Record<string, string>>;
    /** What alertRules.overrides may name, and which of those have a threshold to set. */
    overridableRules: OverridableRules;
    /** The components' own stack keys (config/own-keys.ts), from the component list; none when not given. */
    ownKeys?: readonly OwnKey[];
}

/** What reading the stack config found: every problem, and the settings for the checks after the load. */
export interface SettingsRead {
    problems: ConfigProblem[];
    /**
     * Every key's settings: as parsed, or, for a key with problems, its stand-in (config/partial.ts),
     * so the checks after the load (stack/index.ts) run in the same pass. Undefined when a key has
     * neither, and whenever problems is not empty, never to be deployed.
     */
    settings?: Settings;
    /** Whether settings holds a stand-in. */
    standIns: boolean;
}

/**
 * Reads and validates the whole stack config (issue #41, class 9: every problem in one pass). The
 * composition root (stack/index.ts) runs the checks that need the components on what it returns,
 * and throws one ConfigError with every problem of both before any resource is created.
 */
export function loadSettings(source: ConfigSource, catalog: SettingsCatalog): Settings {
    const read = readSettings(source, catalog);
    if (read.problems.length > 0) {
        throw new ConfigError(read.problems);
    }
    return read.settings!;
}

export function readSettings(source: ConfigSource, catalog: SettingsCatalog): SettingsRead {
    const problems = new Problems();
    const ownKeys = catalog.ownKeys ?? [];
    // The keys a secret's name may not take: the components' and the secrets' own.
    const knownKeys = [...KNOWN_KEYS, ...ownKeys.map((k) => k.key)];
    const standIns = new Map<string, unknown>();
    /** A key's settings as parsed, or its stand-in: only ever a target of what the load adds, or the checks after it. */
    const part = <T>(parsed: T | undefined, key: string): T | undefined => parsed ?? (standIns.get(key) as T | undefined);
    /** A field of a key that failed to parse, for the checks across keys; unknown under a misspelt namespace. */
    const rawField = <S extends z.ZodType>(key: string, path: readonly string[], schema: S): Known<z.output<S>> =>
        misspelt.has(key) ? { known: false } : fieldOf(source.value(key), path, schema);
    // Keys that remoteWrite targets name are known keys too; whether they are valid is checked below.
    const misspelt = reportStrayKeys(source, problems, [
        ...referencedSecretKeys(source.value(METRICS_KEY)),
        ...referencedScrapeSecretKeys(source.value(METRICS_KEY)),
        ...referencedReceiverSecretKeys(source.value(ALERTMANAGER_KEY)),
        ...referencedEdgeSecretKeys(source.value(LONG_TERM_STORE_KEY)),
        ...grafanaSecretReferences(source.value(GRAFANA_KEY)).map((r) => r.key),
        ...[METRICS_KEY, ALERTMANAGER_KEY, GRAFANA_KEY].flatMap((k) => referencedSecretKeysAt(source.value(k), [["extra", "env", "*", "valueFrom"]])),
    ], ownKeys.map((k) => k.key));
    const cluster = readClusterSettings(source, problems);
    const metrics = readComponent(source, problems, METRICS_KEY, metricsSchema, misspelt, standIns) as MetricsSettings | undefined;
    const controlPlane = readComponent(source, problems, CONTROL_PLANE_KEY, controlPlaneSchema, misspelt, standIns);
    const logs = readComponent(source, problems, LOGS_KEY, logsSchema, misspelt, standIns) as LogsSettings | undefined;
    const storeRead = readComponent(source, problems, SEARCH_STORE_KEY, searchStoreSchema, misspelt, standIns);
    const store = storeRead && resolveSearchStore(storeRead);
    const nodeExporter = readComponent(source, problems, NODE_EXPORTER_KEY, nodeExporterSchema, misspelt, standIns);
    const longTerm = readComponent(source, problems, LONG_TERM_STORE_KEY, longTermStoreSchema, misspelt, standIns);
    const ksm = readComponent(source, problems, KUBE_STATE_METRICS_KEY, kubeStateMetricsSchema, misspelt, standIns);
    const grafanaRead = readComponent(source, problems, GRAFANA_KEY, grafanaSchema, misspelt, standIns);
    // Grafana runs beside Prometheus; the namespace is known once the metrics key has been read.
    const grafanaPart = part(grafanaRead, GRAFANA_KEY);
    const grafana: GrafanaSettings | undefined = grafanaPart && { ...grafanaPart, namespace: "" };
    readGrafanaAdminPassword(
        source,
        problems,
        grafana,
        grafanaRead ? known(grafanaRead.enabled) : rawField(GRAFANA_KEY, ["enabled"], grafanaSchema.shape.enabled),
        grafanaRead ? known(grafanaRead.generateAdminPassword) : rawField(GRAFANA_KEY, ["generateAdminPassword"], grafanaSchema.shape.generateAdminPassword),
    );
    const grafanaSecrets = readGrafanaSecrets(source, problems, source.value(GRAFANA_KEY), knownKeys);
    if (grafana !== undefined && Object.keys(grafanaSecrets.secrets).length > 0) {
        grafana.secrets = grafanaSecrets.secrets;
    }
    if (grafana !== undefined && Object.keys(grafanaSecrets.existing).length > 0) {
        grafana.existingSecrets = grafanaSecrets.existing;
    }
    const release = metrics ? prometheusRelease(metrics) : rawRelease(source, misspelt);
    // Rules are held to what this stack's Prometheus evaluates: its line, and the --enable-feature flags its extra.args pass.
    const dialect = metrics ? promqlDialectOfMetrics(metrics) : rawPromqlDialect(source, misspelt, release);
    const rules = readComponent(source, problems, ALERT_RULES_KEY, alertRulesSchemaFor(dialect, catalog.defaultAlertNames, catalog.renamedAlerts, catalog.overridableRules), misspelt, standIns);
    const am = readComponent(source, problems, ALERTMANAGER_KEY, alertmanagerSchema, misspelt, standIns);
    const amImage = am ? known(am.image) : rawField(ALERTMANAGER_KEY, ["image"], alertmanagerSchema.shape.image);
    const alertmanagerRead = readAlertmanagerSecrets(source, problems, am, amImage.known ? amImage.value : undefined);
    const alertmanagerSecrets = alertmanagerRead.secrets;
    // With a problem elsewhere in alertmanager, each receiver that parses on its own still has its
    // secrets read and checked now, so a wrong secret is not found only after that problem is fixed.
    const receiverRead = readReceiverSecrets(source, problems, am ?? partialReceivers(source, amImage), knownKeys);
    // The program's receiver secrets and the receivers' keys that name existing Secrets, by stack key (one mounted directory holds both).
    const alertmanagerExisting = {
        ...Object.fromEntries(Object.entries(alertmanagerRead.existing).map(([name, ref]) => [ALERTMANAGER_SECRET_KEYS[name as AlertmanagerSecretName], ref])),
        ...receiverRead.existing,
    };
    const netpol = readComponent(source, problems, NETWORK_POLICIES_KEY, networkPoliciesSchema, misspelt, standIns);
    const adapterRead = readComponent(source, problems, RESOURCE_METRICS_KEY, resourceMetricsSchema, misspelt, standIns);
    const resourceMetrics: ResourceMetricsSettings | undefined =
        adapterRead && metrics ? { ...adapterRead, namespace: adapterRead.namespace ?? metrics.namespace } : undefined;
    const blackboxRead = readComponent(source, problems, BLACKBOX_EXPORTER_KEY, blackboxExporterSchema, misspelt, standIns);
    const eventsRead = readComponent(source, problems, EVENT_COLLECTOR_KEY, eventCollectorSchema, misspelt, standIns);
    const ownRead: Record<string, unknown> = Object.fromEntries(ownKeys.map((k) => [k.key, readComponent(source, problems, k.key, k.schema, misspelt, standIns)]));
    // A compound duration (1m30s) where the stack's line cannot parse it; the line as far as it is known.
    checkDurationsOnLine(source, release, problems);
    // An extra scrape config against the metrics settings it shares: the global interval, the labels the program writes.
    checkScrapeHatches(source, problems);
    const metricsPart = part(metrics, METRICS_KEY);
    const logsPart = part(logs, LOGS_KEY);
    readSearchPassword(source, problems, logsPart, logs ? known(logs.search.user) : rawField(LOGS_KEY, ["search", "user"], searchSchema.shape.user));
    const etcdJob = metrics ? known(metrics.jobs.etcd) : rawField(METRICS_KEY, ["jobs", "etcd"], jobSwitchesSchema.unwrap().shape.etcd);
    const etcdScheme = metrics ? known(metrics.etcd.scheme) : rawField(METRICS_KEY, ["etcd", "scheme"], etcdSchema.unwrap().shape.scheme);
    readEtcdClient(source, problems, metricsPart, etcdJob.known && etcdScheme.known ? known(etcdJob.value && etcdScheme.value === "https") : { known: false });
    // The OIDC client secret is the Ingress's or the HTTPRoute's, whichever the component has (one way in, config/gateway-route.ts).
    const metricsIngress = metrics ? known(metrics.ingress) : rawField(METRICS_KEY, ["ingress"], authenticatedIngressSchema.optional());
    const metricsRoute = metrics ? known(metrics.httpRoute) : rawField(METRICS_KEY, ["httpRoute"], authenticatedHttpRouteSchema.optional());
    const metricsWay = wayOfRead(metricsIngress, metricsRoute);
    const prometheusClientSecret = readIngressClientSecret(source, problems, "metrics", metricsWay.value, metricsWay.known, metricsWay.key);
    if (metricsPart && prometheusClientSecret) {
        metricsPart.oidcClientSecret = prometheusClientSecret;
    }
    const amIngress = am ? known(am.enabled ? am.ingress : undefined) : rawField(ALERTMANAGER_KEY, ["ingress"], authenticatedIngressSchema.optional());
    const amRoute = am ? known(am.enabled ? am.httpRoute : undefined) : rawField(ALERTMANAGER_KEY, ["httpRoute"], authenticatedHttpRouteSchema.optional());
    const amWay = wayOfRead(amIngress, amRoute);
    const alertmanagerClientSecret = readIngressClientSecret(source, problems, "alertmanager", amWay.value, amWay.known, amWay.key);
    readRemoteWriteSecrets(
        source,
        problems,
        metricsPart,
        metrics ? known(metrics.remoteWrite) : rawField(METRICS_KEY, ["remoteWrite"], remoteWriteSchema),
        knownKeys,
        metrics ? known(metrics.extraScrapeConfigs) : rawField(METRICS_KEY, ["extraScrapeConfigs"], extraScrapeConfigsSchema),
    );
    // The workloads' env secrets (extra.env[].valueFrom.secretKey) join the Secret the program writes beside each: Prometheus' remote-write Secret, Grafana's.
    // A stand-in's entries are those the stack wrote right, so their secrets are read in this pass too.
    const hatchOf = (key: string, parsed: { extra?: WorkloadHatchSettings } | undefined): Known<WorkloadHatchSettings | undefined> =>
        parsed ? known(parsed.extra) : (rawField(key, ["extra"], workloadHatchSchema) as Known<WorkloadHatchSettings | undefined>);
    const metricsName = metricsPart ? known(metricsPart.name) : rawField(METRICS_KEY, ["name"], metricsSchema.in.shape.name);
    const metricsEnvSecrets = readHatchEnvSecrets(
        source,
        problems,
        METRICS_KEY,
        hatchOf(METRICS_KEY, metricsPart),
        { secretName: metricsName.known ? `${metricsName.value}-remote-write` : "" },
        KNOWN_KEYS,
    );
    if (metricsPart && Object.keys(metricsEnvSecrets).length > 0) {
        metricsPart.remoteWriteSecrets = { ...(metricsPart.remoteWriteSecrets ?? {}), ...metricsEnvSecrets };
    }
    const grafanaName = grafana ? known(grafana.name) : rawField(GRAFANA_KEY, ["name"], grafanaSchema.shape.name);
    const grafanaEnvSecrets = readHatchEnvSecrets(source, problems, GRAFANA_KEY, hatchOf(GRAFANA_KEY, grafana), { secretName: grafanaName.known ? grafanaName.value : "" }, KNOWN_KEYS);
    if (grafana && Object.keys(grafanaEnvSecrets).length > 0) {
        grafana.secrets = { ...(grafana.secrets ?? {}), ...grafanaEnvSecrets };
    }
    readHatchEnvSecrets(
        source,
        problems,
        ALERTMANAGER_KEY,
        hatchOf(ALERTMANAGER_KEY, part(am, ALERTMANAGER_KEY)),
        { none: "Alertmanager's pod has no Secret that holds stack keys (its config Secret holds alertmanager.yml alone), so a secretKey cannot reach its environment" },
        KNOWN_KEYS,
    );
    if (metrics && logs) {
        checkSharedLogsNamespace(metrics, logs, problems);
    }
    const searchStore = store && logs ? { ...store, namespace: logs.namespace } : undefined;
    // alertRules' switch and disabled list, read raw when the key has problems of its own, so the
    // checks that depend on them (a setting it idles, the backup alert's store image) report beside them.
    const rawRulesDefaults = rawField(ALERT_RULES_KEY, ["defaults"], alertRulesSchema.shape.defaults);
    const rawRulesDisabled = rawField(ALERT_RULES_KEY, ["disabled"], z.array(z.string()));
    const alertRulesSwitches: { defaults?: boolean; disabled?: readonly string[] } = rules ?? {
        ...(rawRulesDefaults.known ? { defaults: rawRulesDefaults.value } : {}),
        ...(rawRulesDisabled.known ? { disabled: rawRulesDisabled.value } : {}),
    };
    if (longTerm) {
        // Keys set while the store is off are refused whatever else is wrong (its dedup window against the scrape intervals: stack/dedup-intervals.ts).
        checkLongTermStoreOff(source.value(LONG_TERM_STORE_KEY), longTerm, problems);
        checkBackupAlertImage(longTerm, (alertRulesSwitches.defaults ?? true) && !(alertRulesSwitches.disabled ?? []).includes(BACKUP_MISSED_ALERT), problems);
    }
    const { passwords: edgePasswords, existing: edgeExistingPasswords } = longTerm?.enabled ? readEdgePasswords(source, problems, longTerm.edges, knownKeys) : { passwords: {}, existing: {} };
    const backupCredentials = longTerm?.enabled ? readBackupCredentials(source, problems, longTerm.backup, knownKeys) : undefined;
    if (am) {
        checkTeamMatchersAgainstRenames(am, catalog.renamedAlerts, problems);
    }
    /** A component's `enabled` as far as it is right while the component has problems of its own; nothing when it is wrong too. */
    const rawSwitch = <S extends z.ZodType>(key: string, schema: S): { enabled: z.output<S> } | undefined => {
        const enabled = rawField(key, ["enabled"], schema);
        return enabled.known ? { enabled: enabled.value } : undefined;
    };
    // A setting that does nothing: a sub-setting of a switched-off feature, a list whose consumer is off, a limit the line ignores.
    checkNeeds(
        source,
        {
            parsed: {
                [METRICS_KEY]: metrics,
                [CONTROL_PLANE_KEY]: controlPlane,
                [SEARCH_STORE_KEY]: store ?? rawSwitch(SEARCH_STORE_KEY, searchStoreSchema.shape.enabled),
                [NODE_EXPORTER_KEY]: nodeExporter ?? rawSwitch(NODE_EXPORTER_KEY, nodeExporterSchema.shape.enabled),
                [KUBE_STATE_METRICS_KEY]: ksm ?? rawSwitch(KUBE_STATE_METRICS_KEY, kubeStateMetricsSchema.shape.enabled),
                [GRAFANA_KEY]: grafanaRead ?? rawSwitch(GRAFANA_KEY, grafanaSchema.shape.enabled),
                [ALERTMANAGER_KEY]: am ?? rawSwitch(ALERTMANAGER_KEY, alertmanagerSchema.shape.enabled),
                [NETWORK_POLICIES_KEY]: netpol ?? rawSwitch(NETWORK_POLICIES_KEY, networkPoliciesSchema.unwrap().in.shape.enabled),
                [RESOURCE_METRICS_KEY]: adapterRead ?? rawSwitch(RESOURCE_METRICS_KEY, resourceMetricsSchema.shape.enabled),
                [BLACKBOX_EXPORTER_KEY]: blackboxRead ?? rawSwitch(BLACKBOX_EXPORTER_KEY, blackboxExporterSchema.shape.enabled),
                [ALERT_RULES_KEY]: alertRulesSwitches,
                ...Object.fromEntries(ownKeys.map((k) => [k.key, ownRead[k.key] ?? rawSwitch(k.key, k.schema.shape.enabled)])),
            },
            metrics,
            release: metrics ? release : undefined,
        },
        problems,
        ownKeys.length === 0 ? undefined : [...NEEDS, ...ownKeys.map((k) => switchedOffNeed(k.key, k.what))],
    );
    // Checks across components run over what each claims or checks (Component.checks, stack/host-ports.ts,
    // ways-in.ts, probe-guards.ts, dedup-intervals.ts), on these settings or their stand-ins, in the same pass (stack/index.ts).
    // What each component's own key contradicts in the others, once that key and they have parsed.
    const parsedKeys = { [METRICS_KEY]: metrics, [NETWORK_POLICIES_KEY]: netpol, [ALERTMANAGER_KEY]: am, [GRAFANA_KEY]: grafanaRead, [LOGS_KEY]: logs, ...ownRead };
    for (const k of ownKeys) {
        if (ownRead[k.key] === undefined || k.check === undefined) continue;
        for (const p of k.check(ownRead[k.key], { metrics, parsed: parsedKeys })) {
            problems.add(`${fullKey(k.key)}.${p.field}`, p.got, p.expected);
        }
    }
    // What the checks after the load read: every key as parsed, or its stand-in. What the steps above
    // do with keys that parsed, done here for a stand-in; what a stand-in would add was said at its key.
    const scratch = new Problems();
    const m = metricsPart;
    const l = logsPart;
    const storePart = store ?? (standIns.has(SEARCH_STORE_KEY) ? resolveSearchStore(standIns.get(SEARCH_STORE_KEY) as z.output<typeof searchStoreSchema>) : undefined);
    const searchStoreFinal = searchStore ?? (storePart && l ? { ...storePart, namespace: l.namespace } : undefined);
    const controlPlaneFinal = part(controlPlane, CONTROL_PLANE_KEY);
    const nodeExporterFinal = part(nodeExporter, NODE_EXPORTER_KEY);
    const ksmFinal = part(ksm, KUBE_STATE_METRICS_KEY);
    const rulesFinal = part(rules, ALERT_RULES_KEY);
    const amFinal = part(am, ALERTMANAGER_KEY);
    const netpolFinal = part(netpol, NETWORK_POLICIES_KEY);
    const adapterFinal = part(adapterRead, RESOURCE_METRICS_KEY);
    const blackboxFinal = part(blackboxRead, BLACKBOX_EXPORTER_KEY);
    const eventsFinal = part(eventsRead, EVENT_COLLECTOR_KEY);
    const longTermFinal = part(longTerm, LONG_TERM_STORE_KEY);
    const all = [m, l, searchStoreFinal, controlPlaneFinal, nodeExporterFinal, ksmFinal, grafana, rulesFinal, amFinal, netpolFinal, adapterFinal, blackboxFinal, eventsFinal, longTermFinal];
    const result = { problems: problems.all(), standIns: standIns.size > 0 };
    if (all.some((x) => x === undefined) || m === undefined || l === undefined) {
        return result;
    }
    const kubeStateMetrics = { ...ksmFinal!, namespace: m.namespace };
    grafana!.namespace = m.namespace;
    const blackboxExporter: BlackboxExporterSettings = { ...blackboxFinal!, namespace: m.namespace };
    // Beside the log agent, whose DaemonSet ships its lines.
    const eventCollector: EventCollectorSettings = { ...eventsFinal!, namespace: l.namespace };
    const longTermStore: LongTermStoreSettings = {
        ...longTermFinal!,
        namespace: m.namespace,
        ...(Object.keys(edgePasswords).length > 0 ? { edgePasswords } : {}),
        ...(Object.keys(edgeExistingPasswords).length > 0 ? { edgeExistingPasswords } : {}),
        ...(backupCredentials && "existing" in backupCredentials ? { backupExistingSecrets: backupCredentials.existing } : backupCredentials ? { backupCredentials } : {}),
    };
    const alertmanager: AlertmanagerSettings = {
        ...amFinal!,
        namespace: m.namespace,
        secrets: alertmanagerSecrets,
        receiverSecrets: am ? receiverRead.secrets : readReceiverSecrets(source, scratch, amFinal, KNOWN_KEYS).secrets,
        ...(Object.keys(alertmanagerExisting).length > 0 ? { existingSecrets: alertmanagerExisting } : {}),
        ...(alertmanagerClientSecret ? { oidcClientSecret: alertmanagerClientSecret } : {}),
    };
    const resourceMetricsFinal: ResourceMetricsSettings = resourceMetrics ?? { ...adapterFinal!, namespace: adapterFinal!.namespace ?? m.namespace };
    return {
        ...result,
        settings: {
            cluster,
            controlPlane: controlPlaneFinal!,
            metrics: m,
            logs: l,
            searchStore: searchStoreFinal!,
            longTermStore,
            nodeExporter: nodeExporterFinal!,
            kubeStateMetrics,
            grafana: grafana!,
            alertRules: rulesFinal!,
            alertmanager,
            resourceMetrics: resourceMetricsFinal,
            blackboxExporter,
            eventCollector,
            networkPolicies: netpolFinal!,
            ...(ownKeys.length > 0 ? { own: ownRead } : {}),
        },
    };
}

/** The receivers of alertmanager that parse on their own, with the image as far as it is known, while the key has a problem elsewhere. */
function partialReceivers(source: ConfigSource, image: Known<string>): z.output<typeof alertmanagerSchema> | undefined {
    const raw = (source.value(ALERTMANAGER_KEY) as Record<string, unknown> | undefined)?.receivers;
    if (!Array.isArray(raw)) {
        return undefined;
    }
    const receivers = raw.flatMap((entry) => {
        const parsed = hatchReceiverSchema.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
    });
    return { image: image.known ? image.value : ALERTMANAGER_DEFAULTS.image, receivers } as unknown as z.output<typeof alertmanagerSchema>;
}

