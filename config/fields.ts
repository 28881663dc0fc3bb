import { z } from "zod";
import { closest } from "./did-you-mean";

/**
 * The building blocks of every settings schema. Each field reports at most one problem, worded
 * as what was expected ("a Kubernetes quantity such as 400Mi"), because that sentence becomes the
 * "expected ..." part of a ConfigError that names the full key and the value it got.
 */

/** A format check: undefined when the value is fine, else what was expected. */
export type Check = (value: string) => string | undefined;

/** The message of a required field that a stack file left out. */
export function requiredMessage(example: string): string {
    return `a value, for example ${example} (this key is required)`;
}

const NON_EMPTY = "a non-empty string";

/** C0 controls (NUL, tab, line breaks...), DEL, C1 controls and the Unicode line and paragraph separators. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;
/** The same, less the tab and line feed that multi-line text (PromQL, annotations) may hold. */
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/u;

/**
 * Every string of a stack file ends up in a config file, an argument, a label or a provider
 * setting, where a NUL, a line break or a tab ends the value early, starts a new directive or is
 * dropped by one reader and kept by the next. And a value of white space alone is nearly always
 * a slip, which the program would pass on as if it were a name. Applied to every text field, on
 * top of its format; `multiline` allows tabs and line feeds, for PromQL and alert annotations.
 */
export function plainText(value: string, multiline = false): string | undefined {
    const found = (multiline ? CONTROL_BUT_LINES : CONTROL).exec(value);
    if (found) {
        const code = found[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
        return (
            `text without control characters (found U+${code} at position ${found.index}${multiline ? "" : "; line breaks and tabs included"}): ` +
            "it would end up inside a config file, an argument or a provider setting, where it cuts or changes the value"
        );
    }
    if (value !== "" && value.trim() === "") {
        return "a value that is not white space alone";
    }
    return undefined;
}

export interface TextOptions {
    /** Tabs and line feeds are allowed: PromQL and annotations are often written over several lines. */
    multiline?: boolean;
}

/** A non-empty string that passes `check`. With `example`, a missing value says it is required. */
export function text(check?: Check, example?: string, options: TextOptions = {}) {
    return z
        .string({ error: (issue) => (issue.input === undefined && example ? requiredMessage(example) : NON_EMPTY) })
        .superRefine((value, ctx) => {
            const complaint = value === "" ? (example ? requiredMessage(example) : NON_EMPTY) : (check?.(value) ?? plainText(value, options.multiline));
            if (complaint !== undefined) {
                ctx.addIssue({ code: "custom", message: complaint, input: value });
            }
        });
}

/**
 * Text that YAML may also hand over as a number: Kubernetes takes `cpu: 1` as it takes "1", and
 * fluentd durations are often plain seconds (`retryMaxInterval: 30`).
 */
export function numberOrText(check: Check) {
    return z
        .union([z.string(), z.number()], { error: NON_EMPTY })
        .transform(String)
        .pipe(text(check));
}

export function integer(min: number, max: number, why = "") {
    const expected = `an integer from ${min} to ${max}${why ? ` (${why})` : ""}`;
    return z.number({ error: expected }).superRefine((value, ctx) => {
        if (!Number.isInteger(value) || value < min || value > max) {
            ctx.addIssue({ code: "custom", message: expected, input: value });
        }
    });
}

export function flag() {
    return z.boolean({ error: "true or false" });
}

export function choice<const T extends readonly [string, ...string[]]>(values: T) {
    return z.enum(values, { error: `one of ${values.join(", ")}` });
}

/** The sentence for a key that the object does not have; the value is never echoed. */
export function knownKeysMessage(keys: readonly string[], unknown: readonly string[] = []): string {
    const hints = unknown.map((u) => [u, closest(u, keys)] as const).filter(([, near]) => near !== undefined);
    const hint =
        hints.length === 0 ? "" : unknown.length === 1 ? ` (did you mean ${hints[0][1]}?)` : ` (${hints.map(([u, near]) => `${u}: did you mean ${near}?`).join("; ")})`;
    return `one of the known keys: ${keys.join(", ")}${hint}`;
}

/**
 * An object that rejects every key it does not declare: an unknown key is nearly always a typo
 * that would otherwise fall back to a default without a word.
 */
export function closedObject<S extends z.ZodRawShape>(shape: S, expected = "an object", retired: Readonly<Record<string, string>> = {}) {
    const keys = Object.keys(shape);
    const messageFor = (unknown: readonly string[]) => retiredKeysMessage(retired, unknown) ?? knownKeysMessage(keys, unknown);
    return z.strictObject(shape, {
        error: (issue) => {
            if (issue.code !== "unrecognized_keys") {
                return expected;
            }
            const message = messageFor(issue.keys);
            if (issue.keys.length > 1) {
                rememberPerKey(message, Object.fromEntries(issue.keys.map((k) => [k, messageFor([k])])));
            }
            return message;
        },
    });
}

/**
 * One zod issue names every unknown key of an object, with one message; each key is reported on a
 * line of its own (problems.ts), which must carry its own hint and not its neighbours'
 * (issue #41, class 10). The message of each key alone, by the issue's message.
 */
const PER_KEY = new Map<string, Readonly<Record<string, string>>>();

function rememberPerKey(message: string, perKey: Readonly<Record<string, string>>): void {
    if (PER_KEY.size > 1000) {
        PER_KEY.clear();
    }
    PER_KEY.set(message, perKey);
}

/** The message for `key`, one of the unknown keys an issue with `message` names: its own hint or reason. */
export function unknownKeyMessage(message: string, key: string): string {
    return PER_KEY.get(message)?.[key] ?? message;
}

/**
 * For a key a version of the program took before it was replaced: what replaced it, so the stack
 * file's owner learns what to write instead of only that the key is unknown.
 */
function retiredKeysMessage(retired: Readonly<Record<string, string>>, unknown: readonly string[]): string | undefined {
    const found = unknown.filter((k) => Object.prototype.hasOwnProperty.call(retired, k));
    return found.length > 0 ? found.map((k) => `nothing: ${k} ${retired[k]}`).join("; ") : undefined;
}

/** A non-empty list of strings that pass `check`, without duplicates. */
export function stringList(check: Check) {
    return z.array(text(check), { error: "a non-empty list of strings" }).superRefine((list, ctx) => {
        if (list.length === 0) {
            ctx.addIssue({ code: "custom", message: "a non-empty list of strings", input: list });
            return;
        }
        const repeated = [...new Set(list.filter((s, i) => list.indexOf(s) !== i))];
        if (repeated.length > 0) {
            ctx.addIssue({ code: "custom", message: `a list without duplicates (repeated: ${repeated.join(", ")})`, input: list });
        }
    });
}

/** Any string, the empty one included, without control characters (see plainText). */
export function anyText(options: TextOptions = {}) {
    return z.string({ error: "a string" }).superRefine((value, ctx) => {
        const complaint = plainText(value, options.multiline);
        if (complaint !== undefined) {
            ctx.addIssue({ code: "custom", message: complaint, input: value });
        }
    });
}

/** A map whose keys pass `keyCheck` and whose values are strings passing `valueCheck`. */
export function stringMap(keyCheck: Check, valueCheck?: Check, options: TextOptions = {}) {
    return z
        .record(z.string(), valueCheck ? text(valueCheck, undefined, options) : anyText(options), { error: "a map of strings" })
        .superRefine((map, ctx) => {
            for (const key of Object.keys(map)) {
                const complaint = keyCheck(key) ?? plainText(key);
                if (complaint !== undefined) {
                    ctx.addIssue({ code: "custom", message: complaint, input: key, path: [key] });
                }
            }
        });
}

/**
 * A label selector written as a map (label = value pairs that must all match). Kubernetes,
 * Prometheus and Alertmanager all read an empty map as "match everything", so `{}` would scrape
 * every Service of a namespace, every pod of kube-system, or route every alert: one empty map
 * widens the selection to all. Every selector the program accepts is built here, and `{}` is
 * refused naming what it would match (issue #33, class 4; docs/configuration.md#label-selectors).
 * `everything` says what an empty one selects, such as "every Service in the namespace".
 */
export function selectorMap(keyCheck: Check, valueCheck: Check | undefined, everything: string) {
    return stringMap(keyCheck, valueCheck).superRefine((map, ctx) => {
        if (Object.keys(map).length === 0) {
            ctx.addIssue({ code: "custom", input: map, message: emptySelectorMessage(everything) });
        }
    });
}

/** The refusal of an empty selector: what it would select, and that there is no implicit "all". */
export function emptySelectorMessage(everything: string, needed = "at least one label = value pair"): string {
    return `${needed}: an empty selector matches ${everything}, and the program takes no empty selector to mean "all"`;
}

/**
 * For a refinement across fields: it runs only when none of `fields` has a problem of its own,
 * so a cross-field rule never reports on a value that is already wrong, and never when the value
 * is not an object at all (a missing nested object, say), which has no fields to compare.
 */
export function whenClean(...fields: string[]) {
    return {
        when: (payload: { issues: readonly { path?: PropertyKey[]; code?: string }[] }) =>
            !payload.issues.some(
                (issue) => fields.includes(String(issue.path?.[0])) || ((issue.path ?? []).length === 0 && issue.code === "invalid_type"),
            ),
    };
}
