import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { movedTo } from "./moved-keys";
import { unknownKeyMessage } from "./fields";
import { maskUserInfo, maskUserInfoIn } from "./formats/user-info";

/** One thing wrong with the stack config: which key, what it held, what it should hold. */
export interface ConfigProblem {
    key: string;
    got: unknown;
    expected: string;
}

/**
 * Thrown before any resource is registered. It lists every problem at once, so a user fixes
 * the stack file in one pass instead of one `pulumi up` per typo. A RunError, because the
 * Node.js language host prints a RunError as its message alone, as Pulumi prints its own
 * errors; any other error becomes "Running program ... failed with an unhandled exception" and
 * a JavaScript stack trace that says nothing about the stack file.
 */
export class ConfigError extends pulumi.RunError {
    readonly problems: ConfigProblem[];

    constructor(problems: ConfigProblem[]) {
        // Every value and sentence with its URLs' user info masked, whichever check wrote it (class 8 of issue #33).
        const masked = problems.map((p) => ({ key: maskUserInfo(p.key), got: maskUserInfoIn(p.got), expected: maskUserInfo(p.expected) }));
        super(
            `invalid stack config (${masked.length} problem${masked.length === 1 ? "" : "s"}):\n` +
                masked.map((p) => `  - ${p.key}: got ${describe(p.got)}, expected ${p.expected}`).join("\n"),
        );
        this.problems = masked;
        this.name = "ConfigError";
    }
}

/** Collects problems while settings are read, then throws them together. */
export class Problems {
    private readonly list: ConfigProblem[] = [];

    add(key: string, got: unknown, expected: string): void {
        this.list.push({ key, got, expected });
    }

    /** Whether a problem is already listed at `key` or under it (key.field, key[0]). */
    hasAtOrUnder(key: string): boolean {
        return this.list.some((p) => p.key === key || p.key.startsWith(`${key}.`) || p.key.startsWith(`${key}[`));
    }

    /** Every problem listed so far. */
    all(): ConfigProblem[] {
        return [...this.list];
    }

    get count(): number {
        return this.list.length;
    }

    throwIfAny(): void {
        if (this.list.length > 0) {
            throw new ConfigError([...this.list]);
        }
    }
}

/** A secret must never be echoed back, so callers pass SECRET_VALUE instead of the value. */
export const SECRET_VALUE = Symbol("secret value");

/**
 * The value of an unknown key is not shown: a misspelt key may hold a secret (a `password:`
 * where none belongs), and the error ends up in CI logs.
 */
export const UNSHOWN_VALUE = Symbol("unshown value");

function describe(value: unknown): string {
    if (value === SECRET_VALUE) {
        return "a secret value";
    }
    if (value === UNSHOWN_VALUE) {
        return "a value (not shown)";
    }
    if (value === undefined) {
        return "nothing";
    }
    return JSON.stringify(value);
}

/** The path of a problem under `key`, as a stack file spells it: metrics.services[0].port. */
export function keyAt(key: string, path: readonly PropertyKey[]): string {
    return path.reduce<string>((at, part) => (typeof part === "number" ? `${at}[${part}]` : `${at}.${String(part)}`), key);
}

/**
 * Adds the problems of a failed schema parse of the value under `key`. Unknown keys are reported
 * one by one without their values; `hideValues` hides every value, for a key that holds a secret.
 */
export function addSchemaIssues(problems: Problems, key: string, issues: readonly z.core.$ZodIssue[], hideValues = false): void {
    for (const issue of issues) {
        if (issue.code === "unrecognized_keys") {
            for (const unknown of issue.keys) {
                const at = keyAt(key, [...issue.path, unknown]);
                const moved = movedTo(at.slice(at.indexOf(":") + 1));
                const message = unknownKeyMessage(issue.message, unknown);
                problems.add(at, UNSHOWN_VALUE, moved === undefined ? message : `nothing here: this setting moved to ${key.slice(0, key.indexOf(":") + 1)}${moved}, write it there; ${message}`);
            }
            continue;
        }
        const got = hideValues ? SECRET_VALUE : (issue as { input?: unknown }).input;
        problems.add(keyAt(key, issue.path), got, issue.message);
    }
}
