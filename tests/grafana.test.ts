import * as assert from "assert";
import { parse } from "yaml";
import { grafanaModel } from "./harness/grafana-model";
import { DASHBOARDS_CONFIG_MAP_LIMIT_BYTES, dashboardsConfigMap, dashboardsConfigMaps, dashboardProviderConfigMap, dataSourcesConfigMap } from "../components/grafana/config-maps";
import { grafanaDeployment, provisioningChecksum } from "../components/grafana/deployment";
import { prometheusRelease } from "../components/grafana/datasources";
import { grafanaIngress } from "../components/grafana/ingress";
import { grafanaDataClaim, grafanaDataVolume } from "../components/grafana/storage";
import { ConfigError, plainConfigSource } from "../config";
import { loadStackSettings as loadSettings } from "../stack";
import { runProgram } from "./harness/program";
import { GRAFANA_SECRETS, requiredConfig, settingsWith, settingsWithGrafana } from "./harness/stack-config";
import { isSecretGeneration } from "./harness/secret-generations";

const ADMIN = "adm1n-Secret-Value-42";
const SEARCH = "search-Secret-Value-17";

/** Grafana on, the agent logging in as fluentd over https: both passwords in play. */
function withCredentials() {
    return settingsWithGrafana(
        { logs: { search: { host: "search.example.com", port: 443, scheme: "https", user: "fluentd" } } },
        { grafanaAdminPassword: ADMIN, searchPassword: SEARCH },
    );
}

function configErrorOf(f: () => unknown): ConfigError {
    try {
        f();
    } catch (e) {
        if (e instanceof ConfigError) return e;
        throw e;
    }
    assert.fail("expected a ConfigError");
}

describe("Grafana settings", () => {
    it("is on by default and requires the secret admin password only when generateAdminPassword is false, naming the key and the ways out", () => {
        const config = requiredConfig();
        delete config.grafana;
        assert.strictEqual(loadSettings(plainConfigSource(config)).grafana.enabled, true);
        const e = configErrorOf(() => loadSettings(plainConfigSource({ ...config, grafana: { generateAdminPassword: false } })));
        assert.match(e.message, /cluster-monitoring:grafanaAdminPassword: got nothing, expected the Grafana admin password, set with pulumi config set --secret/);
        assert.match(e.message, /cluster-monitoring:grafana\.generateAdminPassword is false/);
        assert.match(e.message, /cluster-monitoring:grafana\.enabled to false/);
    });

    it("refuses the admin password in clear text, and when Grafana is off", () => {
        const clear = configErrorOf(() => loadSettings(plainConfigSource({ ...requiredConfig(), grafana: {}, grafanaAdminPassword: "hunter2" })));
        assert.match(clear.message, /cluster-monitoring:grafanaAdminPassword: got a secret value, expected an encrypted value/);
        assert.ok(!clear.message.includes("hunter2"));
        const unused = configErrorOf(() => settingsWith({}, GRAFANA_SECRETS));
        assert.match(unused.message, /grafanaAdminPassword: got a secret value, expected no value unless cluster-monitoring:grafana\.enabled is true/);
    });

    it("a Grafana named like the metrics server is refused while the stack loads, blamed on the name the stack wrote and naming the other", () => {
        const problems = configErrorOf(() => settingsWithGrafana({ grafana: { name: "monitor" } })).problems;
        const p = problems.find((x) => x.key === "cluster-monitoring:grafana.name" && /Service monitor/.test(x.expected));
        assert.ok(p, JSON.stringify(problems));
        assert.match(p!.expected, /cluster-monitoring:metrics\.name \(not set in the stack, so its default\) also names Service monitor in namespace monitoring/);
    });

    it("runs in the metrics namespace and takes the Prometheus Ingress settings shape", () => {
        const g = settingsWithGrafana({ metrics: { namespace: "observability" }, grafana: { ingress: { host: "grafana.example.com", tlsSecretName: "grafana-tls" } } }).grafana;
        assert.strictEqual(g.namespace, "observability");
        const ingress = grafanaIngress(g)!;
        assert.deepStrictEqual(ingress.spec, {
            tls: [{ hosts: ["grafana.example.com"], secretName: "grafana-tls" }],
            rules: [{ host: "grafana.example.com", http: { paths: [{ path: "/", pathType: "Prefix", backend: { service: { name: "grafana", port: { number: 3000 } } } }] } }],
        });
        const e = configErrorOf(() => settingsWithGrafana({ grafana: { ingress: { host: "grafana.example.com", clasName: "nginx" } } }));
        assert.match(e.message, /cluster-monitoring:grafana\.ingress\.clasName/);
    });
});

describe("Grafana provisioning files (Grafana's documented format)", () => {
    const m = grafanaModel(withCredentials());
    const datasources = parse((dataSourcesConfigMap(m).data as Record<string, string>)["datasources.yaml"]);
    const providers = parse((dashboardProviderConfigMap(m).data as Record<string, string>)["dashboards.yaml"]);

    it("data sources: apiVersion 1, only documented keys, Prometheus by its in-cluster Service", () => {
        assert.strictEqual(datasources.apiVersion, 1);
        assert.deepStrictEqual(Object.keys(datasources).sort(), ["apiVersion", "datasources", "prune"]);
        const documented = ["name", "uid", "type", "access", "url", "isDefault", "editable", "basicAuth", "basicAuthUser", "jsonData", "secureJsonData"];
        for (const ds of datasources.datasources) {
            assert.deepStrictEqual(Object.keys(ds).filter((k) => !documented.includes(k)), [], ds.name);
            assert.strictEqual(ds.access, "proxy");
        }
        const prometheus = datasources.datasources.find((d: any) => d.type === "prometheus");
        assert.deepStrictEqual(prometheus, {
            name: "Prometheus",
            uid: "prometheus",
            type: "prometheus",
            access: "proxy",
            url: "http://monitor.monitoring.svc:9090",
            isDefault: true,
            editable: false,
            jsonData: { httpMethod: "GET", timeInterval: "30s", prometheusType: "Prometheus", prometheusVersion: "2.11.1" },
        });
        assert.strictEqual(datasources.datasources.filter((d: any) => d.isDefault).length, 1);
    });

    it("the Prometheus version follows the image tag, else metrics.prometheusVersion", () => {
        assert.strictEqual(prometheusRelease("quay.io/prometheus/prometheus:v2.11.1"), "2.11.1");
        assert.strictEqual(prometheusRelease("registry.local:5000/prometheus:v2.53.0"), "2.53.0");
        assert.strictEqual(prometheusRelease("quay.io/prometheus/prometheus@sha256:abc"), undefined);
        const m = grafanaModel(settingsWithGrafana({ metrics: { image: "quay.io/prometheus/prometheus:latest", prometheusVersion: "3.5.0" } }));
        const file = parse((dataSourcesConfigMap(m).data as Record<string, string>)["datasources.yaml"]);
        assert.deepStrictEqual(file.datasources[0].jsonData, { httpMethod: "GET", timeInterval: "30s", prometheusType: "Prometheus", prometheusVersion: "3.5.0" });
    });

    it("Alertmanager: the program's own, by its in-cluster Service, only while that component is on", () => {
        assert.deepStrictEqual(datasources.datasources.find((d: any) => d.type === "alertmanager"), {
            name: "Alertmanager",
            uid: "alertmanager",
            type: "alertmanager",
            access: "proxy",
            url: "http://alertmanager.monitoring.svc:9093",
            isDefault: false,
            editable: false,
            jsonData: { implementation: "prometheus", handleGrafanaManagedAlerts: false },
        });
        const off = grafanaModel(settingsWithGrafana({ alertmanager: { enabled: false } }));
        const file = parse((dataSourcesConfigMap(off).data as Record<string, string>)["datasources.yaml"]);
        assert.deepStrictEqual(file.datasources.map((d: any) => d.type), ["prometheus", "elasticsearch"]);
    });

    it("Elasticsearch: the agent's host, index pattern and user, the password as an environment variable", () => {
        const es = datasources.datasources.find((d: any) => d.type === "elasticsearch");
        assert.deepStrictEqual(es, {
            name: "Elasticsearch logs",
            uid: "elasticsearch-logs",
            type: "elasticsearch",
            access: "proxy",
            url: "https://search.example.com:443",
            isDefault: false,
            editable: false,
            basicAuth: true,
            basicAuthUser: "fluentd",
            jsonData: { index: "logstash-*", timeField: "@timestamp", logMessageField: "message", tlsSkipVerify: false },
            secureJsonData: { basicAuthPassword: "$SEARCH_PASSWORD" },
        });
        const env = (grafanaDeployment(m).spec as any).template.spec.containers[0].env;
        assert.deepStrictEqual(env.find((e: any) => e.name === "SEARCH_PASSWORD"), { name: "SEARCH_PASSWORD", valueFrom: { secretKeyRef: { name: "grafana", key: "search-password" } } });
    });

    it("every credential is $VAR, never ${VAR}, which Grafana would expand twice: a password holding a $ would lose what follows it", () => {
        const everything = settingsWithGrafana(
            {
                logs: { search: { host: "logs.example.com", scheme: "https", user: "grafana" } },
                metrics: { image: "quay.io/prometheus/prometheus:v3.13.3", web: { tls: { secretName: "monitor-tls" }, basicAuth: { username: "ops" } } },
                alertmanager: { web: { tls: { secretName: "am-tls" }, basicAuth: { username: "am" } } },
            },
            { searchPassword: "s" },
        );
        const text = (dataSourcesConfigMap(grafanaModel(everything)).data as Record<string, string>)["datasources.yaml"];
        const references = [...text.matchAll(/\$\{?[A-Z_]+\}?/g)].map((m) => m[0]);
        assert.ok(references.length >= 5, text);
        assert.deepStrictEqual(references.filter((r) => r.includes("{")), []);
    });

    it("Elasticsearch without a user: no credentials at all, and a bare Service name qualified with the agent's namespace", () => {
        const plain = parse((dataSourcesConfigMap(grafanaModel(settingsWithGrafana())).data as Record<string, string>)["datasources.yaml"]);
        const es = plain.datasources.find((d: any) => d.type === "elasticsearch");
        assert.strictEqual(es.url, "http://elasticsearch-logging.kube-system.svc:9200");
        assert.strictEqual(es.basicAuth, undefined);
        assert.strictEqual(es.secureJsonData, undefined);
    });

    it("dashboards: one file provider per folder, each with a fixed folder uid, rescanning its folder's mounted directory; Home's at the top level keeps the program's name", () => {
        const provider = (name: string, folder: string, path: string, folderUid?: string) => ({
            name,
            orgId: 1,
            folder,
            ...(folderUid ? { folderUid } : {}),
            type: "file",
            disableDeletion: false,
            allowUiUpdates: false,
            updateIntervalSeconds: 30,
            options: { path, foldersFromFilesStructure: false },
        });
        assert.deepStrictEqual(providers, {
            apiVersion: 1,
            providers: [
                provider("cluster-monitoring", "", "/var/lib/grafana-dashboards"),
                provider("cluster-monitoring-kubernetes", "Kubernetes", "/var/lib/grafana-dashboards-kubernetes", "cm-folder-kubernetes"),
                provider("cluster-monitoring-workloads", "Workloads", "/var/lib/grafana-dashboards-workloads", "cm-folder-workloads"),
                provider("cluster-monitoring-nodes", "Nodes", "/var/lib/grafana-dashboards-nodes", "cm-folder-nodes"),
                provider("cluster-monitoring-monitoring", "Monitoring stack", "/var/lib/grafana-dashboards-monitoring", "cm-folder-monitoring-stack"),
                provider("cluster-monitoring-logs", "Logs", "/var/lib/grafana-dashboards-logs", "cm-folder-logs"),
            ],
        });
    });

    it("one ConfigMap per folder holds its dashboards, one key each, mounted whole at its provider's directory", () => {
        const pod = (grafanaDeployment(m).spec as any).template.spec;
        const maps = dashboardsConfigMaps(m);
        assert.deepStrictEqual(
            maps.map(({ configMap }) => (configMap.metadata as any).name),
            ["grafana-dashboards", "grafana-dashboards-kubernetes", "grafana-dashboards-workloads", "grafana-dashboards-nodes", "grafana-dashboards-monitoring", "grafana-dashboards-logs"],
        );
        // Every dashboard in exactly one folder's ConfigMap.
        assert.deepStrictEqual(maps.flatMap(({ configMap }) => Object.keys(configMap.data as object)).sort(), m.dashboards.map((d) => `${d.slug}.json`).sort());
        maps.forEach(({ configMap }, i) => {
            const name = (configMap.metadata as any).name;
            const volume = pod.volumes.find((v: any) => v.configMap?.name === name);
            assert.ok(volume, name);
            const mount = pod.containers[0].volumeMounts.find((v: any) => v.name === volume.name);
            assert.strictEqual(mount.mountPath, providers.providers[i].options.path, name);
            assert.strictEqual(mount.subPath, undefined, "a subPath mount would never see an updated ConfigMap");
        });
        assert.deepStrictEqual(Object.keys(maps[0].configMap.data as object), ["home.json"]);
    });

    it("an added or removed dashboard changes the ConfigMap's data only, never the pod template: Grafana does not restart", () => {
        const template = (model: ReturnType<typeof grafanaModel>) => (grafanaDeployment(model).spec as any).template;
        const base = grafanaModel(settingsWithGrafana());
        // The blackbox exporter adds the Probes dashboard, remote write the Remote write one; a dashboard less is the other way.
        const more = grafanaModel(settingsWithGrafana({ blackboxExporter: { enabled: true }, metrics: { remoteWrite: [{ url: "https://m.example.com/api/v1/write" }] } }));
        const fewer = { ...base, dashboards: base.dashboards.slice(1) };
        assert.ok(more.dashboards.length > base.dashboards.length);
        assert.notDeepStrictEqual(dashboardsConfigMaps(more).map((c) => c.configMap.data), dashboardsConfigMaps(base).map((c) => c.configMap.data));
        assert.deepStrictEqual(template(more), template(base));
        assert.deepStrictEqual(template(fewer), template(base));
    });

    it("Grafana opens on Home: default_home_dashboard_path names Home's file in the mounted dashboards ConfigMap", () => {
        const env = (grafanaDeployment(m).spec as any).template.spec.containers[0].env;
        const home = env.find((e: any) => e.name === "GF_DASHBOARDS_DEFAULT_HOME_DASHBOARD_PATH");
        assert.strictEqual(home?.value, "/var/lib/grafana-dashboards/home.json");
        assert.strictEqual(home.value, `${providers.providers[0].options.path}/home.json`, "the provider provisions the same file, so the dashboard exists");
        assert.strictEqual(JSON.parse((dashboardsConfigMap(m).data as Record<string, string>)["home.json"]).uid, "cm-home");
    });

    it("dashboards over the size one ConfigMap can hold are refused, naming the fix", () => {
        const big = { ...m, dashboards: [{ slug: "big", folder: "nodes" as const, json: { uid: "cm-big", title: "Big", description: "x".repeat(DASHBOARDS_CONFIG_MAP_LIMIT_BYTES) } }] };
        assert.throws(() => dashboardsConfigMap(big, "nodes"), /grafana-dashboards-nodes: the 1 dashboards take \d+ bytes, over the 921600 .* split the folder in two/);
        for (const { configMap } of dashboardsConfigMaps(grafanaModel(settingsWithGrafana({ searchStore: { enabled: true } })))) {
            // Under a quarter: the Compute Resources boards read the recording rules (about 214 kB of 900 KiB in the Kubernetes folder; 242 kB on raw queries).
            assert.ok(JSON.stringify(configMap.data).length < DASHBOARDS_CONFIG_MAP_LIMIT_BYTES / 4, `${JSON.stringify(configMap.data).length} bytes`);
        }
        // A stack without the default rules reads the raw families, whose joins are longer: still under half.
        for (const { configMap } of dashboardsConfigMaps(grafanaModel(settingsWithGrafana({ searchStore: { enabled: true }, alertRules: { defaults: false } })))) {
            assert.ok(JSON.stringify(configMap.data).length < DASHBOARDS_CONFIG_MAP_LIMIT_BYTES / 2, `${JSON.stringify(configMap.data).length} bytes`);
        }
    });

    it("a changed data source restarts Grafana; a changed dashboard does not need to", () => {
        const other = grafanaModel(settingsWithGrafana({ metrics: { scrapeInterval: "15s" } }));
        assert.notStrictEqual(provisioningChecksum(other), provisioningChecksum(grafanaModel(settingsWithGrafana())));
        const fewer = { ...grafanaModel(settingsWithGrafana()), dashboards: [] };
        assert.strictEqual(provisioningChecksum(fewer), provisioningChecksum(grafanaModel(settingsWithGrafana())));
    });
});

describe("Grafana's Deployment", () => {
    it("is hardened: uid 472, read-only root, emptyDirs for data and /tmp, no token, anonymous access off", () => {
        const pod = (grafanaDeployment(grafanaModel(settingsWithGrafana())).spec as any).template.spec;
        const c = pod.containers[0];
        assert.deepStrictEqual(pod.securityContext, { runAsNonRoot: true, runAsUser: 472, runAsGroup: 472, fsGroup: 472, seccompProfile: { type: "RuntimeDefault" } });
        assert.deepStrictEqual(c.securityContext, { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] }, readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: 472, runAsGroup: 472 });
        assert.strictEqual(pod.automountServiceAccountToken, false);
        assert.deepStrictEqual(pod.volumes.filter((v: any) => v.emptyDir).map((v: any) => v.name), ["data", "tmp"]);
        assert.strictEqual(c.env.find((e: any) => e.name === "GF_AUTH_ANONYMOUS_ENABLED").value, "false");
        assert.strictEqual(c.env.find((e: any) => e.name === "GF_SERVER_ROOT_URL"), undefined, "the default root URL is what a port-forward serves");
        assert.deepStrictEqual(c.env.find((e: any) => e.name === "GF_SECURITY_ADMIN_PASSWORD"), {
            name: "GF_SECURITY_ADMIN_PASSWORD",
            valueFrom: { secretKeyRef: { name: "grafana", key: "admin-password" } },
        });
    });

    it("with persistence: a claim through the storage settings, and Recreate so the volume can move", () => {
        const g = settingsWithGrafana({ grafana: { persistence: true, storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/exports/grafana" } } } }).grafana;
        const claim = grafanaDataClaim(g)!;
        assert.deepStrictEqual(claim.metadata, { name: "grafana-data", namespace: "monitoring" });
        assert.deepStrictEqual((claim.spec as any).selector, { matchLabels: { name: "grafana-data" } });
        assert.strictEqual((grafanaDataVolume(g)!.spec as any).nfs.path, "/exports/grafana");
        const d = grafanaDeployment({ ...grafanaModel(settingsWithGrafana()), grafana: g });
        assert.strictEqual((d.spec as any).strategy.type, "Recreate");
        assert.deepStrictEqual((d.spec as any).template.spec.volumes[0], { name: "data", persistentVolumeClaim: { claimName: "grafana-data" } });
        assert.strictEqual(grafanaDataClaim(settingsWithGrafana().grafana), undefined);
    });
});

describe("Grafana's passwords stay in its Secret", function () {

    it("no ConfigMap, Deployment, annotation or other object of the program holds either password", async () => {
        const config = { ...requiredConfig(), grafana: {}, logs: { search: { host: "search.example.com", port: 443, scheme: "https", user: "fluentd" } } };
        const { resources } = await runProgram(config, { grafanaAdminPassword: ADMIN, searchPassword: SEARCH });
        const holding = (secret: string) => resources.filter((r) => !isSecretGeneration(r) && JSON.stringify(r.inputs).includes(secret)).map((r) => `${r.type} ${r.name}`);
        assert.deepStrictEqual(holding(ADMIN), ["kubernetes:core/v1:Secret grafana-secret"]);
        // Beside them, only the generations of the Secrets that hold them, whose keepers are Pulumi secrets.
        const generations = (secret: string) => resources.filter((r) => isSecretGeneration(r) && JSON.stringify(r.inputs).includes(secret)).map((r) => r.name);
        assert.deepStrictEqual(generations(ADMIN), ["grafana-secret-generation"]);
        assert.deepStrictEqual(generations(SEARCH).sort(), ["grafana-secret-generation", "log-agent-search-credentials-generation"]);
        assert.deepStrictEqual(holding(SEARCH).sort(), ["kubernetes:core/v1:Secret grafana-secret", "kubernetes:core/v1:Secret log-agent-search-credentials"].sort());
        const configMaps = resources.filter((r) => r.type === "kubernetes:core/v1:ConfigMap" && r.name.startsWith("grafana"));
        // Data sources, the dashboard provider, and every dashboard folder's: the check saw them all.
        assert.deepStrictEqual(
            configMaps.map((r) => r.name).sort(),
            ["grafana-dashboard-provider", "grafana-dashboards", "grafana-dashboards-kubernetes", "grafana-dashboards-logs", "grafana-dashboards-monitoring", "grafana-dashboards-nodes", "grafana-dashboards-workloads", "grafana-datasources"],
        );
    });
});
