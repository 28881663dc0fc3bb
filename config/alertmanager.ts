import * as pulumi from "@pulumi/pulumi";
import { z } from "zod";
import { closedObject, flag, integer, selectorMap, stringList, text, whenClean } from "./fields";
import { durationOrZero, hostName, prometheusDuration, prometheusLabelName, serviceName, statefulSetName } from "./formats";
import { imageAtLeast, imageTagVersion, OLDEST_IMAGES } from "./oldest-images";
import { PLAINTEXT_OPT_IN, plaintextMessage, plaintextOptInField } from "./plaintext-credentials";
import { Problems, SECRET_VALUE } from "./problems";
import { ResourceSettings, resourcesSchema } from "./resources";
import { schedulingFields } from "./scheduling";
import { ConfigSource, fullKey } from "./source";
import { oneVolumeMessage, storageSchema } from "./storage";
import { webSchema } from "./metrics-web";
import { authenticatedIngressSchema, ingressAuthIssues } from "./ingress-auth";
import { authenticatedHttpRouteSchema, bothWaysIssue, routeAuthIssues } from "./gateway-route";
import { unknownFlags, workloadHatchSchema } from "./workload-hatches";
import { ALERTMANAGER_FLAGS } from "./alertmanager-flags";
import { checkReceiver, hatchReceiverSchema, hatchRouteSchema, HatchRoute, inhibitRuleSchema, PROGRAM_RECEIVER_NAMES, timeIntervalSchema } from "./alertmanager-routing";
import { ALERTMANAGER_RECEIVER_TYPES } from "./alertmanager-receivers";
import { EXISTING_SECRET_REFUSALS } from "./existing-secrets";
import type { ExistingSecretKey, SecretInput } from "./secret-reference";
import { readSecretInput } from "./secret-input";
import { versionAtLeast } from "../prometheus-releases/scrape-config-keys";

export const ALERTMANAGER_KEY = "alertmanager";

/**
 * The secret keys of Alertmanager's receivers: top-level keys like searchPassword, because a
 * secure value inside the structured `alertmanager` key would make the whole key secret.
 */
export const ALERTMANAGER_SECRET_KEYS = {
    webhookUrl: "alertWebhookUrl",
    watchdogUrl: "alertWatchdogUrl",
    slackUrl: "alertSlackUrl",
    smtpPassword: "alertSmtpPassword",
    pagerdutyKey: "alertPagerdutyKey",
} as const;

export type AlertmanagerSecretName = keyof typeof ALERTMANAGER_SECRET_KEYS;

/** v0.34.0 is the current release; it serves only the v2 API, which Prometheus 2.11 speaks with api_version v2. */
export const ALERTMANAGER_DEFAULTS = {
    enabled: true,
    name: "alertmanager",
    image: "quay.io/prometheus/alertmanager:v0.34.0",
    resources: { cpuRequest: "10m", memoryRequest: "50Mi", memoryLimit: "200Mi" } as ResourceSettings,
    storageSize: "1Gi",
    retention: "120h",
    groupBy: ["alertname", "namespace"],
    // kube-prometheus' Alertmanager defaults.
    groupWait: "30s",
    groupInterval: "5m",
    repeatInterval: "12h",
    watchdogRepeatInterval: "5m",
};

const d = ALERTMANAGER_DEFAULTS;

export const MAX_ALERTMANAGER_REPLICAS = 10;

function emailAddress(value: string): string | undefined {
    return /^[^\s@<>]+@[^\s@<>]+$/.test(value) ? undefined : "an e-mail address such as oncall@example.com";
}

function smarthost(value: string): string | undefined {
    const m = /^(.+):([0-9]{1,5})$/.exec(value);
    return m && hostName(m[1]) === undefined && Number(m[2]) > 0 && Number(m[2]) < 65536 ? undefined : "host:port of the SMTP server, such as smtp.example.com:587";
}

function slackChannel(value: string): string | undefined {
    return /^[#@][^\s]+$/.test(value) ? undefined : "a Slack channel such as #alerts";
}

function teamName(value: string): string | undefined {
    return /^[a-z0-9]([-a-z0-9]{0,40}[a-z0-9])?$/.test(value) ? undefined : "lowercase letters, digits and -, such as payments (it names the receiver team-<name>)";
}

/** A label value matched exactly; Alertmanager's matcher syntax would need quoting for anything else. */
function matcherValue(value: string): string | undefined {
    return /^[^"\\\n]+$/.test(value) ? undefined : "a label value without quotes, backslashes or line breaks";
}

const routeSchema = closedObject({
    groupBy: stringList(prometheusLabelName).default([...d.groupBy]).meta({ description: "group_by: alerts with these labels in common are sent together" }),
    groupWait: text(durationOrZero).default(d.groupWait).meta({ description: "group_wait: how long a new group waits for more alerts; 0s sends its first notification at once" }),
    groupInterval: text(prometheusDuration).default(d.groupInterval).meta({ description: "group_interval: how long before a changed group is sent again" }),
    repeatInterval: text(prometheusDuration).default(d.repeatInterval).meta({ description: "repeat_interval: how long before an unchanged firing group is sent again" }),
}).prefault({});

const slackSchema = closedObject({
    channel: text(slackChannel, "#alerts").meta({ description: "the channel; the incoming-webhook URL is the secret alertSlackUrl" }),
    sendResolved: flag().default(true).meta({ description: "send_resolved" }),
});

const emailSchema = closedObject({
    to: text(emailAddress, "oncall@example.com").meta({ description: "the recipient" }),
    from: text(emailAddress, "alertmanager@example.com").meta({ description: "the sender" }),
    smarthost: text(smarthost, "smtp.example.com:587").meta({ description: "host:port of the SMTP server" }),
    authUsername: text().optional().meta({ description: "SMTP user; its password is the secret alertSmtpPassword" }),
    requireTls: flag().default(true).meta({ description: "require_tls (STARTTLS)" }),
    [PLAINTEXT_OPT_IN]: plaintextOptInField("the SMTP login"),
}).superRefine((e, ctx) => {
    if (e.authUsername !== undefined && !e.requireTls && !e[PLAINTEXT_OPT_IN]) {
        ctx.addIssue({ code: "custom", path: ["requireTls"], input: false, message: plaintextMessage("true while authUsername is set", "the SMTP password", "SMTP without STARTTLS") });
    }
}, whenClean("authUsername", "requireTls", PLAINTEXT_OPT_IN));

const pagerdutySchema = closedObject({
    severities: stringList((v) => (["critical", "warning", "info"].includes(v) ? undefined : "one of critical, warning, info"))
        .default(["critical"])
        .meta({ description: "the severities that page; the Events API v2 routing key is the secret alertPagerdutyKey" }),
});

const teamSchema = closedObject({
    name: text(teamName, "payments").meta({ description: "names the receiver team-<name>" }),
    matchers: selectorMap(prometheusLabelName, matcherValue, "every alert, and the team's route would take them all away from the default receiver").meta({ description: "label = value pairs an alert must all carry, such as { team: payments }" }),
    slackChannel: text(slackChannel).optional().meta({ description: "the team's channel (needs alertmanager.slack)" }),
    emailTo: text(emailAddress).optional().meta({ description: "the team's address (needs alertmanager.email)" }),
});

/** The paths of each alertmanager value's own issues, for the route walk that runs beside them. */
const routeIssuePaths = new WeakMap<object, Set<string>>();

/** `cluster-monitoring:alertmanager`: Alertmanager, its routes and receivers (docs/alerting.md). */
export const alertmanagerSchema = closedObject({
    enabled: flag().default(d.enabled).meta({ description: "deploy Alertmanager and point Prometheus at it" }),
    name: text((v) => statefulSetName(v) ?? serviceName(v)).default(d.name).meta({ description: "StatefulSet, Service and config Secret name, in the metrics namespace" }),
    image: text(imageAtLeast(OLDEST_IMAGES.alertmanager)).default(d.image).meta({ description: "the Alertmanager image; the config keeps to v0.34 fields" }),
    replicas: integer(1, MAX_ALERTMANAGER_REPLICAS)
        .optional()
        .meta({ description: "Alertmanager pods, gossiping as one cluster from 2 on; default 3 when metrics.replicas is 2 or more, else 1" }),
    resources: resourcesSchema(d.resources).meta({ description: "the container's CPU and memory" }),
    ...schedulingFields(),
    storage: storageSchema(d.storageSize).meta({ description: "silences and the notification log: { mode, size, className, nfs }" }),
    retention: text(prometheusDuration).default(d.retention).meta({ description: "--data.retention: how long silences and the notification log are kept" }),
    route: routeSchema.meta({ description: "the root route: { groupBy, groupWait, groupInterval, repeatInterval }" }),
    watchdogRepeatInterval: text(prometheusDuration)
        .default(d.watchdogRepeatInterval)
        .meta({ description: "how often the watchdog alert is re-sent to alertWatchdogUrl (a dead man's switch expects it regularly)" }),
    slack: slackSchema.optional().meta({ description: "a Slack receiver: { channel, sendResolved }; needs the secret alertSlackUrl" }),
    email: emailSchema.optional().meta({ description: "an e-mail receiver: { to, from, smarthost, authUsername, requireTls }" }),
    pagerduty: pagerdutySchema.optional().meta({ description: "a PagerDuty receiver: { severities }; needs the secret alertPagerdutyKey" }),
    teams: z
        .array(teamSchema, { error: "a list of teams" })
        .default([])
        .meta({ description: "routes for a team's alerts: [{ name, matchers, slackChannel, emailTo }]" }),
    routes: z
        .array(hatchRouteSchema, { error: "a list of routes" })
        .default([])
        .meta({
            description:
                "routes in Alertmanager's shape after the teams' and before the catch-all: [{ receiver, matchers, continue, group_by, group_wait, group_interval, repeat_interval, mute_time_intervals, active_time_intervals, routes }] (docs/escape-hatches.md#alertmanager-routes-and-receivers)",
        }),
    receivers: z
        .array(hatchReceiverSchema, { error: "a list of receivers" })
        .default([])
        .meta({ description: "receivers in Alertmanager's shape: [{ name, <type>_configs: [...] }], any type v0.34.0 supports; every credential a secret stack key at <key>_secret" }),
    inhibitRules: z
        .array(inhibitRuleSchema, { error: "a list of inhibit rules" })
        .default([])
        .meta({ description: "inhibit_rules after the program's: [{ source_matchers, target_matchers, equal }]" }),
    timeIntervals: z
        .array(timeIntervalSchema, { error: "a list of time intervals" })
        .default([])
        .meta({ description: "time_intervals that routes name in mute_time_intervals or active_time_intervals: [{ name, time_intervals: [{ times, weekdays, days_of_month, months, years, location }] }]" }),
    // Prometheus reads basic_auth and tls_config in alertmanager_config on every line (2.11 included), so no release gate.
    web: webSchema({ exampleSecret: "alertmanager-web-tls", certificateName: "<alertmanager.name>.<metrics.namespace>.svc", passwordOutput: "alertmanagerWebPassword" })
        .optional()
        .meta({
            description:
                "TLS and basic authentication on Alertmanager's web port (--web.config.file; the gossip port stays plain): { tls: { secretName }, basicAuth: { username } }; none by default",
        }),
    extra: workloadHatchSchema.meta({
        description:
            "what the Alertmanager pod and Ingress get beside the program's: { args, env, volumes, volumeMounts, podLabels, podAnnotations, ingressAnnotations }; nothing the program owns (docs/escape-hatches.md#extra-flags-env-volumes-and-annotations)",
    }),
    ingress: authenticatedIngressSchema.optional().meta({
        description: "an Ingress for Alertmanager's UI and API: { host, className, tlsSecretName, auth }; none by default; it must authenticate (proxy or server), never public",
    }),
    httpRoute: authenticatedHttpRouteSchema.optional().meta({
        description: "a Gateway API HTTPRoute instead of the Ingress: { parentRefs, hostname, auth }; none by default; it must authenticate (proxy or server), never public (docs/gateway-api.md)",
    }),
}).superRefine((a, ctx) => {
    if (a.replicas !== undefined && a.replicas >= 2 && a.storage.mode !== "storageClass") {
        ctx.addIssue({ code: "custom", path: ["replicas"], input: a.replicas, message: oneVolumeMessage(a.storage.mode) });
    }
}, whenClean("replicas", "storage")).superRefine((a, ctx) => {
    // docs/security.md#every-way-in-is-authenticated; a public Alertmanager would let anyone silence every alert.
    if (a.ingress === undefined && a.httpRoute === undefined) {
        return;
    }
    if (!a.enabled) {
        if (a.ingress !== undefined) {
            ctx.addIssue({ code: "custom", path: ["ingress"], input: { host: a.ingress.host }, message: "no ingress unless enabled is true: no Alertmanager would serve it" });
        }
        if (a.httpRoute !== undefined) {
            ctx.addIssue({ code: "custom", path: ["httpRoute"], input: { hostname: a.httpRoute.hostname }, message: "no httpRoute unless enabled is true: no Alertmanager would serve it" });
        }
        return;
    }
    const publicRefused = "Alertmanager's API creates and expires silences, so anyone who reaches the host could mute every alert; use auth.proxy or auth.server";
    const server = { product: "Alertmanager", componentKey: ALERTMANAGER_KEY, web: a.web, publicRefused };
    const both = bothWaysIssue(ALERTMANAGER_KEY, a);
    for (const issue of both ? [both] : a.ingress ? ingressAuthIssues(a.ingress, server) : routeAuthIssues(a.httpRoute!, server)) {
        ctx.addIssue({ code: "custom", ...issue });
    }
}, whenClean("ingress", "httpRoute", "web", "enabled")).superRefine((a, ctx) => {
    a.teams.forEach((t, i) => {
        if (t?.slackChannel !== undefined && a.slack === undefined) {
            ctx.addIssue({ code: "custom", path: ["teams", i, "slackChannel"], input: t.slackChannel, message: "nothing unless alertmanager.slack is set, which holds the Slack webhook" });
        }
        if (t?.emailTo !== undefined && a.email === undefined) {
            ctx.addIssue({ code: "custom", path: ["teams", i, "emailTo"], input: t.emailTo, message: "nothing unless alertmanager.email is set, which names the SMTP server" });
        }
        // The team's route stops its alerts there: a receiver without an integration is
        // Alertmanager's null receiver, and every alert of that team would vanish without a word.
        if (t !== undefined && t.slackChannel === undefined && t.emailTo === undefined) {
            ctx.addIssue({
                code: "custom",
                path: ["teams", i],
                input: t,
                message: "a team with a channel, slackChannel or emailTo: its route takes the team's alerts away from the default receiver, and with no channel they would be dropped",
            });
        }
        if (a.teams.findIndex((o) => o?.name === t?.name) !== i) {
            ctx.addIssue({ code: "custom", path: ["teams", i, "name"], input: t.name, message: "a team name used once" });
        }
    });
}, {
    // Runs while a team's own fields have problems (an empty matchers, say), so those are reported together with these.
    when: (payload) =>
        whenClean("slack", "email").when(payload) &&
        !payload.issues.some((issue) => issue.path?.[0] === "teams" && issue.path.length <= 2),
}).superRefine((a, ctx) => {
    // Each receiver key by key against v0.34.0's source (config/alertmanager-routing.ts), and the image's own version.
    const version = imageTagVersion(a.image);
    const names = a.receivers.map((r) => r.name);
    a.receivers.forEach((r, i) => {
        for (const issue of checkReceiver(r as Record<string, unknown>, version).issues) {
            ctx.addIssue({ code: "custom", path: ["receivers", i, ...issue.path], input: issue.input, message: issue.message });
        }
        if ((PROGRAM_RECEIVER_NAMES as readonly string[]).includes(r.name) || r.name.startsWith("team-")) {
            ctx.addIssue({ code: "custom", path: ["receivers", i, "name"], input: r.name, message: `a name the program does not use: it names its own receivers ${PROGRAM_RECEIVER_NAMES.join(", ")} and team-<name>` });
        } else if (names.indexOf(r.name) !== i) {
            ctx.addIssue({ code: "custom", path: ["receivers", i, "name"], input: r.name, message: "a receiver name used once" });
        }
    });
    const intervals = a.timeIntervals.map((t) => t.name);
    intervals.forEach((n, i) => {
        if (intervals.indexOf(n) !== i) {
            ctx.addIssue({ code: "custom", path: ["timeIntervals", i, "name"], input: n, message: "a time interval name used once" });
        }
    });
    const receivers = [...names, "default", ...a.teams.map((t) => `team-${t.name}`), ...(a.pagerduty ? ["pagerduty"] : [])];
    // Routes are walked even while one has problems of its own (one run, every problem), each field read as far as it is right.
    const bad = routeIssuePaths.get(a) ?? new Set<string>();
    const walk = (route: HatchRoute, path: (string | number)[]) => {
        if (typeof route !== "object" || route === null) {
            return;
        }
        const ok = (at: (string | number)[]) => !bad.has(JSON.stringify(at));
        if (typeof route.receiver === "string" && !receivers.includes(route.receiver) && ok([...path, "receiver"])) {
            ctx.addIssue({ code: "custom", path: [...path, "receiver"], input: route.receiver, message: `a receiver of alertmanager.receivers, default or a team's (${receivers.join(", ")})` });
        }
        for (const field of ["mute_time_intervals", "active_time_intervals"] as const) {
            (Array.isArray(route[field]) ? route[field] : []).forEach((n, j) => {
                if (typeof n === "string" && !intervals.includes(n) && ok([...path, field, j])) {
                    ctx.addIssue({ code: "custom", path: [...path, field, j], input: n, message: `a time interval of alertmanager.timeIntervals (${intervals.join(", ") || "none"})` });
                }
            });
        }
        (Array.isArray(route.routes) ? route.routes : []).forEach((child, j) => walk(child, [...path, "routes", j]));
    };
    (Array.isArray(a.routes) ? a.routes : []).forEach((r, i) => walk(r, ["routes", i]));
}, {
    when: (p) => {
        if (typeof p.value === "object" && p.value !== null) {
            routeIssuePaths.set(p.value as object, new Set(p.issues.map((i) => JSON.stringify(i.path ?? []))));
        }
        return whenClean("receivers", "timeIntervals", "teams", "pagerduty", "image").when(p);
    },
}).superRefine((a, ctx) => {
    for (const { index, flag } of unknownFlags(a.extra?.args, ALERTMANAGER_FLAGS)) {
        ctx.addIssue({
            code: "custom",
            path: ["extra", "args", index],
            input: a.extra!.args![index],
            message: `a flag Alertmanager v0.34.0 has (cmd/alertmanager/main.go at the tag, config/alertmanager-flags.ts): it exits at start on --${flag}`,
        });
    }
}, whenClean("extra"));

export type AlertmanagerSecrets = Partial<Record<AlertmanagerSecretName, pulumi.Output<string>>>;

export type AlertmanagerSettings = z.output<typeof alertmanagerSchema> & {
    /** The metrics server's namespace: Alertmanager runs beside Prometheus. */
    namespace: string;
    /** The receivers' secrets that the stack sets; a receiver without its secret is not rendered. */
    secrets: AlertmanagerSecrets;
    /** alertmanagerOidcClientSecret, while ingress.auth.proxy.oauth2Proxy is set (config/ingress-auth.ts): a Pulumi secret's value, or a key of an existing Secret in the gateway's namespace. */
    oidcClientSecret?: SecretInput;
    /** The secret stack keys that alertmanager.receivers name at <key>_secret, by key. */
    receiverSecrets?: Record<string, pulumi.Output<string>>;
    /**
     * The program's receiver secrets and the receivers' keys set to existing Secrets in the metrics
     * namespace (docs/existing-secrets.md), by stack key: Alertmanager reads each from a file of the
     * mounted Secret (`<field>_file`), and the config Secret holds only the path.
     */
    existingSecrets?: Record<string, ExistingSecretKey>;
};

/**
 * The secret stack keys alertmanager.receivers name: each set, encrypted and on one line, else a
 * problem naming the reference and the key. `reserved` are keys the program reads for another purpose.
 */
export function readReceiverSecrets(
    source: ConfigSource,
    problems: Problems,
    a: z.output<typeof alertmanagerSchema> | undefined,
    reserved: readonly string[],
): { secrets: Record<string, pulumi.Output<string>>; existing: Record<string, ExistingSecretKey> } {
    const secrets: Record<string, pulumi.Output<string>> = {};
    const existing: Record<string, ExistingSecretKey> = {};
    if (a === undefined) {
        return { secrets, existing };
    }
    const version = imageTagVersion(a.image);
    a.receivers.forEach((r, i) => {
        for (const ref of checkReceiver(r as Record<string, unknown>, undefined).refs) {
            const at = `${fullKey(ALERTMANAGER_KEY)}.receivers[${i}].${ref.path.map((p) => (typeof p === "number" ? `[${p}]` : p)).join(".").replace(/\.\[/g, "[")}`;
            const key = fullKey(ref.key);
            if (reserved.includes(ref.key)) {
                problems.add(at, ref.key, `a top-level key of its own: the program reads ${key} for another purpose`);
                continue;
            }
            if (source.value(ref.key) === undefined) {
                problems.add(`${at}, ${key}`, undefined, `a secret at ${key}, which ${at} refers to; set it with pulumi config set --secret ${key}, or in plain config to { secretKeyRef: { name, key } } naming an existing Secret`);
                continue;
            }
            const input = readSecretInput(source, problems, ref.key, { at, refusal: receiverFileRefusal(ref.path, version, a.image) });
            if (input?.value !== undefined) {
                secrets[ref.key] = input.value;
            } else if (input?.existing !== undefined) {
                existing[ref.key] = input.existing;
            }
        }
    });
    return { secrets, existing };
}

/**
 * Why the receiver field at `path` (ending in `<field>_secret`) cannot read an existing Secret on
 * the image's line: Alertmanager reads a Secret only as a file, `<field>_file`, which not every
 * field has and the tables know only at v0.25.0 and v0.34.0 (config/alertmanager-receivers.ts).
 * http_config's basic_auth.password_file and authorization.credentials_file come from
 * prometheus/common, which has both at every line the program supports (0.22.0 on).
 */
export function receiverFileRefusal(path: readonly (string | number)[], version: readonly number[] | undefined, image: string): string | undefined {
    const field = String(path[path.length - 1]).replace(/_secret$/, "");
    if (path.includes("sigv4")) {
        return EXISTING_SECRET_REFUSALS.receiverSigv4;
    }
    if (path.includes("http_config")) {
        return undefined;
    }
    const type = ALERTMANAGER_RECEIVER_TYPES[String(path[0]).replace(/_configs$/, "")];
    return alertmanagerFileRefusal(type?.keys ?? [], type?.v025, `${field}_file`, version, image);
}

/** Why `<field>_file` is not known at the image's line (undefined when it is), from the v0.34.0 keys and v0.25.0's. */
export function alertmanagerFileRefusal(keys: readonly string[], v025: readonly string[] | undefined, file: string, version: readonly number[] | undefined, image: string): string | undefined {
    if (!keys.includes(file)) {
        return `Alertmanager v0.34.0 has no ${file} (config/alertmanager-receivers.ts), so it could read the value only from the config file itself`;
    }
    const at = (min: string) => version !== undefined && versionAtLeast(version.join("."), min);
    if (at("0.34.0") || (at("0.25.0") && (v025 ?? []).includes(file))) {
        return undefined;
    }
    return (
        `${file} is in Alertmanager v0.34.0's source${(v025 ?? []).includes(file) ? " and v0.25.0's" : ", not in v0.25.0's"}, and the image ${image} ` +
        `is ${version === undefined ? "of no version the program can read" : "older"}; the program knows no key table in between, so pin v0.34.0 or later`
    );
}

/** The receiver field that reads each of the program's receiver secrets, and its `_file` variant (an existing Secret's way in). */
export const BUILT_IN_FILES: Record<AlertmanagerSecretName, { type: string; field: string; key: string }> = {
    webhookUrl: { type: "webhook", field: "url", key: "url_file" },
    watchdogUrl: { type: "webhook", field: "url", key: "url_file" },
    slackUrl: { type: "slack", field: "api_url", key: "api_url_file" },
    smtpPassword: { type: "email", field: "auth_password", key: "auth_password_file" },
    pagerdutyKey: { type: "pagerduty", field: "routing_key", key: "routing_key_file" },
};

/** Which structured setting needs which secret, for the "set both or neither" check. */
const NEEDS: Record<AlertmanagerSecretName, { setting?: (a: z.output<typeof alertmanagerSchema>) => boolean; key?: string }> = {
    webhookUrl: {},
    watchdogUrl: {},
    slackUrl: { setting: (a) => a.slack !== undefined, key: "slack" },
    smtpPassword: { setting: (a) => a.email?.authUsername !== undefined, key: "email.authUsername" },
    pagerdutyKey: { setting: (a) => a.pagerduty !== undefined, key: "pagerduty" },
};

/**
 * Reads the receiver secrets, refusing clear text, and checks that each typed receiver has its
 * secret and no secret sits unused.
 */
export function readAlertmanagerSecrets(
    source: ConfigSource,
    problems: Problems,
    a: z.output<typeof alertmanagerSchema> | undefined,
    rawImage: string | undefined = a?.image,
): { secrets: AlertmanagerSecrets; existing: Partial<Record<AlertmanagerSecretName, ExistingSecretKey>> } {
    const secrets: AlertmanagerSecrets = {};
    const existing: Partial<Record<AlertmanagerSecretName, ExistingSecretKey>> = {};
    const image = rawImage ?? ALERTMANAGER_DEFAULTS.image;
    for (const [name, key] of Object.entries(ALERTMANAGER_SECRET_KEYS) as [AlertmanagerSecretName, string][]) {
        const file = BUILT_IN_FILES[name];
        // An image with problems of its own (rawImage unknown) is reported there; the reference waits for it.
        const refusal = rawImage === undefined && a === undefined ? undefined : alertmanagerFileRefusal(ALERTMANAGER_RECEIVER_TYPES[file.type].keys, ALERTMANAGER_RECEIVER_TYPES[file.type].v025, file.key, imageTagVersion(image), image);
        const input = readSecretInput(source, problems, key, { refusal });
        if (input?.value !== undefined) {
            secrets[name] = input.value;
        } else if (input?.existing !== undefined) {
            existing[name] = input.existing;
        }
    }
    if (a === undefined) {
        return { secrets, existing };
    }
    const given = (name: AlertmanagerSecretName) => secrets[name] !== undefined || existing[name] !== undefined;
    for (const [name, need] of Object.entries(NEEDS) as [AlertmanagerSecretName, (typeof NEEDS)[AlertmanagerSecretName]][]) {
        const key = fullKey(ALERTMANAGER_SECRET_KEYS[name]);
        const setting = `${fullKey(ALERTMANAGER_KEY)}.${need.key}`;
        if (!a.enabled && given(name)) {
            problems.add(key, SECRET_VALUE, `no value unless ${fullKey(ALERTMANAGER_KEY)}.enabled is true: nothing would read it`);
        } else if (a.enabled && need.setting && need.setting(a) && !given(name)) {
            problems.add(key, undefined, `a value, set with pulumi config set --secret ${key} (required because ${setting} is set), or in plain config { secretKeyRef: { name, key } } naming an existing Secret`);
        } else if (need.setting && !need.setting(a) && given(name)) {
            problems.add(key, SECRET_VALUE, `no value unless ${setting} is set: no receiver would use it`);
        }
    }
    return { secrets, existing };
}
