import type { ConfigProblem } from "../../config";

/**
 * A problem that a check across keys finds while the stack loads, with the other keys whose values
 * it read. The checks run on each key as parsed, or on its stand-in while it has problems of its
 * own (config/partial.ts); a problem that read a key already reported is left out (stack/index.ts),
 * since it may only be the stand-in's default speaking, and the next run judges the fixed value.
 */
export interface LaterProblem extends ConfigProblem {
    reads?: readonly string[];
}

/** The problems, each marked as reading `keys`. */
export function reading(keys: readonly string[], problems: readonly ConfigProblem[]): LaterProblem[] {
    return problems.map((p) => ({ ...p, reads: keys }));
}
