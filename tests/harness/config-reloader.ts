/**
 * What prometheus-config-reloader does to the config file, for tests that cannot run its image.
 * The expansion follows expandEnv in pkg/reloader/reloader.go of thanos-io/thanos (the library
 * cmd/prometheus-config-reloader/main.go of prometheus-operator v0.93.0 calls with
 * CfgOutputFile set): every `$(NAME)` whose NAME matches [a-zA-Z_0-9]+ becomes that environment
 * variable's value. The reloader runs with TolerateEnvVarExpansionErrors, so a reference to an
 * unset variable stays as written. `$VAR` and `${VAR}` are left alone.
 */
export function expandReloaderEnv(text: string, env: Record<string, string>): string {
    return text.replace(/\$\(([a-zA-Z_0-9]+)\)/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(env, name) ? env[name] : whole));
}

/** The reloader's POST, exactly as pkg/reloader's triggerReload sends it: no body, success only on 200. */
export async function triggerReload(url: string): Promise<void> {
    const response = await fetch(url, { method: "POST" });
    if (response.status !== 200) {
        throw new Error(`POST ${url} answered ${response.status}: ${await response.text()}`);
    }
}
