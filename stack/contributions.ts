import { Settings } from "../config";
import { Contribution } from "../components/contribution";
import { COMPONENTS } from "./components";

/** Settings are never changed once loaded, so each one's contributions are computed once. */
const CACHE = new WeakMap<Settings, readonly Contribution[]>();

/** What every component of the list contributes for these settings, in the list's order. */
export function contributionsOf(s: Settings): readonly Contribution[] {
    let found = CACHE.get(s);
    if (found === undefined) {
        found = COMPONENTS.map((c) => c.contribute(s));
        CACHE.set(s, found);
    }
    return found;
}
