import * as assert from "assert";
import { KubernetesObject } from "../render";
import {
    consistencyProblems,
    fileReferenceProblems,
    formatProblems,
    ManifestProblem,
    referenceProblems,
    roleBindingProblems,
    selectorProblems,
    servicePortProblems,
} from "../validate";
import { kubernetesObjects } from "../render/kubernetes-objects";
import { runProgram } from "./harness/program";
import { declaredAppNamespaces, renderedObjects, STACKS, withChange, without } from "./harness/rendered-stacks";
import { requiredConfig } from "./harness/stack-config";

function assertProblem(problems: ManifestProblem[], object: string, message: RegExp): void {
    assert.ok(
        problems.some((p) => p.object === object && message.test(p.message)),
        `expected a problem for ${object} matching ${message}, got:\n${formatProblems(problems) || "  (none)"}`,
    );
}

describe("cross-object consistency of the rendered stacks (what a schema cannot see)", () => {
    for (const stack of STACKS) {
        it(`stack ${stack}: selectors, references, role bindings and service ports all resolve`, async () => {
            const problems = consistencyProblems(await renderedObjects(stack), declaredAppNamespaces(stack));
            assert.deepStrictEqual(problems, [], formatProblems(problems));
        });
    }

    // No committed stack uses the spec's NFS volume any more (prod is replicated), so its
    // PersistentVolume and claim selector are checked on the smallest stack, which does.
    let nfsObjects: KubernetesObject[];
    before(async () => {
        nfsObjects = kubernetesObjects((await runProgram(requiredConfig())).resources);
    });

    it("a stack on the spec's NFS volume: its claim template selects the PersistentVolume, and everything else resolves", () => {
        assert.ok(nfsObjects.some((o) => o.kind === "PersistentVolume"), "the NFS stack renders a PersistentVolume");
        const problems = consistencyProblems(nfsObjects, []);
        assert.deepStrictEqual(problems, [], formatProblems(problems));
    });

    describe("catches a broken object", () => {
        let objects: KubernetesObject[];
        before(async () => {
            // prod has every optional object: the etcd Secret and the Ingress.
            objects = await renderedObjects("prod");
        });

        it("a StatefulSet selector that misses its pod template labels", () => {
            const broken = withChange(objects, "StatefulSet", "monitor", (o) => {
                o.spec.template.metadata.labels = { ...o.spec.template.metadata.labels, app: "monitr" };
            });
            assertProblem(selectorProblems(broken), "StatefulSet monitoring/monitor", /spec\.selector .* does not match its pod template labels/);
        });

        it("a Service selector that matches no pod", () => {
            const broken = withChange(objects, "Service", "monitor", (o) => {
                o.spec.selector = { ...o.spec.selector, app: "monitr" };
            });
            assertProblem(selectorProblems(broken), "Service monitoring/monitor", /matches no pod template in namespace monitoring/);
        });

        it("a claim template whose selector no PersistentVolume matches", () => {
            const broken = withChange(nfsObjects, "PersistentVolume", "monitor", (o) => {
                o.metadata.labels = { name: "other" };
            });
            assertProblem(selectorProblems(broken), "StatefulSet monitoring/monitor", /volume claim template .* no PersistentVolume matches/);
        });

        it("a ConfigMap volume whose ConfigMap is not deployed", () => {
            const broken = without(objects, "ConfigMap", "monitor-rulefiles", "monitoring");
            assertProblem(referenceProblems(broken), "StatefulSet monitoring/monitor", /volume .* refers to ConfigMap monitoring\/monitor-rulefiles, which the stack does not deploy/);
        });

        it("a flag naming a file that no mount of its container holds (the config file moved, its mount not)", () => {
            const prometheus = (objects.find((o) => o.kind === "StatefulSet" && o.metadata.name === "monitor") as any).spec.template.spec.containers.find((c: any) => c.name === "monitor");
            const files = prometheus.args.filter((a: string) => /^--[a-z.-]+=\//.test(a) && !a.startsWith("--web.route-prefix"));
            assert.ok(files.length >= 2, `Prometheus' file flags are checked: ${files.join(" ")}`);
            const broken = withChange(objects, "StatefulSet", "monitor", (o) => {
                const c = o.spec.template.spec.containers.find((x: any) => x.name === "monitor");
                c.volumeMounts = c.volumeMounts.filter((m: any) => !files.some((f: string) => f.split("=")[1].startsWith(m.mountPath)) || m.mountPath === "/prometheus");
            });
            assertProblem(fileReferenceProblems(broken), "StatefulSet monitoring/monitor", /container monitor: --[a-z.-]+ names \/.*, which none of its volume mounts/);
        });

        it("a script a shell runs, or a path in an environment variable, that no mount of its container holds (the team sidecars and checker)", async () => {
            // dev turns on grafana.teamDashboards and metrics.teamRules, whose containers are told their files by env and by a shell's script.
            const dev = await renderedObjects("dev");
            assert.deepStrictEqual(fileReferenceProblems(dev), []);
            const dropMount = (container: string, path: string) => (o: any) => {
                const c = o.spec.template.spec.containers.find((x: any) => x.name === container);
                assert.ok(c, `container ${container}`);
                const before = c.volumeMounts.length;
                c.volumeMounts = c.volumeMounts.filter((m: any) => m.mountPath !== path);
                assert.ok(c.volumeMounts.length < before, `${container} mounts ${path}`);
            };
            const checker = withChange(dev, "StatefulSet", "monitor", dropMount("team-rules-check", "/opt/team-rules"));
            assertProblem(fileReferenceProblems(checker), "StatefulSet monitoring/monitor", /container team-rules-check: its shell runs \/opt\/team-rules\/check\.sh, which none of its volume mounts/);
            const rulesSidecar = withChange(dev, "StatefulSet", "monitor", dropMount("team-rules", "/var/lib/team-rules/prepared"));
            assertProblem(fileReferenceProblems(rulesSidecar), "StatefulSet monitoring/monitor", /container team-rules: env TEAM_RULES_PREPARED names \/var\/lib\/team-rules\/prepared, which none/);
            const dashboards = withChange(dev, "Deployment", "grafana", dropMount("team-dashboards", "/opt/team-dashboards"));
            assertProblem(fileReferenceProblems(dashboards), "Deployment monitoring/grafana", /container team-dashboards: env SCRIPT names \/opt\/team-dashboards\/sort\.sh, which none/);
        });

        it("a Secret volume whose Secret is not deployed", () => {
            const broken = without(objects, "Secret", "kvstore-client-cert", "monitoring");
            assertProblem(referenceProblems(broken), "StatefulSet monitoring/monitor", /refers to Secret monitoring\/kvstore-client-cert/);
        });

        it("a ServiceAccount that is not deployed, for the pod and for the bindings", () => {
            const broken = without(objects, "ServiceAccount", "monitor-main", "monitoring");
            const problems = referenceProblems(broken);
            assertProblem(problems, "StatefulSet monitoring/monitor", /spec\.serviceAccountName refers to ServiceAccount monitoring\/monitor-main/);
            assertProblem(problems, "ClusterRoleBinding monitor-main", /subjects refers to ServiceAccount monitoring\/monitor-main/);
        });

        it("a reference into another namespace does not count: the object must be in the pod's namespace", () => {
            const broken = withChange(objects, "ConfigMap", "monitor", (o) => {
                o.metadata.namespace = "default";
            });
            assertProblem(referenceProblems(broken), "StatefulSet monitoring/monitor", /refers to ConfigMap monitoring\/monitor,/);
        });

        it("an env var that reads a key its Secret does not have", () => {
            const broken = withChange(objects, "StatefulSet", "monitor", (o) => {
                o.spec.template.spec.containers[0].env = [
                    { name: "PASSWORD", valueFrom: { secretKeyRef: { name: "kvstore-client-cert", key: "password" } } },
                ];
            });
            assertProblem(referenceProblems(broken), "StatefulSet monitoring/monitor", /reads key password of Secret monitoring\/kvstore-client-cert/);
        });

        it("a RoleBinding whose Role is not deployed in its namespace", () => {
            const broken = without(objects, "Role", "monitor-main", "kube-system");
            assertProblem(roleBindingProblems(broken), "RoleBinding kube-system/monitor-main", /roleRef points at Role kube-system\/monitor-main/);
        });

        it("a ClusterRoleBinding whose ClusterRole is not deployed", () => {
            const broken = without(objects, "ClusterRole", "monitor-main");
            assertProblem(roleBindingProblems(broken), "ClusterRoleBinding monitor-main", /roleRef points at ClusterRole monitor-main/);
        });

        it("a Service targetPort that names no container port", () => {
            const broken = withChange(objects, "Service", "monitor", (o) => {
                o.spec.ports[0].targetPort = "http";
            });
            assertProblem(servicePortProblems(broken), "Service monitoring/monitor", /targets "http", which no selected container declares/);
        });

        it("an Ingress backend port that the Service does not have", () => {
            const broken = withChange(objects, "Ingress", "monitor", (o) => {
                o.spec.rules[0].http.paths[0].backend.service.port = { number: 80 };
            });
            assertProblem(servicePortProblems(broken), "Ingress monitoring/monitor", /backend monitor-auth:80 is not a port of a Service/);
        });
    });
});
