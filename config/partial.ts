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

/**
 * A stand-in for a key whose parse failed, for the checks that run once the settings have loaded
 * (the workloads' hatches, Grafana's, the names across components; issue #41, class 9): the raw
 * value with every path that has a problem taken out, parsed again, so each field the stack wrote
 * right is judged in the same run and each field taken out takes its default. A path is taken out
 * whole, never an entry of a list, whose later entries would change their index: a wrong list entry
 * takes its list out. A required field taken out takes its `placeholders` value (by path under the
 * key, "search.host"), or the stand-in fails. Undefined when it fails: the later checks then skip
 * what reads this key. Later problems at a path taken out are the caller's to drop (their key was
 * reported, and the next run judges its new value).
 */
export function standIn<S extends z.ZodType>(raw: unknown, schema: S, issues: readonly z.core.$ZodIssue[], placeholders: Readonly<Record<string, unknown>> = {}): z.output<S> | undefined {
    if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
        return undefined;
    }
    const value = structuredClone(raw) as Record<string, unknown>;
    let pending = issues;
    for (let round = 0; round < 8; round++) {
        const paths = pending.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys.map((k) => [...i.path, k]) : [i.path]));
        const changed = paths.map((p) => takeOut(value, p.map((s) => (typeof s === "number" ? s : String(s))), placeholders)).some(Boolean);
        if (!changed) {
            return undefined;
        }
        const result = schema.safeParse(value);
        if (result.success) {
            return result.data;
        }
        pending = result.error.issues;
    }
    return undefined;
}

/** Takes out the field at `path`, or the nearest one above it that is there; a list entry takes out its list. Whether anything changed. */
function takeOut(root: Record<string, unknown>, path: readonly (string | number)[], placeholders: Readonly<Record<string, unknown>>): boolean {
    let at = [...path];
    // A list entry, or a field under one, takes out the list itself.
    const firstIndex = at.findIndex((p) => typeof p === "number");
    if (firstIndex >= 0) {
        at = at.slice(0, firstIndex);
    }
    while (at.length > 0) {
        const parent = at.slice(0, -1).reduce<unknown>((o, p) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[p as string] : undefined), root);
        const field = at[at.length - 1] as string;
        const key = at.join(".");
        if (typeof parent === "object" && parent !== null) {
            const record = parent as Record<string, unknown>;
            if (key in placeholders) {
                if (JSON.stringify(record[field]) === JSON.stringify(placeholders[key])) {
                    return false;
                }
                record[field] = structuredClone(placeholders[key]);
                return true;
            }
            if (field in record) {
                delete record[field];
                return true;
            }
        }
        at = at.slice(0, -1);
    }
    return false;
}
