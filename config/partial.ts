import { z } from "zod";

/**
 * One setting of a key whose parse failed. Checks across keys (a password needs a user) would
 * otherwise wait until the key is fixed, and a user would fix a stack file in several runs: each
 * such check reads the one field it needs here, and stays quiet only when that field itself is
 * wrong or its key is misspelt.
 */
export type Known<T> = { known: true; value: T } | { known: false };

export function known<T>(value: T): Known<T> {
    return { known: true, value };
}

/** The field at `path` of a raw stack value, when `schema` accepts it (null counts as unset). */
export function fieldOf<S extends z.ZodType>(raw: unknown, path: readonly string[], schema: S): Known<z.output<S>> {
    let at: unknown = raw;
    for (const part of path) {
        if (at === undefined || at === null) {
            at = undefined;
            break;
        }
        if (typeof at !== "object" || Array.isArray(at)) {
            return { known: false };
        }
        at = (at as Record<string, unknown>)[part];
    }
    const result = schema.safeParse(at === null ? undefined : at);
    return result.success ? { known: true, value: result.data } : { known: false };
}
