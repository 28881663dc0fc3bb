import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { TLS_SECRET_KEYS } from "../components/common/web-config";
import { isWrappedSecret, mockedProviderOutputs, RegisteredResource } from "../render/engine-mocks";
import { registered, snapshotStacks } from "../render/snapshot-stacks";
import { runProgram } from "./harness/program";
import { GRAFANA_SECRETS, requiredConfig } from "./harness/stack-config";

/*
 * The cluster provider updates a changed Secret in place (components/cluster/provider.ts), and a
 * container reads its environment once, at start. So every pod template whose container reads a
 * Secret the program writes through `env[].valueFrom.secretKeyRef` or `envFrom[].secretRef`
 * carries a generation marker for what it reads: an annotation whose value is a RandomUuid's,
 * whose keepers hold the value of each key the pod reads (components/common/secret-generation.ts,
 * web-password.ts). When that value changes, the UUID is replaced, the template changes and the
 * workload rolls. Derived from what each stack registers: a new env reader without a marker fails.
 */

const UUID_TYPE = "random:index/randomUuid:RandomUuid";
const SECRET_TYPE = "kubernetes:core/v1:Secret";
const WORKLOAD_TYPE = /^kubernetes:(apps\/v1:(Deployment|StatefulSet|DaemonSet)|batch\/v1:(Job|CronJob))$/;

/** A registered value with every secret unwrapped, as the provider would read it. */
function plain(value: unknown): any {
    if (isWrappedSecret(value)) return plain((value as { value: unknown }).value);
    if (Array.isArray(value)) return value.map(plain);
    if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
    return value;
}

function podTemplateOf(workload: any): any {
    return workload.kind === "CronJob" ? workload.spec?.jobTemplate?.spec?.template : workload.spec?.template;
}

/** One key of one Secret that a container of a pod template reads from its environment. */
interface EnvRead {
    workload: string;
    container: string;
    variable: string;
    secret: string;
    key: string;
}

function envReadsOf(workload: any): EnvRead[] {
    const id = `${workload.kind} ${workload.metadata.namespace ?? "default"}/${workload.metadata.name}`;
    const spec = podTemplateOf(workload)?.spec ?? {};
    const reads: EnvRead[] = [];
    for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
        for (const e of c.env ?? []) {
            const ref = e.valueFrom?.secretKeyRef;
            if (ref) reads.push({ workload: id, container: c.name, variable: e.name, secret: ref.name, key: ref.key });
        }
        for (const e of c.envFrom ?? []) {
            // Every key of the Secret; "*" until it is resolved against the Secret below.
            if (e.secretRef) reads.push({ workload: id, container: c.name, variable: `${e.prefix ?? ""}*`, secret: e.secretRef.name, key: "*" });
        }
    }
    return reads;
}

interface Check {
    /** What each pod reads from a Secret the program writes, and whether a marker covers it. */
    problems: string[];
    /** The reads of Secrets the program does not write (the cluster provides them), which no generation of the program's can follow. */
    external: EnvRead[];
    /** Each workload that reads a program's Secret through its environment. */
    readers: string[];
}

/**
 * For each pod template, each key it reads from a Secret the program registers must be among the
 * keepers of a RandomUuid whose result is one of the template's annotations.
 */
function envSecretGenerationCheck(resources: readonly RegisteredResource[]): Check {
    const secrets = new Map<string, Record<string, string>>();
    const keepersByUuid = new Map<string, { name: string; values: Set<string> }>();
    const workloads: any[] = [];
    for (const r of resources) {
        const inputs = plain(r.inputs);
        if (r.type === SECRET_TYPE) {
            // A key of stringData wins over the same key of data, as the API server merges them.
            secrets.set(`${inputs.metadata.namespace ?? "default"}/${inputs.metadata.name}`, { ...(inputs.data ?? {}), ...(inputs.stringData ?? {}) });
        } else if (r.type === UUID_TYPE) {
            const result = String(mockedProviderOutputs(r.type, r.name).result);
            keepersByUuid.set(result, { name: r.name, values: new Set(Object.values(inputs.keepers ?? {}).map(String)) });
        } else if (WORKLOAD_TYPE.test(r.type)) {
            workloads.push(inputs);
        }
    }
    const check: Check = { problems: [], external: [], readers: [] };
    for (const w of workloads) {
        const namespace = w.metadata.namespace ?? "default";
        const annotations: Record<string, string> = podTemplateOf(w)?.metadata?.annotations ?? {};
        const markers = Object.entries(annotations).flatMap(([k, v]) => (keepersByUuid.has(String(v)) ? [{ annotation: k, ...keepersByUuid.get(String(v))! }] : []));
        let reads = false;
        for (const read of envReadsOf(w)) {
            const contents = secrets.get(`${namespace}/${read.secret}`);
            if (contents === undefined) {
                check.external.push(read);
                continue;
            }
            reads = true;
            for (const key of read.key === "*" ? Object.keys(contents) : [read.key]) {
                const where = `${read.workload}: container ${read.container} reads Secret ${read.secret} key ${key} (env ${read.variable})`;
                if (!(key in contents)) {
                    check.problems.push(`${where}, which the Secret does not have`);
                } else if (!markers.some((m) => m.values.has(contents[key]))) {
                    const have = markers.map((m) => `${m.annotation} (${m.name})`).join(", ") || "none";
                    check.problems.push(`${where} at start, and no generation on its pod template follows that key (generation annotations: ${have})`);
                }
            }
        }
        if (reads) check.readers.push(`${w.kind} ${namespace}/${w.metadata.name}`);
    }
    return check;
}

/** Each stack-provided secret a distinct value, so that a marker can match only the key it follows. */
const FEATURES: [string, Record<string, unknown>, Record<string, string>][] = [
    [
        "the in-cluster OpenSearch with Dashboards, its exporter, and the log agent writing to it",
        {
            ...requiredConfig(),
            logs: { image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1", search: { host: "elasticsearch-logging", scheme: "https" } },
            searchStore: { enabled: true, kind: "opensearch", tls: { secretName: "logs-store-tls" } },
        },
        {},
    ],
    [
        "an external store with a login (the log agent's own Secret)",
        { ...requiredConfig(), logs: { search: { host: "search.example.com", scheme: "https", user: "fluentd", port: 443 } } },
        { searchPassword: "search-password-1e7a" },
    ],
    [
        "a central long-term store: vmauth for an edge, and a backup to S3 with keys",
        {
            ...requiredConfig(),
            metrics: { ...requiredConfig().metrics, externalLabels: { cluster: "central" } },
            longTermStore: {
                enabled: true,
                storage: { mode: "storageClass", size: "10Gi" },
                edges: [{ cluster: "edge-eu", passwordKey: "edgeEuWritePassword" }],
                ingress: { host: "metrics.central.example.com", tlsSecretName: "metrics-central-tls" },
                backup: { destination: "s3://metrics-backups/central", accessKeyIdKey: "storeBackupKeyId", secretAccessKeyKey: "storeBackupSecretKey" },
            },
        },
        { edgeEuWritePassword: "edge-eu-password-2b9c", storeBackupKeyId: "backup-key-id-3d0e", storeBackupSecretKey: "backup-secret-key-4f1a" },
    ],
    [
        "remote write with sigv4 keys and an Azure AD client secret, beside a basic-auth target read as a file",
        {
            ...requiredConfig(),
            metrics: {
                ...requiredConfig().metrics,
                image: "quay.io/prometheus/prometheus:v3.6.0",
                remoteWrite: [
                    { url: "https://aps.example.com/w", sigv4: { region: "eu-west-1", accessKeyIdKey: "awsKeyId", secretAccessKeyKey: "awsSecret" } },
                    {
                        url: "https://ws.example.com/w",
                        azureAd: { oauth: { clientId: "00000000-0000-0000-0000-000000000001", tenantId: "00000000-0000-0000-0000-000000000002", clientSecretKey: "azureSecret" } },
                    },
                    { url: "https://metrics.example.com/api/v1/write", basicAuth: { username: "writer", passwordKey: "remoteWritePassword" } },
                ],
            },
        },
        { awsKeyId: "aws-key-id-5a2b", awsSecret: "aws-secret-6c3d", azureSecret: "azure-secret-7e4f", remoteWritePassword: "remote-write-password-8a5b" },
    ],
    [
        "Grafana with Prometheus' and Alertmanager's logins, Prometheus' TLS, single sign-on, a grafana.ini secret and a data source's",
        {
            ...requiredConfig(),
            metrics: { ...requiredConfig().metrics, image: "quay.io/prometheus/prometheus:v3.5.0", web: { tls: { secretName: "monitor-tls" }, basicAuth: { username: "ops" } } },
            alertmanager: { web: { basicAuth: { username: "am" } } },
            grafana: {
                enabled: true,
                sso: { provider: "keycloak", issuerUrl: "https://login.example.com/realms/ops", clientId: "grafana", clientSecretKey: "grafanaOidcClientSecret", roles: { sre: "Admin" } },
                ini: { smtp: { enabled: true, host: "smtp.example.com:587", user: "grafana", password_secret: "grafanaSmtpPassword", from_address: "g@example.com" } },
                dataSources: [
                    { name: "Loki", uid: "loki", type: "loki", url: "http://loki.logging.svc:3100", basicAuth: true, basicAuthUser: "grafana", secureJsonData: { basicAuthPassword_secret: "grafanaLokiPassword" } },
                ],
            },
            resourceMetrics: { enabled: true },
        },
        { ...GRAFANA_SECRETS, grafanaOidcClientSecret: "oidc-client-secret-9b6c", grafanaSmtpPassword: "smtp-password-0c7d", grafanaLokiPassword: "loki-password-1d8e" },
    ],
];

/**
 * Every file under components/ that reads a Secret through a container's environment, and the
 * workload it builds: a new one fails here until a stack below renders it, so the check above sees it.
 */
const ENV_READERS: Record<string, string> = {
    "grafana/alertmanager-web-env.ts": "Deployment monitoring/grafana",
    "grafana/datasources.ts": "Deployment monitoring/grafana",
    "grafana/deployment.ts": "Deployment monitoring/grafana",
    "grafana/ini.ts": "Deployment monitoring/grafana",
    "log-agent/daemonset.ts": "DaemonSet kube-system/fluentd-es-v2.7.0",
    "long-term-store/backup.ts": "StatefulSet monitoring/long-term-store",
    "long-term-store/statefulset.ts": "StatefulSet monitoring/long-term-store",
    "long-term-store/vmauth.ts": "Deployment monitoring/long-term-store-vmauth",
    "prometheus/remote-write-env.ts": "StatefulSet monitoring/monitor",
    "search-store/exporter.ts": "Deployment kube-system/elasticsearch-logging-exporter",
    "search-store/kibana/dashboards-deployment.ts": "Deployment kube-system/kibana-logging",
};

/**
 * The files that read by env only a Secret the cluster provides (docs/existing-secrets.md), never
 * one of the program's, so no marker can follow it; the stacks above must render their reads, as
 * the cluster's (docs/examples/Pulumi.existing-secrets.yaml).
 */
const EXTERNAL_ENV_READERS: Record<string, string> = {
    // oauth2-proxy's OIDC client secret from an existing Secret; with a Pulumi secret it reads a file.
    "auth-gateway/oauth2-proxy.ts": "Deployment monitoring/monitor-auth",
};

const COMPONENTS = path.resolve(__dirname, "..", "components");

function envReaderFiles(): string[] {
    return fs
        .readdirSync(COMPONENTS, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".ts"))
        .filter((f) => /\bsecretKeyRef:\s*\{|\bsecretRef:\s*\{/.test(fs.readFileSync(path.join(COMPONENTS, f), "utf8")))
        .map((f) => f.split(path.sep).join("/"))
        .sort();
}

function deepCopy(resources: readonly RegisteredResource[]): RegisteredResource[] {
    return JSON.parse(JSON.stringify(resources));
}

function templateOf(resources: RegisteredResource[], kind: string, name: string): any {
    const r = resources.find((x) => WORKLOAD_TYPE.test(x.type) && plain(x.inputs).kind === kind && plain(x.inputs).metadata.name === name);
    assert.ok(r, `no ${kind} ${name}`);
    // The template as registered; secrets wrap leaves, never a pod template's metadata.
    return podTemplateOf(r!.inputs);
}

describe("every pod that reads a program's Secret through its environment rolls when what it reads changes", () => {
    const runs = new Map<string, RegisteredResource[]>();
    const resourcesOf = async (what: string): Promise<RegisteredResource[]> => {
        assert.ok(runs.has(what), `${what} ran above`);
        return runs.get(what)!;
    };

    for (const stack of snapshotStacks()) {
        it(`stack ${stack}: each key a pod reads from a program's Secret by env has a generation marker on its pod template`, async () => {
            const resources = await registered(stack);
            runs.set(stack, resources);
            assert.deepStrictEqual(envSecretGenerationCheck(resources).problems, []);
        });
    }
    for (const [what, config, secrets] of FEATURES) {
        it(`a stack with ${what}: each key read by env has a generation marker`, async () => {
            const { resources } = await runProgram(config, secrets);
            runs.set(what, resources);
            assert.deepStrictEqual(envSecretGenerationCheck(resources).problems, []);
        });
    }

    it("those stacks render every workload that reads a Secret by env, and the only Secrets they read by env without a marker are CAs the cluster provides", async () => {
        assert.ok(runs.size === snapshotStacks().length + FEATURES.length, "runs after the stacks above");
        const readers = new Set<string>();
        const external: EnvRead[] = [];
        for (const resources of runs.values()) {
            const check = envSecretGenerationCheck(resources);
            check.readers.forEach((r) => readers.add(r));
            external.push(...check.external);
        }
        assert.deepStrictEqual(envReaderFiles(), Object.keys({ ...ENV_READERS, ...EXTERNAL_ENV_READERS }).sort(), "a file that reads a Secret by env: list it in ENV_READERS (or EXTERNAL_ENV_READERS) and render it in FEATURES");
        for (const workload of Object.values(EXTERNAL_ENV_READERS)) {
            assert.ok(external.some((r) => r.workload === workload), `${workload} reads a cluster's Secret by env in no stack above`);
        }
        assert.deepStrictEqual([...new Set(Object.values(ENV_READERS))].sort(), [...readers].sort());
        // Grafana reads the CA of Prometheus' and Alertmanager's TLS Secrets, which the stack names and the cluster writes (cert-manager, or by hand),
        // and, in docs/examples/Pulumi.existing-secrets.yaml, the existing Secrets grafana-admin (Grafana's admin password) and search-credentials
        // (the search password, which fluentd and Grafana read), and oidc-clients (the OIDC client secret, which Prometheus' gateway's
        // oauth2-proxy reads), whose change rolls nothing (docs/existing-secrets.md#rotation).
        assert.deepStrictEqual([...new Set(external.map((r) => `${r.workload} ${r.key}`))].sort(), [
            "DaemonSet kube-system/fluentd-es-v2.7.0 password",
            "Deployment monitoring/grafana ca.crt",
            "Deployment monitoring/grafana password",
            "Deployment monitoring/monitor-auth prometheus",
        ]);
        const example: Record<string, string[]> = { "grafana-admin": ["GF_SECURITY_ADMIN_PASSWORD"], "search-credentials": ["SEARCH_PASSWORD", "OUTPUT_PASSWORD"], "oidc-clients": ["OAUTH2_PROXY_CLIENT_SECRET"] };
        assert.ok(external.every((r) => r.key === TLS_SECRET_KEYS.ca || (example[r.secret] ?? []).includes(r.variable)), JSON.stringify(external));
        const secretValues = FEATURES.flatMap(([, , s]) => Object.values(s));
        assert.strictEqual(new Set(secretValues).size, secretValues.length, "each fixture secret a distinct value");
    });

    it("Prometheus rolls for the remote-write keys it reads by env only: a key it reads as a file, again on every request, is not in the generation", async () => {
        const resources = await resourcesOf(FEATURES[3][0]);
        const generation = resources.find((r) => r.type === UUID_TYPE && r.name === "monitor-remote-write-generation");
        assert.ok(generation, "no monitor-remote-write-generation");
        assert.deepStrictEqual(Object.values(plain(generation!.inputs.keepers)).sort(), ["aws-key-id-5a2b", "aws-secret-6c3d", "azure-secret-7e4f"]);
        const secret = resources.find((r) => r.type === SECRET_TYPE && r.name === "monitor-remote-write");
        assert.ok(Object.values(plain(secret!.inputs.stringData)).includes("remote-write-password-8a5b"), "the Secret holds the file's password too");
    });

    describe("the check fails when a marker is missing or follows something else", () => {
        it("without any one of a reader's markers that alone follows a key, naming the workload and the key", async () => {
            let removed = 0;
            const covered = new Set<string>();
            for (const [what, resources] of runs) {
                for (const workload of envSecretGenerationCheck(resources).readers) {
                    const [kind, id] = workload.split(" ");
                    const name = id.split("/")[1];
                    const annotations: Record<string, unknown> = templateOf(deepCopy(resources), kind, name).metadata?.annotations ?? {};
                    for (const annotation of Object.keys(annotations).filter((a) => a.startsWith("cluster-monitoring/"))) {
                        const broken = deepCopy(resources);
                        delete templateOf(broken, kind, name).metadata.annotations[annotation];
                        const problems = envSecretGenerationCheck(broken).problems;
                        if (problems.length > 0) {
                            removed += 1;
                            covered.add(workload);
                            assert.ok(
                                problems.every((p) => p.startsWith(`${workload}: container `) && / reads Secret \S+ key \S+ \(env \S+\) at start, and no generation/.test(p)),
                                `${what}, without ${annotation}:\n${problems.join("\n")}`,
                            );
                        }
                    }
                }
            }
            // Each reader's marker is needed: none is covered only by chance, by another marker.
            assert.deepStrictEqual([...covered].sort(), [...new Set(Object.values(ENV_READERS))].sort());
            assert.ok(removed >= 11, `${removed} markers removed one at a time`);
        });

        it("without Grafana's Secret generation, the keys only that Secret holds are named", async () => {
            const broken = deepCopy(await resourcesOf(FEATURES[4][0]));
            delete templateOf(broken, "Deployment", "grafana").metadata.annotations["cluster-monitoring/grafana-secret-generation"];
            const problems = envSecretGenerationCheck(broken).problems;
            for (const key of ["admin-password", "grafanaOidcClientSecret", "grafanaSmtpPassword", "grafanaLokiPassword"]) {
                assert.ok(
                    problems.some((p) => p.startsWith(`Deployment monitoring/grafana: container grafana reads Secret grafana key ${key} `)),
                    `${key} not named:\n${problems.join("\n")}`,
                );
            }
            // Prometheus' and Alertmanager's passwords keep their own generations.
            assert.ok(!problems.some((p) => / key (prometheus|alertmanager)-password /.test(p)), problems.join("\n"));
        });

        it("with a marker that follows another Secret's contents", async () => {
            const broken = deepCopy(await resourcesOf(FEATURES[2][0]));
            const template = templateOf(broken, "Deployment", "long-term-store-vmauth");
            const backup = templateOf(broken, "StatefulSet", "long-term-store").metadata.annotations["cluster-monitoring/long-term-store-backup-generation"];
            assert.ok(backup, "the store carries the backup Secret's generation");
            template.metadata.annotations["cluster-monitoring/long-term-store-auth-keys-generation"] = backup;
            const problems = envSecretGenerationCheck(broken).problems;
            assert.ok(problems.length > 0 && problems.every((p) => p.startsWith("Deployment monitoring/long-term-store-vmauth: container vmauth reads Secret long-term-store-auth-keys ")), problems.join("\n"));
        });

        it("with a new env variable from a program's Secret on a pod that has no marker for it", async () => {
            const broken = deepCopy(await resourcesOf("dev"));
            const template = templateOf(broken, "Deployment", "kube-state-metrics");
            template.spec.containers[0].env = [...(template.spec.containers[0].env ?? []), { name: "GRAFANA_PASSWORD", valueFrom: { secretKeyRef: { name: "grafana", key: "admin-password" } } }];
            assert.deepStrictEqual(envSecretGenerationCheck(await resourcesOf("dev")).problems, []);
            const problems = envSecretGenerationCheck(broken).problems;
            assert.strictEqual(problems.length, 1, problems.join("\n"));
            assert.match(problems[0], /^Deployment monitoring\/kube-state-metrics: container \S+ reads Secret grafana key admin-password \(env GRAFANA_PASSWORD\) at start, and no generation/);
        });

        it("with envFrom of a program's Secret: each of its keys", async () => {
            const broken = deepCopy(await resourcesOf("dev"));
            const template = templateOf(broken, "Deployment", "kube-state-metrics");
            template.spec.containers[0].envFrom = [{ secretRef: { name: "grafana" } }];
            const problems = envSecretGenerationCheck(broken).problems;
            assert.ok(problems.length >= 1 && problems.every((p) => /reads Secret grafana key \S+ \(env \*\) at start/.test(p)), problems.join("\n"));
        });
    });
});
