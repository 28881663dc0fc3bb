import * as assert from "assert";
import { parse } from "yaml";
import { agentConfigFiles } from "../components/log-agent/config-map";
import { daemonSet } from "../components/log-agent/daemonset";
import { logAgentSettings } from "../components/log-agent/agent-settings";
import { curlrc } from "../components/search-store/opensearch/credentials";
import { dashboardsYaml, internalUsersYaml, openSearchYaml, rolesYaml } from "../components/search-store/opensearch/settings-files";
import { exporterDeployment } from "../components/search-store/exporter";
import { blockedNeeds, describeConnection, neededConnections, OUTSIDE, podsOf, stranger, unneededAllowed } from "./harness/flow-graph";
import { openSearchStatefulSet } from "../components/search-store/opensearch/statefulset";
import { ConfigError, ConfigProblem, plainConfigSource } from "../config";
import { KubernetesObject } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { loadStackSettings } from "../stack";
import { formatProblems, kubernetesSchemaProblems } from "../validate";
import { podSecurityLevel } from "../validate/pod-security";
import { runProgram } from "./harness/program";
import { GRAFANA_SECRETS, requiredConfig, settingsWith } from "./harness/stack-config";
import { grafanaModel } from "./harness/grafana-model";
import { dataSourcesConfigMap } from "../components/grafana/config-maps";

const OPENSEARCH_LINE = "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1";
const STORE = { enabled: true, kind: "opensearch", tls: { secretName: "logs-store-tls" } };
const LOGS = { image: OPENSEARCH_LINE, search: { host: "elasticsearch-logging", scheme: "https" } };

function config(store: Record<string, unknown> = STORE, logs: Record<string, unknown> = LOGS): Record<string, any> {
    return { ...requiredConfig(), logs, searchStore: store };
}

function problemsOf(c: Record<string, any>): ConfigProblem[] {
    try {
        loadStackSettings(plainConfigSource(c));
    } catch (e) {
        assert.ok(e instanceof ConfigError, String(e));
        return e.problems;
    }
    assert.fail("the stack was accepted");
}

function problemAt(problems: ConfigProblem[], key: string): ConfigProblem {
    const p = problems.find((x) => x.key === `cluster-monitoring:${key}`);
    assert.ok(p, `no problem at ${key}; got:\n${problems.map((x) => `${x.key}: ${x.expected}`).join("\n")}`);
    return p!;
}

describe("the in-cluster OpenSearch store (docs/log-store.md)", () => {
    describe("settings: refused at load, naming the key", () => {
        it("an OpenSearch store without a certificate: searchStore.tls", () => {
            assert.match(problemAt(problemsOf(config({ enabled: true, kind: "opensearch" })), "searchStore.tls").expected, /kubernetes\.io\/tls Secret/);
        });

        it("a certificate for Elasticsearch OSS, which would do nothing: searchStore.tls", () => {
            const p = problemAt(problemsOf(config({ enabled: true, tls: { secretName: "x" } }, { search: { host: "elasticsearch-logging" } })), "searchStore.tls");
            assert.match(p.expected, /^nothing for kind elasticsearch-oss/);
        });

        it("the exporter on for OpenSearch without the store's certificate, which it verifies the store with: searchStore.tls", () => {
            const problems = problemsOf(config({ enabled: true, kind: "opensearch", exporter: { enabled: true } }));
            assert.deepStrictEqual(problems.map((p) => p.key), ["cluster-monitoring:searchStore.tls"]);
        });

        it("an exporter older than the flags and families the OpenSearch store's exporter reads: searchStore.exporter.image", () => {
            const p = problemAt(problemsOf(config({ ...STORE, exporter: { image: "quay.io/prometheuscommunity/elasticsearch-exporter:v1.6.0" } })), "searchStore.exporter.image");
            assert.match(p.expected, /1\.7\.0/);
        });

        it("an OpenSearch 1.x image, or an Elasticsearch image as OpenSearch: searchStore.image; Dashboards of another version: searchStore.kibana.image", () => {
            assert.match(problemAt(problemsOf(config({ ...STORE, image: "opensearchproject/opensearch:1.3.20" })), "searchStore.image").expected, /version 2\.0\.0 or newer/);
            assert.match(problemAt(problemsOf(config({ ...STORE, kibana: { image: "opensearchproject/opensearch-dashboards:3.5.0" } })), "searchStore.kibana.image").expected, /OpenSearch Dashboards image of the store's version 3\.6\.0/);
        });

        it("an OpenSearch store with the Elasticsearch output (line 1.6.3, the default): logs.image, naming the mapping type", () => {
            const p = problemAt(problemsOf(config(STORE, { search: { host: "elasticsearch-logging", scheme: "https" } })), "logs.image");
            assert.match(p.expected, /in-cluster OpenSearch/);
            assert.match(p.expected, /type_name _doc/);
            assert.match(p.expected, /line 1\.19-opensearch/);
        });

        it("an OpenSearch store with the elasticsearch8 line: logs.image, naming the client's product check", () => {
            const p = problemAt(problemsOf(config(STORE, { ...LOGS, image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-elasticsearch8-1.1" })), "logs.image");
            assert.match(p.expected, /X-Elastic-Product/);
        });

        it("the reverse, the Elasticsearch OSS store with the opensearch line: logs.image", () => {
            const p = problemAt(problemsOf(config({ enabled: true }, { image: OPENSEARCH_LINE, search: { host: "elasticsearch-logging" } })), "logs.image");
            assert.match(p.expected, /OpenSearch output/);
        });

        it("plain http, a user of the stack's own, or no certificate check towards the OpenSearch store: logs.search.scheme, .user, .sslVerify", () => {
            const problems = problemsOf(config(STORE, { image: OPENSEARCH_LINE, search: { host: "elasticsearch-logging", scheme: "https", user: "fluentd", sslVerify: false } }));
            assert.match(problemAt(problems, "logs.search.user").expected, /generates/);
            problemAt(problems, "logs.search.sslVerify");
            problemAt(problemsOf(config(STORE, { image: OPENSEARCH_LINE, search: { host: "elasticsearch-logging" } })), "logs.search.scheme");
        });
    });

    describe("what it builds", () => {
        const s = settingsWith({ logs: LOGS, searchStore: STORE });
        const store = s.searchStore;

        it("defaults follow the kind: OpenSearch and Dashboards 3.6.0; the exporter on for both kinds", () => {
            assert.strictEqual(store.image, "docker.io/opensearchproject/opensearch:3.6.0");
            assert.strictEqual(store.kibana.image, "docker.io/opensearchproject/opensearch-dashboards:3.6.0");
            assert.strictEqual(store.exporter.enabled, true);
            assert.strictEqual(settingsWith({ logs: LOGS, searchStore: { ...STORE, exporter: { enabled: false } } }).searchStore.exporter.enabled, false);
            const es = settingsWith({ searchStore: { enabled: true } }).searchStore;
            assert.strictEqual(es.image, "docker.elastic.co/elasticsearch/elasticsearch-oss:7.10.2");
            assert.strictEqual(es.exporter.enabled, true);
        });

        it("opensearch.yml: HTTPS and transport TLS from the stack's Secret inside the config directory, one node, mmap off, security index from the files", () => {
            const y = parse(openSearchYaml(store));
            assert.strictEqual(y["plugins.security.ssl.http.enabled"], true);
            for (const layer of ["http", "transport"]) {
                assert.deepStrictEqual(
                    [y[`plugins.security.ssl.${layer}.pemcert_filepath`], y[`plugins.security.ssl.${layer}.pemkey_filepath`], y[`plugins.security.ssl.${layer}.pemtrustedcas_filepath`]],
                    ["tls/tls.crt", "tls/tls.key", "tls/ca.crt"],
                );
            }
            assert.strictEqual(y["discovery.type"], "single-node");
            assert.strictEqual(y["node.store.allow_mmap"], false);
            assert.strictEqual(y["plugins.security.allow_default_init_securityindex"], true);
            const sts: any = openSearchStatefulSet(store);
            const c = sts.spec.template.spec.containers[0];
            const tls = c.volumeMounts.find((m: any) => m.name === "tls");
            assert.strictEqual(tls.mountPath, "/usr/share/opensearch/config/tls", "the security plugin reads PEM files only under its config directory");
            assert.ok(c.env.some((e: any) => e.name === "DISABLE_INSTALL_DEMO_CONFIG" && e.value === "true"));
            assert.strictEqual(sts.spec.template.spec.volumes.find((v: any) => v.name === "tls").secret.secretName, "logs-store-tls");
        });

        it("internal_users.yml holds the three users and their hashes only, the agent's user with backend role logstash (write to logstash-* only), the exporter's with the monitoring role only; .curlrc admin's user, password and CA", () => {
            const y = parse(internalUsersYaml({ admin: "$2a$10$admin", agent: "$2a$10$agent", exporter: "$2a$10$exporter" }));
            assert.deepStrictEqual(Object.keys(y), ["_meta", "admin", "fluentd", "prometheus-exporter"]);
            assert.deepStrictEqual([y.admin.hash, y.admin.backend_roles], ["$2a$10$admin", ["admin"]]);
            assert.deepStrictEqual([y.fluentd.hash, y.fluentd.backend_roles], ["$2a$10$agent", ["logstash"]]);
            // No backend role, so the default roles_mapping.yml maps it to nothing but its own role (and own_index, which every user has).
            const exporter = y["prometheus-exporter"];
            assert.deepStrictEqual([exporter.hash, exporter.backend_roles, exporter.opendistro_security_roles], ["$2a$10$exporter", [], ["cluster_monitoring_exporter"]]);
            assert.strictEqual(curlrc("Pw1"), 'user = "admin:Pw1"\ncacert = "/etc/curl-ca/ca.crt"\n');
        });

        it("roles.yml: the exporter's role holds cluster_monitor (cluster:monitor/*) and no index permission, mounted over the image's file", () => {
            const y = parse(rolesYaml());
            assert.deepStrictEqual(Object.keys(y), ["_meta", "cluster_monitoring_exporter"]);
            assert.deepStrictEqual(y._meta, { type: "roles", config_version: 2 });
            assert.deepStrictEqual([y.cluster_monitoring_exporter.cluster_permissions, y.cluster_monitoring_exporter.index_permissions], [["cluster_monitor"], []]);
            const sts: any = openSearchStatefulSet(store);
            const mount = sts.spec.template.spec.containers[0].volumeMounts.find((m: any) => m.subPath === "roles.yml");
            assert.deepStrictEqual([mount.name, mount.mountPath], ["settings", "/usr/share/opensearch/config/opensearch-security/roles.yml"]);
            assert.ok(sts.spec.template.spec.volumes.find((v: any) => v.name === "settings").configMap.items.some((i: any) => i.key === "roles.yml"));
        });

        it("the exporter: its own user, its password from the credentials Secret, the store's CA and https; nothing secret in its arguments", () => {
            const pod: any = (exporterDeployment(store).spec as any).template.spec;
            const c = pod.containers[0];
            assert.deepStrictEqual(c.args.slice(0, 2), ["--es.uri=https://elasticsearch-logging.kube-system.svc:9200", "--es.ca=/etc/search-store-ca/ca.crt"]);
            assert.ok(!c.args.some((a: string) => /ssl-skip-verify|@/.test(a)), c.args.join(" "));
            assert.deepStrictEqual(c.env, [
                { name: "ES_USERNAME", value: "prometheus-exporter" },
                { name: "ES_PASSWORD", valueFrom: { secretKeyRef: { name: "elasticsearch-logging-credentials", key: "exporter-password" } } },
            ]);
            assert.deepStrictEqual(pod.volumes, [{ name: "search-store-ca", secret: { secretName: "logs-store-tls", items: [{ key: "ca.crt", path: "ca.crt" }] } }]);
            assert.deepStrictEqual(c.volumeMounts, [{ name: "search-store-ca", mountPath: "/etc/search-store-ca", readOnly: true }]);
            // The Elasticsearch OSS store's exporter: plain http, no user, no CA.
            const es: any = (exporterDeployment(settingsWith({ searchStore: { enabled: true } }).searchStore).spec as any).template.spec;
            assert.deepStrictEqual([es.containers[0].env, es.volumes, es.containers[0].args[0]], [undefined, undefined, "--es.uri=http://elasticsearch-logging.kube-system.svc:9200"]);
        });

        it("Dashboards verifies the store against the CA, reads its password from the environment, and serves HTTPS", () => {
            const y = parse(dashboardsYaml(store));
            assert.deepStrictEqual(y["opensearch.hosts"], ["https://elasticsearch-logging.kube-system.svc:9200"]);
            assert.strictEqual(y["opensearch.ssl.verificationMode"], "full");
            assert.strictEqual(y["opensearch.password"], "${OPENSEARCH_PASSWORD}");
            assert.strictEqual(y["server.ssl.enabled"], true);
        });

        it("the log agent: the opensearch output with its own user, the store's CA and its generated password from the store's Secret", () => {
            const output = agentConfigFiles(logAgentSettings(s))["output.conf"].split("\n").map((l) => l.trim());
            for (const l of ["@type opensearch", "scheme https", 'user "fluentd"', 'password "#{ENV[\'OUTPUT_PASSWORD\']}"', "ca_file /etc/search-store-ca/ca.crt"]) {
                assert.ok(output.includes(l), `${l}\n${output.join("\n")}`);
            }
            const pod: any = (daemonSet(logAgentSettings(s)).spec as any).template.spec;
            const env = pod.containers[0].env.find((e: any) => e.name === "OUTPUT_PASSWORD");
            assert.deepStrictEqual(env.valueFrom.secretKeyRef, { name: "elasticsearch-logging-credentials", key: "agent-password" });
            assert.deepStrictEqual(pod.volumes.find((v: any) => v.name === "search-store-ca").secret, { secretName: "logs-store-tls", items: [{ key: "ca.crt", path: "ca.crt" }] });
        });
    });

    describe("rendered: schema, Pod Security, network policies, secrets", () => {
        let objects: KubernetesObject[];
        before(async () => {
            objects = kubernetesObjects((await runProgram(config({ ...STORE, retention: { days: 14 } }))).resources);
        });
        const named = (kind: string, name: string): any => {
            const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
            assert.ok(o, `${kind} ${name}`);
            return o;
        };

        it("every object is valid against the Kubernetes 1.33 schema", () => {
            const problems = kubernetesSchemaProblems(objects);
            assert.deepStrictEqual(problems, [], formatProblems(problems));
        });

        it("the store, Dashboards and the curl jobs are at the restricted level (mmap off)", () => {
            for (const [kind, name] of [
                ["StatefulSet", "elasticsearch-logging"],
                ["Deployment", "kibana-logging"],
                ["Job", "elasticsearch-logging-template"],
                ["Job", "kibana-logging-index-pattern"],
                ["Deployment", "elasticsearch-logging-exporter"],
            ]) {
                const o = named(kind, name);
                assert.strictEqual(podSecurityLevel(o.spec.template.spec).level, "restricted", `${kind} ${name}`);
            }
            const cron = named("CronJob", "elasticsearch-logging-retention");
            assert.strictEqual(podSecurityLevel(cron.spec.jobTemplate.spec.template.spec).level, "restricted");
        });

        it("each of them has its own NetworkPolicy, and the store admits the agent, Dashboards, the jobs and the exporter on its port only; Prometheus reaches the exporter", () => {
            for (const name of ["elasticsearch-logging", "kibana-logging", "elasticsearch-logging-template", "kibana-logging-index-pattern", "elasticsearch-logging-retention", "elasticsearch-logging-exporter"]) {
                named("NetworkPolicy", name);
            }
            const store = named("NetworkPolicy", "elasticsearch-logging");
            const from = store.spec.ingress.flatMap((r: any) => r.from.map((f: any) => JSON.stringify(f.podSelector?.matchLabels ?? f)));
            for (const app of ["fluentd-es", "kibana-logging", "elasticsearch-logging-template", "elasticsearch-logging-retention", "elasticsearch-logging-exporter"]) {
                assert.ok(from.some((f: string) => f.includes(app)), `${app} among ${from.join(", ")}`);
            }
            assert.ok(store.spec.ingress.every((r: any) => r.ports.every((p: any) => p.port === "db")));
            const exporter = named("NetworkPolicy", "elasticsearch-logging-exporter");
            const toStore = exporter.spec.egress.filter((r: any) => (r.to ?? []).some((t: any) => JSON.stringify(t.podSelector?.matchLabels ?? {}).includes('"elasticsearch-logging"')));
            assert.ok(toStore.length > 0 && toStore.every((r: any) => r.ports.every((p: any) => p.port === "db" || p.port === 9200)), JSON.stringify(exporter.spec.egress));
            const scrapers = exporter.spec.ingress.flatMap((r: any) => r.from.map((f: any) => JSON.stringify(f.podSelector?.matchLabels ?? f)));
            assert.ok(scrapers.some((f: string) => f.includes('"app":"monitor"')), scrapers.join(", "));
        });

        it("the flow graph: every connection the OpenSearch stack's config makes (the exporter's https --es.uri among them) is allowed, and nothing else", () => {
            const sources = [...[...new Set([...podsOf(objects).map((p) => p.namespace), "default", "kube-system"])].map(stranger), OUTSIDE];
            const needed = neededConnections(objects, sources);
            assert.ok(needed.some((c) => c.why === "--es.uri of elasticsearch-logging-exporter" || describeConnection(c).includes("--es.uri")), needed.map(describeConnection).join("\n"));
            assert.deepStrictEqual(blockedNeeds(objects, needed).map(describeConnection), []);
            assert.deepStrictEqual(unneededAllowed(objects, needed).map(describeConnection), []);
        });

        it("the curl jobs read the .curlrc and CA from Secrets, and no password appears in any ConfigMap, env value or argument", () => {
            const job = named("Job", "elasticsearch-logging-template").spec.template.spec;
            assert.ok(job.containers[0].env.some((e: any) => e.name === "CURL_HOME" && e.value === "/etc/curl"));
            assert.deepStrictEqual(job.volumes.find((v: any) => v.name === "curlrc").secret.items, [{ key: ".curlrc", path: ".curlrc" }]);
            assert.match(named("Job", "elasticsearch-logging-template").spec.template.spec.containers[0].env.find((e: any) => e.name === "SEARCH_URL").value, /^https:/);
            const secret = named("Secret", "elasticsearch-logging-credentials");
            assert.ok("exporter-password" in secret.stringData, Object.keys(secret.stringData).join(", "));
            for (const v of Object.values<string>(secret.stringData)) {
                assert.strictEqual(v, "[secret]");
            }
            // The render's random provider returns mock-generated-<name> and mock-bcrypt-<name> (render/engine-mocks.ts).
            const text = JSON.stringify(objects);
            for (const generated of ["search-store-password", "search-store-agent-password", "search-store-exporter-password"]) {
                assert.ok(!text.includes(`mock-generated-${generated}`), `the password ${generated} appears in a rendered object`);
                assert.ok(!text.includes(`mock-bcrypt-${generated}`), `the hash of ${generated} appears in a rendered object`);
            }
        });
    });

    it("Grafana: no Elasticsearch data source and no Logs board while the agent writes to OpenSearch, which that data source does not support", () => {
        const s = settingsWith({ logs: LOGS, searchStore: STORE, grafana: { enabled: true } }, GRAFANA_SECRETS);
        const m = grafanaModel(s);
        const types = parse((dataSourcesConfigMap(m).data as Record<string, string>)["datasources.yaml"]).datasources.map((d: any) => d.type);
        assert.deepStrictEqual(types.includes("elasticsearch"), false, types.join(", "));
        assert.deepStrictEqual(m.dashboards.map((d) => d.json.uid).includes("cm-logs"), false);
        // The Elasticsearch lines keep both.
        const es = grafanaModel(settingsWith({ grafana: { enabled: true } }, GRAFANA_SECRETS));
        assert.ok(parse((dataSourcesConfigMap(es).data as Record<string, string>)["datasources.yaml"]).datasources.some((d: any) => d.type === "elasticsearch"));
        assert.ok(es.dashboards.some((d) => d.json.uid === "cm-logs"));
    });
});
