import type * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { closedObject, text, whenClean } from "./fields";
import { secretName } from "./formats";
import { secretKeyName } from "./remote-write-auth";

/**
 * The one shape of a secret reference (issue #41, class 3; docs/configuration.md#secret-references):
 *
 *     { secretKey: <a secret config key of this stack> }
 *   | { secretKeyRef: { name: <an existing Secret in the consumer's namespace>, key: <its key> } }
 *
 * `secretKey` names a top-level Pulumi secret of the stack (`pulumi config set --secret <key>`),
 * read and checked at load like every secret, which the program puts into a Secret of its own in
 * the consumer's namespace; `secretKeyRef` names a Secret the cluster already holds (an operator's,
 * an admin's), which the program only points at. Every field that may carry a credential and has
 * no dedicated secret key takes this shape (today: `<component>.extra.env[].valueFrom`); a field
 * whose consumer has no file or environment indirection refuses a credential instead
 * (config/credentials.ts). Only this file defines it.
 */

/** A key of a Kubernetes Secret's data (validation.IsConfigMapKey): letters, digits, '-', '_' and '.'. */
export function secretDataKey(value: string): string | undefined {
    return /^[-._a-zA-Z0-9]{1,253}$/.test(value) && value !== "." && value !== ".."
        ? undefined
        : "a key of a Secret's data: letters, digits, '-', '_' and '.', such as token (at most 253 characters)";
}

export const SECRET_REFERENCE_FIELDS = {
    secretKey: text(secretKeyName, "appToken")
        .optional()
        .meta({ description: "a top-level secret stack key (pulumi config set --secret <key>): the program puts its value into a Secret of its own in the consumer's namespace" }),
    secretKeyRef: closedObject({
        name: text(secretName).meta({ description: "an existing Secret in the consumer's namespace" }),
        key: text(secretDataKey).meta({ description: "the key in it" }),
    })
        .optional()
        .meta({ description: "{ name, key }: an existing Secret in the consumer's namespace, which the program only points at" }),
} as const;

export const SECRET_REFERENCE_SHAPE = "{ secretKey } or { secretKeyRef: { name, key } }";

/**
 * The secret reference schema: exactly one of secretKey and secretKeyRef, or of those and the
 * non-secret `alternatives` the field also offers (an env value's configMapKeyRef).
 */
export function secretReferenceSchema<A extends z.ZodRawShape>(alternatives: A = {} as A) {
    const names = [...Object.keys(SECRET_REFERENCE_FIELDS), ...Object.keys(alternatives)];
    return closedObject({ ...SECRET_REFERENCE_FIELDS, ...alternatives }).superRefine((ref, ctx) => {
        const given = names.filter((n) => (ref as Record<string, unknown>)[n] !== undefined);
        if (given.length !== 1) {
            ctx.addIssue({
                code: "custom",
                path: given.length > 1 ? [given[1]] : [],
                input: given.length > 1 ? "[set]" : ref,
                message: `exactly one of ${names.join(", ")}${given.length > 1 ? ` (${given.join(" and ")} are both set)` : ""}`,
            });
        }
    }, whenClean(...names));
}

export type SecretReference = { secretKey: string; secretKeyRef?: undefined } | { secretKey?: undefined; secretKeyRef: { name: string; key: string } };

/** The secret stack keys that raw values name at `secretKey` of a secret reference, with their paths; known keys before the schema runs. */
export function referencedSecretKeysAt(raw: unknown, paths: readonly (readonly (string | "*")[])[]): string[] {
    const found: string[] = [];
    const walk = (at: unknown, path: readonly string[]): void => {
        if (path.length === 0) {
            const key = (at as { secretKey?: unknown } | undefined)?.secretKey;
            if (typeof key === "string" && secretKeyName(key) === undefined) {
                found.push(key);
            }
            return;
        }
        if (typeof at !== "object" || at === null) {
            return;
        }
        const [part, ...rest] = path;
        if (part === "*") {
            (Array.isArray(at) ? at : Object.values(at)).forEach((v) => walk(v, rest));
        } else if (!Array.isArray(at)) {
            walk((at as Record<string, unknown>)[part], rest);
        }
    };
    paths.forEach((p) => walk(raw, p));
    return found;
}

/** A key of a Secret the cluster already has, in the namespace of the pod that reads it (docs/existing-secrets.md). */
export interface ExistingSecretKey {
    name: string;
    key: string;
}

/**
 * A secret stack key set, in plain config, to `{ secretKeyRef: { name, key } }` (issue #44): the
 * `secretKeyRef` half of the one secret reference shape above, at the key itself. The program never
 * sees the value, so it checks nothing of it; the consumer reads it through its own indirection.
 */
export const existingSecretSchema = closedObject({ secretKeyRef: SECRET_REFERENCE_FIELDS.secretKeyRef.unwrap() });

/** What a secret stack key holds: a Pulumi secret's value, or a key of an existing Secret. */
export type SecretInput = { value: pulumi.Output<string>; existing?: undefined } | { value?: undefined; existing: ExistingSecretKey };

/** Whether a raw plain value is meant as an existing Secret: an object with secretKeyRef, checked then by existingSecretSchema. */
export function looksLikeExistingSecret(raw: unknown): boolean {
    return typeof raw === "object" && raw !== null && !Array.isArray(raw) && "secretKeyRef" in raw;
}
