import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { parse } from "yaml";
import { networkPolicyObjects } from "../components/network-policies/network-policies";
import { CREDENTIALS_ANNOTATIONS, generatedWebPasswordArgs } from "../components/common/web-password";
import { configAnnotation } from "../components/prometheus/statefulset";
import { ConfigError } from "../config";
import { mockedProviderOutputs, unwrapSecret } from "../render/engine-mocks";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { SECRET_MARKER } from "../render/secret-marker";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { podSecurityLevel } from "../validate/pod-security";
import { outputValue, runProgram } from "./harness/program";
import { findOne, ofType, RegisteredResource } from "./harness/pulumi-mocks";
import { secretsInArguments } from "./harness/secrets-in-arguments";
import { GRAFANA_SECRETS, requiredConfig, settingsWith } from "./harness/stack-config";
import { scrapeJobs, scrapeJobsWithReach } from "../stack/scrape-jobs";

/**
 * metrics.web (docs/security.md#prometheus-web-config): refused on 2.11, and on 2.24+ lines every
 * caller of Prometheus' web port follows it: the probes, the reloader (TLS alone; under basic
 * auth the pod rolls instead), the self-scrape, Grafana, prometheus-adapter and the Ingress; the
 * password and its hash reach them only through Secrets.
 * The real Prometheus behind these objects is tests/prometheus-web.real.test.ts.
 */

const RANDOM_PASSWORD = "random:index/randomPassword:RandomPassword";
const MOCK = mockedProviderOutputs(RANDOM_PASSWORD, "monitor-web-password") as { result: string; bcryptHash: string };
const MODERN = "quay.io/prometheus/prometheus:v3.5.0";
const WEB = { tls: { secretName: "monitor-web-tls" }, basicAuth: { username: "scraper" } };

function stackWith(web: unknown, extra: Record<string, Record<string, unknown>> = {}): Record<string, unknown> {
    const base = requiredConfig();
    return {
        ...base,
        // The Ingress authenticates with the server's own login (auth defaults to server under web.basicAuth).
        metrics: { ...base.metrics, image: MODERN, web, ...((web as any)?.basicAuth ? { ingress: { host: "monitor.example.com" } } : {}) },
        grafana: { enabled: true },
        resourceMetrics: { enabled: true },
        ...extra,
    };
}

function container(resources: RegisteredResource[], kind: string, name: string, containerName: string): any {
    const workload = findOne(resources, kind, name);
    return workload.inputs.spec.template.spec.containers.find((c: any) => c.name === containerName);
}

function configError(f: () => unknown): ConfigError {
    try {
        f();
    } catch (e) {
        if (e instanceof ConfigError) {
            return e;
        }
        throw e;
    }
    assert.fail("expected a ConfigError");
}

describe("metrics.web: TLS and basic auth on Prometheus' web port", () => {
    describe("validation", () => {
        it("is refused on the default v2.11.1, naming the key, the value and the 2.24+ it needs", () => {
            const e = configError(() => settingsWith({ metrics: { web: WEB } }));
            assert.match(e.message, /cluster-monitoring:metrics\.web/);
            assert.match(e.message, /monitor-web-tls/);
            assert.match(e.message, /needs 2\.24\+/);
            assert.match(e.message, /2\.11\.1/);
        });

        it("is accepted on 2.53, 2.55 and 3.x", () => {
            for (const image of ["quay.io/prometheus/prometheus:v2.53.5", "quay.io/prometheus/prometheus:v2.55.1", MODERN]) {
                assert.deepStrictEqual(settingsWith({ metrics: { image, web: WEB } }).metrics.web, WEB, image);
            }
        });

        it("refuses an empty web, tls without secretName and a user name with a colon, all at once", () => {
            const e = configError(() => settingsWith({ metrics: { image: MODERN, web: { tls: {}, basicAuth: { username: "a:b" } } } }));
            assert.match(e.message, /metrics\.web\.tls\.secretName/);
            assert.match(e.message, /metrics\.web\.basicAuth\.username/);
            const empty = configError(() => settingsWith({ metrics: { image: MODERN, web: {} } }));
            assert.match(empty.message, /metrics\.web.*tls, basicAuth or both/s);
        });

        it("refuses tls while the adapter runs outside the metrics namespace, where it could not mount ca.crt", () => {
            const e = configError(() => settingsWith({ metrics: { image: MODERN, web: WEB }, resourceMetrics: { enabled: true, namespace: "kube-system" } }));
            assert.match(e.message, /resourceMetrics\.namespace.*kube-system.*monitor-web-tls/s);
        });
    });

    describe("the program with tls and basicAuth on 3.5", () => {
        let resources: RegisteredResource[];
        let exports: Record<string, any>;
        before(async () => {
            ({ resources, exports } = await runProgram(stackWith(WEB), GRAFANA_SECRETS));
        });

        it("generates the password with its bcrypt hash, and exports it as a Pulumi secret", async () => {
            const generator = ofType(resources, RANDOM_PASSWORD).find((r) => r.name === "monitor-web-password");
            assert.ok(generator, "no RandomPassword monitor-web-password");
            assert.deepStrictEqual(Object.fromEntries(Object.entries(generator.inputs).filter(([k]) => k in generatedWebPasswordArgs())), generatedWebPasswordArgs());
            assert.strictEqual(await pulumi.isSecret(exports.prometheusWebPassword), true);
            assert.strictEqual(await outputValue(exports.prometheusWebPassword), MOCK.result);
            assert.strictEqual(await outputValue(exports.prometheusWebUser), "scraper");
        });

        it("rolls Grafana and prometheus-adapter when the password is replaced: a UUID kept by the password, never the password, in their pod templates", () => {
            const generation = ofType(resources, "random:index/randomUuid:RandomUuid").find((r) => r.name === "monitor-web-password-generation");
            assert.ok(generation, "no RandomUuid monitor-web-password-generation");
            // The password is its keeper, so replacing the password replaces the UUID.
            assert.strictEqual(unwrapSecret(generation.inputs.keepers).password, MOCK.result);
            const uuid = (mockedProviderOutputs("random:index/randomUuid:RandomUuid", "monitor-web-password-generation") as { result: string }).result;
            for (const [kind, name] of [["kubernetes:apps/v1:Deployment", "grafana"], ["kubernetes:apps/v1:Deployment", "prometheus-adapter"]]) {
                const annotations = findOne(resources, kind, name).inputs.spec.template.metadata.annotations;
                assert.strictEqual(annotations[CREDENTIALS_ANNOTATIONS.prometheus], uuid, `${name}'s pod template`);
                assert.ok(!JSON.stringify(annotations).includes(MOCK.result), `${name}'s annotations hold the password`);
            }
        });

        it("puts the web config file (with the hash) and the password in a Secret, never in a ConfigMap or any plain value", () => {
            const secret = findOne(resources, "kubernetes:core/v1:Secret", "monitor-web");
            const data = unwrapSecret(secret.inputs.stringData);
            assert.deepStrictEqual(parse(data["web.yml"]), {
                tls_server_config: { cert_file: "/etc/prometheus/web-tls/tls.crt", key_file: "/etc/prometheus/web-tls/tls.key" },
                basic_auth_users: { scraper: MOCK.bcryptHash },
            });
            assert.strictEqual(data.password, MOCK.result);
            const rendered = JSON.stringify(kubernetesObjects(resources));
            for (const value of [MOCK.result, MOCK.bcryptHash]) {
                assert.ok(!rendered.includes(value), `the rendered manifests contain ${value}`);
            }
            const webSecret = kubernetesObjects(resources).find((o: any) => o.kind === "Secret" && o.metadata.name === "monitor-web") as any;
            assert.deepStrictEqual(webSecret.stringData, { "web.yml": SECRET_MARKER, password: SECRET_MARKER });
        });

        it("starts Prometheus with --web.config.file from the Secret, and probes it by TCP, since an httpGet probe would need the password in the pod spec", () => {
            const c = container(resources, "kubernetes:apps/v1:StatefulSet", "monitor", "monitor");
            assert.ok(c.args.includes("--web.config.file=/etc/prometheus/web/web.yml"));
            for (const p of [c.livenessProbe, c.readinessProbe]) {
                assert.deepStrictEqual(p.tcpSocket, { port: "web" });
                assert.strictEqual(p.httpGet, undefined);
            }
            const volumes = findOne(resources, "kubernetes:apps/v1:StatefulSet", "monitor").inputs.spec.template.spec.volumes;
            assert.deepStrictEqual(volumes.find((v: any) => v.name === "web-config").secret, { secretName: "monitor-web", defaultMode: 0o440 });
            assert.strictEqual(volumes.find((v: any) => v.name === "web-tls").secret.secretName, "monitor-web-tls");
        });

        it("runs no reloader under basic auth, rolling the pod on a changed config or rule file instead", () => {
            const spec = findOne(resources, "kubernetes:apps/v1:StatefulSet", "monitor").inputs.spec.template;
            assert.deepStrictEqual(spec.spec.containers.map((c: any) => c.name), ["monitor"]);
            assert.strictEqual(spec.spec.initContainers, undefined);
            assert.match(spec.metadata.annotations["checksum/config"], /^[0-9a-f]{64}$/);
            const settings = (extra: Record<string, unknown>) => settingsWith({ metrics: { image: MODERN, web: WEB, ...extra } });
            assert.notStrictEqual(configAnnotation(settings({ scrapeInterval: "15s" }).metrics, { scrapeJobs: scrapeJobs(settings({ scrapeInterval: "15s" })), ruleFiles: {} })["checksum/config"], configAnnotation(settings({ scrapeInterval: "20s" }).metrics, { scrapeJobs: scrapeJobs(settings({ scrapeInterval: "20s" })), ruleFiles: {} })["checksum/config"]);
            // The lifecycle API stays as asked for: /-/reload and /-/quit now answer only with the password.
            assert.ok(container(resources, "kubernetes:apps/v1:StatefulSet", "monitor", "monitor").args.includes("--web.enable-lifecycle"));
        });

        it("puts no Secret into any container's command or arguments, neither its value nor a $(VAR) Kubernetes fills from one", () => {
            const workloads = resources.filter((r) => r.inputs?.spec?.template?.spec?.containers);
            assert.ok(workloads.length > 3, `only ${workloads.length} workloads`);
            assert.deepStrictEqual(secretsInArguments(resources, [MOCK.result, MOCK.bcryptHash]), []);
        });

        it("scrapes Prometheus in its own job with the password file and the Secret's CA, and the monitor job drops it", () => {
            const cm = findOne(resources, "kubernetes:core/v1:ConfigMap", "monitor");
            const config = parse(cm.inputs.data["prometheus.yml"]);
            const web = config.scrape_configs.find((j: any) => j.job_name === "prometheus-web");
            assert.strictEqual(web.scheme, "https");
            assert.deepStrictEqual(web.basic_auth, { username: "scraper", password_file: "/etc/prometheus/web/password" });
            assert.deepStrictEqual(web.tls_config, { ca_file: "/etc/prometheus/web-tls/ca.crt", server_name: "monitor.monitoring.svc" });
            const monitor = config.scrape_configs.find((j: any) => j.job_name === "monitor");
            assert.strictEqual(monitor.basic_auth, undefined);
            assert.ok(monitor.relabel_configs.some((r: any) => r.action === "drop" && r.regex === "monitoring;monitor"));
        });

        it("gives Grafana's data source https, basic auth and the CA, both secure values from the environment, filled from Secrets", () => {
            const cm = findOne(resources, "kubernetes:core/v1:ConfigMap", "grafana-datasources");
            const ds = parse(cm.inputs.data["datasources.yaml"]).datasources.find((d: any) => d.uid === "prometheus");
            assert.strictEqual(ds.url, "https://monitor.monitoring.svc:9090");
            assert.strictEqual(ds.basicAuth, true);
            assert.strictEqual(ds.basicAuthUser, "scraper");
            assert.strictEqual(ds.jsonData.tlsAuthWithCACert, true);
            assert.deepStrictEqual(ds.secureJsonData, { basicAuthPassword: "$PROMETHEUS_PASSWORD", tlsCACert: "$PROMETHEUS_CA" });
            const env = container(resources, "kubernetes:apps/v1:Deployment", "grafana", "grafana").env;
            assert.deepStrictEqual(env.find((e: any) => e.name === "PROMETHEUS_PASSWORD").valueFrom, { secretKeyRef: { name: "grafana", key: "prometheus-password" } });
            assert.deepStrictEqual(env.find((e: any) => e.name === "PROMETHEUS_CA").valueFrom, { secretKeyRef: { name: "monitor-web-tls", key: "ca.crt" } });
            assert.strictEqual(unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "grafana").inputs.stringData)["prometheus-password"], MOCK.result);
        });

        it("points prometheus-adapter at https with a kubeconfig (user, password, CA) from a Secret, as v0.12.0's --prometheus-auth-config reads it", () => {
            const c = container(resources, "kubernetes:apps/v1:Deployment", "prometheus-adapter", "prometheus-adapter");
            assert.ok(c.args.includes("--prometheus-url=https://monitor.monitoring.svc:9090"));
            assert.ok(c.args.includes("--prometheus-auth-config=/etc/adapter-prometheus/kubeconfig.yaml"));
            // With --prometheus-ca-file set, v0.12.0 ignores the kubeconfig and so the password.
            assert.ok(!c.args.some((a: string) => a.startsWith("--prometheus-ca-file")));
            const kubeconfig = parse(unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "prometheus-adapter-prometheus").inputs.stringData)["kubeconfig.yaml"]);
            assert.deepStrictEqual(kubeconfig.users[0].user, { username: "scraper", password: MOCK.result });
            assert.strictEqual(kubeconfig.clusters[0].cluster["certificate-authority"], "/etc/adapter-prometheus-ca/ca.crt");
            assert.strictEqual(kubeconfig["current-context"], kubeconfig.contexts[0].name);
        });

        it("tells the Ingress controller that the backend speaks TLS", () => {
            const ingress = findOne(resources, "kubernetes:networking.k8s.io/v1:Ingress", "monitor");
            assert.deepStrictEqual(ingress.inputs.metadata.annotations, { "nginx.ingress.kubernetes.io/backend-protocol": "HTTPS" });
        });

        it("passes the schema, reference and pod-security checks", () => {
            const objects = kubernetesObjects(resources);
            const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects)];
            assert.deepStrictEqual(problems, [], formatProblems(problems));
            const sts = objects.find((o: any) => o.kind === "StatefulSet" && o.metadata.name === "monitor") as any;
            assert.strictEqual(podSecurityLevel(sts.spec.template.spec).level, "restricted");
        });
    });

    it("keeps the NetworkPolicies as they are without web: the same ports between the same workloads, less the reloader's under basic auth", () => {
        // Rules compared as sets: a rule's position in a policy does not change what it admits.
        const sorted = (rules: unknown) => ((rules as unknown[] | undefined) ?? []).map((r) => JSON.stringify(r)).sort();
        const describe = (s: ReturnType<typeof settingsWith>) =>
            networkPolicyObjects(s, scrapeJobsWithReach((s)))
                .map((p: any) => JSON.stringify({ ...p, spec: { ...p.spec, ingress: sorted(p.spec.ingress), egress: sorted(p.spec.egress) } }))
                .sort();
        const overrides = { grafana: { enabled: true }, resourceMetrics: { enabled: true } };
        const plain = settingsWith({ metrics: { image: MODERN }, ...overrides }, GRAFANA_SECRETS);
        const tls = settingsWith({ metrics: { image: MODERN, web: { tls: WEB.tls } }, ...overrides }, GRAFANA_SECRETS);
        assert.deepStrictEqual(describe(tls), describe(plain));
        // Basic auth has no reloader sidecar, as if the lifecycle API were off: its metrics port goes too.
        const noReloader = settingsWith({ metrics: { image: MODERN, enableLifecycle: false }, ...overrides }, GRAFANA_SECRETS);
        const secured = settingsWith({ metrics: { image: MODERN, web: WEB }, ...overrides }, GRAFANA_SECRETS);
        assert.notDeepStrictEqual(describe(noReloader), describe(plain));
        assert.deepStrictEqual(describe(secured), describe(noReloader));
    });

    describe("with tls alone", () => {
        it("keeps the HTTP probes' paths over HTTPS, generates no password and sends no credentials", async () => {
            const { resources, exports } = await runProgram(stackWith({ tls: { secretName: "monitor-web-tls" } }), GRAFANA_SECRETS);
            const c = container(resources, "kubernetes:apps/v1:StatefulSet", "monitor", "monitor");
            assert.deepStrictEqual(c.readinessProbe.httpGet, { path: "/-/ready", port: "web", scheme: "HTTPS" });
            assert.deepStrictEqual(c.livenessProbe.httpGet, { path: "/-/healthy", port: "web", scheme: "HTTPS" });
            assert.ok(!ofType(resources, RANDOM_PASSWORD).some((r) => r.name === "monitor-web-password"));
            const grafana = findOne(resources, "kubernetes:apps/v1:Deployment", "grafana");
            assert.strictEqual(grafana.inputs.spec.template.metadata.annotations[CREDENTIALS_ANNOTATIONS.prometheus], undefined);
            assert.strictEqual(exports.prometheusWebPassword, undefined);
            const reloader = container(resources, "kubernetes:apps/v1:StatefulSet", "monitor", "config-reloader");
            assert.ok(reloader.args.includes("--reload-url=https://127.0.0.1:9090/-/reload"));
            const secret = unwrapSecret(findOne(resources, "kubernetes:core/v1:Secret", "monitor-web").inputs.stringData);
            assert.deepStrictEqual(Object.keys(secret), ["web.yml"]);
        });
    });
});
