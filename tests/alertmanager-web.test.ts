import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { parse } from "yaml";
import { consoles } from "../components/consoles";
import { networkPolicyObjects } from "../components/network-policies/network-policies";
import { CREDENTIALS_ANNOTATIONS, generatedWebPasswordArgs } from "../components/common/web-password";
import { ConfigError } from "../config";
import { mockedProviderOutputs, unwrapSecret } from "../render/engine-mocks";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { SECRET_MARKER } from "../render/secret-marker";
import { accessText } from "../scripts/access-text";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { podSecurityLevel } from "../validate/pod-security";
import { outputValue, runProgram } from "./harness/program";
import { findOne, ofType, RegisteredResource } from "./harness/pulumi-mocks";
import { secretsInArguments } from "./harness/secrets-in-arguments";
import { GRAFANA_SECRETS, requiredConfig, settingsWith } from "./harness/stack-config";
import { scrapeJobsWithReach } from "../stack/scrape-jobs";

/**
 * alertmanager.web (docs/security.md#alertmanager-web-config): on the default Prometheus v2.11.1
 * (the client side, which every line reads), every caller of Alertmanager's web port follows it:
 * the probes, Prometheus' alerting and its alertmanager-web scrape job, Grafana's data source and
 * the access text; the password and its hash reach them only through Secrets, and the gossip
 * port stays as it was. The real binaries behind these objects: tests/alertmanager-web.real.test.ts.
 */

const RANDOM_PASSWORD = "random:index/randomPassword:RandomPassword";
const MOCK = mockedProviderOutputs(RANDOM_PASSWORD, "alertmanager-web-password") as { result: string; bcryptHash: string };
const WEB = { tls: { secretName: "alertmanager-web-tls" }, basicAuth: { username: "alerts" } };

function stackWith(web: unknown, alertmanager: Record<string, unknown> = {}): Record<string, unknown> {
    const base = requiredConfig();
    return { ...base, grafana: { enabled: true }, alertmanager: { web, ...alertmanager } };
}

function container(resources: RegisteredResource[], kind: string, name: string, containerName: string): any {
    return findOne(resources, kind, name).inputs.spec.template.spec.containers.find((c: any) => c.name === containerName);
}

function prometheusYml(resources: RegisteredResource[]): any {
    return parse(findOne(resources, "kubernetes:core/v1:ConfigMap", "monitor").inputs.data["prometheus.yml"]);
}

describe("alertmanager.web: TLS and basic auth on Alertmanager's web port", () => {
    it("is accepted with the default Prometheus v2.11.1, and a job named alertmanager-web elsewhere is refused", () => {
        assert.deepStrictEqual(settingsWith({ alertmanager: { web: WEB } }).alertmanager.web, WEB);
        try {
            settingsWith({ alertmanager: { web: WEB }, metrics: { services: [{ name: "alertmanager-web", namespace: "kube-system", selector: { app: "x" }, port: "web" }] } });
            assert.fail("expected a ConfigError");
        } catch (e) {
            assert.ok(e instanceof ConfigError, String(e));
            assert.match(e.message, /metrics\.services\[0\]\.name.*alertmanager\.web/s);
        }
    });

    describe("the program with tls and basicAuth", () => {
        let resources: RegisteredResource[];
        let exports: Record<string, any>;
        before(async () => {
            ({ resources, exports } = await runProgram(stackWith(WEB, { replicas: 2, storage: { mode: "storageClass" } }), GRAFANA_SECRETS));
        });

        it("generates the password with its bcrypt hash, and exports it as a Pulumi secret", async () => {
            const generator = ofType(resources, RANDOM_PASSWORD).find((r) => r.name === "alertmanager-web-password");
            assert.ok(generator, "no RandomPassword alertmanager-web-password");
            assert.deepStrictEqual(Object.fromEntries(Object.entries(generator.inputs).filter(([k]) => k in generatedWebPasswordArgs())), generatedWebPasswordArgs());
            assert.strictEqual(await pulumi.isSecret(exports.alertmanagerWebPassword), true);
            assert.strictEqual(await outputValue(exports.alertmanagerWebPassword), MOCK.result);
            assert.strictEqual(await outputValue(exports.alertmanagerWebUser), "alerts");
        });

        it("rolls Grafana when the password is replaced: a UUID kept by the password, never the password, in its pod template", () => {
            const generation = ofType(resources, "random:index/randomUuid:RandomUuid").find((r) => r.name === "alertmanager-web-password-generation");
            assert.ok(generation, "no RandomUuid alertmanager-web-password-generation");
            assert.strictEqual(unwrapSecret(generation.inputs.keepers).password, MOCK.result);
            const uuid = (mockedProviderOutputs("random:index/randomUuid:RandomUuid", "alertmanager-web-password-generation") as { result: string }).result;
            const annotations = findOne(resources, "kubernetes:apps/v1:Deployment", "grafana").inputs.spec.template.metadata.annotations;
            assert.strictEqual(annotations[CREDENTIALS_ANNOTATIONS.alertmanager], uuid);
            assert.strictEqual(annotations[CREDENTIALS_ANNOTATIONS.prometheus], undefined, "Prometheus has no generated password in this stack");
            assert.ok(!JSON.stringify(annotations).includes(MOCK.result));
        });

        it("puts the web config file (with the hash) and the password in a Secret, and nowhere in the rendered manifests", () => {
            const data = unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "alertmanager-web").inputs.stringData);
            assert.deepStrictEqual(parse(data["web.yml"]), {
                tls_server_config: { cert_file: "/etc/alertmanager/web-tls/tls.crt", key_file: "/etc/alertmanager/web-tls/tls.key" },
                basic_auth_users: { alerts: MOCK.bcryptHash },
            });
            assert.strictEqual(data.password, MOCK.result);
            const objects = kubernetesObjects(resources);
            const rendered = JSON.stringify(objects);
            for (const value of [MOCK.result, MOCK.bcryptHash]) {
                assert.ok(!rendered.includes(value), `the rendered manifests contain ${value}`);
            }
            const secret = objects.find((o: any) => o.kind === "Secret" && o.metadata.name === "alertmanager-web") as any;
            assert.deepStrictEqual(secret.stringData, { "web.yml": SECRET_MARKER, password: SECRET_MARKER });
        });

        it("starts Alertmanager with --web.config.file, mounts web.yml and the serving pair only, probes by TCP, and keeps the gossip port plain", () => {
            const c = container(resources, "kubernetes:apps/v1:StatefulSet", "alertmanager", "alertmanager");
            assert.ok(c.args.includes("--web.config.file=/etc/alertmanager/web/web.yml"));
            assert.ok(!c.args.some((a: string) => a.startsWith("--cluster.tls-config")));
            assert.ok(c.args.some((a: string) => a.startsWith("--cluster.peer=")));
            for (const p of [c.livenessProbe, c.readinessProbe]) {
                assert.deepStrictEqual(p.tcpSocket, { port: "web" });
                assert.strictEqual(p.httpGet, undefined);
            }
            const volumes = findOne(resources, "kubernetes:apps/v1:StatefulSet", "alertmanager").inputs.spec.template.spec.volumes;
            assert.deepStrictEqual(volumes.find((v: any) => v.name === "web-config").secret, { secretName: "alertmanager-web", defaultMode: 0o440, items: [{ key: "web.yml", path: "web.yml" }] });
            assert.deepStrictEqual(volumes.find((v: any) => v.name === "web-tls").secret.items.map((i: any) => i.key), ["tls.crt", "tls.key"]);
        });

        it("sends alerts over https with the CA and the password file, using only alertmanager_config keys of v2.11", () => {
            const [am] = prometheusYml(resources).alerting.alertmanagers;
            assert.strictEqual(am.scheme, "https");
            assert.deepStrictEqual(am.tls_config, { ca_file: "/etc/prometheus/secrets/alertmanager-web-tls/ca.crt", server_name: "alertmanager.monitoring.svc" });
            assert.deepStrictEqual(am.basic_auth, { username: "alerts", password_file: "/etc/prometheus/secrets/alertmanager-web/password" });
            // prometheus/common's HTTPClientConfig as v2.11.1 inlines it into alertmanager_config.
            const known211 = ["timeout", "api_version", "path_prefix", "scheme", "basic_auth", "bearer_token", "bearer_token_file", "tls_config", "proxy_url", "kubernetes_sd_configs", "file_sd_configs", "static_configs", "relabel_configs"];
            assert.deepStrictEqual(Object.keys(am).filter((k) => !known211.includes(k)), []);
            assert.deepStrictEqual(Object.keys(am.basic_auth).concat(Object.keys(am.tls_config)).filter((k) => !["username", "password_file", "ca_file", "server_name"].includes(k)), []);
        });

        it("mounts into Prometheus only the password key of Alertmanager's web Secret and ca.crt of its TLS Secret", () => {
            const sts = findOne(resources, "kubernetes:apps/v1:StatefulSet", "monitor").inputs.spec.template.spec;
            assert.deepStrictEqual(sts.volumes.find((v: any) => v.name === "alertmanager-web").secret, { secretName: "alertmanager-web", defaultMode: 0o440, items: [{ key: "password", path: "password" }] });
            assert.deepStrictEqual(sts.volumes.find((v: any) => v.name === "alertmanager-web-tls").secret, { secretName: "alertmanager-web-tls", defaultMode: 0o440, items: [{ key: "ca.crt", path: "ca.crt" }] });
            const mounts = sts.containers.find((c: any) => c.name === "monitor").volumeMounts;
            assert.deepStrictEqual(mounts.filter((m: any) => m.name.startsWith("alertmanager-web")).map((m: any) => m.mountPath), ["/etc/prometheus/secrets/alertmanager-web", "/etc/prometheus/secrets/alertmanager-web-tls"]);
        });

        it("scrapes Alertmanager in its own job with the credentials, and the monitor job drops it", () => {
            const config = prometheusYml(resources);
            const job = config.scrape_configs.find((j: any) => j.job_name === "alertmanager-web");
            assert.strictEqual(job.scheme, "https");
            assert.deepStrictEqual(job.basic_auth, { username: "alerts", password_file: "/etc/prometheus/secrets/alertmanager-web/password" });
            assert.strictEqual(job.tls_config.server_name, "alertmanager.monitoring.svc");
            // Only the web port: the gossip ports share the Service.
            assert.deepStrictEqual(job.relabel_configs[0], { action: "keep", source_labels: ["__meta_kubernetes_service_name", "__meta_kubernetes_endpoint_port_name"], regex: "alertmanager;web", separator: ";" });
            const monitor = config.scrape_configs.find((j: any) => j.job_name === "monitor");
            assert.strictEqual(monitor.basic_auth, undefined);
            assert.ok(monitor.relabel_configs.some((r: any) => r.action === "drop" && r.regex === "monitoring;alertmanager"));
        });

        it("gives Grafana's Alertmanager data source https, basic auth and the CA: the password copied into Grafana's own Secret, ca.crt alone of the TLS Secret", () => {
            const cm = findOne(resources, "kubernetes:core/v1:ConfigMap", "grafana-datasources");
            const ds = parse(cm.inputs.data["datasources.yaml"]).datasources.find((d: any) => d.uid === "alertmanager");
            assert.strictEqual(ds.url, "https://alertmanager.monitoring.svc:9093");
            assert.strictEqual(ds.basicAuth, true);
            assert.strictEqual(ds.basicAuthUser, "alerts");
            assert.strictEqual(ds.jsonData.tlsAuthWithCACert, true);
            assert.deepStrictEqual(ds.secureJsonData, { basicAuthPassword: "$ALERTMANAGER_PASSWORD", tlsCACert: "$ALERTMANAGER_CA" });
            const env = container(resources, "kubernetes:apps/v1:Deployment", "grafana", "grafana").env;
            assert.deepStrictEqual(env.find((e: any) => e.name === "ALERTMANAGER_PASSWORD").valueFrom, { secretKeyRef: { name: "grafana", key: "alertmanager-password" } });
            // A copy in the Secret the Deployment waits for: a replaced password is there before the pods roll.
            assert.strictEqual(unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "grafana").inputs.stringData)["alertmanager-password"], MOCK.result);
            assert.deepStrictEqual(env.find((e: any) => e.name === "ALERTMANAGER_CA").valueFrom, { secretKeyRef: { name: "alertmanager-web-tls", key: "ca.crt" } });
        });

        it("puts no Secret into any container's arguments, neither its value nor a $(VAR) Kubernetes fills from one", () => {
            assert.deepStrictEqual(secretsInArguments(resources, [MOCK.result, MOCK.bcryptHash]), []);
        });

        it("passes the schema, reference and pod-security checks", () => {
            const objects = kubernetesObjects(resources);
            const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects)];
            assert.deepStrictEqual(problems, [], formatProblems(problems));
            const sts = objects.find((o: any) => o.kind === "StatefulSet" && o.metadata.name === "alertmanager") as any;
            assert.strictEqual(podSecurityLevel(sts.spec.template.spec).level, "restricted");
        });
    });

    it("keeps the NetworkPolicies as they are without web: the same ports between the same workloads", () => {
        const sorted = (rules: unknown) => ((rules as unknown[] | undefined) ?? []).map((r) => JSON.stringify(r)).sort();
        const describe = (s: ReturnType<typeof settingsWith>) =>
            networkPolicyObjects(s, scrapeJobsWithReach((s)))
                .map((p: any) => JSON.stringify({ ...p, spec: { ...p.spec, ingress: sorted(p.spec.ingress), egress: sorted(p.spec.egress) } }))
                .sort();
        const plain = settingsWith({ grafana: { enabled: true }, alertmanager: { replicas: 2, storage: { mode: "storageClass" } } }, GRAFANA_SECRETS);
        const secured = settingsWith({ grafana: { enabled: true }, alertmanager: { replicas: 2, storage: { mode: "storageClass" }, web: WEB } }, GRAFANA_SECRETS);
        assert.deepStrictEqual(describe(secured), describe(plain));
    });

    it("tells the access command https and the command that shows the password, never the password", () => {
        const s = settingsWith({ alertmanager: { web: WEB } });
        const list = consoles(s);
        assert.strictEqual(list.find((c) => c.title === "Alertmanager")!.scheme, "https");
        const text = accessText({ consoles: list, alertmanagerWebUser: "alerts" }, "dev", "kind-dev", "pulumi stack output");
        assert.match(text, /then https:\/\/localhost:9093\//);
        assert.match(text, /Alertmanager login: user alerts/);
        assert.match(text, /pulumi stack output alertmanagerWebPassword --show-secrets --stack dev/);
    });

    describe("with tls alone", () => {
        it("keeps the HTTP probes' paths over HTTPS, generates no password and sends no credentials", async () => {
            const { resources, exports } = await runProgram(stackWith({ tls: WEB.tls }), GRAFANA_SECRETS);
            const c = container(resources, "kubernetes:apps/v1:StatefulSet", "alertmanager", "alertmanager");
            assert.deepStrictEqual(c.readinessProbe.httpGet, { path: "/-/ready", port: "web", scheme: "HTTPS" });
            assert.deepStrictEqual(c.livenessProbe.httpGet, { path: "/-/healthy", port: "web", scheme: "HTTPS" });
            assert.ok(!ofType(resources, RANDOM_PASSWORD).some((r) => r.name === "alertmanager-web-password"));
            assert.strictEqual(exports.alertmanagerWebPassword, undefined);
            assert.deepStrictEqual(Object.keys(unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "alertmanager-web").inputs.stringData)), ["web.yml"]);
            const [am] = prometheusYml(resources).alerting.alertmanagers;
            assert.strictEqual(am.scheme, "https");
            assert.strictEqual(am.basic_auth, undefined);
            const env = container(resources, "kubernetes:apps/v1:Deployment", "grafana", "grafana").env;
            assert.ok(!env.some((e: any) => e.name === "ALERTMANAGER_PASSWORD"));
        });
    });
});
