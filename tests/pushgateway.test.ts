import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { PUSHGATEWAY_COMPONENT, PUSHGATEWAY_DEFAULTS, PUSHGATEWAY_FAMILIES, PUSHGATEWAY_JOB_NAME, pushgatewaySettings } from "../components/pushgateway";
import { matchesFamily } from "../components/common/scrape/family-rules";
import { networkPolicyObjects } from "../components/network-policies";
import { ConfigError, ConfigProblem } from "../config";
import { PROJECT } from "../config/source";
import { engineConfigOf, KubernetesObject } from "../render";
import { RegisteredResource } from "../render/engine-mocks";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { runProgram as runStackFile } from "../render/run-program";
import { snapshotStacks } from "../render/snapshot-stacks";
import { contributedNetwork } from "../stack/contributions";
import { dashboardsFor } from "../stack/dashboards";
import { programObjects } from "../stack/object-names";
import { COMPONENT_POD_SECURITY_CLAIMS } from "../stack/pod-security-claims";
import { stackRuleFiles } from "../stack/rule-groups";
import { scrapeJobs, scrapeJobsWithReach } from "../stack/scrape-jobs";
import { consistencyProblems, formatProblems, kubernetesSchemaProblems } from "../validate";
import { podSecurityLevel } from "../validate/pod-security";
import { claimForRegistered } from "../validate/pod-security-claims";
import { analyzePromql } from "../prometheus-releases/promql";
import { allowed, blockedNeeds, Connection, describeConnection, neededConnections, OUTSIDE, podsOf, stranger, unneededAllowed } from "./harness/flow-graph";
import { prometheusQueries } from "./harness/dashboards";
import { runProgram } from "./harness/program";
import { fillVariables, promqlProblems } from "./harness/promql";
import { problemsOfConfig, requiredConfig, settingsWith } from "./harness/stack-config";

/**
 * The Pushgateway component (components/pushgateway/, docs/pushgateway.md) under the runtime
 * mocks: off by default, nothing of it in a stack; on, as the example stack
 * docs/examples/Pulumi.batch-jobs.yaml has it, its Deployment, Service, ServiceAccount and
 * NetworkPolicy, Restricted, their names in the registry, its job, rule file and board, and its
 * NetworkPolicy admitting Prometheus and the listed namespaces' pushers, nothing else.
 */

const EXAMPLE = path.join(__dirname, "..", "docs", "examples", "Pulumi.batch-jobs.yaml");
const ON = { pushgateway: { enabled: true, pusherNamespaces: ["batch"] } };
const KEY = "cluster-monitoring:pushgateway";

const own = (objects: readonly KubernetesObject[]) => objects.filter((o) => o.metadata.name === "pushgateway" || (o.metadata.labels as Record<string, string> | undefined)?.["app.kubernetes.io/name"] === "pushgateway");

describe("the Pushgateway is off by default: the spec's defaults stay", () => {
    const s = settingsWith();

    it("its settings say off, and the stack has no job, object, rule file, board, workload or flow of it", () => {
        assert.strictEqual(PUSHGATEWAY_DEFAULTS.enabled, false);
        assert.strictEqual(pushgatewaySettings(s).enabled, false);
        assert.ok(!scrapeJobs(s).some((j) => j.job_name === PUSHGATEWAY_JOB_NAME));
        assert.deepStrictEqual(programObjects(s).filter((o) => o.key.startsWith(KEY)), []);
        assert.strictEqual(stackRuleFiles(s)["defaults-pushgateway.yml"], undefined);
        assert.ok(!dashboardsFor(s, PROJECT).some((d) => d.json.uid === "cm-pushgateway"));
        assert.deepStrictEqual(contributedNetwork(s), { workloads: [], flows: [] });
        assert.ok(!networkPolicyObjects(s, scrapeJobsWithReach(s), contributedNetwork(s)).some((p: any) => p.metadata.name === "pushgateway"));
    });

    it("the smallest stack renders nothing of it, and no resource of its component", async () => {
        const run = await runProgram(requiredConfig());
        assert.deepStrictEqual(own(kubernetesObjects(run.resources)).map((o) => `${o.kind}/${o.metadata.name}`), []);
        assert.ok(!run.resources.some((r) => r.type === PUSHGATEWAY_COMPONENT));
        assert.ok(run.resources.length > 20, "the stack renders its other resources");
    });
});

describe("the Pushgateway on, as docs/examples/Pulumi.batch-jobs.yaml has it", () => {
    let resources: RegisteredResource[];
    let objects: KubernetesObject[];
    const find = (kind: string) => {
        const o = objects.find((x) => x.kind === kind && x.metadata.name === "pushgateway");
        assert.ok(o, `${kind} pushgateway is rendered`);
        return o as any;
    };

    before(async () => {
        resources = (await runStackFile(engineConfigOf(fs.readFileSync(EXAMPLE, "utf8"), EXAMPLE), "batch-jobs")).resources;
        objects = kubernetesObjects(resources);
    });

    it("is a docs/examples stack whose resources the snapshot test holds", () => {
        assert.ok(snapshotStacks().includes("examples-batch-jobs"));
    });

    it("renders its Deployment, Service, ServiceAccount and NetworkPolicy in the metrics namespace, under its component, named as the registry names them", () => {
        assert.deepStrictEqual(own(objects).map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`).sort(), [
            "Deployment/monitoring/pushgateway",
            "NetworkPolicy/monitoring/pushgateway",
            "Service/monitoring/pushgateway",
            "ServiceAccount/monitoring/pushgateway",
        ]);
        const component = resources.find((r) => r.type === PUSHGATEWAY_COMPONENT);
        assert.ok(component, "the Pushgateway component");
        for (const type of ["kubernetes:apps/v1:Deployment", "kubernetes:core/v1:Service", "kubernetes:core/v1:ServiceAccount"]) {
            const r = resources.find((x) => x.type === type && x.inputs.metadata?.name === "pushgateway");
            assert.ok(r?.request?.parent.endsWith(`${PUSHGATEWAY_COMPONENT}::pushgateway`), `${type} is a child of the component`);
        }
        const settings = settingsWith({ ...ON, pushgateway: { ...ON.pushgateway, pusherNamespaces: ["batch", "reports"] } });
        const registered = programObjects(settings).filter((o) => o.key === `${KEY}.name`).map((o) => `${o.kind}/${o.namespace}/${o.name}`);
        assert.deepStrictEqual(registered.sort(), own(objects).map((o) => `${o.kind}/${o.metadata.namespace}/${o.metadata.name}`).sort());
    });

    it("runs as its own ServiceAccount without a token, and meets Pod Security Restricted, as its claim says", () => {
        assert.strictEqual(find("ServiceAccount").automountServiceAccountToken, false);
        const deployment = find("Deployment");
        const pod = deployment.spec.template.spec;
        assert.strictEqual(pod.serviceAccountName, "pushgateway");
        assert.strictEqual(pod.automountServiceAccountToken, false);
        const computed = podSecurityLevel(pod, deployment.spec.template.metadata?.annotations ?? {});
        assert.strictEqual(computed.level, "restricted", JSON.stringify(computed.violations));
        const claim = claimForRegistered(PUSHGATEWAY_COMPONENT, "Deployment", { searchStoreMmap: false }, COMPONENT_POD_SECURITY_CLAIMS);
        assert.strictEqual(claim?.level, "restricted");
        // Without the component's own claims the table has none: the claim lives in its folder.
        assert.strictEqual(claimForRegistered(PUSHGATEWAY_COMPONENT, "Deployment", { searchStoreMmap: false }), undefined);
        const ns = objects.find((o) => o.kind === "Namespace" && o.metadata.name === "monitoring") as any;
        assert.strictEqual(ns.metadata.labels["pod-security.kubernetes.io/enforce"], "restricted");
    });

    it("pins its image and keeps the admin and lifecycle APIs off", () => {
        const [container] = find("Deployment").spec.template.spec.containers;
        assert.strictEqual(container.image, "quay.io/prometheus/pushgateway:v1.11.3");
        assert.ok(!container.args.some((a: string) => /enable-(admin-api|lifecycle)/.test(a)), container.args.join(" "));
        assert.strictEqual(find("Deployment").spec.strategy.type, "Recreate");
    });

    it("every object is valid against Kubernetes 1.33, and every selector, reference and port resolves", () => {
        const problems = [...kubernetesSchemaProblems(objects), ...consistencyProblems(objects, ["batch", "reports"])];
        assert.deepStrictEqual(problems, [], formatProblems(problems));
    });

    it("Prometheus scrapes it through a job with honor_labels that keeps its Service's http port, and loads its rule file", () => {
        const configMap = objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === "monitor") as any;
        const job = (parse(configMap.data["prometheus.yml"]).scrape_configs as any[]).find((j) => j.job_name === PUSHGATEWAY_JOB_NAME);
        assert.strictEqual(job.honor_labels, true);
        assert.deepStrictEqual(job.relabel_configs[0], { action: "keep", source_labels: ["__meta_kubernetes_service_name", "__meta_kubernetes_endpoint_port_name"], regex: "pushgateway;http", separator: ";" });
        const rules = objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === "monitor-rulefiles") as any;
        assert.ok(rules.data["defaults-pushgateway.yml"]);
    });

    it("its NetworkPolicy admits Prometheus' scrapes and the listed namespaces' pushes, and nothing else: every needed connection passes, no other", () => {
        const pods = podsOf(objects);
        const gateway = pods.find((p) => p.name === "pushgateway")!;
        const pushes: Connection[] = ["batch", "reports"].map((ns) => ({ from: stranger(ns), to: gateway, port: 9091, protocol: "TCP", why: "a batch job's push" }));
        const sources = [...[...new Set([...pods.map((p) => p.namespace), "default", "kube-system"])].map(stranger), OUTSIDE];
        const needed = [...neededConnections(objects, sources), ...pushes];
        assert.ok(needed.some((c) => c.why === `scrape job ${PUSHGATEWAY_JOB_NAME}` && c.to.name === "pushgateway" && c.port === 9091), needed.filter((c) => c.to.name === "pushgateway").map(describeConnection).join("\n"));
        assert.deepStrictEqual(blockedNeeds(objects, needed).map(describeConnection), []);
        assert.deepStrictEqual(unneededAllowed(objects, needed).map(describeConnection), []);
        const policies = objects.filter((o) => o.kind === "NetworkPolicy");
        for (const other of ["shop", "default", "monitoring"]) {
            assert.ok(!allowed(policies, stranger(other), gateway, 9091, "TCP"), `a pod in ${other} may not push`);
        }
        assert.ok(!allowed(policies, OUTSIDE, gateway, 9091, "TCP"), "nothing outside the cluster may push");
    });

    it("its board is provisioned in the Monitoring stack folder, its queries are v2.11.1's, and each reads a family the job keeps", () => {
        const folder = objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === "grafana-dashboards-monitoring") as any;
        assert.ok(Object.values(folder.data as Record<string, string>).some((json) => JSON.parse(json).uid === "cm-pushgateway"), "the board's JSON in the folder's ConfigMap");
        const queries = prometheusQueries(dashboardsFor(settingsWith(ON), PROJECT).filter((d) => d.json.uid === "cm-pushgateway"));
        assert.ok(queries.length >= 6);
        for (const q of queries) {
            const expr = fillVariables(q.expr, { job: ".*", __rate_interval: "1m" });
            assert.deepStrictEqual(promqlProblems(expr), [], `${q.panel}: ${expr}`);
            for (const sel of analyzePromql(expr).selectors) {
                const rows = PUSHGATEWAY_FAMILIES.filter((r) => matchesFamily(r, sel.metric!));
                assert.ok(rows.length > 0 && rows.every((r) => r.keep), `${q.panel}: ${sel.metric} has a kept row in the pushgateway job's table`);
            }
        }
    });
});

describe("the pushgateway key's checks, with every other problem of the stack file", () => {
    const problemsOf = (edit: (c: Record<string, any>) => void): ConfigProblem[] => {
        const c = requiredConfig();
        edit(c);
        return problemsOfConfig(c);
    };
    const keys = (problems: readonly ConfigProblem[]) => problems.map((p) => p.key);

    it("refuses the gateway while NetworkPolicies are off: the push endpoint has no login, and only the policy limits who pushes", () => {
        const problems = problemsOf((c) => Object.assign(c, ON, { networkPolicies: { enabled: false } }));
        assert.deepStrictEqual(keys(problems), [`${KEY}.enabled`]);
        assert.match(problems[0].expected, /no login/);
    });

    it("refuses it on without pusherNamespaces, and any of its fields while it is off", () => {
        assert.deepStrictEqual(keys(problemsOf((c) => (c.pushgateway = { enabled: true }))), [`${KEY}.pusherNamespaces`]);
        const off = problemsOf((c) => (c.pushgateway = { name: "gateway", pusherNamespaces: ["batch"] }));
        assert.deepStrictEqual(keys(off).sort(), [`${KEY}.name`, `${KEY}.pusherNamespaces`]);
        assert.match(off[0].expected, /^nothing unless cluster-monitoring:pushgateway\.enabled is true/);
    });

    it("refuses an unknown field, an image older than the tests run, and a job that takes its job name, listed with the stack's other problems", () => {
        const problems = problemsOf((c) => {
            Object.assign(c, { pushgateway: { ...ON.pushgateway, pushers: ["batch"], image: "quay.io/prometheus/pushgateway:v1.4.3" } });
            c.metrics.services = [{ name: "pushgateway", namespace: "apps", selector: { app: "x" }, port: "web" }];
            c.metrics.image = "not an image!";
        });
        assert.deepStrictEqual(keys(problems).sort(), ["cluster-monitoring:metrics.image", "cluster-monitoring:metrics.services[0].name", `${KEY}.image`, `${KEY}.pushers`].sort());
    });

    it("keeps its job name reserved while it is off, as every fixed job name", () => {
        const problems = problemsOf((c) => (c.metrics.services = [{ name: "pushgateway", namespace: "apps", selector: { app: "x" }, port: "web" }]));
        assert.deepStrictEqual(keys(problems), ["cluster-monitoring:metrics.services[0].name"]);
        assert.match(problems[0].expected, /cluster-monitoring:pushgateway\.enabled reserves/);
    });

    it("loads the example stack's key and an unknown top-level key still fails as before", () => {
        assert.strictEqual(pushgatewaySettings(settingsWith(ON)).enabled, true);
        assert.throws(() => settingsWith({ pushgatway: { enabled: true } } as any), (e: ConfigError) => e.problems.some((p) => p.key === "cluster-monitoring:pushgatway" && /pushgateway/.test(p.expected)));
    });
});
