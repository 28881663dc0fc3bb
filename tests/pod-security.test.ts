import { prometheusInputsFor } from "./harness/stack-config";
import * as assert from "assert";
import * as path from "path";
import {
    admissionWarnings,
    metricsNamespaceWorkloads,
    namespace,
    namespacePodSecurity,
    podSecurityWarnings,
} from "../components/prometheus/namespace";
import { readStackConfig } from "../render";
import { RegisteredResource } from "../render/engine-mocks";
import { EngineConfig, runProgram } from "../render/run-program";
import { formatViolations, podSecurityLevel, PodSecurityControl } from "../validate/pod-security";
import {
    claimForRegistered,
    mostPrivileged,
    POD_SECURITY_CLAIMS,
    PodSecurityClaim,
    PodSecurityLevel,
} from "../validate/pod-security-claims";
import { STACKS } from "./harness/rendered-stacks";
import { COMPONENT_POD_SECURITY_CLAIMS } from "../stack/pod-security-claims";
import { settingsWith } from "./harness/stack-config";

const REPO = path.resolve(__dirname, "..");

/** A pod that meets every Restricted control; each case below breaks one. */
function restrictedPod(): any {
    return {
        securityContext: { runAsNonRoot: true, runAsUser: 1000, seccompProfile: { type: "RuntimeDefault" } },
        containers: [
            {
                name: "app",
                image: "app",
                ports: [{ containerPort: 8080 }],
                securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] } },
            },
        ],
        volumes: [
            { name: "cfg", configMap: { name: "cfg" } },
            { name: "data", persistentVolumeClaim: { claimName: "data" } },
            { name: "tmp", emptyDir: {} },
        ],
    };
}

type Case = [string, (pod: any, annotations: Record<string, string>) => void, PodSecurityLevel, PodSecurityControl];

const container = (pod: any) => pod.containers[0];

const CASES: Case[] = [
    // Baseline controls: each makes the pod privileged.
    ["hostProcess on the pod", (p) => (p.securityContext.windowsOptions = { hostProcess: true }), "privileged", "HostProcess"],
    ["hostProcess on a container", (p) => (container(p).securityContext.windowsOptions = { hostProcess: true }), "privileged", "HostProcess"],
    ["hostNetwork", (p) => (p.hostNetwork = true), "privileged", "Host Namespaces"],
    ["hostPID", (p) => (p.hostPID = true), "privileged", "Host Namespaces"],
    ["hostIPC", (p) => (p.hostIPC = true), "privileged", "Host Namespaces"],
    ["a privileged container", (p) => (container(p).securityContext.privileged = true), "privileged", "Privileged Containers"],
    [
        "a privileged init container",
        (p) => (p.initContainers = [{ name: "init", securityContext: { ...container(p).securityContext, privileged: true } }]),
        "privileged",
        "Privileged Containers",
    ],
    ["adding DAC_READ_SEARCH", (p) => (container(p).securityContext.capabilities.add = ["DAC_READ_SEARCH"]), "privileged", "Capabilities"],
    ["adding SYS_ADMIN", (p) => (container(p).securityContext.capabilities.add = ["SYS_ADMIN"]), "privileged", "Capabilities"],
    ["a hostPath volume", (p) => p.volumes.push({ name: "logs", hostPath: { path: "/var/log" } }), "privileged", "HostPath Volumes"],
    ["a host port", (p) => (container(p).ports[0].hostPort = 8080), "privileged", "Host Ports"],
    ["AppArmor unconfined on the pod", (p) => (p.securityContext.appArmorProfile = { type: "Unconfined" }), "privileged", "AppArmor"],
    [
        "AppArmor unconfined by annotation",
        (_p, a) => (a["container.apparmor.security.beta.kubernetes.io/app"] = "unconfined"),
        "privileged",
        "AppArmor",
    ],
    ["a custom SELinux type", (p) => (p.securityContext.seLinuxOptions = { type: "spc_t" }), "privileged", "SELinux"],
    ["a SELinux user on a container", (p) => (container(p).securityContext.seLinuxOptions = { user: "system_u" }), "privileged", "SELinux"],
    ["an unmasked /proc", (p) => (container(p).securityContext.procMount = "Unmasked"), "privileged", "/proc Mount Type"],
    ["seccomp Unconfined on the pod", (p) => (p.securityContext.seccompProfile = { type: "Unconfined" }), "privileged", "Seccomp"],
    [
        "seccomp Unconfined on a container",
        (p) => (container(p).securityContext.seccompProfile = { type: "Unconfined" }),
        "privileged",
        "Seccomp",
    ],
    ["an unsafe sysctl", (p) => (p.securityContext.sysctls = [{ name: "vm.max_map_count", value: "262144" }]), "privileged", "Sysctls"],
    // Restricted controls: each makes the pod baseline.
    ["an nfs volume", (p) => p.volumes.push({ name: "nfs", nfs: { server: "x", path: "/" } }), "baseline", "Volume Types"],
    ["privilege escalation left unset", (p) => delete container(p).securityContext.allowPrivilegeEscalation, "baseline", "Privilege Escalation"],
    ["privilege escalation allowed", (p) => (container(p).securityContext.allowPrivilegeEscalation = true), "baseline", "Privilege Escalation"],
    ["runAsNonRoot unset everywhere", (p) => delete p.securityContext.runAsNonRoot, "baseline", "Running as Non-root"],
    ["runAsNonRoot false on a container", (p) => (container(p).securityContext.runAsNonRoot = false), "baseline", "Running as Non-root"],
    ["runAsUser 0 on the pod", (p) => (p.securityContext.runAsUser = 0), "baseline", "Running as Non-root user"],
    ["runAsUser 0 on a container", (p) => (container(p).securityContext.runAsUser = 0), "baseline", "Running as Non-root user"],
    ["seccomp unset everywhere", (p) => delete p.securityContext.seccompProfile, "baseline", "Seccomp"],
    ["capabilities not dropped", (p) => delete container(p).securityContext.capabilities, "baseline", "Capabilities"],
    ["adding CHOWN", (p) => (container(p).securityContext.capabilities.add = ["CHOWN"]), "baseline", "Capabilities"],
];

describe("Pod Security Standards checker (validate/pod-security.ts)", () => {
    it("a pod that meets every control is restricted", () => {
        const r = podSecurityLevel(restrictedPod());
        assert.strictEqual(r.level, "restricted", formatViolations(r.violations));
    });

    for (const [name, change, level, control] of CASES) {
        it(`${name}: ${level}, control ${control}`, () => {
            const pod = restrictedPod();
            const annotations: Record<string, string> = {};
            change(pod, annotations);
            const r = podSecurityLevel(pod, annotations);
            assert.strictEqual(r.level, level, formatViolations(r.violations));
            assert.ok(r.violations.some((v) => v.control === control), formatViolations(r.violations));
        });
    }

    it("every control of the checker is broken by some case above", () => {
        const controls = new Set(CASES.map((c) => c[3]));
        for (const control of [
            "HostProcess", "Host Namespaces", "Privileged Containers", "Capabilities", "HostPath Volumes", "Host Ports",
            "AppArmor", "SELinux", "/proc Mount Type", "Seccomp", "Sysctls", "Volume Types", "Privilege Escalation",
            "Running as Non-root", "Running as Non-root user",
        ]) {
            assert.ok(controls.has(control as PodSecurityControl), control);
        }
    });

    it("allows what the controls allow: NET_BIND_SERVICE, safe sysctls, Localhost profiles, container-level settings", () => {
        const pod = restrictedPod();
        delete pod.securityContext.seccompProfile;
        delete pod.securityContext.runAsNonRoot;
        Object.assign(container(pod).securityContext, {
            runAsNonRoot: true,
            seccompProfile: { type: "Localhost", localhostProfile: "x.json" },
            appArmorProfile: { type: "RuntimeDefault" },
            seLinuxOptions: { type: "container_t", level: "s0:c1,c2" },
            procMount: "Default",
        });
        container(pod).securityContext.capabilities.add = ["NET_BIND_SERVICE"];
        pod.securityContext.sysctls = [{ name: "net.ipv4.ip_unprivileged_port_start", value: "0" }];
        pod.volumes.push({ name: "p", projected: { sources: [] } }, { name: "s", secret: { secretName: "s" } });
        const r = podSecurityLevel(pod, { "container.apparmor.security.beta.kubernetes.io/app": "runtime/default" });
        assert.strictEqual(r.level, "restricted", formatViolations(r.violations));
    });
});

/**
 * The component type that registered a resource. Components name their children
 * `<component name>-...` (tests/metrics-server.test.ts and the log agent's tests check it).
 */
function componentOf(r: RegisteredResource, resources: readonly RegisteredResource[]): string {
    // A component inside another (Kibana inside SearchStore) names its resources after its own
    // name, which starts with its parent's: the longest matching name is the innermost owner.
    const owners = resources.filter((c) => c.type.startsWith("cluster-monitoring:") && r.name.startsWith(`${c.name}-`));
    const longest = Math.max(...owners.map((c) => c.name.length));
    const innermost = owners.filter((c) => c.name.length === longest);
    return innermost.length === 1 ? innermost[0].type : `(no single component for ${r.name})`;
}

const WORKLOAD_TYPES = /^kubernetes:(apps\/v1:(Deployment|StatefulSet|DaemonSet|ReplicaSet)|batch\/v1:(Job|CronJob)|core\/v1:Pod)$/;

interface Workload {
    component: string;
    kind: string;
    name: string;
    namespace: string;
    spec: any;
    annotations: Record<string, string>;
}

function workloadsOf(resources: readonly RegisteredResource[]): Workload[] {
    return resources
        .filter((r) => WORKLOAD_TYPES.test(r.type))
        .map((r) => {
            const o = r.inputs;
            const template = o.kind === "Pod" ? o : o.kind === "CronJob" ? o.spec.jobTemplate.spec.template : o.spec.template;
            return {
                component: componentOf(r, resources),
                kind: o.kind,
                name: o.metadata.name,
                namespace: o.metadata.namespace ?? "default",
                spec: template.spec,
                annotations: template.metadata?.annotations ?? {},
            };
        });
}

function searchStoreMmap(config: EngineConfig): boolean {
    const raw = config.values["cluster-monitoring:searchStore"];
    return raw !== undefined && JSON.parse(raw)?.mmap === true;
}

/** Every stack, plus dev with searchStore.mmap on, the one claim no stack file uses. */
function runs(): Array<[string, EngineConfig]> {
    const list: Array<[string, EngineConfig]> = STACKS.map((s) => [s, readStackConfig(REPO, s)]);
    const dev = readStackConfig(REPO, "dev");
    const store = JSON.parse(dev.values["cluster-monitoring:searchStore"]);
    list.push(["dev with searchStore.mmap", { ...dev, values: { ...dev.values, "cluster-monitoring:searchStore": JSON.stringify({ ...store, mmap: true }) } }]);
    // No stack file runs the OpenSearch store (it needs a TLS Secret): dev with it, on the log agent's opensearch line.
    const logs = JSON.parse(dev.values["cluster-monitoring:logs"]);
    list.push([
        "dev with an OpenSearch store",
        {
            ...dev,
            values: {
                ...dev.values,
                "cluster-monitoring:searchStore": JSON.stringify({ ...store, kind: "opensearch", tls: { secretName: "logs-store-tls" } }),
                "cluster-monitoring:logs": JSON.stringify({ ...logs, image: "fluent/fluentd-kubernetes-daemonset:v1.19.3-debian-opensearch-1.1", search: { ...logs.search, scheme: "https" } }),
            },
        },
    ]);
    return list;
}

/** Claims that some rendered workload matched; filled by the suite below, read by the one after it. */
const used = new Set<PodSecurityClaim>();

describe("Pod Security levels of the rendered workloads (docs/design.md#pod-security-levels)", () => {
    for (const [stack, config] of runs()) {
        describe(stack, () => {
            let resources: RegisteredResource[];
            before(async () => {
                resources = (await runProgram(config, stack.split(" ")[0])).resources;
            });

            it("every workload has a claim, and its computed level equals the claim", () => {
                const workloads = workloadsOf(resources);
                assert.ok(workloads.length >= 2, "the stack renders workloads");
                for (const w of workloadsOf(resources)) {
                    const claim = claimForRegistered(w.component, w.kind, { searchStoreMmap: searchStoreMmap(config) }, COMPONENT_POD_SECURITY_CLAIMS);
                    assert.ok(claim, `${w.kind} ${w.namespace}/${w.name} of ${w.component} has no row in validate/pod-security-claims.ts`);
                    used.add(claim);
                    const computed = podSecurityLevel(w.spec, w.annotations);
                    assert.strictEqual(
                        computed.level,
                        claim.level,
                        `${w.kind} ${w.namespace}/${w.name}: computed ${computed.level}, claimed ${claim.level}\n${formatViolations(computed.violations)}`,
                    );
                }
            });

            it("every namespace the program creates enforces the least privileged level its workloads meet, pinned to a version", () => {
                const created = resources.filter((r) => r.type === "kubernetes:core/v1:Namespace").map((r) => r.inputs);
                assert.ok(created.length >= 1);
                for (const ns of created) {
                    const levels = workloadsOf(resources)
                        .filter((w) => w.namespace === ns.metadata.name)
                        .map((w) => podSecurityLevel(w.spec, w.annotations).level);
                    assert.deepStrictEqual(ns.metadata.labels, {
                        "pod-security.kubernetes.io/enforce": mostPrivileged(levels),
                        "pod-security.kubernetes.io/enforce-version": "v1.33",
                    });
                }
            });

            it("labels no namespace it does not create (kube-system)", () => {
                const names = resources.filter((r) => r.type === "kubernetes:core/v1:Namespace").map((r) => r.inputs.metadata.name);
                assert.ok(!names.includes("kube-system"));
            });
        });
    }

});

describe("the claims table (validate/pod-security-claims.ts)", () => {
    it("has no row that no rendered workload uses", () => {
        assert.ok(used.size > 0, "runs after the rendered workloads");
        const unused = POD_SECURITY_CLAIMS.filter((c) => !used.has(c));
        assert.deepStrictEqual(unused.map((c) => `${c.workload} ${c.when ?? ""}`), []);
    });
});

describe("the metrics server's namespace label and its warnings", () => {
    it("monitoring enforces restricted and nothing warns by default", () => {
        const stack = settingsWith();
        const s = stack.metrics;
        const claims = prometheusInputsFor(stack).namespaceWorkloads;
        assert.strictEqual((namespace(s, claims).metadata as any).labels["pod-security.kubernetes.io/enforce"], "restricted");
        assert.deepStrictEqual(podSecurityWarnings(s.namespace, "restricted", metricsNamespaceWorkloads(s, claims)), []);
    });

    it("a log agent in the same namespace makes it privileged, with a warning that names the agent and the way out", () => {
        const stack = settingsWith({ logs: { namespace: "monitoring" } });
        const s = stack.metrics;
        const claims = prometheusInputsFor(stack).namespaceWorkloads;
        const workloads = metricsNamespaceWorkloads(s, claims);
        assert.strictEqual(namespacePodSecurity(workloads), "privileged");
        assert.strictEqual((namespace(s, claims).metadata as any).labels["pod-security.kubernetes.io/enforce"], "privileged");
        const warnings = podSecurityWarnings(s.namespace, "restricted", workloads);
        assert.strictEqual(warnings.length, 1);
        assert.match(warnings[0], /log agent's DaemonSet in monitoring needs Pod Security level privileged, more than the restricted level of namespace monitoring/);
        assert.match(warnings[0], /own namespace/);
    });

    it("warns that admission would reject a built pod that needs more than the namespace enforces", () => {
        assert.deepStrictEqual(admissionWarnings("monitoring", "restricted", [{ name: "StatefulSet monitoring/monitor", level: "restricted" }]), []);
        const [warning] = admissionWarnings("monitoring", "restricted", [{ name: "StatefulSet monitoring/monitor", level: "baseline" }]);
        assert.match(warning, /StatefulSet monitoring\/monitor needs Pod Security level baseline, but namespace monitoring enforces restricted/);
    });
});
