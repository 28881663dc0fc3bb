import { Problems, UNSHOWN_VALUE } from "./problems";

/**
 * Readers for one field of raw stack config. Each one returns a usable value (the default when
 * the field is absent or wrong) and records a problem instead of throwing, so that every mistake
 * in a stack file is reported in one error.
 */

export type RawObject = Record<string, unknown>;

/**
 * Reads an object and reports keys it does not know; an unknown key is nearly always a typo
 * that would otherwise silently fall back to a default.
 */
export function readObject(
    problems: Problems,
    key: string,
    value: unknown,
    knownKeys: readonly string[],
): RawObject {
    if (value === undefined || value === null) {
        return {};
    }
    if (typeof value !== "object" || Array.isArray(value)) {
        problems.add(key, value, "an object");
        return {};
    }
    const raw = value as RawObject;
    for (const field of Object.keys(raw)) {
        if (!knownKeys.includes(field)) {
            problems.add(`${key}.${field}`, UNSHOWN_VALUE, `one of the known keys: ${knownKeys.join(", ")}`);
        }
    }
    return raw;
}

export function readString(
    problems: Problems,
    key: string,
    value: unknown,
    fallback: string,
    check?: (s: string) => string | undefined,
): string {
    if (value === undefined || value === null) {
        return fallback;
    }
    if (typeof value !== "string" || value === "") {
        problems.add(key, value, "a non-empty string");
        return fallback;
    }
    const complaint = check?.(value);
    if (complaint !== undefined) {
        problems.add(key, value, complaint);
        return fallback;
    }
    return value;
}

export function requireString(
    problems: Problems,
    key: string,
    value: unknown,
    check?: (s: string) => string | undefined,
    example?: string,
): string {
    if (value === undefined || value === null || value === "") {
        problems.add(key, value, `a value${example ? `, for example ${example}` : ""} (this key is required)`);
        return "";
    }
    return readString(problems, key, value, "", check);
}

export function readBoolean(problems: Problems, key: string, value: unknown, fallback: boolean): boolean {
    if (value === undefined || value === null) {
        return fallback;
    }
    if (typeof value !== "boolean") {
        problems.add(key, value, "true or false");
        return fallback;
    }
    return value;
}

export function readInteger(
    problems: Problems,
    key: string,
    value: unknown,
    fallback: number,
    min: number,
    max: number,
    why = "",
): number {
    if (value === undefined || value === null) {
        return fallback;
    }
    if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max) {
        problems.add(key, value, `an integer from ${min} to ${max}${why ? ` (${why})` : ""}`);
        return fallback;
    }
    return value;
}

export function readStringList(
    problems: Problems,
    key: string,
    value: unknown,
    fallback: readonly string[],
    check?: (s: string) => string | undefined,
): string[] {
    if (value === undefined || value === null) {
        return [...fallback];
    }
    if (!Array.isArray(value) || value.length === 0) {
        problems.add(key, value, "a non-empty list of strings");
        return [...fallback];
    }
    const result: string[] = [];
    value.forEach((item, i) => {
        const s = readString(problems, `${key}[${i}]`, item, "", check);
        if (s !== "") {
            result.push(s);
        }
    });
    const duplicates = result.filter((s, i) => result.indexOf(s) !== i);
    if (duplicates.length > 0) {
        problems.add(key, value, `a list without duplicates (repeated: ${[...new Set(duplicates)].join(", ")})`);
    }
    return result;
}

export function readStringMap(
    problems: Problems,
    key: string,
    value: unknown,
    fallback: Record<string, string>,
    checkKey?: (s: string) => string | undefined,
): Record<string, string> {
    if (value === undefined || value === null) {
        return { ...fallback };
    }
    if (typeof value !== "object" || Array.isArray(value)) {
        problems.add(key, value, "a map of strings");
        return { ...fallback };
    }
    const result: Record<string, string> = {};
    for (const [k, v] of Object.entries(value as RawObject)) {
        const complaint = checkKey?.(k);
        if (complaint !== undefined) {
            problems.add(`${key}.${k}`, k, complaint);
            continue;
        }
        if (typeof v !== "string") {
            problems.add(`${key}.${k}`, v, "a string");
            continue;
        }
        result[k] = v;
    }
    return result;
}
