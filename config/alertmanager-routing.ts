import { z } from "zod";
import { closedObject, flag, knownKeysMessage, plainText, text, whenClean } from "./fields";
import { prometheusDuration, re2Regex } from "./formats";
import { secretKeyName } from "./remote-write";
import { ALERTMANAGER_RECEIVER_TYPES } from "./alertmanager-receivers";
import { timeIntervalEntrySchema } from "./alertmanager-time-intervals";
import { receiverValueIssues } from "./alertmanager-receiver-values";

/**
 * alertmanager.routes, receivers, inhibitRules and timeIntervals (docs/escape-hatches.md#alertmanager-routes-and-receivers):
 * Alertmanager's own shape (snake_case, as alertmanager.yml spells it) for the pinned v0.34.0.
 * Every credential is a secret stack key named at `<key>_secret`, never the value: the program
 * puts the value into the config Secret, a Pulumi secret.
 *
 * Matchers: a stack writes them as alertmanager.yml does (`severity=~"critical|warning"`), with a
 * label name of Prometheus' classic charset; the program writes each back with its value in
 * double quotes. That form is read the same by 0.25's classic parser and by the UTF-8 parser of
 * 0.27 and later, so the generated file means the same on Debian's amtool 0.25 and on v0.34.0.
 */

/** name, operator, then a double-quoted value (with \" and \\ escapes) or a bare one of the classic charset. */
const MATCHER = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*(?:"((?:[^"\\\n]|\\.)*)"|([a-zA-Z0-9_:.\-/]*))\s*$/;

export interface ParsedMatcher {
    name: string;
    op: "=" | "!=" | "=~" | "!~";
    /** The value as the quoted form writes it (escapes kept). */
    quoted: string;
}

export function parseMatcher(value: string): ParsedMatcher | undefined {
    const m = MATCHER.exec(value);
    return m ? { name: m[1], op: m[2] as ParsedMatcher["op"], quoted: m[3] ?? m[4] } : undefined;
}

/** The generated form: name, operator, value in double quotes. */
export function quotedMatcher(value: string): string {
    const m = parseMatcher(value)!;
    return `${m.name}${m.op}"${m.quoted}"`;
}

function matcher(value: string): string | undefined {
    const m = parseMatcher(value);
    if (m === undefined) {
        return 'a matcher label=value, label!=value, label=~"regex" or label!~"regex", such as severity=~"critical|warning" (a label name of letters, digits and _; a value with anything else in double quotes)';
    }
    if (m.op === "=~" || m.op === "!~") {
        const complaint = re2Regex(m.quoted.replace(/\\(.)/g, "$1"));
        return complaint === undefined ? undefined : `a matcher whose regex is valid: ${complaint}`;
    }
    return undefined;
}

const matchersSchema = z.array(text(matcher), { error: 'a list of matchers such as ["team=payments", "severity=~\\"critical|warning\\""]' });

/** A receiver or time interval name: it is matched exactly in routes. */
function hatchName(value: string): string | undefined {
    return /^[a-zA-Z0-9][a-zA-Z0-9_.-]{0,62}$/.test(value) ? undefined : "a name of letters, digits, '_', '.' and '-', such as db-oncall";
}

/** The program's own receiver names, and its team receivers' prefix: a hatch receiver may not take them. */
export const PROGRAM_RECEIVER_NAMES = ["default", "watchdog", "pagerduty", "nowhere"] as const;

function refusedKey(why: string) {
    return z
        .unknown()
        .superRefine((v, ctx) => {
            if (v !== undefined) {
                ctx.addIssue({ code: "custom", input: v, message: `nothing: ${why}` });
            }
        })
        .optional()
        .meta({ description: `refused: ${why}` });
}

export interface HatchRoute {
    receiver?: string;
    matchers?: string[];
    group_by?: string[];
    group_wait?: string;
    group_interval?: string;
    repeat_interval?: string;
    continue?: boolean;
    mute_time_intervals?: string[];
    active_time_intervals?: string[];
    routes?: HatchRoute[];
}

export const hatchRouteSchema: z.ZodType<HatchRoute> = z.lazy(() =>
    closedObject({
        receiver: text(hatchName).optional().meta({ description: "the receiver; the parent's when unset" }),
        matchers: matchersSchema.optional(),
        group_by: z.array(text((v) => (v === "..." ? undefined : /^[a-zA-Z_][a-zA-Z0-9_]*$/.test(v) ? undefined : "a label name, or ... for every label")), { error: "a list of label names" }).optional(),
        group_wait: text(prometheusDuration).optional(),
        group_interval: text(prometheusDuration).optional(),
        repeat_interval: text(prometheusDuration).optional(),
        continue: flag().optional(),
        mute_time_intervals: z.array(text(hatchName)).optional(),
        active_time_intervals: z.array(text(hatchName)).optional(),
        routes: z.array(hatchRouteSchema).optional(),
        match: refusedKey('match is deprecated since 0.22; write matchers: ["label=value"]'),
        match_re: refusedKey('match_re is deprecated since 0.22; write matchers: ["label=~\\"regex\\""]'),
    }).superRefine((r, ctx) => {
        for (const issue of routeIssues(r)) {
            ctx.addIssue({ code: "custom", ...issue });
        }
    }, whenClean("group_by", "matchers", "continue")),
) as z.ZodType<HatchRoute>;

/**
 * What Alertmanager refuses in a route beyond each field's format (config/config.go Route
 * UnmarshalYAML, the same at v0.25.0 and v0.34.0): `...` beside other labels in group_by, a label
 * twice in group_by (zero group and repeat intervals are refused by the duration format). And a
 * route without matchers (issue #41, class 6): it takes every alert that reaches it, away from the
 * routes after it and the default receiver's catch-all, so it is refused unless it says so: with
 * continue: true (the alerts go on), or with a matcher that names every alert, alertname=~".+".
 */
function routeIssues(r: HatchRoute): { path: (string | number)[]; input: unknown; message: string }[] {
    const issues: { path: (string | number)[]; input: unknown; message: string }[] = [];
    const groupBy = r.group_by ?? [];
    if (groupBy.includes("...") && groupBy.length > 1) {
        issues.push({ path: ["group_by"], input: groupBy, message: "either [...] alone (group by every label) or label names without ...: Alertmanager refuses the wildcard beside other labels" });
    }
    groupBy.forEach((l, i) => {
        if (l !== "..." && groupBy.indexOf(l) !== i) {
            issues.push({ path: ["group_by", i], input: l, message: "a label given once in group_by: Alertmanager refuses a duplicated label" });
        }
    });
    if ((r.matchers ?? []).length === 0 && r.continue !== true) {
        issues.push({
            path: ["matchers"],
            input: r.matchers,
            message:
                'matchers that say which alerts the route takes, such as ["team=db"]: a route without them takes every alert that reaches it, away from the routes after it and the default receiver; ' +
                'to mean every alert, say so with alertname=~".+", or set continue: true to pass them on',
        });
    }
    return issues;
}

/** A matcher list that no alert can match: one label pinned to two values, or to a value and not to it. */
function contradiction(list: readonly string[]): string | undefined {
    const parsed = list.map(parseMatcher).filter((m): m is ParsedMatcher => m !== undefined);
    for (const m of parsed) {
        for (const o of parsed) {
            if (m.name !== o.name || m.op !== "=") continue;
            if ((o.op === "=" && o.quoted !== m.quoted) || (o.op === "!=" && o.quoted === m.quoted)) {
                return `${m.name}="${m.quoted}" and ${o.name}${o.op}"${o.quoted}"`;
            }
        }
    }
    return undefined;
}

export const inhibitRuleSchema = closedObject({
    source_matchers: matchersSchema.min(1, { error: "at least one matcher: an empty source would let every alert inhibit" }),
    target_matchers: matchersSchema.min(1, { error: "at least one matcher: an empty target would inhibit every alert" }),
    equal: z.array(text((v) => (/^[a-zA-Z_][a-zA-Z0-9_]*$/.test(v) ? undefined : "a label name"))).optional(),
    source_match: refusedKey("deprecated since 0.22; write source_matchers"),
    source_match_re: refusedKey("deprecated since 0.22; write source_matchers"),
    target_match: refusedKey("deprecated since 0.22; write target_matchers"),
    target_match_re: refusedKey("deprecated since 0.22; write target_matchers"),
}).superRefine((rule, ctx) => {
    // Issue #41, class 6: without equal, one source alert anywhere (any cluster, namespace, service) mutes every target alert.
    if (rule.equal === undefined) {
        ctx.addIssue({
            code: "custom",
            path: ["equal"],
            input: undefined,
            message: 'the labels source and target must share, such as [cluster, namespace]: without equal, one source alert anywhere mutes every target alert everywhere; write equal: [] to mean that',
        });
    }
}, whenClean("equal")).superRefine((rule, ctx) => {
    // Class 2: parts that cancel out, so the rule mutes nothing.
    for (const side of ["source_matchers", "target_matchers"] as const) {
        const clash = contradiction(rule[side]);
        if (clash !== undefined) {
            ctx.addIssue({ code: "custom", path: [side], input: rule[side], message: `matchers some alert can match: ${clash} exclude each other, so the rule mutes nothing; remove it or fix the matchers` });
        }
    }
    const norm = (l: readonly string[]) => [...new Set(l.map((m) => (parseMatcher(m) ? quotedMatcher(m) : m)))].sort().join("\n");
    if (norm(rule.source_matchers) === norm(rule.target_matchers)) {
        ctx.addIssue({
            code: "custom",
            path: ["target_matchers"],
            input: rule.target_matchers,
            message: "target matchers other than the source's: an alert that matches both sides is never muted by another that does (Alertmanager keeps an alert from muting its own kind), so the rule mutes nothing",
        });
    }
    for (const label of rule.equal ?? []) {
        const pin = (l: readonly string[]) => l.map(parseMatcher).find((m) => m?.name === label && m.op === "=")?.quoted;
        const [s, t] = [pin(rule.source_matchers), pin(rule.target_matchers)];
        if (s !== undefined && t !== undefined && s !== t) {
            ctx.addIssue({ code: "custom", path: ["equal"], input: rule.equal, message: `labels whose values source and target can share: the matchers pin ${label} to ${s} on the source and ${t} on the target, so it is never equal and the rule mutes nothing` });
        }
    }
}, whenClean("source_matchers", "target_matchers"));

/** timeinterval.TimeInterval at v0.25.0 and v0.34.0 (config/alertmanager-time-intervals.ts): times, weekdays, days_of_month, months, years, location. */
export const timeIntervalSchema = closedObject({
    name: text(hatchName, "business-hours"),
    time_intervals: z.array(timeIntervalEntrySchema, { error: "a list of { times, weekdays, days_of_month, months, years, location }" }),
});

/** One credential reference of a receiver: where it is, and the stack key. */
export interface ReceiverSecretReference {
    path: (string | number)[];
    key: string;
}

/** http_config of a receiver: prometheus/common's HTTP client, with credentials as secret stack keys. */
const HTTP_CONFIG_KEYS: Record<string, "object" | "scalar"> = {
    basic_auth: "object",
    authorization: "object",
    tls_config: "object",
    proxy_url: "scalar",
    follow_redirects: "scalar",
    enable_http2: "scalar",
};
const HTTP_CREDENTIALS: Record<string, { plain: string; secret: string }> = {
    basic_auth: { plain: "password", secret: "password_secret" },
    authorization: { plain: "credentials", secret: "credentials_secret" },
};

type Issue = { path: (string | number)[]; input: unknown; message: string };

function checkSecretRef(value: unknown, path: (string | number)[], issues: Issue[], refs: ReceiverSecretReference[]): void {
    const complaint = typeof value === "string" ? secretKeyName(value) : "the name of a secret stack key";
    if (complaint !== undefined) {
        issues.push({ path, input: value, message: complaint });
    } else {
        refs.push({ path, key: value as string });
    }
}

function checkHttpConfig(h: unknown, path: (string | number)[], issues: Issue[], refs: ReceiverSecretReference[]): void {
    if (typeof h !== "object" || h === null || Array.isArray(h)) {
        issues.push({ path, input: h, message: "an object { basic_auth, authorization, tls_config, proxy_url, follow_redirects, enable_http2 }" });
        return;
    }
    for (const [k, v] of Object.entries(h)) {
        if (!(k in HTTP_CONFIG_KEYS)) {
            const why = /bearer_token|password|credentials|oauth2/.test(k) ? "; credentials go through basic_auth.password_secret or authorization.credentials_secret" : "";
            issues.push({ path: [...path, k], input: /token|password|credentials/.test(k) ? "[secret]" : v, message: `${knownKeysMessage(Object.keys(HTTP_CONFIG_KEYS), [k])}${why}` });
            continue;
        }
        const cred = HTTP_CREDENTIALS[k];
        if (cred !== undefined && typeof v === "object" && v !== null) {
            for (const [ck, cv] of Object.entries(v)) {
                if (ck === cred.plain || ck === `${cred.plain}_file`) {
                    issues.push({ path: [...path, k, ck], input: "[secret]", message: `nothing: a credential in the stack file is clear text; name a secret stack key at ${k}.${cred.secret}` });
                } else if (ck === cred.secret) {
                    checkSecretRef(cv, [...path, k, ck], issues, refs);
                } else if (!["username", "type"].includes(ck)) {
                    issues.push({ path: [...path, k, ck], input: cv, message: knownKeysMessage(k === "basic_auth" ? ["username", cred.secret] : ["type", cred.secret], [ck]) });
                }
            }
        }
        if (k === "tls_config" && typeof v === "object" && v !== null) {
            for (const ck of Object.keys(v)) {
                if (!["insecure_skip_verify", "server_name", "min_version"].includes(ck)) {
                    issues.push({ path: [...path, k, ck], input: (v as Record<string, unknown>)[ck], message: knownKeysMessage(["insecure_skip_verify", "server_name", "min_version"], [ck]) });
                }
            }
        }
    }
}

/** The sigv4 block of an SNS receiver (github.com/prometheus/sigv4's SigV4Config): the secret key as a secret stack key. */
function checkSigv4(v: unknown, path: (string | number)[], issues: Issue[], refs: ReceiverSecretReference[]): void {
    const keys = ["region", "access_key", "secret_key_secret", "profile", "role_arn"];
    for (const [k, value] of Object.entries((v as object) ?? {})) {
        if (k === "secret_key") {
            issues.push({ path: [...path, k], input: "[secret]", message: "nothing: a credential in the stack file is clear text; name a secret stack key at sigv4.secret_key_secret" });
        } else if (k === "secret_key_secret") {
            checkSecretRef(value, [...path, k], issues, refs);
        } else if (!keys.includes(k)) {
            issues.push({ path: [...path, k], input: value, message: knownKeysMessage(keys, [k]) });
        }
    }
}

/** The keys a receiver type needs, so amtool's refusal (there being no global section) is a stack-file error instead. */
const REQUIRED: Record<string, readonly string[][]> = {
    webhook: [["url"]],
    slack: [["api_url"]],
    discord: [["webhook_url"]],
    msteams: [["webhook_url"]],
    msteamsv2: [["webhook_url"]],
    mattermost: [["webhook_url"]],
    telegram: [["bot_token"], ["chat_id"]],
    opsgenie: [["api_key"]],
    victorops: [["api_key"], ["routing_key"]],
    pagerduty: [["routing_key", "service_key"]],
    pushover: [["user_key"], ["token"]],
    wechat: [["api_secret"], ["corp_id"]],
    email: [["to"], ["from"], ["smarthost"]],
    jira: [["api_url"], ["project"], ["issue_type"]],
    webex: [["room_id"]],
    incidentio: [["url"]],
};

/** Compares release versions X.Y.Z. */
export function versionBefore(a: readonly number[], since: string): boolean {
    const b = since.split(".").map(Number);
    for (let i = 0; i < 3; i++) {
        if (a[i] !== b[i]) {
            return a[i] < b[i];
        }
    }
    return false;
}

/**
 * One receiver, checked key by key against the pinned version's source (config/alertmanager-receivers.ts).
 * Returns its problems and the secret keys it names. `version` is the image tag's, when it has one.
 */
export function checkReceiver(r: Record<string, unknown>, version: readonly number[] | undefined): { issues: Issue[]; refs: ReceiverSecretReference[] } {
    const issues: Issue[] = [];
    const refs: ReceiverSecretReference[] = [];
    const types = Object.keys(ALERTMANAGER_RECEIVER_TYPES);
    for (const [key, list] of Object.entries(r)) {
        if (key === "name") {
            continue;
        }
        const type = key.replace(/_configs$/, "");
        const known = ALERTMANAGER_RECEIVER_TYPES[type];
        if (!key.endsWith("_configs") || known === undefined) {
            issues.push({ path: [key], input: list, message: `a receiver type Alertmanager v0.34.0 supports: name and ${knownKeysMessage(types.map((t) => `${t}_configs`), [key])}` });
            continue;
        }
        if (version !== undefined && versionBefore(version, known.since)) {
            issues.push({ path: [key], input: "[...]", message: `a receiver type the image's Alertmanager ${version.join(".")} has: ${key} came in ${known.since}` });
            continue;
        }
        if (!Array.isArray(list) || list.length === 0) {
            issues.push({ path: [key], input: list, message: `a non-empty list of ${type} configs` });
            continue;
        }
        list.forEach((c: unknown, i) => {
            const at = [key, i];
            if (typeof c !== "object" || c === null || Array.isArray(c)) {
                issues.push({ path: at, input: c, message: `a ${type} config object` });
                return;
            }
            const given = new Set<string>();
            for (const [k, v] of Object.entries(c)) {
                const base = k.replace(/_secret$/, "");
                if (k.endsWith("_secret") && known.secret.includes(base)) {
                    checkSecretRef(v, [...at, k], issues, refs);
                    given.add(base);
                } else if (known.secret.includes(k)) {
                    issues.push({ path: [...at, k], input: "[secret]", message: `nothing: ${k} is a credential, clear text in the stack file; name a secret stack key at ${k}_secret (pulumi config set --secret <key>)` });
                } else if (k.endsWith("_file")) {
                    issues.push({ path: [...at, k], input: v, message: `nothing: a file in the pod; name a secret stack key at ${k.replace(/_file$/, "")}_secret` });
                } else if (k === "http_config") {
                    checkHttpConfig(v, [...at, k], issues, refs);
                } else if (k === "sigv4" && type === "sns") {
                    checkSigv4(v, [...at, k], issues, refs);
                } else if (!known.keys.includes(k)) {
                    const offered = known.keys.filter((x) => !x.endsWith("_file")).map((x) => (known.secret.includes(x) ? `${x}_secret` : x));
                    issues.push({ path: [...at, k], input: v, message: `a key of ${type}_configs in Alertmanager v0.34.0: ${knownKeysMessage(offered, [k])}` });
                } else {
                    given.add(k);
                    const strings = JSON.stringify(v) ?? "";
                    const complaint = plainText(strings, true);
                    if (complaint !== undefined) {
                        issues.push({ path: [...at, k], input: v, message: complaint });
                    }
                }
            }
            issues.push(...receiverValueIssues(type, c as Record<string, unknown>, at, known.secret, known.keys));
            for (const alternatives of REQUIRED[type] ?? []) {
                if (!alternatives.some((a) => given.has(a))) {
                    const spelt = alternatives.map((a) => (known.secret.includes(a) ? `${a}_secret` : a));
                    issues.push({ path: [...at, spelt[0]], input: undefined, message: `${spelt.join(" or ")}: the program writes no global section, so ${type}_configs needs it here` });
                }
            }
        });
    }
    return { issues, refs };
}

/** A receiver as the stack gives it; its configs are checked by checkReceiver (alertmanager.ts), against the image's version. */
export const hatchReceiverSchema = z
    .looseObject({ name: text(hatchName, "db-oncall") }, { error: "a receiver { name, <type>_configs: [...] }" })
    .meta({ description: "{ name, <type>_configs: [...] }: any receiver type of Alertmanager v0.34.0; credentials at <key>_secret" });

export type HatchReceiver = z.output<typeof hatchReceiverSchema> & Record<string, unknown>;

/** Every secret stack key the raw alertmanager value names in its receivers, known keys before the schema runs. */
export function referencedReceiverSecretKeys(rawAlertmanager: unknown): string[] {
    const receivers = (rawAlertmanager as { receivers?: unknown } | undefined)?.receivers;
    if (!Array.isArray(receivers)) {
        return [];
    }
    const found: string[] = [];
    const walk = (v: unknown, key?: string) => {
        if (typeof v === "string" && key?.endsWith("_secret") && secretKeyName(v) === undefined) {
            found.push(v);
        } else if (typeof v === "object" && v !== null) {
            for (const [k, child] of Object.entries(v)) {
                walk(child, Array.isArray(v) ? key : k);
            }
        }
    };
    walk(receivers);
    return found;
}
