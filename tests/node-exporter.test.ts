import { prometheusInputsFor } from "./harness/stack-config";
import * as assert from "assert";
import { NodeExporter } from "../components/node-exporter";
import { nodeExporterDaemonSet } from "../components/node-exporter/daemonset";
import { scrapeJobs } from "../stack/scrape-jobs";
import { metricsNamespaceWorkloads, namespace } from "../components/prometheus/namespace";
import { ConfigError } from "../config";
import { podSecurityLevel } from "../validate/pod-security";
import { captureResources } from "./harness/pulumi-mocks";
import { settingsWith } from "./harness/stack-config";
import { EXISTING_NAMESPACES } from "./harness/namespaces";

function configError(nodeExporter: Record<string, unknown>, other: Record<string, Record<string, unknown>> = {}): ConfigError {
    try {
        settingsWith({ nodeExporter, ...other });
    } catch (e) {
        if (e instanceof ConfigError) return e;
        throw e;
    }
    assert.fail("expected a ConfigError");
}

const podSpec = (n = settingsWith().nodeExporter) => (nodeExporterDaemonSet(n).spec as any).template.spec;
const container = (n = settingsWith().nodeExporter) => podSpec(n).containers[0];

describe("node-exporter (docs/node-exporter.md)", () => {
    it("is on by default, in kube-system, with the current release", () => {
        const n = settingsWith().nodeExporter;
        assert.deepStrictEqual([n.enabled, n.namespace, n.image], [true, "kube-system", "quay.io/prometheus/node-exporter:v1.12.1"]);
    });

    it("shares the host's network and PID namespace, and mounts /proc, /sys and / read-only with the matching --path flags", () => {
        const spec = podSpec();
        assert.deepStrictEqual([spec.hostNetwork, spec.hostPID], [true, true]);
        assert.deepStrictEqual(spec.volumes.map((v: any) => [v.name, v.hostPath.path]), [["proc", "/proc"], ["sys", "/sys"], ["root", "/"]]);
        const mounts = container().volumeMounts;
        assert.ok(mounts.every((m: any) => m.readOnly === true));
        assert.deepStrictEqual(mounts.find((m: any) => m.name === "root").mountPropagation, "HostToContainer");
        const args: string[] = container().args;
        for (const m of mounts) {
            const flag = { proc: "--path.procfs", sys: "--path.sysfs", root: "--path.rootfs" }[m.name as string];
            assert.ok(args.includes(`${flag}=${m.mountPath}`), `${flag} points at ${m.mountPath}`);
        }
    });

    it("listens on 127.0.0.1 only; kube-rbac-proxy serves it on the node IP, taken from the downward API, over TLS", () => {
        const c = container();
        assert.ok(c.args.includes("--web.listen-address=127.0.0.1:9100"));
        assert.strictEqual(c.ports, undefined, "the exporter publishes no port of its own");
        const proxy = (n = settingsWith().nodeExporter) => podSpec(n).containers.find((x: any) => x.name === "kube-rbac-proxy");
        assert.ok(proxy().args.includes("--secure-listen-address=[$(HOST_IP)]:9100"));
        assert.ok(proxy().args.includes("--upstream=http://127.0.0.1:9100/"));
        assert.deepStrictEqual(proxy().env, [{ name: "HOST_IP", valueFrom: { fieldRef: { fieldPath: "status.hostIP" } } }]);
        const custom = settingsWith({ nodeExporter: { port: 9110 } }).nodeExporter;
        assert.ok(container(custom).args.includes("--web.listen-address=127.0.0.1:9110"));
        assert.ok(proxy(custom).args.includes("--secure-listen-address=[$(HOST_IP)]:9110"));
        assert.deepStrictEqual(proxy(custom).ports, [{ name: "metrics", containerPort: 9110, protocol: "TCP" }]);
    });

    it("is non-root, read-only, without capabilities, with RuntimeDefault seccomp; the token is mounted for its kube-rbac-proxy only to use", () => {
        const spec = podSpec();
        assert.deepStrictEqual(spec.securityContext, { runAsNonRoot: true, runAsUser: 65534, runAsGroup: 65534, seccompProfile: { type: "RuntimeDefault" } });
        assert.deepStrictEqual(container().securityContext, { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] }, readOnlyRootFilesystem: true });
        // The proxy reviews callers' tokens with the API server; the ServiceAccount alone mounts none.
        assert.strictEqual(spec.automountServiceAccountToken, true);
        const level = podSecurityLevel(spec);
        assert.strictEqual(level.level, "privileged");
        assert.deepStrictEqual([...new Set(level.violations.filter((v) => v.breaks === "baseline").map((v) => v.control))].sort(), ["Host Namespaces", "HostPath Volumes"]);
    });

    it("tolerates every taint by default, so control-plane nodes are watched; a stack can narrow it", () => {
        assert.deepStrictEqual(podSpec().tolerations, [{ operator: "Exists" }]);
        const narrow = settingsWith({ nodeExporter: { tolerations: [] } }).nodeExporter;
        // No toleration at all: the field is left out, which Kubernetes reads as an empty list.
        assert.strictEqual(podSpec(narrow).tolerations, undefined);
    });

    it("excludes container mounts and pod interfaces as kube-prometheus does, and appends extra collector flags", () => {
        const args: string[] = container(settingsWith({ nodeExporter: { collectorArgs: ["--collector.systemd"] } }).nodeExporter).args;
        const mountExclude = new RegExp(args.find((a) => a.startsWith("--collector.filesystem.mount-points-exclude="))!.split("=").slice(1).join("="));
        for (const excluded of ["/var/lib/kubelet/pods/x/volumes/y", "/run/containerd/io.containerd.grpc.v1.cri/sandboxes/a/shm", "/proc", "/sys/fs/cgroup"]) {
            assert.ok(mountExclude.test(excluded), excluded);
        }
        for (const kept of ["/", "/var", "/var/lib/kubelet", "/boot/efi"]) {
            assert.ok(!mountExclude.test(kept), kept);
        }
        const deviceExclude = new RegExp(args.find((a) => a.startsWith("--collector.netdev.device-exclude="))!.split("=")[1]);
        assert.ok(deviceExclude.test("veth1a2b3c") && deviceExclude.test("0123456789abcdef".slice(0, 15)));
        assert.ok(!deviceExclude.test("eth0") && !deviceExclude.test("ens5"));
        assert.ok(args.includes("--collector.netclass.ignored-devices=^(veth.*|[a-f0-9]{15})$"));
        assert.strictEqual(args[args.length - 1], "--collector.systemd");
    });

    it("refuses flags that are not collector flags, naming the key", () => {
        assert.match(configError({ collectorArgs: ["--web.listen-address=:9100"] }).message, /cluster-monitoring:nodeExporter\.collectorArgs\[0\]: got "--web\.listen-address=:9100", expected a collector flag/);
        assert.match(configError({ port: 80 }).message, /cluster-monitoring:nodeExporter\.port: got 80, expected an integer from 1024 to 65535/);
    });

    it("refuses a namespace the program neither has nor labels for privileged pods", () => {
        assert.match(configError({ namespace: "apps" }).message, /cluster-monitoring:nodeExporter\.namespace: got "apps", expected one of kube-system, monitoring/);
    });

    it("in the metrics namespace, makes it privileged, as its pods need", () => {
        const stack = settingsWith({ nodeExporter: { namespace: "monitoring" } });
        const s = stack.metrics;
        const claims = prometheusInputsFor(stack).namespaceWorkloads;
        assert.ok(metricsNamespaceWorkloads(s, claims).some((w) => w.name.includes("node-exporter") && w.level === "privileged"));
        assert.strictEqual((namespace(s, claims).metadata as any).labels["pod-security.kubernetes.io/enforce"], "privileged");
        assert.strictEqual((namespace(settingsWith().metrics).metadata as any).labels["pod-security.kubernetes.io/enforce"], "restricted");
    });

    it("switched off: no scrape job, and the job follows it on", () => {
        const jobs = (s = settingsWith()) => scrapeJobs(s).map((j) => j.job_name);
        assert.ok(jobs().includes("node-exporter"));
        assert.ok(!jobs(settingsWith({ nodeExporter: { enabled: false } })).includes("node-exporter"));
    });

    it("registers its DaemonSet, its own ServiceAccount and the proxy's ClusterRole and binding, under the component", async () => {
        const resources = await captureResources(() => new NodeExporter("node-exporter", { settings: settingsWith().nodeExporter, namespaces: EXISTING_NAMESPACES }));
        assert.deepStrictEqual(resources.map((r) => r.type).sort(), [
            "cluster-monitoring:monitoring:NodeExporter",
            "kubernetes:apps/v1:DaemonSet",
            "kubernetes:core/v1:ServiceAccount",
            "kubernetes:rbac.authorization.k8s.io/v1:ClusterRole",
            "kubernetes:rbac.authorization.k8s.io/v1:ClusterRoleBinding",
        ]);
    });
});
