import { MetricsSettings } from "./metrics";
import { PrometheusRelease } from "../prometheus-releases/release-lines";

/**
 * The shape of a "needs" relation (config/needs.ts), in a file of its own so that the files that
 * declare relations (config/hatch-needs.ts) and the check that walks them import it without a cycle.
 */

/**
 * What a relation reads: the settings of each key that parsed. For a key with problems of its
 * own, its switches as far as they are right (`{ enabled }`, read raw), so a setting that does
 * nothing is reported beside that key's problems rather than on the next run (class 9).
 */
export interface NeedContext {
    parsed: Readonly<Record<string, unknown>>;
    metrics?: MetricsSettings;
    release?: PrometheusRelease;
    /** The raw stack value of a key, for a relation between entries of a key that may have problems elsewhere (checkNeeds sets it). */
    raw?: (key: string) => unknown;
}

export interface Need {
    /** The top-level stack key. */
    key: string;
    /** The path under it; "*" stands for any field, map key or list index. */
    path: readonly string[];
    /** Fields a trailing "*" skips: the switch itself, and settings that are read even while it is off. */
    except?: readonly string[];
    /**
     * Why the setting does nothing now, as the "expected" text; undefined while it does something or
     * cannot be known. `entry` is the setting matched (its path under the key and its raw value), for
     * a relation that depends on which entry it is (a receiver that no route names).
     */
    idle: (c: NeedContext, entry?: { path: readonly (string | number)[]; value: unknown }) => string | undefined;
}
