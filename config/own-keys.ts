import { z } from "zod";
import type { MetricsSettings } from "./metrics";

/**
 * A component's own stack key (`cluster-monitoring:<key>`), declared in its folder beside its
 * builders and handed to the loader by the composition root's component list (stack/own-keys.ts),
 * since config/ knows no component (docs/design.md#7-code-layout). The loader reads it as it reads
 * the keys of COMPONENT_SCHEMAS: an unknown field, a wrong value, and a field that does nothing while
 * the switch is off are refused with every other problem of the
 * stack file; the configuration reference and the JSON Schema carry its table too.
 */
export interface OwnKey {
    /** The top-level key under the project's namespace. */
    key: string;
    /** Its closed schema, with the switch `enabled` and a default for every field. */
    schema: z.ZodObject<{ enabled: z.ZodType<boolean> } & z.ZodRawShape>;
    /** What runs while it is on, for the refusal of a field set while it is off ("the Pushgateway"). */
    what: string;
    /**
     * What its value contradicts in the other keys, each a field under the key and why: given the
     * value (parsed) and the other keys as far as they parsed, each undefined when it has problems
     * of its own (then its check waits for the next run, as every check across keys does).
     */
    check?: (value: unknown, others: OwnKeyContext) => OwnKeyProblem[];
}

/** The other keys an own key's check reads. */
export interface OwnKeyContext {
    metrics?: MetricsSettings;
    /** Every other key's parsed value, by key (networkPolicies, alertmanager...). */
    parsed: Readonly<Record<string, unknown>>;
}

/** One field of an own key that contradicts another key. */
export interface OwnKeyProblem {
    /** The field under the key, such as "enabled" or "pushers.namespaces". */
    field: string;
    got: unknown;
    expected: string;
}
