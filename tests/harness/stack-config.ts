import { loadSettings, plainConfigSource, Settings } from "../../config";

/** The smallest valid stack config: the required keys of docs/design.md#required-settings. */
export function requiredConfig(): Record<string, any> {
    return {
        "kubernetes:context": "kind-test",
        metrics: {
            externalUrl: "https://monitor.example.com/",
            storage: { mode: "nfs", nfs: { server: "10.0.0.10", path: "/exports/monitor" } },
        },
        logs: { search: { host: "elasticsearch-logging" } },
    };
}

/** Settings from required keys plus overrides, merged one level deep under each top-level key. */
export function settingsWith(
    overrides: Record<string, Record<string, unknown>> = {},
    secrets: Record<string, string> = {},
): Settings {
    const config = requiredConfig();
    for (const [key, value] of Object.entries(overrides)) {
        config[key] = { ...(config[key] ?? {}), ...value };
    }
    return loadSettings(plainConfigSource(config, secrets));
}
