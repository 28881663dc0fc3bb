import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { parse } from "yaml";
import { alertmanagerConfig, renderAlertmanagerConfig } from "../components/alertmanager/config-file";
import { ALERTMANAGER_RECEIVER_TYPES, AlertmanagerSettings, ConfigError } from "../config";
import { AlertmanagerProcess, amtool } from "./harness/alertmanager";
import { tempDir } from "./harness/prometheus";
import { settingsWith } from "./harness/stack-config";

/**
 * docs/escape-hatches.md#alertmanager-routes-and-receivers: the example there, generated, on
 * Debian's Alertmanager 0.25 and amtool; receivers newer than 0.25 checked key by key against
 * v0.34.0's source (config/alertmanager-receivers.ts).
 */

/** The docs' example: only what 0.25 knows (opsgenie, webhook with a bearer header, telegram, discord, webex). */
export const ROUTING_EXAMPLE = {
    timeIntervals: [
        { name: "weekend", time_intervals: [{ weekdays: ["saturday", "sunday"] }] },
        { name: "office-hours", time_intervals: [{ weekdays: ["monday:friday"], times: [{ start_time: "09:00", end_time: "17:00" }], location: "Europe/Berlin" }] },
    ],
    receivers: [
        { name: "db-oncall", opsgenie_configs: [{ api_key_secret: "alertOpsgenieKey", priority: "P2", send_resolved: true }] },
        {
            name: "db-chat",
            webhook_configs: [{ url_secret: "alertDbWebhookUrl", max_alerts: 20, http_config: { authorization: { type: "Bearer", credentials_secret: "alertDbWebhookToken" } } }],
            telegram_configs: [{ bot_token_secret: "alertTelegramToken", chat_id: -1001234567890, parse_mode: "HTML" }],
        },
        { name: "platform", discord_configs: [{ webhook_url_secret: "alertDiscordUrl" }], webex_configs: [{ room_id: "abc123", http_config: { authorization: { credentials_secret: "alertWebexToken" } } }] },
    ],
    routes: [
        {
            receiver: "db-oncall",
            matchers: ['service=~"postgres|mysql"', "severity=critical"],
            continue: true,
            group_by: ["alertname", "cluster"],
            group_wait: "10s",
            active_time_intervals: ["office-hours"],
        },
        { receiver: "db-chat", matchers: ['service=~"postgres|mysql"'], mute_time_intervals: ["weekend"], routes: [{ receiver: "platform", matchers: ['team!="db"'] }] },
    ],
    inhibitRules: [{ source_matchers: ['alertname="DatabaseDown"'], target_matchers: ['service=~"postgres|mysql"', 'alertname!="DatabaseDown"'], equal: ["cluster"] }],
};
export const ROUTING_SECRETS = {
    alertOpsgenieKey: "og-key-1",
    alertDbWebhookUrl: "https://chat.example.com/hooks/db",
    alertDbWebhookToken: "tok-2",
    alertTelegramToken: "123:abc",
    alertDiscordUrl: "https://discord.com/api/webhooks/1/x",
    alertWebexToken: "webex-3",
};

function generated(a: AlertmanagerSettings): string {
    return renderAlertmanagerConfig(alertmanagerConfig(a, {}, ROUTING_SECRETS));
}

function writeConfig(text: string): string {
    const file = path.join(tempDir("amtool-hatch"), "alertmanager.yml");
    fs.writeFileSync(file, text);
    return file;
}

describe("alertmanager.routes, receivers, inhibitRules and timeIntervals on Debian's Alertmanager 0.25", () => {
    const a = () => settingsWith({ alertmanager: ROUTING_EXAMPLE }, ROUTING_SECRETS).alertmanager;

    it("writes matchers with quoted values, and credentials from the secret stack keys", () => {
        const config = parse(generated(a()));
        const db = config.route.routes.find((r: any) => r.receiver === "db-oncall");
        assert.deepStrictEqual(db.matchers, ['service=~"postgres|mysql"', 'severity="critical"']);
        assert.strictEqual(config.receivers.find((r: any) => r.name === "db-oncall").opsgenie_configs[0].api_key, "og-key-1");
        assert.strictEqual(config.receivers.find((r: any) => r.name === "db-chat").webhook_configs[0].http_config.authorization.credentials, "tok-2");
        // The catch-all is still last; the hatch routes come before it.
        assert.deepStrictEqual(config.route.routes.at(-1), { receiver: "default" });
        assert.strictEqual(config.time_intervals.length, 2);
    });

    it("amtool check-config (0.25) accepts the generated config", () => {
        const out = amtool("check-config", writeConfig(generated(a())));
        assert.match(out, /SUCCESS/);
        // The program's two inhibit rules (critical over warning, InfoInhibitor over info) and the example's one;
        // the program's default, watchdog and nowhere (InfoInhibitor's) receivers and the example's three.
        assert.match(out, /3 inhibit rules/);
        assert.match(out, /6 receivers/);
    });

    it("Alertmanager 0.25 loads it", async () => {
        const am = await AlertmanagerProcess.start(generated(a()));
        try {
            const status = (await (await fetch(`http://127.0.0.1:${am.port}/api/v2/status`)).json()) as { config: { original: string } };
            assert.match(status.config.original, /office-hours/);
        } finally {
            await am.stop();
        }
    });

    it("amtool config routes test: samples go where docs/escape-hatches.md says", () => {
        const file = writeConfig(generated(a()));
        const route = (...labels: string[]) => amtool("config", "routes", "test", `--config.file=${file}`, ...labels).trim();
        assert.strictEqual(route("alertname=DatabaseDown", "service=postgres", "severity=critical", "team=db"), "db-oncall,db-chat");
        assert.strictEqual(route("alertname=SlowQueries", "service=mysql", "severity=warning", "team=db"), "db-chat");
        assert.strictEqual(route("alertname=SlowQueries", "service=mysql", "severity=warning", "team=web"), "platform");
        assert.strictEqual(route("alertname=KubePodCrashLooping", "service=redis", "severity=warning"), "default");
        assert.strictEqual(route("alertname=Watchdog", "severity=none"), "watchdog");
    });

    it("the team shortcut expands into the same shape beside the hatches", () => {
        const s = settingsWith(
            { alertmanager: { ...ROUTING_EXAMPLE, slack: { channel: "#alerts" }, teams: [{ name: "payments", matchers: { team: "payments" }, slackChannel: "#payments" }] } },
            { ...ROUTING_SECRETS, alertSlackUrl: "https://hooks.slack.com/services/x" },
        ).alertmanager;
        const text = renderAlertmanagerConfig(alertmanagerConfig(s, { slackUrl: "https://hooks.slack.com/services/x" }, ROUTING_SECRETS));
        const file = writeConfig(text);
        assert.match(amtool("check-config", file), /SUCCESS/);
        assert.strictEqual(amtool("config", "routes", "test", `--config.file=${file}`, "team=payments", "severity=warning").trim(), "team-payments");
    });
});

describe("receivers newer than 0.25, checked key by key against Alertmanager v0.34.0's source", () => {
    const NEWER = {
        receivers: [
            { name: "teams", msteams_configs: [{ webhook_url_secret: "alertTeamsUrl", title: "{{ .CommonLabels.alertname }}" }] },
            { name: "teams2", msteamsv2_configs: [{ webhook_url_secret: "alertTeamsUrl" }] },
            { name: "tickets", jira_configs: [{ api_url: "https://jira.example.com", project: "OPS", issue_type: "Bug", http_config: { basic_auth: { username: "bot", password_secret: "alertJiraPassword" } } }] },
            { name: "chat", mattermost_configs: [{ webhook_url_secret: "alertMattermostUrl", channel: "alerts" }], rocketchat_configs: [{ token_id_secret: "alertRocketId", token_secret: "alertRocketToken", channel: "#alerts" }] },
            { name: "incidents", incidentio_configs: [{ url: "https://api.incident.io/v2/alert_events/http/x", alert_source_token_secret: "alertIncidentToken" }] },
        ],
        // Each receiver named by a route: one that no route names is refused as doing nothing (#41, class 2).
        routes: ["teams", "teams2", "tickets", "chat", "incidents"].map((receiver) => ({ receiver, matchers: [`team=${receiver}`] })),
    };
    const SECRETS = { alertTeamsUrl: "https://x.webhook.office.com/a", alertJiraPassword: "j", alertMattermostUrl: "https://mm.example.com/hooks/x", alertRocketId: "id", alertRocketToken: "t", alertIncidentToken: "i" };

    it("each generated key is one of its type's keys at v0.34.0 (or http_config), and 0.25's amtool does not know the type", () => {
        const s = settingsWith({ alertmanager: NEWER }, SECRETS).alertmanager;
        const config = parse(renderAlertmanagerConfig(alertmanagerConfig(s, {}, SECRETS)));
        const checked: string[] = [];
        for (const r of config.receivers.filter((x: any) => NEWER.receivers.some((n) => n.name === x.name))) {
            for (const [key, list] of Object.entries(r).filter(([k]) => k !== "name")) {
                const type = ALERTMANAGER_RECEIVER_TYPES[key.replace(/_configs$/, "")];
                assert.ok(type && type.v025 === undefined, `${key} is a type newer than 0.25`);
                for (const c of list as object[]) {
                    assert.deepStrictEqual(Object.keys(c).filter((k) => !type.keys.includes(k)), [], `${key} keys`);
                    checked.push(key);
                }
            }
        }
        assert.deepStrictEqual(checked.sort(), ["incidentio_configs", "jira_configs", "mattermost_configs", "msteams_configs", "msteamsv2_configs", "rocketchat_configs"]);
        assert.throws(() => amtool("check-config", writeConfig(renderAlertmanagerConfig(alertmanagerConfig(s, {}, SECRETS)))), /msteams|field/);
    });

    it("refuses a receiver type the image's Alertmanager lacks, naming the key", () => {
        try {
            settingsWith({ alertmanager: { ...NEWER, image: "quay.io/prometheus/alertmanager:v0.25.0" } }, SECRETS);
            assert.fail("expected a ConfigError");
        } catch (e) {
            assert.ok(e instanceof ConfigError, String(e));
            assert.ok(e.problems.some((p) => p.key === "cluster-monitoring:alertmanager.receivers[0].msteams_configs" && /came in 0\.26\.0/.test(p.expected)), e.message);
        }
    });
});
