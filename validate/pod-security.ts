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

/**
 * Every violation of the Baseline and Restricted controls, and the least privileged level the
 * pod meets: restricted without violations, baseline when only restricted controls fail,
 * privileged otherwise.
 */
export function podSecurityLevel(spec: any, annotations: Record<string, string> = {}): PodSecurityResult {
    const v: PodSecurityViolation[] = [];
    const add = (breaks: "baseline" | "restricted", control: PodSecurityControl, field: string, value: unknown) =>
        v.push({ breaks, control, field, value: typeof value === "string" ? value : show(value) });
    const podSc = spec.securityContext ?? {};
    const containers = allContainers(spec);

    // ---- Baseline ----
    if (podSc.windowsOptions?.hostProcess === true) {
        add("baseline", "HostProcess", "spec.securityContext.windowsOptions.hostProcess", true);
    }
    for (const { path, c } of containers) {
        if (c.securityContext?.windowsOptions?.hostProcess === true) {
            add("baseline", "HostProcess", `${path}.securityContext.windowsOptions.hostProcess`, true);
        }
    }
    for (const field of ["hostNetwork", "hostPID", "hostIPC"]) {
        if (spec[field] === true) {
            add("baseline", "Host Namespaces", `spec.${field}`, true);
        }
    }
    for (const { path, c } of containers) {
        if (c.securityContext?.privileged === true) {
            add("baseline", "Privileged Containers", `${path}.securityContext.privileged`, true);
        }
        for (const cap of c.securityContext?.capabilities?.add ?? []) {
            if (!BASELINE_CAPABILITIES.includes(cap)) {
                add("baseline", "Capabilities", `${path}.securityContext.capabilities.add`, cap);
            }
        }
        for (const port of c.ports ?? []) {
            if (port.hostPort !== undefined && port.hostPort !== 0) {
                add("baseline", "Host Ports", `${path}.ports[*].hostPort`, port.hostPort);
            }
        }
    }
    for (const vol of spec.volumes ?? []) {
        if (vol.hostPath !== undefined) {
            add("baseline", "HostPath Volumes", `spec.volumes[${vol.name}].hostPath`, vol.hostPath.path ?? vol.hostPath);
        }
    }
    const appArmorOk = (t: unknown) => t === undefined || t === "RuntimeDefault" || t === "Localhost";
    if (!appArmorOk(podSc.appArmorProfile?.type)) {
        add("baseline", "AppArmor", "spec.securityContext.appArmorProfile.type", podSc.appArmorProfile.type);
    }
    for (const { path, c } of containers) {
        if (!appArmorOk(c.securityContext?.appArmorProfile?.type)) {
            add("baseline", "AppArmor", `${path}.securityContext.appArmorProfile.type`, c.securityContext.appArmorProfile.type);
        }
    }
    for (const [key, value] of Object.entries(annotations)) {
        if (key.startsWith(APPARMOR_ANNOTATION) && value !== "runtime/default" && !value.startsWith("localhost/")) {
            add("baseline", "AppArmor", `metadata.annotations['${key}']`, value);
        }
    }
    const seLinuxProblems = (opts: any): string[] => {
        if (!opts) {
            return [];
        }
        const bad: string[] = [];
        if (opts.type !== undefined && !SELINUX_TYPES.includes(opts.type)) bad.push(`type ${opts.type}`);
        if (opts.user !== undefined && opts.user !== "") bad.push(`user ${opts.user}`);
        if (opts.role !== undefined && opts.role !== "") bad.push(`role ${opts.role}`);
        return bad;
    };
    for (const bad of seLinuxProblems(podSc.seLinuxOptions)) {
        add("baseline", "SELinux", "spec.securityContext.seLinuxOptions", bad);
    }
    for (const { path, c } of containers) {
        for (const bad of seLinuxProblems(c.securityContext?.seLinuxOptions)) {
            add("baseline", "SELinux", `${path}.securityContext.seLinuxOptions`, bad);
        }
        const procMount = c.securityContext?.procMount;
        if (procMount !== undefined && procMount !== "Default") {
            add("baseline", "/proc Mount Type", `${path}.securityContext.procMount`, procMount);
        }
    }
    if (podSc.seccompProfile?.type === "Unconfined") {
        add("baseline", "Seccomp", "spec.securityContext.seccompProfile.type", "Unconfined");
    }
    for (const { path, c } of containers) {
        if (c.securityContext?.seccompProfile?.type === "Unconfined") {
            add("baseline", "Seccomp", `${path}.securityContext.seccompProfile.type`, "Unconfined");
        }
    }
    for (const sysctl of podSc.sysctls ?? []) {
        if (!SAFE_SYSCTLS.includes(sysctl.name)) {
            add("baseline", "Sysctls", "spec.securityContext.sysctls[*].name", sysctl.name);
        }
    }

    // ---- Restricted ----
    for (const vol of spec.volumes ?? []) {
        const sources = Object.keys(vol).filter((k) => k !== "name");
        for (const source of sources) {
            if (!RESTRICTED_VOLUME_TYPES.includes(source)) {
                add("restricted", "Volume Types", `spec.volumes[${vol.name}]`, source);
            }
        }
    }
    for (const { path, c } of containers) {
        if (c.securityContext?.allowPrivilegeEscalation !== false) {
            add("restricted", "Privilege Escalation", `${path}.securityContext.allowPrivilegeEscalation`, c.securityContext?.allowPrivilegeEscalation ?? "unset");
        }
    }
    // runAsNonRoot: true on the pod, or on every container; false anywhere fails.
    if (podSc.runAsNonRoot === false) {
        add("restricted", "Running as Non-root", "spec.securityContext.runAsNonRoot", false);
    }
    for (const { path, c } of containers) {
        const own = c.securityContext?.runAsNonRoot;
        if (own === false || (own === undefined && podSc.runAsNonRoot !== true)) {
            add("restricted", "Running as Non-root", `${path}.securityContext.runAsNonRoot`, own ?? "unset, and unset on the pod");
        }
    }
    if (podSc.runAsUser === 0) {
        add("restricted", "Running as Non-root user", "spec.securityContext.runAsUser", 0);
    }
    for (const { path, c } of containers) {
        if (c.securityContext?.runAsUser === 0) {
            add("restricted", "Running as Non-root user", `${path}.securityContext.runAsUser`, 0);
        }
    }
    // seccomp: RuntimeDefault or Localhost on the pod, or on every container (Unconfined is a baseline violation above).
    const seccompOk = (t: unknown) => t === "RuntimeDefault" || t === "Localhost";
    const podSeccomp = podSc.seccompProfile?.type;
    for (const { path, c } of containers) {
        const own = c.securityContext?.seccompProfile?.type;
        if (own === undefined ? !seccompOk(podSeccomp) : !seccompOk(own) && own !== "Unconfined") {
            add("restricted", "Seccomp", `${path}.securityContext.seccompProfile.type`, own ?? `unset, and ${podSeccomp ?? "unset"} on the pod`);
        }
    }
    for (const { path, c } of containers) {
        const caps = c.securityContext?.capabilities ?? {};
        if (!(caps.drop ?? []).includes("ALL")) {
            add("restricted", "Capabilities", `${path}.securityContext.capabilities.drop`, caps.drop ?? "unset");
        }
        for (const cap of caps.add ?? []) {
            if (BASELINE_CAPABILITIES.includes(cap) && !RESTRICTED_CAPABILITIES.includes(cap)) {
                add("restricted", "Capabilities", `${path}.securityContext.capabilities.add`, cap);
            }
        }
    }

    const level: PodSecurityLevel = v.some((x) => x.breaks === "baseline")
        ? "privileged"
        : v.some((x) => x.breaks === "restricted")
          ? "baseline"
          : "restricted";
    return { level, violations: v };
}

/** One line per violation, for test failures and warnings. */
export function formatViolations(violations: readonly PodSecurityViolation[]): string {
    return violations.map((x) => `${x.control} (breaks ${x.breaks}): ${x.field} = ${x.value}`).join("\n");
}
