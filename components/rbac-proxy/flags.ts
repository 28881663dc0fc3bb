/**
 * The flags of kube-rbac-proxy, as its README prints `kube-rbac-proxy -h` (brancz/kube-rbac-proxy,
 * the v0.21 line pinned in RBAC_PROXY_DEFAULTS.image, config/rbac-proxy.ts). No binary runs here, so tests/rbac-proxy.test.ts
 * checks every argument the program passes against this table: an unknown or deprecated flag
 * would stop the container at start.
 */
export const RBAC_PROXY_FLAGS: Readonly<Record<string, "string" | "strings" | "bool" | "int" | "duration" | "deprecated">> = {
    "--allow-paths": "strings",
    "--auth-header-fields-enabled": "bool",
    "--auth-header-groups-field-name": "string",
    "--auth-header-groups-field-separator": "string",
    "--auth-header-user-field-name": "string",
    "--auth-token-audiences": "strings",
    "--client-ca-file": "string",
    "--config-file": "string",
    "--ignore-paths": "strings",
    "--insecure-listen-address": "deprecated",
    "--kubeconfig": "string",
    "--oidc-ca-file": "string",
    "--oidc-clientID": "string",
    "--oidc-groups-claim": "string",
    "--oidc-groups-prefix": "string",
    "--oidc-issuer": "string",
    "--oidc-sign-alg": "strings",
    "--oidc-username-claim": "string",
    "--proxy-endpoints-port": "int",
    "--secure-listen-address": "string",
    "--tls-cert-file": "string",
    "--tls-cipher-suites": "strings",
    "--tls-min-version": "string",
    "--tls-private-key-file": "string",
    "--tls-reload-interval": "duration",
    "--upstream": "string",
    "--upstream-ca-file": "string",
    "--upstream-client-cert-file": "string",
    "--upstream-client-key-file": "string",
    "--upstream-force-h2c": "bool",
    // klog's flags, all deprecated upstream (KEP 2845).
    "--add-dir-header": "deprecated",
    "--alsologtostderr": "deprecated",
    "--log-backtrace-at": "deprecated",
    "--log-dir": "deprecated",
    "--log-file": "deprecated",
    "--log-file-max-size": "deprecated",
    "--logtostderr": "deprecated",
    "--one-output": "deprecated",
    "--skip-headers": "deprecated",
    "--skip-log-headers": "deprecated",
    "--stderrthreshold": "deprecated",
};

/** Problems of one argument list: unknown flags, deprecated ones, values of the wrong shape, a flag given twice. */
export function rbacProxyArgProblems(args: readonly string[]): string[] {
    const problems: string[] = [];
    const seen = new Set<string>();
    for (const arg of args) {
        const [flag, ...rest] = arg.split("=");
        const value = rest.join("=");
        const kind = RBAC_PROXY_FLAGS[flag];
        if (kind === undefined) {
            problems.push(`${arg}: kube-rbac-proxy has no flag ${flag}`);
            continue;
        }
        if (kind === "deprecated") {
            problems.push(`${arg}: ${flag} is deprecated`);
        }
        if (seen.has(flag)) {
            problems.push(`${arg}: ${flag} given twice`);
        }
        seen.add(flag);
        if (kind === "bool" ? !["", "true", "false"].includes(value) : rest.length === 0 || value === "") {
            problems.push(`${arg}: ${flag} takes ${kind === "bool" ? "true or false" : `a ${kind} value`}`);
        }
        if (kind === "int" && !/^[0-9]+$/.test(value)) {
            problems.push(`${arg}: ${flag} takes a number`);
        }
    }
    if (args.some((a) => a.startsWith("--allow-paths=")) && args.some((a) => a.startsWith("--ignore-paths="))) {
        problems.push("--allow-paths and --ignore-paths cannot be used together");
    }
    if (!args.some((a) => a.startsWith("--upstream="))) {
        problems.push("--upstream is required");
    }
    if (!args.some((a) => a.startsWith("--secure-listen-address="))) {
        problems.push("--secure-listen-address is required: the insecure listener is deprecated");
    }
    return problems;
}
