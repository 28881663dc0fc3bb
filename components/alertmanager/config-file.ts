import { stringify } from "yaml";
import { AlertmanagerSecretName, AlertmanagerSettings } from "../../config";
import { INFO_INHIBITOR_ALERT } from "./info-inhibitor";
import { WATCHDOG_ALERT } from "./watchdog-alert";
import { hatchInhibitRules, hatchReceivers, hatchRoutes, HatchSecretValues, hatchTimeIntervals, TimeIntervalEntry } from "./hatch-config";

/**
 * alertmanager.yml, typed after the v0.34 configuration reference
 * (docs/configuration.md of prometheus/alertmanager at v0.34.0). Only fields that Debian's amtool
 * 0.25 also knows, so `amtool check-config` in the tests reads the same file.
 */
export interface WebhookConfig { url: string; send_resolved: boolean }
export interface SlackConfig { api_url: string; channel: string; send_resolved: boolean; title: string; text: string }
export interface EmailConfig {
    to: string;
    from: string;
    smarthost: string;
    auth_username?: string;
    auth_password?: string;
    require_tls: boolean;
    send_resolved: boolean;
}
export interface PagerdutyConfig { routing_key: string; send_resolved: boolean }

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

function slack(a: AlertmanagerSettings, v: AlertmanagerSecretValues, channel?: string): SlackConfig[] {
    return a.slack && v.slackUrl
        ? [{ api_url: v.slackUrl, channel: channel ?? a.slack.channel, send_resolved: a.slack.sendResolved, title: SLACK_TITLE, text: SLACK_TEXT }]
        : [];
}

function email(a: AlertmanagerSettings, v: AlertmanagerSecretValues, to?: string): EmailConfig[] {
    const e = a.email;
    if (!e) {
        return [];
    }
    const auth = e.authUsername !== undefined && v.smtpPassword !== undefined ? { auth_username: e.authUsername, auth_password: v.smtpPassword } : {};
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
            webhook_configs: v.webhookUrl ? [{ url: v.webhookUrl, send_resolved: true }] : [],
            slack_configs: slack(a, v),
            email_configs: email(a, v),
        }),
        receiver(RECEIVERS.watchdog, { webhook_configs: v.watchdogUrl ? [{ url: v.watchdogUrl, send_resolved: false }] : [] }),
        receiver(RECEIVERS.nowhere, {}),
    ];
    if (a.pagerduty && v.pagerdutyKey) {
        routes.push({ receiver: RECEIVERS.pagerduty, matchers: [`severity=~"${a.pagerduty.severities.join("|")}"`], continue: true });
        receivers.push(receiver(RECEIVERS.pagerduty, { pagerduty_configs: [{ routing_key: v.pagerdutyKey, send_resolved: true }] }));
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
