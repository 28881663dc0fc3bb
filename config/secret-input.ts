import * as pulumi from "@pulumi/pulumi";
import { addSchemaIssues, Problems, SECRET_VALUE } from "./problems";
import { checkSecretValue, secretKindOf } from "./secret-text";
import { existingSecretSchema, looksLikeExistingSecret, SecretInput } from "./secret-reference";
import { ConfigSource, fullKey } from "./source";

/** The command that stores `key` encrypted; `fromFile` for certificates and keys. */
export function setSecretCommand(key: string, fromFile?: string): string {
    return `pulumi config set --secret ${fullKey(key)}${fromFile ? ` < ${fromFile}` : ""}`;
}

/** The part of a clear-text refusal that offers the other way (issue #44), where the consumer can read an existing Secret. */
function orExisting(refusal: string | undefined): string {
    return refusal === undefined ? "; or set it, in plain config, to { secretKeyRef: { name, key } } naming an existing Secret (docs/existing-secrets.md)" : "";
}

/**
 * A secret stack key: a Pulumi secret, or, in plain config, `{ secretKeyRef: { name, key } }`
 * naming an existing Secret in the consumer's namespace (docs/existing-secrets.md), whose value the
 * program never sees. `refusal` says why this key's consumer cannot read an existing Secret (it
 * hashes or embeds the value); such a reference is then refused, naming the key and the reason.
 * `at` is the setting that names the key, for keys a setting names. Clear text is refused: the
 * plain value would sit unencrypted in Pulumi.<stack>.yaml, in git and in every clone.
 */
export function readSecretInput(
    source: ConfigSource,
    problems: Problems,
    key: string,
    opts: { at?: string; fromFile?: string; refusal?: string } = {},
): SecretInput | undefined {
    const raw = source.value(key);
    if (raw === undefined) {
        return undefined;
    }
    const where = opts.at === undefined ? fullKey(key) : `${fullKey(key)}, ${opts.at}`;
    if (!source.isSecret(key) && looksLikeExistingSecret(raw)) {
        if (opts.refusal !== undefined) {
            problems.add(where, raw, `a Pulumi secret (${setSecretCommand(key, opts.fromFile)}), not an existing Secret: ${opts.refusal}`);
            return undefined;
        }
        const parsed = existingSecretSchema.safeParse(raw, { reportInput: true });
        if (!parsed.success) {
            addSchemaIssues(problems, fullKey(key), parsed.error.issues);
            return undefined;
        }
        return { existing: { ...parsed.data.secretKeyRef } };
    }
    const value = source.secret(key);
    if (value === undefined) {
        return undefined;
    }
    if (!source.isSecret(key)) {
        problems.add(where, SECRET_VALUE, `an encrypted value: it is in clear text in the stack file; store it with ${setSecretCommand(key, opts.fromFile)}${orExisting(opts.refusal)}`);
        return undefined;
    }
    checkSecretValue(source, problems, key, opts.at === undefined ? undefined : secretKindOf(opts.at), opts.at);
    return { value };
}

