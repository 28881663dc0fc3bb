import { AlertmanagerSettings, HatchRoute, quotedMatcher } from "../../config";
import { existingSecretFile } from "./existing-secrets";

/**
 * alertmanager.routes, receivers, inhibitRules and timeIntervals as alertmanager.yml holds them
 * (docs/escape-hatches.md#alertmanager-routes-and-receivers). Matchers are written back with
 * their value in double quotes, which 0.25's classic parser and 0.27+'s UTF-8 parser read alike.
 * Each `<key>_secret` becomes `<key>` with the secret's value: the file is the config Secret,
 * a Pulumi secret, never a ConfigMap.
 */

/** The secret values by stack key; in the checksum's copy, placeholders. */
export type HatchSecretValues = Record<string, string>;

/** The shapes of alertmanager.yml this file writes; config-file.ts's own types are the same (kept apart so neither file imports the other). */
export interface HatchRouteEntry {
    receiver?: string;
    matchers?: string[];
    group_by?: string[];
    group_wait?: string;
    group_interval?: string;
    repeat_interval?: string;
    mute_time_intervals?: string[];
    active_time_intervals?: string[];
    continue?: boolean;
    routes?: HatchRouteEntry[];
}
export type HatchReceiverEntry = { name: string } & Record<string, unknown>;
export interface HatchInhibitRuleEntry {
    source_matchers: string[];
    target_matchers: string[];
    equal: string[];
}

export interface TimeIntervalEntry {
    name: string;
    time_intervals: Record<string, unknown>[];
}

function route(r: HatchRoute): HatchRouteEntry {
    return {
        ...(r.receiver !== undefined ? { receiver: r.receiver } : {}),
        ...(r.matchers ? { matchers: r.matchers.map(quotedMatcher) } : {}),
        ...(r.group_by ? { group_by: [...r.group_by] } : {}),
        ...(r.group_wait ? { group_wait: r.group_wait } : {}),
        ...(r.group_interval ? { group_interval: r.group_interval } : {}),
        ...(r.repeat_interval ? { repeat_interval: r.repeat_interval } : {}),
        ...(r.mute_time_intervals ? { mute_time_intervals: [...r.mute_time_intervals] } : {}),
        ...(r.active_time_intervals ? { active_time_intervals: [...r.active_time_intervals] } : {}),
        ...(r.continue !== undefined ? { continue: r.continue } : {}),
        ...(r.routes ? { routes: r.routes.map(route) } : {}),
    };
}

export function hatchRoutes(a: AlertmanagerSettings): HatchRouteEntry[] {
    return a.routes.map(route);
}

/**
 * Every `<key>_secret` of a config, at any depth (http_config.basic_auth.password_secret...),
 * replaced by `<key>` and its value; or, for a stack key set to an existing Secret (`existing`),
 * by `<key>_file` and the file of the mounted Secret (existing-secrets.ts), which the load has
 * checked the image's line reads (config/alertmanager.ts receiverFileRefusal).
 */
function withSecrets(value: unknown, v: HatchSecretValues, existing: Readonly<Record<string, unknown>>): unknown {
    if (Array.isArray(value)) {
        return value.map((x) => withSecrets(x, v, existing));
    }
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(
            Object.entries(value).map(([k, x]) => {
                if (!k.endsWith("_secret") || typeof x !== "string") {
                    return [k, withSecrets(x, v, existing)];
                }
                const field = k.replace(/_secret$/, "");
                return existing[x] !== undefined ? [`${field}_file`, existingSecretFile(x)] : [field, v[x] ?? `<secret ${x}>`];
            }),
        );
    }
    return value;
}

export function hatchReceivers(a: AlertmanagerSettings, v: HatchSecretValues): HatchReceiverEntry[] {
    return a.receivers.map((r) => withSecrets(r, v, a.existingSecrets ?? {}) as HatchReceiverEntry);
}

export function hatchInhibitRules(a: AlertmanagerSettings): HatchInhibitRuleEntry[] {
    return a.inhibitRules.map((r) => ({
        source_matchers: r.source_matchers.map(quotedMatcher),
        target_matchers: r.target_matchers.map(quotedMatcher),
        equal: [...(r.equal ?? [])],
    }));
}

export function hatchTimeIntervals(a: AlertmanagerSettings): TimeIntervalEntry[] {
    return a.timeIntervals.map((t) => ({ name: t.name, time_intervals: t.time_intervals.map((ti) => Object.fromEntries(Object.entries(ti).filter(([, x]) => x !== undefined))) }));
}
