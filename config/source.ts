import * as pulumi from "@pulumi/pulumi";

/**
 * Where settings come from. The program reads pulumi.Config; tests and the offline render pass
 * plain values, so validation runs the same way with or without the Pulumi engine.
 */
export interface ConfigSource {
    /** The structured value of a plain key, or undefined. A value that is not JSON comes back as its raw string. */
    value(key: string): unknown;
    /** A secret key, kept as a Pulumi secret so it never reaches state or logs in clear text. */
    secret(key: string): pulumi.Output<string> | undefined;
    /** Every key set in this project's namespace, to catch a misspelt top-level key. */
    keys(): string[];
    /** A plain key of another namespace by its full name, such as kubernetes:context. */
    clusterValue(fullKey: string): string | undefined;
    /** A key of another namespace by its full name, always wrapped as a secret (kubernetes:kubeconfig). */
    clusterSecret(fullKey: string): pulumi.Output<string> | undefined;
}

const PROJECT_PREFIX = "cluster-monitoring:";

/** The key as the stack file and every error message spell it, e.g. cluster-monitoring:metrics. */
export function fullKey(key: string): string {
    return `${PROJECT_PREFIX}${key}`;
}

export function pulumiConfigSource(config: pulumi.Config = new pulumi.Config()): ConfigSource {
    return {
        value(key) {
            const text = config.get(key);
            if (text === undefined) {
                return undefined;
            }
            try {
                return JSON.parse(text);
            } catch {
                return text;
            }
        },
        secret(key) {
            return config.getSecret(key);
        },
        keys() {
            return Object.keys(pulumi.runtime.allConfig())
                .filter((k) => k.startsWith(PROJECT_PREFIX))
                .map((k) => k.slice(PROJECT_PREFIX.length));
        },
        clusterValue(key) {
            const [namespace, name] = splitKey(key);
            return new pulumi.Config(namespace).get(name);
        },
        clusterSecret(key) {
            const [namespace, name] = splitKey(key);
            return new pulumi.Config(namespace).getSecret(name);
        },
    };
}

function splitKey(key: string): [string, string] {
    const at = key.indexOf(":");
    return [key.slice(0, at), key.slice(at + 1)];
}

/**
 * A source built from plain values, for tests and tools. Project keys are given without the
 * project prefix; keys of other namespaces (kubernetes:context) by their full name. Secrets are
 * wrapped with pulumi.secret.
 */
export function plainConfigSource(values: Record<string, unknown>, secrets: Record<string, string> = {}): ConfigSource {
    const isProjectKey = (key: string) => !key.includes(":");
    const plain = (key: string) => (typeof values[key] === "string" ? (values[key] as string) : undefined);
    return {
        value: (key) => values[key],
        secret: (key) => (key in secrets ? pulumi.secret(secrets[key]) : undefined),
        keys: () => [...Object.keys(values), ...Object.keys(secrets)].filter(isProjectKey),
        clusterValue: plain,
        clusterSecret: (key) => {
            const value = secrets[key] ?? plain(key);
            return value === undefined ? undefined : pulumi.secret(value);
        },
    };
}
