import * as assert from "assert";
import * as path from "path";
import { readStackConfig } from "../render";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { EngineConfig, runProgram } from "../render/run-program";
import { describeRule, purposeOf, RBAC_PURPOSES, RbacPurpose, renderedRules, RenderedRule } from "../validate/rbac-purposes";
import { renderedObjects, STACKS } from "./harness/rendered-stacks";

const REPO = path.resolve(__dirname, "..");

/** Rows that some stack's rules matched; read by the last suite. */
const used = new Set<RbacPurpose>();

async function rulesOf(config: EngineConfig, stack: string): Promise<RenderedRule[]> {
    return renderedRules(kubernetesObjects((await runProgram(config, stack)).resources));
}

/** The stack's config with `change` applied to the parsed value of the project key `key`. */
function withKey(config: EngineConfig, key: string, change: (value: any) => any): EngineConfig {
    const full = `cluster-monitoring:${key}`;
    const value = change(JSON.parse(config.values[full] ?? "{}"));
    return { ...config, values: { ...config.values, [full]: JSON.stringify(value) } };
}

const servesJobs = (r: RenderedRule, jobs: string[]) => {
    const p = purposeOf(r);
    return p !== undefined && "jobs" in p.serves && p.serves.jobs.every((j) => jobs.includes(j));
};

describe("RBAC: every rendered rule has a purpose (docs/design.md#permissions)", () => {
    for (const stack of STACKS) {
        it(`${stack}: each ClusterRole and Role rule serves a spec row or an enabled scrape job`, async () => {
            const rules = renderedRules(await renderedObjects(stack));
            assert.ok(rules.length > 0);
            const orphans = rules.filter((r) => purposeOf(r) === undefined).map(describeRule);
            assert.deepStrictEqual(orphans, [], "rules without a row in validate/rbac-purposes.ts");
            for (const r of rules) {
                used.add(purposeOf(r)!);
            }
        });
    }

    for (const stack of STACKS) {
        it(`${stack} on a 3.x image: each rule, EndpointSlice discovery included, has a row`, async () => {
            const config = withKey(readStackConfig(REPO, stack), "metrics", (m) => ({ ...m, image: "quay.io/prometheus/prometheus:v3.5.0", prometheusVersion: undefined }));
            const rules = await rulesOf(config, stack);
            assert.ok(rules.some((r) => r.apiGroups?.includes("discovery.k8s.io") && r.name === "monitor-main"));
            const orphans = rules.filter((r) => purposeOf(r) === undefined).map(describeRule);
            assert.deepStrictEqual(orphans, [], "rules without a row in validate/rbac-purposes.ts");
            for (const r of rules) {
                used.add(purposeOf(r)!);
            }
        });
    }

    it("a rule wider than its row (an extra verb) has no purpose", () => {
        const rule: RenderedRule = { kind: "ClusterRole", name: "monitor-main", apiGroups: [""], resources: ["nodes"], verbs: ["list", "watch", "get"] };
        assert.strictEqual(purposeOf(rule), undefined);
        assert.ok(purposeOf({ ...rule, verbs: ["watch", "list"] }));
    });

    it("a discovery Role in a namespace no row names has no purpose", () => {
        const rule: RenderedRule = {
            kind: "Role",
            name: "monitor-main",
            namespace: "payments",
            apiGroups: [""],
            resources: ["services", "endpoints", "pods"],
            verbs: ["get", "list", "watch"],
        };
        assert.strictEqual(purposeOf(rule), undefined);
    });

    it("switching off the kubelet, cadvisor and kube-proxy jobs removes exactly their rules", async () => {
        // The adapter reads cAdvisor's series, so the program refuses it without the cadvisor job.
        const dev = withKey(readStackConfig(REPO, "dev"), "resourceMetrics", (r) => ({ ...r, enabled: false }));
        const on = await rulesOf(dev, "dev");
        const jobsOff = withKey(dev, "metrics", (m) => ({ ...m, jobs: { ...(m.jobs ?? {}), kubelet: false, cadvisor: false } }));
        const off = await rulesOf(withKey(jobsOff, "controlPlane", (c) => ({ ...c, kubeProxy: { enabled: false } })), "dev");
        const key = (r: RenderedRule) => JSON.stringify(r);
        const removed = on.filter((r) => !off.map(key).includes(key(r)));
        const added = off.filter((r) => !on.map(key).includes(key(r)));
        assert.deepStrictEqual(added.map(describeRule), []);
        assert.deepStrictEqual(removed.map(describeRule), on.filter((r) => servesJobs(r, ["kubelet", "cadvisor", "kube-proxy"])).map(describeRule));
        assert.ok(removed.length > 0, "the jobs had a rule of their own");
    });

    it("dropping prod's jmx-kafka service job removes exactly its discovery Role rules (prod runs 3.13: services and pods, and EndpointSlices)", async () => {
        const prod = readStackConfig(REPO, "prod");
        const on = await rulesOf(prod, "prod");
        const off = await rulesOf(withKey(prod, "metrics", (m) => ({ ...m, services: [] })), "prod");
        const key = (r: RenderedRule) => JSON.stringify(r);
        const removed = on.filter((r) => !off.map(key).includes(key(r)));
        assert.deepStrictEqual(off.filter((r) => !on.map(key).includes(key(r))), []);
        assert.deepStrictEqual(removed.map(describeRule), on.filter((r) => servesJobs(r, ["jmx-kafka"])).map(describeRule));
        assert.strictEqual(removed.length, 2);
    });
});

describe("RBAC purposes table (validate/rbac-purposes.ts)", () => {
    it("has no row that no stack renders", () => {
        assert.ok(used.size > 0, "runs after the stacks");
        assert.deepStrictEqual(RBAC_PURPOSES.filter((p) => !used.has(p)).map((p) => p.purpose), []);
    });
});
