import { Settings } from "../config";
import { ContributedNetwork, Contribution } from "../components/contribution";
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

/** The workloads and flows every component contributes to the NetworkPolicies, in the list's order. */
export function contributedNetwork(s: Settings): ContributedNetwork {
    const contributions = contributionsOf(s);
    return { workloads: contributions.flatMap((c) => c.workloads ?? []), flows: contributions.flatMap((c) => c.flows ?? []) };
}
