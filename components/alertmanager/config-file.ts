import { stringify } from "yaml";
import { ALERTMANAGER_SECRET_KEYS, AlertmanagerSecretName, AlertmanagerSettings, BUILT_IN_FILES } from "../../config";
import { existingSecretFile } from "./existing-secrets";
import { INFO_INHIBITOR_ALERT } from "./info-inhibitor";
import { WATCHDOG_ALERT } from "./watchdog-alert";
import { hatchInhibitRules, hatchReceivers, hatchRoutes, HatchSecretValues, hatchTimeIntervals, TimeIntervalEntry } from "./hatch-config";

/**
 * alertmanager.yml, typed after the v0.34 configuration reference
 * (docs/configuration.md of prometheus/alertmanager at v0.34.0). Only fields that Debian's amtool
 * 0.25 also knows, so `amtool check-config` in the tests reads the same file.
 */
export interface WebhookConfig { url?: string; url_file?: string; send_resolved: boolean }
export interface SlackConfig { api_url?: string; api_url_file?: string; channel: string; send_resolved: boolean; title: string; text: string }
export interface EmailConfig {
    to: string;
    from: string;
    smarthost: string;
    auth_username?: string;
    auth_password?: string;
    auth_password_file?: string;
    require_tls: boolean;
    send_resolved: boolean;
}
export interface PagerdutyConfig { routing_key?: string; routing_key_file?: string; send_resolved: boolean }

export interface Receiver {
    name: string;
    webhook_configs?: WebhookConfig[];
    slack_configs?: SlackConfig[];
    email_configs?: EmailConfig[];
    pagerduty_configs?: PagerdutyConfig[];
}

export interface Route {
    receiver: string;
    matchers?: string[];
    group_by?: string[];
    group_wait?: string;
    group_interval?: string;
    repeat_interval?: string;
    continue?: boolean;
    /** alertmanager.routes only (hatch-config.ts). */
    mute_time_intervals?: string[];
    active_time_intervals?: string[];
    routes?: Route[];
}

export interface InhibitRule {
    source_matchers: string[];
    target_matchers: string[];
    equal: string[];
}

export interface AlertmanagerConfigFile {
    route: Route;
    inhibit_rules: InhibitRule[];
    receivers: Receiver[];
    /** alertmanager.timeIntervals (hatch-config.ts); absent without them. */
    time_intervals?: TimeIntervalEntry[];
}

/** The secret values, present exactly for the secret keys a stack sets. */
export type AlertmanagerSecretValues = Partial<Record<AlertmanagerSecretName, string>>;

export const RECEIVERS = { default: "default", watchdog: "watchdog", pagerduty: "pagerduty", nowhere: "nowhere" } as const;

const SLACK_TITLE = "[{{ .Status | toUpper }}] {{ .CommonLabels.alertname }}";
const SLACK_TEXT = "{{ range .Alerts }}{{ .Annotations.summary }}\n{{ .Annotations.description }}\n{{ end }}";

function matcher(label: string, value: string): string {
    return `${label}="${value}"`;
}

/**
 * The receiver field that carries one of the program's secrets: the value, or, for a key set to an
 * existing Secret, its `_file` variant at the file of the mounted Secret (existing-secrets.ts);
 * undefined while the stack sets neither, so the integration is not rendered.
 */
function credential(a: AlertmanagerSettings, v: AlertmanagerSecretValues, name: AlertmanagerSecretName): Record<string, string> | undefined {
    const { field, key } = BUILT_IN_FILES[name];
    const stackKey = ALERTMANAGER_SECRET_KEYS[name];
    if (a.existingSecrets?.[stackKey] !== undefined) {
        return { [key]: existingSecretFile(stackKey) };
    }
    return v[name] !== undefined ? { [field]: v[name]! } : undefined;
}

function webhook(a: AlertmanagerSettings, v: AlertmanagerSecretValues, name: "webhookUrl" | "watchdogUrl", sendResolved: boolean): WebhookConfig[] {
    const url = credential(a, v, name);
    return url ? [{ ...url, send_resolved: sendResolved }] : [];
}

function slack(a: AlertmanagerSettings, v: AlertmanagerSecretValues, channel?: string): SlackConfig[] {
    const url = credential(a, v, "slackUrl");
    return a.slack && url ? [{ ...url, channel: channel ?? a.slack.channel, send_resolved: a.slack.sendResolved, title: SLACK_TITLE, text: SLACK_TEXT }] : [];
}

function email(a: AlertmanagerSettings, v: AlertmanagerSecretValues, to?: string): EmailConfig[] {
    const e = a.email;
    if (!e) {
        return [];
    }
    const password = credential(a, v, "smtpPassword");
    const auth = e.authUsername !== undefined && password !== undefined ? { auth_username: e.authUsername, ...password } : {};
    return [{ to: to ?? e.to, from: e.from, smarthost: e.smarthost, ...auth, require_tls: e.requireTls, send_resolved: true }];
}

/** A receiver with only the integrations it has; none at all is Alertmanager's null receiver. */
function receiver(name: string, parts: Omit<Receiver, "name">): Receiver {
    const present = Object.entries(parts).filter(([, list]) => list !== undefined && list.length > 0);
    return { name, ...Object.fromEntries(present) };
}

/**
 * Routing (docs/alerting.md#routing): the watchdog to its own receiver, re-sent regularly for a
 * dead man's switch; pages for the chosen severities (continue, so they also reach a team or the
 * default receiver); each team's alerts to its receiver; everything else to the default receiver. A
 * webhook without its URL secret is not rendered at all.
 */
export function alertmanagerConfig(a: AlertmanagerSettings, v: AlertmanagerSecretValues, hatch: HatchSecretValues = {}): AlertmanagerConfigFile {
    const routes: Route[] = [
        // InfoInhibitor only mutes; no integration hears of it.
        { receiver: RECEIVERS.nowhere, matchers: [matcher("alertname", INFO_INHIBITOR_ALERT)] },
        {
            receiver: RECEIVERS.watchdog,
            matchers: [matcher("alertname", WATCHDOG_ALERT)],
            group_interval: a.watchdogRepeatInterval,
            repeat_interval: a.watchdogRepeatInterval,
        },
    ];
    const receivers: Receiver[] = [
        receiver(RECEIVERS.default, {
            webhook_configs: webhook(a, v, "webhookUrl", true),
            slack_configs: slack(a, v),
            email_configs: email(a, v),
        }),
        receiver(RECEIVERS.watchdog, { webhook_configs: webhook(a, v, "watchdogUrl", false) }),
        receiver(RECEIVERS.nowhere, {}),
    ];
    const routingKey = credential(a, v, "pagerdutyKey");
    if (a.pagerduty && routingKey) {
        routes.push({ receiver: RECEIVERS.pagerduty, matchers: [`severity=~"${a.pagerduty.severities.join("|")}"`], continue: true });
        receivers.push(receiver(RECEIVERS.pagerduty, { pagerduty_configs: [{ ...routingKey, send_resolved: true }] }));
    }
    for (const team of a.teams) {
        const name = `team-${team.name}`;
        routes.push({ receiver: name, matchers: Object.entries(team.matchers).map(([k, val]) => matcher(k, val)) });
        receivers.push(
            receiver(name, {
                slack_configs: team.slackChannel ? slack(a, v, team.slackChannel) : [],
                email_configs: team.emailTo ? email(a, v, team.emailTo) : [],
            }),
        );
    }
    // The stack's own routes (alertmanager.routes, hatch-config.ts), after the teams' and before the catch-all.
    routes.push(...(hatchRoutes(a) as Route[]));
    // Last, a catch-all: an alert that matched the paging route (continue) but no team would
    // otherwise stop there, since the root receiver only takes alerts no child matched.
    routes.push({ receiver: RECEIVERS.default });
    return {
        route: {
            receiver: RECEIVERS.default,
            group_by: [...a.route.groupBy],
            group_wait: a.route.groupWait,
            group_interval: a.route.groupInterval,
            repeat_interval: a.route.repeatInterval,
            routes,
        },
        // A critical alert silences the warning of the same alert about the same thing: the same
        // namespace, and for the node alerts, which carry no namespace, the same target, node and
        // filesystem (a label both lack counts as equal); a full disk on one node must not hide a
        // filling disk on another. An info alert is held back while nothing worse fires in its
        // namespace (info-inhibitor.ts).
        inhibit_rules: [
            { source_matchers: [matcher("severity", "critical")], target_matchers: [matcher("severity", "warning")], equal: ["alertname", "namespace", "instance", "node", "mountpoint"] },
            { source_matchers: [matcher("alertname", INFO_INHIBITOR_ALERT)], target_matchers: [matcher("severity", "info")], equal: ["namespace"] },
            // The stack's own inhibit rules (alertmanager.inhibitRules), after the program's.
            ...hatchInhibitRules(a),
        ],
        // The stack's own receivers (alertmanager.receivers), after the program's.
        receivers: [...receivers, ...(hatchReceivers(a, hatch) as Receiver[])],
        ...(a.timeIntervals.length > 0 ? { time_intervals: hatchTimeIntervals(a) } : {}),
    };
}

export function renderAlertmanagerConfig(config: AlertmanagerConfigFile): string {
    return stringify(config, { lineWidth: 0, sortMapEntries: false });
}

/**
 * The config with every secret replaced by its key's name: what the checksum annotation digests,
 * so a changed route or receiver rolls the pod, and no digest of a secret lands in pod metadata.
 * After rotating a secret, restart the pod (docs/alerting.md#secrets).
 */
export function alertmanagerConfigShape(a: AlertmanagerSettings): string {
    const placeholders = Object.fromEntries(Object.keys(a.secrets).map((k) => [k, `<secret ${k}>`])) as AlertmanagerSecretValues;
    // The receivers' secrets (alertmanager.receivers) become placeholders too: hatch-config.ts writes <secret key> for a missing value.
    return renderAlertmanagerConfig(alertmanagerConfig(a, placeholders));
}
