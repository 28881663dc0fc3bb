import { credentialUrlMessage, httpOverNetwork } from "./credential-urls";

/**
 * A receiver config's values as Alertmanager reads them, beyond its keys (issue #41): what it
 * refuses (class 1), the half of a pair (class 7), and a credential sent over plain http or SMTP
 * without TLS (class 5).
 *
 * Class 1, from the source at tag v0.34.0 (the pinned image; config/notifiers.go and
 * notify/<type>/config.go), each also at v0.25.0 (Debian's amtool) unless marked:
 * - telegram parse_mode: Markdown, MarkdownV2 or HTML;
 * - wechat message_type: text or markdown;
 * - jira api_type: auto, cloud or datacenter (jira since 0.28: v0.34.0 only);
 * - sns: one of target_arn, topic_arn and phone_number;
 * - pushover: not both monospace and html (monospace since 0.26: v0.34.0 only);
 * - webex: http_config.authorization (the Webex bot token);
 * - incidentio: alert_source_token or http_config.authorization, not both (v0.34.0 only);
 * - opsgenie responders: each with id, username or name, and a type of team, teams, user,
 *   escalation or schedule;
 * - http_config (prometheus/common's HTTPClientConfig.Validate at v0.38.0, which v0.25.0 vendors,
 *   and v0.70.1, which v0.34.0 vendors): not both basic_auth and authorization; authorization's
 *   type not Basic (basic_auth is for that).
 */

type Issue = { path: (string | number)[]; input: unknown; message: string };

const ENUMS: Record<string, Record<string, readonly string[]>> = {
    telegram: { parse_mode: ["Markdown", "MarkdownV2", "HTML"] },
    wechat: { message_type: ["text", "markdown"] },
    jira: { api_type: ["auto", "cloud", "datacenter"] },
};

/** The plain (not secret) URL fields that each type sends its credential to. */
const ENDPOINTS = ["api_url", "url"];

const OPSGENIE_TYPES = /^(team|teams|user|escalation|schedule)$/;

function record(v: unknown): Record<string, unknown> | undefined {
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/**
 * The problems of one receiver config `c` of `type`; `at` is its path, `secretKeys` the type's
 * credential keys (written <key>_secret), `keys` the keys the type reads.
 */
export function receiverValueIssues(type: string, c: Record<string, unknown>, at: (string | number)[], secretKeys: readonly string[], keys: readonly string[]): Issue[] {
    const issues: Issue[] = [];
    for (const [field, allowed] of Object.entries(ENUMS[type] ?? {})) {
        const v = c[field];
        if (v !== undefined && !(typeof v === "string" && allowed.includes(v))) {
            issues.push({ path: [...at, field], input: v, message: `one of ${allowed.join(", ")}: Alertmanager refuses the ${type} config with anything else` });
        }
    }
    const http = record(c.http_config);
    const authorization = record(http?.authorization);
    if (type === "sns") {
        const given = ["target_arn", "topic_arn", "phone_number"].filter((k) => c[k] !== undefined);
        if (given.length !== 1) {
            issues.push({ path: [...at, given[1] ?? "topic_arn"], input: given.length ? c[given[1]] : undefined, message: "one of target_arn, topic_arn or phone_number: Alertmanager needs exactly one to know where to publish" });
        }
    }
    if (type === "pushover" && c.monospace === true && c.html === true) {
        issues.push({ path: [...at, "monospace"], input: true, message: "false while html is true: Alertmanager refuses both (at most one of monospace & html)" });
    }
    if (type === "webex" && authorization === undefined) {
        issues.push({ path: [...at, "http_config", "authorization", "credentials_secret"], input: undefined, message: "a secret stack key holding the Webex bot token: Alertmanager refuses a webex config without http_config.authorization" });
    }
    if (type === "incidentio") {
        const token = c.alert_source_token_secret !== undefined;
        if (token === (authorization !== undefined)) {
            issues.push({
                path: [...at, "alert_source_token_secret"],
                input: token ? c.alert_source_token_secret : undefined,
                message: token ? "nothing while http_config.authorization is set: Alertmanager refuses both" : "a secret stack key holding the alert source token, or http_config.authorization: Alertmanager needs one",
            });
        }
    }
    if (type === "opsgenie" && Array.isArray(c.responders)) {
        c.responders.forEach((r, i) => {
            const responder = record(r);
            if (responder === undefined || !["id", "username", "name"].some((k) => typeof responder[k] === "string" && responder[k] !== "")) {
                issues.push({ path: [...at, "responders", i], input: r, message: "a responder with id, username or name: Alertmanager refuses one without" });
            } else if (typeof responder.type === "string" && !responder.type.includes("{{") && !OPSGENIE_TYPES.test(responder.type)) {
                issues.push({ path: [...at, "responders", i, "type"], input: responder.type, message: "team, teams, user, escalation or schedule: Alertmanager refuses any other responder type" });
            }
        });
    }
    if (http !== undefined) {
        if (http.basic_auth !== undefined && authorization !== undefined) {
            issues.push({ path: [...at, "http_config", "authorization"], input: "[...]", message: "nothing while basic_auth is set: one Authorization header (Alertmanager refuses both)" });
        }
        if (typeof authorization?.type === "string" && authorization.type.toLowerCase() === "basic") {
            issues.push({ path: [...at, "http_config", "authorization", "type"], input: authorization.type, message: 'a type other than Basic, such as Bearer: Alertmanager refuses authorization type "basic"; write basic_auth { username, password_secret } instead' });
        }
        const basic = record(http.basic_auth);
        if (basic !== undefined && basic.username !== undefined && basic.password_secret === undefined) {
            issues.push({ path: [...at, "http_config", "basic_auth", "password_secret"], input: undefined, message: "a secret stack key holding the password: a basic_auth username alone sends an empty password" });
        }
    }
    if (type === "email") {
        const password = c.auth_password_secret !== undefined || c.auth_secret_secret !== undefined;
        if (c.auth_username !== undefined && !password) {
            issues.push({ path: [...at, "auth_password_secret"], input: undefined, message: "a secret stack key holding the SMTP password (or auth_secret_secret for CRAM-MD5): auth_username alone logs in with an empty password" });
        }
        if (password && c.auth_username === undefined) {
            issues.push({ path: [...at, "auth_username"], input: undefined, message: "the SMTP user: Alertmanager sends the password only with a user name" });
        }
        if (password && c.require_tls === false) {
            issues.push({ path: [...at, "require_tls"], input: false, message: "true or unset while a password is set: without STARTTLS the SMTP login crosses the network in clear" });
        }
    }
    // Class 5: a config that carries a credential sends it to its endpoint; over http:// outside the cluster it crosses the network in clear.
    const carries = secretKeys.some((k) => c[`${k}_secret`] !== undefined) || http?.basic_auth !== undefined || authorization !== undefined;
    if (carries) {
        for (const field of ENDPOINTS.filter((f) => keys.includes(f) && !secretKeys.includes(f))) {
            const url = c[field];
            if (typeof url === "string" && httpOverNetwork(url)) {
                issues.push({ path: [...at, field], input: url, message: credentialUrlMessage(`this ${type} config sends its credential there`) });
            }
        }
    }
    return issues;
}
