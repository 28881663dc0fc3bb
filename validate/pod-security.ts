import { PodSecurityLevel } from "./pod-security-claims";

export { PodSecurityLevel } from "./pod-security-claims";

/**
 * The Pod Security Standards (https://kubernetes.io/docs/concepts/security/pod-security-standards/),
 * implemented from the control tables of the Kubernetes documentation as of v1.33, the API version
 * that kubernetes-models 4.5.1 carries (validate/kubernetes-models.ts). Linux pods only: the
 * Windows-only exemptions (spec.os.name windows) are not modelled, since nothing here runs on Windows.
 *
 * Pure: it reads a pod spec (and optionally the pod template's annotations) and never calls the API.
 */

export type PodSecurityControl =
    | "HostProcess"
    | "Host Namespaces"
    | "Privileged Containers"
    | "Capabilities"
    | "HostPath Volumes"
    | "Host Ports"
    | "AppArmor"
    | "SELinux"
    | "/proc Mount Type"
    | "Seccomp"
    | "Sysctls"
    | "Volume Types"
    | "Privilege Escalation"
    | "Running as Non-root"
    | "Running as Non-root user";

export interface PodSecurityViolation {
    /** The lowest level the violation breaks: "baseline" breaks restricted too. */
    breaks: "baseline" | "restricted";
    control: PodSecurityControl;
    /** The field, as the documentation writes it, with the container's name. */
    field: string;
    /** What the pod has. */
    value: string;
}

export interface PodSecurityResult {
    /** The least privileged level the pod meets. */
    level: PodSecurityLevel;
    violations: PodSecurityViolation[];
}

/** Baseline: capabilities a container may add (the container runtimes' default set). */
export const BASELINE_CAPABILITIES = [
    "AUDIT_WRITE",
    "CHOWN",
    "DAC_OVERRIDE",
    "FOWNER",
    "FSETID",
    "KILL",
    "MKNOD",
    "NET_BIND_SERVICE",
    "SETFCAP",
    "SETGID",
    "SETPCAP",
    "SETUID",
    "SYS_CHROOT",
];

/** Restricted: the one capability a container may add. */
export const RESTRICTED_CAPABILITIES = ["NET_BIND_SERVICE"];

/** Baseline: the "safe" sysctls, namespaced and isolated from other pods on the node. */
export const SAFE_SYSCTLS = [
    "kernel.shm_rmid_forced",
    "net.ipv4.ip_local_port_range",
    "net.ipv4.ip_unprivileged_port_start",
    "net.ipv4.tcp_syncookies",
    "net.ipv4.ping_group_range",
    "net.ipv4.ip_local_reserved_ports",
    "net.ipv4.tcp_keepalive_time",
    "net.ipv4.tcp_fin_timeout",
    "net.ipv4.tcp_keepalive_intvl",
    "net.ipv4.tcp_keepalive_probes",
];

/** Baseline: SELinux types a pod may ask for; user and role must stay unset. */
export const SELINUX_TYPES = ["", "container_t", "container_init_t", "container_kvm_t", "container_engine_t"];

/** Restricted: the only volume sources allowed. */
export const RESTRICTED_VOLUME_TYPES = [
    "configMap",
    "csi",
    "downwardAPI",
    "emptyDir",
    "ephemeral",
    "persistentVolumeClaim",
    "projected",
    "secret",
];

const APPARMOR_ANNOTATION = "container.apparmor.security.beta.kubernetes.io/";

interface NamedContainer {
    path: string;
    c: any;
}

function allContainers(spec: any): NamedContainer[] {
    const groups: Array<[string, any[] | undefined]> = [
        ["initContainers", spec.initContainers],
        ["containers", spec.containers],
        ["ephemeralContainers", spec.ephemeralContainers],
    ];
    return groups.flatMap(([group, list]) => (list ?? []).map((c) => ({ path: `spec.${group}[${c?.name ?? "?"}]`, c })));
}

const show = (v: unknown) => JSON.stringify(v);

/** A pod as the controls read it. */
interface Pod {
    spec: any;
    /** The pod's securityContext, {} when unset. */
    sc: any;
    containers: NamedContainer[];
    annotations: Record<string, string>;
}

/** What one control finds wrong: the field, as the documentation writes it, and its value. */
interface Finding {
    field: string;
    value: unknown;
}

/** A row of the documentation's control tables: the level it belongs to and what it checks. */
interface Control {
    name: PodSecurityControl;
    breaks: "baseline" | "restricted";
    check(pod: Pod): Finding[];
}

/** One finding per container whose securityContext field `get` reads is refused by `bad`. */
function perContainer(pod: Pod, field: string, get: (sc: any) => unknown, bad: (value: unknown) => boolean): Finding[] {
    return pod.containers.flatMap(({ path, c }) => {
        const value = get(c.securityContext ?? {});
        return bad(value) ? [{ field: `${path}.securityContext.${field}`, value }] : [];
    });
}

/** The pod's own field and every container's, as the controls that apply to both read them. */
function podAndContainers(pod: Pod, field: string, get: (sc: any) => unknown, bad: (value: unknown) => boolean): Finding[] {
    const own = get(pod.sc);
    return [...(bad(own) ? [{ field: `spec.securityContext.${field}`, value: own }] : []), ...perContainer(pod, field, get, bad)];
}

const appArmorOk = (t: unknown) => t === undefined || t === "RuntimeDefault" || t === "Localhost";
const seccompOk = (t: unknown) => t === "RuntimeDefault" || t === "Localhost";

function seLinuxProblems(opts: any): string[] {
    if (!opts) {
        return [];
    }
    const bad: string[] = [];
    if (opts.type !== undefined && !SELINUX_TYPES.includes(opts.type)) bad.push(`type ${opts.type}`);
    if (opts.user !== undefined && opts.user !== "") bad.push(`user ${opts.user}`);
    if (opts.role !== undefined && opts.role !== "") bad.push(`role ${opts.role}`);
    return bad;
}

/** The Baseline table, in the documentation's order. */
const BASELINE: Control[] = [
    {
        name: "HostProcess",
        breaks: "baseline",
        check: (pod) => podAndContainers(pod, "windowsOptions.hostProcess", (sc) => sc.windowsOptions?.hostProcess, (v) => v === true),
    },
    {
        name: "Host Namespaces",
        breaks: "baseline",
        check: (pod) => ["hostNetwork", "hostPID", "hostIPC"].filter((f) => pod.spec[f] === true).map((f) => ({ field: `spec.${f}`, value: true })),
    },
    {
        name: "Privileged Containers",
        breaks: "baseline",
        check: (pod) => perContainer(pod, "privileged", (sc) => sc.privileged, (v) => v === true),
    },
    {
        name: "Capabilities",
        breaks: "baseline",
        check: (pod) =>
            pod.containers.flatMap(({ path, c }) =>
                ((c.securityContext?.capabilities?.add ?? []) as string[])
                    .filter((cap) => !BASELINE_CAPABILITIES.includes(cap))
                    .map((cap) => ({ field: `${path}.securityContext.capabilities.add`, value: cap })),
            ),
    },
    {
        name: "HostPath Volumes",
        breaks: "baseline",
        check: (pod) =>
            ((pod.spec.volumes ?? []) as any[])
                .filter((vol) => vol.hostPath !== undefined)
                .map((vol) => ({ field: `spec.volumes[${vol.name}].hostPath`, value: vol.hostPath.path ?? vol.hostPath })),
    },
    {
        name: "Host Ports",
        breaks: "baseline",
        check: (pod) =>
            pod.containers.flatMap(({ path, c }) =>
                ((c.ports ?? []) as any[])
                    .filter((port) => port.hostPort !== undefined && port.hostPort !== 0)
                    .map((port) => ({ field: `${path}.ports[*].hostPort`, value: port.hostPort })),
            ),
    },
    {
        name: "AppArmor",
        breaks: "baseline",
        check: (pod) => [
            ...podAndContainers(pod, "appArmorProfile.type", (sc) => sc.appArmorProfile?.type, (t) => !appArmorOk(t)),
            ...Object.entries(pod.annotations)
                .filter(([key, value]) => key.startsWith(APPARMOR_ANNOTATION) && value !== "runtime/default" && !value.startsWith("localhost/"))
                .map(([key, value]) => ({ field: `metadata.annotations['${key}']`, value })),
        ],
    },
    {
        name: "SELinux",
        breaks: "baseline",
        check: (pod) => [
            ...seLinuxProblems(pod.sc.seLinuxOptions).map((value) => ({ field: "spec.securityContext.seLinuxOptions", value })),
            ...pod.containers.flatMap(({ path, c }) =>
                seLinuxProblems(c.securityContext?.seLinuxOptions).map((value) => ({ field: `${path}.securityContext.seLinuxOptions`, value })),
            ),
        ],
    },
    {
        name: "/proc Mount Type",
        breaks: "baseline",
        check: (pod) => perContainer(pod, "procMount", (sc) => sc.procMount, (v) => v !== undefined && v !== "Default"),
    },
    {
        name: "Seccomp",
        breaks: "baseline",
        check: (pod) => podAndContainers(pod, "seccompProfile.type", (sc) => sc.seccompProfile?.type, (t) => t === "Unconfined"),
    },
    {
        name: "Sysctls",
        breaks: "baseline",
        check: (pod) =>
            ((pod.sc.sysctls ?? []) as any[])
                .filter((sysctl) => !SAFE_SYSCTLS.includes(sysctl.name))
                .map((sysctl) => ({ field: "spec.securityContext.sysctls[*].name", value: sysctl.name })),
    },
];

/** The Restricted table, in the documentation's order; a pod must also meet every Baseline control. */
const RESTRICTED: Control[] = [
    {
        name: "Volume Types",
        breaks: "restricted",
        check: (pod) =>
            ((pod.spec.volumes ?? []) as any[]).flatMap((vol) =>
                Object.keys(vol)
                    .filter((source) => source !== "name" && !RESTRICTED_VOLUME_TYPES.includes(source))
                    .map((source) => ({ field: `spec.volumes[${vol.name}]`, value: source })),
            ),
    },
    {
        name: "Privilege Escalation",
        breaks: "restricted",
        check: (pod) =>
            perContainer(pod, "allowPrivilegeEscalation", (sc) => sc.allowPrivilegeEscalation, (v) => v !== false).map((f) => ({
                ...f,
                value: f.value ?? "unset",
            })),
    },
    {
        // runAsNonRoot: true on the pod, or on every container; false anywhere fails.
        name: "Running as Non-root",
        breaks: "restricted",
        check: (pod) => [
            ...(pod.sc.runAsNonRoot === false ? [{ field: "spec.securityContext.runAsNonRoot", value: false }] : []),
            ...perContainer(pod, "runAsNonRoot", (sc) => sc.runAsNonRoot, (own) => own === false || (own === undefined && pod.sc.runAsNonRoot !== true)).map(
                (f) => ({ ...f, value: f.value ?? "unset, and unset on the pod" }),
            ),
        ],
    },
    {
        name: "Running as Non-root user",
        breaks: "restricted",
        check: (pod) => podAndContainers(pod, "runAsUser", (sc) => sc.runAsUser, (v) => v === 0),
    },
    {
        // RuntimeDefault or Localhost on the pod, or on every container (Unconfined breaks Baseline already).
        name: "Seccomp",
        breaks: "restricted",
        check: (pod) => {
            const podSeccomp = pod.sc.seccompProfile?.type;
            return perContainer(
                pod,
                "seccompProfile.type",
                (sc) => sc.seccompProfile?.type,
                (own) => (own === undefined ? !seccompOk(podSeccomp) : !seccompOk(own) && own !== "Unconfined"),
            ).map((f) => ({ ...f, value: f.value ?? `unset, and ${podSeccomp ?? "unset"} on the pod` }));
        },
    },
    {
        name: "Capabilities",
        breaks: "restricted",
        check: (pod) =>
            pod.containers.flatMap(({ path, c }) => {
                const caps = c.securityContext?.capabilities ?? {};
                const drop = (caps.drop ?? []).includes("ALL") ? [] : [{ field: `${path}.securityContext.capabilities.drop`, value: caps.drop ?? "unset" }];
                const add = ((caps.add ?? []) as string[])
                    .filter((cap) => BASELINE_CAPABILITIES.includes(cap) && !RESTRICTED_CAPABILITIES.includes(cap))
                    .map((cap) => ({ field: `${path}.securityContext.capabilities.add`, value: cap }));
                return [...drop, ...add];
            }),
    },
];

/**
 * Every violation of the Baseline and Restricted controls, and the least privileged level the
 * pod meets: restricted without violations, baseline when only restricted controls fail,
 * privileged otherwise.
 */
export function podSecurityLevel(spec: any, annotations: Record<string, string> = {}): PodSecurityResult {
    const pod: Pod = { spec, sc: spec.securityContext ?? {}, containers: allContainers(spec), annotations };
    const violations = [...BASELINE, ...RESTRICTED].flatMap((control) =>
        control.check(pod).map(({ field, value }) => ({
            breaks: control.breaks,
            control: control.name,
            field,
            value: typeof value === "string" ? value : show(value),
        })),
    );
    const level: PodSecurityLevel = violations.some((x) => x.breaks === "baseline")
        ? "privileged"
        : violations.some((x) => x.breaks === "restricted")
          ? "baseline"
          : "restricted";
    return { level, violations };
}

/** One line per violation, for test failures and warnings. */
export function formatViolations(violations: readonly PodSecurityViolation[]): string {
    return violations.map((x) => `${x.control} (breaks ${x.breaks}): ${x.field} = ${x.value}`).join("\n");
}
