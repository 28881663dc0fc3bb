import { ALERTMANAGER_KEY } from "./alertmanager";
import type { Need } from "./need-types";
import { fullKey } from "./source";

/**
 * Settings of the escape hatches that nothing reads (issue #41, class 2), as "needs" relations of
 * config/needs.ts: a receiver no route names, a time interval no route names. Each reads the raw
 * stack value, so it is judged beside the key's other problems. A volume no mount names is judged
 * with the hatch's other volume checks (components/common/workload-hatch.ts hatchProblems), so it
 * comes in the same run as a clash of its name with the pod's own volumes. Data
 * sources are not among them: what uses one is a person's dashboard or Explore query, which the
 * program never sees (docs/escape-hatches.md#what-is-checked).
 */

function record(v: unknown): Record<string, unknown> | undefined {
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Every route of a raw route list, nested ones included. */
function routesOf(list: unknown): Record<string, unknown>[] {
    return (Array.isArray(list) ? list : []).flatMap((r) => {
        const route = record(r);
        return route === undefined ? [] : [route, ...routesOf(route.routes)];
    });
}

const nameOf = (entry?: { value: unknown }) => record(entry?.value)?.name;

const AM = fullKey(ALERTMANAGER_KEY);

export const HATCH_NEEDS: readonly Need[] = [
    {
        key: ALERTMANAGER_KEY,
        path: ["receivers", "*"],
        idle: (c, entry) => {
            const name = nameOf(entry);
            const named = routesOf(record(c.raw?.(ALERTMANAGER_KEY))?.routes).some((r) => r.receiver === name);
            return typeof name === "string" && !named
                ? `a receiver some route sends to: no route of ${AM}.routes names ${name} as its receiver, so it never gets an alert; name it in a route, or remove it`
                : undefined;
        },
    },
    {
        key: ALERTMANAGER_KEY,
        path: ["timeIntervals", "*"],
        idle: (c, entry) => {
            const name = nameOf(entry);
            const routes = routesOf(record(c.raw?.(ALERTMANAGER_KEY))?.routes);
            const named = routes.some((r) => [r.mute_time_intervals, r.active_time_intervals].some((l) => Array.isArray(l) && l.includes(name)));
            return typeof name === "string" && !named
                ? `a time interval some route names: no route of ${AM}.routes lists ${name} in mute_time_intervals or active_time_intervals, so it mutes and activates nothing; name it in a route, or remove it`
                : undefined;
        },
    },
];
