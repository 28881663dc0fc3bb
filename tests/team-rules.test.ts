import * as assert from "assert";
import { statefulSet } from "../components/prometheus/statefulset";
import { prometheusConfig } from "../components/prometheus/prometheus-config";
import { TEAM_RULES_CONTAINERS, TEAM_RULES_PATHS, TEAM_RULES_SIDECAR_UID, teamRulesRbac } from "../components/prometheus/team-rules";
import { ConfigError } from "../config";
import { settingsWith } from "./harness/stack-config";

function problemsOf(teamRules: unknown): string[] {
    try {
        settingsWith({ metrics: { teamRules } });
    } catch (e) {
        if (e instanceof ConfigError) return e.problems.map((p) => `${p.key}: ${p.expected}`);
        throw e;
    }
    return [];
}

const K = "cluster-monitoring:metrics.teamRules";
const inputs = { scrapeJobs: [], ruleFiles: {} } as any;
const pod = (s: ReturnType<typeof settingsWith>) => (statefulSet(s.metrics, inputs).spec as any).template.spec;

describe("team rules: settings and the Prometheus pod (docs/monitor-your-app.md#team-rules)", () => {
    it("are off by default: the pod, its config and RBAC are as before", () => {
        const s = settingsWith();
        assert.strictEqual(pod(s).shareProcessNamespace, undefined);
        assert.ok(!pod(s).containers.some((c: any) => c.name.startsWith("team-rules")));
        assert.deepStrictEqual(prometheusConfig(s.metrics, { scrapeJobs: [] }).rule_files, ["/etc/prometheus/rules/*.yml"]);
        assert.deepStrictEqual(teamRulesRbac(s.metrics), []);
    });

    it("refuses {}, an empty list and a list beside all: true, naming the key", () => {
        assert.deepStrictEqual(problemsOf({}), [`${K}: namespaces: [a list of namespaces], or all: true (the stack says whose ConfigMaps it takes; leave teamRules out to take none)`]);
        assert.deepStrictEqual(problemsOf({ namespaces: [] }), [`${K}.namespaces: a non-empty list of strings`]);
        assert.deepStrictEqual(problemsOf({ all: true, namespaces: ["shop"] }), [`${K}.namespaces: no list while all is true: all already takes every namespace`]);
    });

    it("on: the sidecar without credentials under its own uid, the checker from the Prometheus image without a token, the live directory read-only in Prometheus, one shared process namespace", () => {
        const s = settingsWith({ metrics: { teamRules: { namespaces: ["shop"] } } });
        const p = pod(s);
        assert.strictEqual(p.shareProcessNamespace, true);
        const sidecar = p.containers.find((c: any) => c.name === TEAM_RULES_CONTAINERS.sidecar);
        const checker = p.containers.find((c: any) => c.name === TEAM_RULES_CONTAINERS.checker);
        const prometheus = p.containers.find((c: any) => c.name === s.metrics.name);
        const env = sidecar.env.map((e: any) => e.name);
        for (const forbidden of ["REQ_URL", "REQ_USERNAME", "REQ_PASSWORD", "REQ_USERNAME_FILE", "REQ_PASSWORD_FILE"]) assert.ok(!env.includes(forbidden), forbidden);
        assert.strictEqual(sidecar.env.find((e: any) => e.name === "NAMESPACE").value, "shop");
        assert.strictEqual(sidecar.securityContext.runAsUser, TEAM_RULES_SIDECAR_UID);
        assert.notStrictEqual(TEAM_RULES_SIDECAR_UID, p.securityContext.runAsUser, "not Prometheus' uid: no access to its /proc");
        assert.strictEqual(checker.image, s.metrics.image);
        assert.ok(checker.volumeMounts.some((v: any) => v.mountPath === TEAM_RULES_PATHS.token), "an empty directory over the token");
        assert.deepStrictEqual(prometheus.volumeMounts.find((v: any) => v.mountPath === TEAM_RULES_PATHS.live).readOnly, true);
        assert.deepStrictEqual(prometheusConfig(s.metrics, { scrapeJobs: [] }).rule_files, ["/etc/prometheus/rules/*.yml", "/etc/prometheus/team-rules/*.yml"]);
        for (const c of [sidecar, checker]) {
            assert.strictEqual(c.securityContext.readOnlyRootFilesystem, true);
            assert.strictEqual(c.securityContext.allowPrivilegeEscalation, false);
        }
    });

    it("RBAC: list and watch of ConfigMaps for Prometheus' account, a Role per namespace, a ClusterRole with all", () => {
        const s = settingsWith({ metrics: { teamRules: { namespaces: ["shop", "payments"] } } });
        const rbac = teamRulesRbac(s.metrics);
        assert.deepStrictEqual(rbac.filter((r) => r.kind === "Role").map((r) => (r.object.metadata as any).namespace), ["shop", "payments"]);
        assert.deepStrictEqual(rbac[0].object.rules, [{ apiGroups: [""], resources: ["configmaps"], verbs: ["list", "watch"] }]);
        assert.deepStrictEqual(teamRulesRbac(settingsWith({ metrics: { teamRules: { all: true } } }).metrics).map((r) => r.kind), ["ClusterRole", "ClusterRoleBinding"]);
    });
});
