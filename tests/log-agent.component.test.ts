import * as k8s from "@pulumi/kubernetes";
import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { LogAgent } from "../components/log-agent";
import { credentialsSecret } from "../components/log-agent/credentials-secret";
import { configAnnotation } from "../components/log-agent/daemonset";
import { livenessCommand } from "../components/log-agent/liveness";
import { Settings } from "../config";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../components/common/checksum";
import { captureResources, findOne, ofType, RegisteredResource } from "./harness/pulumi-mocks";
import { settingsWith } from "./harness/stack-config";
import { EXISTING_NAMESPACES } from "./harness/namespaces";
import { isSecretGeneration } from "./harness/secret-generations";

const T = {
    component: "cluster-monitoring:logging:LogAgent",
    serviceAccount: "kubernetes:core/v1:ServiceAccount",
    clusterRole: "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole",
    clusterRoleBinding: "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding",
    configMap: "kubernetes:core/v1:ConfigMap",
    secret: "kubernetes:core/v1:Secret",
    daemonSet: "kubernetes:apps/v1:DaemonSet",
};

const PASSWORD = "Tr0ub4dor-and-3-horses";

// Internal to @pulumi/pulumi (pinned in package.json): how a secret value is marked on the wire.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { specialSigKey, specialSecretSig } = require("@pulumi/pulumi/runtime/rpc") as { specialSigKey: string; specialSecretSig: string };

function withUser(overrides: Record<string, unknown> = {}): Settings {
    return settingsWith(
        { logs: { search: { host: "elasticsearch-logging", user: "fluentd", allowPlaintextCredentials: true }, ...overrides } },
        { searchPassword: PASSWORD },
    );
}

async function build(settings: Settings = settingsWith(), name = "log-agent"): Promise<RegisteredResource[]> {
    return captureResources(() => new LogAgent(name, { settings: settings.logs, namespaces: EXISTING_NAMESPACES }));
}

function daemonSetOf(resources: RegisteredResource[]) {
    return findOne(resources, T.daemonSet).inputs;
}

function containerOf(resources: RegisteredResource[]) {
    const containers = daemonSetOf(resources).spec.template.spec.containers;
    assert.strictEqual(containers.length, 1);
    return containers[0];
}

describe("log agent: component", () => {
    describe("resources", () => {
        let resources: RegisteredResource[];
        before(async () => {
            resources = await build();
        });

        it("registers the component and its children with names derived from the component's", () => {
            assert.strictEqual(ofType(resources, T.component).length, 1);
            const names = resources.filter((r) => r.type !== T.component).map((r) => r.name).sort();
            assert.deepStrictEqual(names, [
                "log-agent-cluster-role",
                "log-agent-cluster-role-binding",
                "log-agent-config",
                "log-agent-daemonset",
                "log-agent-service-account",
            ]);
        });

        it("creates no Secret when no user is configured", () => {
            assert.strictEqual(ofType(resources, T.secret).length, 0);
        });

        it("puts the ConfigMap log-agent-config-v0.2.0 in kube-system", () => {
            const cm = findOne(resources, T.configMap, "log-agent-config-v0.2.0").inputs;
            assert.strictEqual(cm.metadata.namespace, "kube-system");
        });

        it("creates ServiceAccount fluentd-es in kube-system", () => {
            assert.strictEqual(findOne(resources, T.serviceAccount, "fluentd-es").inputs.metadata.namespace, "kube-system");
        });

        it("lets the ClusterRole get, watch and list namespaces and pods, and nothing else", () => {
            const role = findOne(resources, T.clusterRole, "fluentd-es").inputs;
            assert.deepStrictEqual(role.rules, [{ apiGroups: [""], resources: ["namespaces", "pods"], verbs: ["get", "watch", "list"] }]);
        });

        it("binds the ClusterRole to the ServiceAccount", () => {
            const binding = findOne(resources, T.clusterRoleBinding, "fluentd-es").inputs;
            assert.deepStrictEqual(binding.roleRef, { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "fluentd-es" });
            assert.deepStrictEqual(binding.subjects, [{ kind: "ServiceAccount", name: "fluentd-es", namespace: "kube-system" }]);
        });
    });

    describe("DaemonSet (docs/design.md#log-agent-daemonset)", () => {
        let resources: RegisteredResource[];
        before(async () => {
            resources = await build();
        });

        it("is fluentd-es-v2.7.0 in kube-system with labels k8s-app and version, selected by them", () => {
            const ds = daemonSetOf(resources);
            const labels = { "k8s-app": "fluentd-es", version: "v2.7.0" };
            assert.strictEqual(ds.apiVersion, "apps/v1");
            assert.strictEqual(ds.metadata.name, "fluentd-es-v2.7.0");
            assert.strictEqual(ds.metadata.namespace, "kube-system");
            assert.deepStrictEqual(ds.metadata.labels, labels);
            assert.deepStrictEqual(ds.spec.selector.matchLabels, labels);
            assert.deepStrictEqual(ds.spec.template.metadata.labels, labels);
        });

        it("runs as system-node-critical under the fluentd-es account with a 55s grace period (docs/log-agent.md#stopping)", () => {
            const pod = daemonSetOf(resources).spec.template.spec;
            assert.strictEqual(pod.priorityClassName, "system-node-critical");
            assert.strictEqual(pod.serviceAccountName, "fluentd-es");
            assert.strictEqual(pod.terminationGracePeriodSeconds, 55);
        });

        it("tolerates the control-plane taints by default", () => {
            assert.deepStrictEqual(daemonSetOf(resources).spec.template.spec.tolerations, [
                { key: "node-role.kubernetes.io/master", operator: "Exists", effect: "NoSchedule" },
                { key: "node-role.kubernetes.io/control-plane", operator: "Exists", effect: "NoSchedule" },
            ]);
        });

        it("runs the add-on image with FLUENTD_ARGS, the node's name for document ids, and no password env", () => {
            const c = containerOf(resources);
            assert.strictEqual(c.image, "quay.io/fluentd_elasticsearch/fluentd:v2.7.0");
            assert.deepStrictEqual(c.env, [
                { name: "FLUENTD_ARGS", value: "--no-supervisor -q" },
                { name: "NODE_NAME", valueFrom: { fieldRef: { fieldPath: "spec.nodeName" } } },
            ]);
        });

        it("requests 100m CPU and 200Mi memory, limited to 500Mi", () => {
            assert.deepStrictEqual(containerOf(resources).resources, {
                requests: { cpu: "100m", memory: "200Mi" },
                limits: { memory: "500Mi" },
            });
        });

        it("exposes 24231 named metrics", () => {
            assert.deepStrictEqual(containerOf(resources).ports, [{ containerPort: 24231, name: "metrics", protocol: "TCP" }]);
        });

        it("mounts the node's logs read-only, its own state directory read-write, and the config at /etc/fluent/config.d", () => {
            const c = containerOf(resources);
            const pod = daemonSetOf(resources).spec.template.spec;
            assert.deepStrictEqual(c.volumeMounts, [
                { name: "varlog", mountPath: "/var/log", readOnly: true },
                { name: "varlibdockercontainers", mountPath: "/var/lib/docker/containers", readOnly: true },
                { name: "fluentd-state", mountPath: "/var/lib/cluster-monitoring/kube-system/fluentd-es" },
                { name: "config-volume", mountPath: "/etc/fluent/config.d", readOnly: true },
            ]);
            assert.deepStrictEqual(pod.volumes, [
                { name: "varlog", hostPath: { path: "/var/log" } },
                { name: "varlibdockercontainers", hostPath: { path: "/var/lib/docker/containers" } },
                { name: "fluentd-state", hostPath: { path: "/var/lib/cluster-monitoring/kube-system/fluentd-es", type: "DirectoryOrCreate" } },
                { name: "config-volume", configMap: { name: "log-agent-config-v0.2.0" } },
            ]);
        });

        it("writes positions and buffer only below its one writable host path", async () => {
            const c = containerOf(resources);
            const writable = c.volumeMounts.filter((m: any) => m.readOnly !== true).map((m: any) => m.mountPath);
            assert.deepStrictEqual(writable, ["/var/lib/cluster-monitoring/kube-system/fluentd-es"]);
            const data: Record<string, string> = findOne(resources, T.configMap).inputs.data;
            const written = Object.values(data)
                .join("\n")
                .split("\n")
                .map((l) => /^\s*#?\s*(?:pos_file|path) (\S+)$/.exec(l)?.[1])
                .filter((p): p is string => p !== undefined && !p.startsWith("/var/log/containers/") && p.startsWith("/var/"));
            const reads = ["/var/log/salt/minion", ...["startupscript", "docker", "etcd", "kubelet", "kube-proxy", "kube-apiserver",
                "kube-controller-manager", "kube-scheduler", "glbc", "cluster-autoscaler"].map((n) => `/var/log/${n}.log`)];
            const writes = written.filter((p) => !reads.includes(p));
            assert.ok(writes.length >= 17, writes.join("\n"));
            for (const p of writes) {
                assert.ok(p.startsWith("/var/lib/cluster-monitoring/kube-system/fluentd-es/"), `${p} is outside the writable state directory`);
            }
            assert.match(c.livenessProbe.exec.command[2], new RegExp(`find /var/lib/cluster-monitoring/kube-system/fluentd-es/fluentd-buffers -newer`));
        });

        it("allows no privilege escalation and drops every capability, adding none", () => {
            const sc = containerOf(resources).securityContext;
            assert.strictEqual(sc.allowPrivilegeEscalation, false);
            assert.strictEqual(sc.privileged, false);
            assert.deepStrictEqual(sc.capabilities, { drop: ["ALL"] });
            assert.deepStrictEqual(daemonSetOf(resources).spec.template.spec.securityContext, { seccompProfile: { type: "RuntimeDefault" } });
        });

        it("has a liveness probe on buffer activity and a readiness probe on the metrics port", () => {
            const c = containerOf(resources);
            assert.deepStrictEqual(c.livenessProbe.exec.command.slice(0, 2), ["/bin/sh", "-c"]);
            assert.match(c.livenessProbe.exec.command[2], /find \/var\/lib\/cluster-monitoring\/kube-system\/fluentd-es\/fluentd-buffers -newer/);
            assert.match(c.livenessProbe.exec.command[2], /300 seconds ago/);
            assert.strictEqual(c.livenessProbe.initialDelaySeconds, 600);
            assert.deepStrictEqual(c.readinessProbe.httpGet, { path: "/metrics", port: "metrics", scheme: "HTTP" });
        });

        it("annotates the pod template with the checksum of the config files", () => {
            const ds = daemonSetOf(resources);
            const cm = findOne(resources, T.configMap).inputs;
            assert.match(ds.spec.template.metadata.annotations[CONFIG_CHECKSUM_ANNOTATION], /^[0-9a-f]{64}$/);
            // The annotation is a digest of exactly what the ConfigMap holds.
            assert.strictEqual(ds.spec.template.metadata.annotations[CONFIG_CHECKSUM_ANNOTATION], configChecksum(cm.data));
        });

        it("changes the checksum when the config changes, so the pods roll", () => {
            const before = configAnnotation(settingsWith().logs)[CONFIG_CHECKSUM_ANNOTATION];
            const after = configAnnotation(settingsWith({ logs: { search: { host: "other-es" } } }).logs)[CONFIG_CHECKSUM_ANNOTATION];
            assert.notStrictEqual(before, after);
        });

        it("takes tolerations and resources from settings", async () => {
            const s = settingsWith({
                logs: {
                    tolerations: [{ operator: "Exists" }],
                    resources: { cpuRequest: "50m", memoryRequest: "100Mi", memoryLimit: "1Gi", cpuLimit: "1" },
                },
            });
            const ds = daemonSetOf(await build(s));
            assert.deepStrictEqual(ds.spec.template.spec.tolerations, [{ operator: "Exists" }]);
            assert.deepStrictEqual(ds.spec.template.spec.containers[0].resources, {
                requests: { cpu: "50m", memory: "100Mi" },
                limits: { cpu: "1", memory: "1Gi" },
            });
        });
    });

    describe("renamed agent", () => {
        it("keeps every cross-reference consistent", async () => {
            const s = settingsWith({
                logs: {
                    namespace: "logging",
                    daemonSetName: "log-shipper",
                    configMapName: "log-shipper-config",
                    serviceAccountName: "log-shipper",
                    labels: { app: "log-shipper" },
                    search: { host: "es", user: "shipper", allowPlaintextCredentials: true },
                },
            }, { searchPassword: PASSWORD });
            const resources = await build(s, "shipper");
            const ds = daemonSetOf(resources);
            const pod = ds.spec.template.spec;
            assert.strictEqual(ds.metadata.name, "log-shipper");
            assert.strictEqual(ds.metadata.namespace, "logging");
            assert.deepStrictEqual(ds.spec.selector.matchLabels, { app: "log-shipper" });
            assert.deepStrictEqual(ds.spec.template.metadata.labels, { app: "log-shipper" });
            assert.strictEqual(pod.serviceAccountName, findOne(resources, T.serviceAccount).inputs.metadata.name);
            assert.strictEqual(findOne(resources, T.serviceAccount).inputs.metadata.namespace, "logging");
            const binding = findOne(resources, T.clusterRoleBinding).inputs;
            assert.deepStrictEqual(binding.subjects, [{ kind: "ServiceAccount", name: "log-shipper", namespace: "logging" }]);
            assert.strictEqual(binding.roleRef.name, findOne(resources, T.clusterRole).inputs.metadata.name);
            const cm = findOne(resources, T.configMap).inputs;
            assert.strictEqual(pod.volumes.find((v: any) => v.name === "config-volume").configMap.name, cm.metadata.name);
            assert.strictEqual(cm.metadata.namespace, "logging");
            const secret = findOne(resources, T.secret).inputs;
            assert.strictEqual(secret.metadata.namespace, "logging");
            assert.strictEqual(pod.containers[0].env.find((e: any) => e.name === "OUTPUT_PASSWORD").valueFrom.secretKeyRef.name, secret.metadata.name);
            assert.ok(resources.every((r) => r.type === T.component || r.name.startsWith("shipper-")));
        });
    });

    describe("search-store password", () => {
        let resources: RegisteredResource[];
        before(async () => {
            resources = await build(withUser());
        });

        it("is stored in a Secret named after the service account, in kube-system", () => {
            const secret = findOne(resources, T.secret, "fluentd-es-search-credentials").inputs;
            assert.strictEqual(secret.metadata.namespace, "kube-system");
            assert.strictEqual(secret.type, "Opaque");
            // The engine receives stringData wrapped in the secret marker, so state stores it encrypted.
            assert.deepStrictEqual(secret.stringData, { [specialSigKey]: specialSecretSig, value: { password: PASSWORD } });
        });

        it("is a Pulumi secret in the Secret the builder returns", async () => {
            const secret = credentialsSecret(withUser().logs)!;
            const value = (secret.stringData as Record<string, pulumi.Output<string>>).password;
            assert.strictEqual(await pulumi.isSecret(value), true);
        });

        it("is a Pulumi secret even when the settings carry it in clear", async () => {
            const s = withUser().logs;
            const secret = credentialsSecret({ ...s, search: { ...s.search, password: pulumi.output(PASSWORD) } })!;
            assert.strictEqual(await pulumi.isSecret((secret.stringData as Record<string, pulumi.Output<string>>).password), true);
        });

        it("reaches fluentd only as OUTPUT_PASSWORD through a secretKeyRef", () => {
            assert.deepStrictEqual(containerOf(resources).env, [
                { name: "FLUENTD_ARGS", value: "--no-supervisor -q" },
                { name: "NODE_NAME", valueFrom: { fieldRef: { fieldPath: "spec.nodeName" } } },
                { name: "OUTPUT_PASSWORD", valueFrom: { secretKeyRef: { name: "fluentd-es-search-credentials", key: "password" } } },
            ]);
            const output = findOne(resources, T.configMap).inputs.data["output.conf"];
            assert.match(output, /^ {4}user "fluentd"$/m);
            assert.match(output, /^ {4}password "#\{ENV\['OUTPUT_PASSWORD'\]\}"$/m);
        });

        it("appears in no ConfigMap, annotation or other resource than the Secret", () => {
            const secrets = ofType(resources, T.secret);
            assert.strictEqual(secrets.length, 1);
            assert.ok(JSON.stringify(secrets[0].inputs).includes(PASSWORD), "the mock sees the value, so this test can detect a leak");
            // The Secret's generation holds it too, as a Pulumi secret: what rolls the agents onto a changed password.
            for (const r of resources.filter((x) => x.type !== T.secret && !isSecretGeneration(x))) {
                assert.ok(!JSON.stringify(r.inputs).includes(PASSWORD), `${r.type} ${r.name} must not contain the password`);
            }
            const annotations = daemonSetOf(resources).spec.template.metadata.annotations;
            assert.ok(!JSON.stringify(annotations).includes(PASSWORD));
        });

        it("makes the DaemonSet depend on the Secret, so pods never start without it", async () => {
            // Transformations see each child's options, including dependsOn, before it registers.
            const dependencies = new Map<string, unknown[]>();
            await captureResources(
                () =>
                    new LogAgent("log-agent", { settings: withUser().logs, namespaces: EXISTING_NAMESPACES }, {
                        transformations: [
                            (args) => {
                                dependencies.set(args.type, (args.opts.dependsOn as unknown[]) ?? []);
                                return undefined;
                            },
                        ],
                    }),
            );
            const daemonSetDependencies = dependencies.get(T.daemonSet) ?? [];
            assert.ok(
                daemonSetDependencies.some((d) => d instanceof k8s.core.v1.Secret),
                "the DaemonSet's dependsOn lacks the credentials Secret",
            );
        });
    });

    describe("liveness script", () => {
        // Runs the probe's own shell command against a temporary buffer directory, so the test
        // fails if the script cannot tell a busy agent from a stuck one.
        function probe(mtimeSecondsAgo: number | undefined, freshPositionFile = false): number {
            const root = fs.mkdtempSync(path.join(os.tmpdir(), "liveness-"));
            const dir = path.join(root, "fluentd-buffers");
            const marker = path.join(root, "marker");
            if (mtimeSecondsAgo !== undefined) {
                fs.mkdirSync(path.join(dir, "kubernetes.system.buffer"), { recursive: true });
                const chunk = path.join(dir, "kubernetes.system.buffer", "buffer.b1.log");
                fs.writeFileSync(chunk, "x");
                const t = new Date(Date.now() - mtimeSecondsAgo * 1000);
                for (const p of [chunk, path.join(dir, "kubernetes.system.buffer"), dir]) {
                    fs.utimesSync(p, t, t);
                }
            }
            if (freshPositionFile) {
                // The state directory holds the position files too; they advance while the output is stuck.
                fs.writeFileSync(path.join(root, "es-containers.log.pos"), "x");
            }
            const [shell, flagC, script] = livenessCommand(settingsWith().logs);
            const local = script.split("/var/lib/cluster-monitoring/kube-system/fluentd-es/fluentd-buffers").join(dir).split("/tmp/fluentd-liveness-marker").join(marker);
            try {
                execFileSync(shell, [flagC, local], { stdio: "ignore" });
                return 0;
            } catch (e) {
                return (e as { status: number }).status;
            } finally {
                fs.rmSync(root, { recursive: true, force: true });
            }
        }

        it("passes while buffer files change", () => assert.strictEqual(probe(10), 0));
        it("fails when no buffer file changed for longer than the threshold", () => assert.notStrictEqual(probe(3600), 0));
        it("fails when only a position file beside the buffer changed", () => assert.notStrictEqual(probe(3600, true), 0));
        it("fails when the buffer directory does not exist", () => assert.notStrictEqual(probe(undefined), 0));
        it("never deletes the buffer", () => {
            assert.doesNotMatch(livenessCommand(settingsWith().logs)[2], /\brm\b/);
        });
    });
});
