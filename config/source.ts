import * as pulumi from "@pulumi/pulumi";

/**
 * Where settings come from. The program reads the engine's config; tests and tools pass plain
 * values, so validation runs the same way with or without the Pulumi engine.
 */
export interface ConfigSource {
    /** The structured value of a project key, or undefined. A value that is not JSON comes back as its raw string. */
    value(key: string): unknown;
    /**
     * Whether the engine holds a project key as a secret. `pulumi config set --secret --path
     * metrics.x.y` makes the whole `metrics` key secret, and reading it as plain config would put
     * the secret in clear wherever the value goes.
     */
    isSecret(key: string): boolean;
    /** A project key kept as a Pulumi secret, so it never reaches state or logs in clear text. */
    secret(key: string): pulumi.Output<string> | undefined;
    /** Every key of every namespace, in full ("cluster-monitoring:metrics", "kubernetes:context"). */
    fullKeys(): string[];
    /** A plain key of another namespace by its full name, such as kubernetes:context. */
    clusterValue(fullKey: string): string | undefined;
    /** A key of another namespace by its full name, always wrapped as a secret (kubernetes:kubeconfig). */
    clusterSecret(fullKey: string): pulumi.Output<string> | undefined;
    /** Whether the engine holds a key of another namespace, by its full name, as a secret. */
    clusterIsSecret(fullKey: string): boolean;
}

export const PROJECT = "cluster-monitoring";
const PROJECT_PREFIX = `${PROJECT}:`;

/** The key as the stack file and every error message spell it, e.g. cluster-monitoring:metrics. */
export function fullKey(key: string): string {
    return `${PROJECT_PREFIX}${key}`;
}

/** The project's own keys, without the prefix. */
export function projectKeys(source: ConfigSource): string[] {
    return source
        .fullKeys()
        .filter((k) => k.startsWith(PROJECT_PREFIX))
        .map((k) => k.slice(PROJECT_PREFIX.length));
}

// Internal to @pulumi/pulumi (pinned in package.json): the engine's list of secret keys, which
// pulumi.Config exposes only through getSecret and never as a question.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { isConfigSecret } = require("@pulumi/pulumi/runtime/config") as { isConfigSecret: (key: string) => boolean };

function splitKey(key: string): [string, string] {
    const at = key.indexOf(":");
    return [key.slice(0, at), key.slice(at + 1)];
}

export function pulumiConfigSource(config: pulumi.Config = new pulumi.Config(PROJECT)): ConfigSource {
    return {
        value(key) {
            // get() would warn that a secret is read as plain text; isSecret() decides what to do with it.
            const text = pulumi.runtime.getConfig(fullKey(key));
            if (text === undefined) {
                return undefined;
            }
            try {
                return JSON.parse(text);
            } catch {
                return text;
            }
        },
        isSecret: (key) => isConfigSecret(fullKey(key)),
        secret: (key) => config.getSecret(key),
        fullKeys: () => Object.keys(pulumi.runtime.allConfig()),
        clusterValue(key) {
            const [namespace, name] = splitKey(key);
            return new pulumi.Config(namespace).get(name);
        },
        clusterSecret(key) {
            const [namespace, name] = splitKey(key);
            return new pulumi.Config(namespace).getSecret(name);
        },
        clusterIsSecret: (key) => isConfigSecret(key),
    };
}

/**
 * A source built from plain values, for tests and tools. Project keys are given without the
 * project prefix, keys of other namespaces by their full name. The keys of `secrets` are the
 * ones the engine would hold as secrets; their values may be strings or structured values.
 */
export function plainConfigSource(values: Record<string, unknown>, secrets: Record<string, unknown> = {}): ConfigSource {
    const all: Record<string, unknown> = { ...values, ...secrets };
    const full = (key: string) => (key.includes(":") ? key : fullKey(key));
    const byFullKey = new Map(Object.entries(all).map(([k, v]) => [full(k), v]));
    const secretKeys = new Set(Object.keys(secrets).map(full));
    const asText = (v: unknown) => (v === undefined ? undefined : typeof v === "string" ? v : JSON.stringify(v));
    return {
        value: (key) => byFullKey.get(fullKey(key)),
        isSecret: (key) => secretKeys.has(fullKey(key)),
        secret: (key) => {
            const v = asText(byFullKey.get(fullKey(key)));
            return v === undefined ? undefined : pulumi.secret(v);
        },
        fullKeys: () => [...byFullKey.keys()],
        clusterValue: (key) => asText(byFullKey.get(key)),
        clusterSecret: (key) => {
            const v = asText(byFullKey.get(key));
            return v === undefined ? undefined : pulumi.secret(v);
        },
        clusterIsSecret: (key) => secretKeys.has(key),
    };
}
