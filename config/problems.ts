/** One thing wrong with the stack config: which key, what it held, what it should hold. */
export interface ConfigProblem {
    key: string;
    got: unknown;
    expected: string;
}

/**
 * Thrown before any resource is registered. It lists every problem at once, so a user fixes
 * the stack file in one pass instead of one `pulumi up` per typo.
 */
export class ConfigError extends Error {
    constructor(readonly problems: ConfigProblem[]) {
        super(
            `invalid stack config (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n` +
                problems.map((p) => `  - ${p.key}: got ${describe(p.got)}, expected ${p.expected}`).join("\n"),
        );
        this.name = "ConfigError";
    }
}

/** Collects problems while settings are read, then throws them together. */
export class Problems {
    private readonly list: ConfigProblem[] = [];

    add(key: string, got: unknown, expected: string): void {
        this.list.push({ key, got, expected });
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
