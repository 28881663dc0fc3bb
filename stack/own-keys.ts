import { OwnKey } from "../config";
import { COMPONENTS } from "./components";

/**
 * The components' own stack keys (config/own-keys.ts), in the list's order: what the loader
 * reads beside the keys of config/ (stack/index.ts), and what the configuration reference and
 * the JSON Schema of a stack file describe (scripts/config-reference.ts).
 */
export const OWN_KEYS: readonly OwnKey[] = COMPONENTS.flatMap((c) => (c.ownKey ? [c.ownKey] : []));
