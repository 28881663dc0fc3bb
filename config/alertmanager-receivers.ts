/**
 * The receiver types of Alertmanager v0.34.0 (the pinned image) and the keys each reads, taken
 * from the yaml tags of its source at tag v0.34.0 (commit 085f0ef7eb41da24cab8cd000f1345b6250f2edb):
 * config/notifiers.go (email, slack, wechat, victorops, pushover, sns, webex, rocketchat) and
 * notify/<type>/config.go (discord, incidentio, jira, mattermost, msteams, msteamsv2, opsgenie,
 * pagerduty, telegram, webhook), with send_resolved of the embedded NotifierConfig. `secret` are the
 * keys typed Secret, SecretURL or SecretTemplateURL there: a stack names a secret stack key for
 * each (`<key>_secret`), never the value. `v025` are the keys of the same type at tag v0.25.0 (Debian's
 * amtool), absent for a type 0.25 lacks; `since` is the first release whose config.go Receiver has
 * the type (tags v0.22.0 to v0.34.0). Generated once from the source; docs/escape-hatches.md#which-is-which.
 */
export interface ReceiverType {
    since: string;
    keys: readonly string[];
    secret: readonly string[];
    v025?: readonly string[];
}

export const ALERTMANAGER_RECEIVER_TYPES: Readonly<Record<string, ReceiverType>> = {
    discord: { since: "0.25.0", keys: ["send_resolved", "http_config", "webhook_url", "webhook_url_file", "content", "title", "message", "username", "avatar_url"], secret: ["webhook_url"], v025: ["send_resolved", "http_config", "webhook_url", "title", "message"] },
    email: { since: "0.22.0", keys: ["send_resolved", "to", "from", "hello", "smarthost", "auth_username", "auth_password", "auth_password_file", "auth_secret", "auth_secret_file", "auth_identity", "headers", "html", "text", "require_tls", "tls_config", "force_implicit_tls", "threading"], secret: ["auth_password", "auth_secret"], v025: ["send_resolved", "to", "from", "hello", "smarthost", "auth_username", "auth_password", "auth_password_file", "auth_secret", "auth_identity", "headers", "html", "text", "require_tls", "tls_config"] },
    incidentio: { since: "0.29.0", keys: ["send_resolved", "http_config", "url", "url_file", "alert_source_token", "alert_source_token_file", "max_alerts", "timeout"], secret: ["alert_source_token"] },
    pagerduty: { since: "0.22.0", keys: ["send_resolved", "http_config", "service_key", "service_key_file", "routing_key", "routing_key_file", "url", "client", "client_url", "description", "details", "images", "links", "source", "severity", "class", "component", "group", "timeout"], secret: ["service_key", "routing_key"], v025: ["send_resolved", "http_config", "service_key", "service_key_file", "routing_key", "routing_key_file", "url", "client", "client_url", "description", "details", "images", "links", "source", "severity", "class", "component", "group"] },
    slack: { since: "0.22.0", keys: ["send_resolved", "http_config", "api_url", "api_url_file", "app_token", "app_token_file", "app_url", "channel", "username", "color", "title", "title_link", "pretext", "text", "message_text", "fields", "short_fields", "footer", "fallback", "callback_id", "icon_emoji", "icon_url", "image_url", "thumb_url", "link_names", "mrkdwn_in", "actions", "update_message", "timeout"], secret: ["api_url", "app_token"], v025: ["send_resolved", "http_config", "api_url", "api_url_file", "channel", "username", "color", "title", "title_link", "pretext", "text", "fields", "short_fields", "footer", "fallback", "callback_id", "icon_emoji", "icon_url", "image_url", "thumb_url", "link_names", "mrkdwn_in", "actions"] },
    webhook: { since: "0.22.0", keys: ["send_resolved", "http_config", "url", "url_file", "max_alerts", "timeout", "payload"], secret: ["url"], v025: ["send_resolved", "http_config", "url", "max_alerts"] },
    opsgenie: { since: "0.22.0", keys: ["send_resolved", "http_config", "api_key", "api_key_file", "api_url", "message", "description", "source", "details", "entity", "responders", "actions", "tags", "note", "priority", "update_alerts"], secret: ["api_key"], v025: ["send_resolved", "http_config", "api_key", "api_key_file", "api_url", "message", "description", "source", "details", "entity", "responders", "actions", "tags", "note", "priority", "update_alerts"] },
    wechat: { since: "0.22.0", keys: ["send_resolved", "http_config", "api_secret", "api_secret_file", "corp_id", "message", "api_url", "to_user", "to_party", "to_tag", "agent_id", "message_type"], secret: ["api_secret"], v025: ["send_resolved", "http_config", "api_secret", "corp_id", "message", "api_url", "to_user", "to_party", "to_tag", "agent_id", "message_type"] },
    pushover: { since: "0.22.0", keys: ["send_resolved", "http_config", "user_key", "user_key_file", "token", "token_file", "title", "message", "url", "url_title", "device", "sound", "priority", "retry", "expire", "ttl", "html", "monospace"], secret: ["user_key", "token"], v025: ["send_resolved", "http_config", "user_key", "token", "title", "message", "url", "url_title", "sound", "priority", "retry", "expire", "html"] },
    victorops: { since: "0.22.0", keys: ["send_resolved", "http_config", "api_key", "api_key_file", "api_url", "routing_key", "message_type", "state_message", "entity_display_name", "monitoring_tool", "custom_fields"], secret: ["api_key"], v025: ["send_resolved", "http_config", "api_key", "api_key_file", "api_url", "routing_key", "message_type", "state_message", "entity_display_name", "monitoring_tool", "custom_fields"] },
    sns: { since: "0.23.0", keys: ["send_resolved", "http_config", "api_url", "sigv4", "topic_arn", "phone_number", "target_arn", "subject", "message", "attributes", "use_aws_http_client"], secret: [], v025: ["send_resolved", "http_config", "api_url", "sigv4", "topic_arn", "phone_number", "target_arn", "subject", "message", "attributes"] },
    telegram: { since: "0.24.0", keys: ["send_resolved", "http_config", "api_url", "bot_token", "bot_token_file", "chat_id", "chat_id_file", "message_thread_id", "message", "disable_notifications", "parse_mode"], secret: ["bot_token"], v025: ["send_resolved", "http_config", "api_url", "bot_token", "chat_id", "message", "disable_notifications", "parse_mode"] },
    webex: { since: "0.25.0", keys: ["send_resolved", "http_config", "api_url", "message", "room_id"], secret: [], v025: ["send_resolved", "http_config", "api_url", "message", "room_id"] },
    msteams: { since: "0.26.0", keys: ["send_resolved", "http_config", "webhook_url", "webhook_url_file", "title", "summary", "text"], secret: ["webhook_url"] },
    msteamsv2: { since: "0.28.0", keys: ["send_resolved", "http_config", "webhook_url", "webhook_url_file", "title", "text"], secret: ["webhook_url"] },
    jira: { since: "0.28.0", keys: ["send_resolved", "http_config", "api_url", "api_type", "project", "summary", "description", "labels", "priority", "issue_type", "reopen_transition", "resolve_transition", "wont_fix_resolution", "reopen_duration", "fields"], secret: [] },
    rocketchat: { since: "0.28.0", keys: ["send_resolved", "http_config", "api_url", "token_id", "token_id_file", "token", "token_file", "channel", "color", "title", "title_link", "text", "fields", "short_fields", "emoji", "icon_url", "image_url", "thumb_url", "link_names", "actions"], secret: ["token_id", "token"] },
    mattermost: { since: "0.30.0", keys: ["send_resolved", "http_config", "webhook_url", "webhook_url_file", "channel", "username", "text", "fallback", "color", "pretext", "author_name", "author_link", "author_icon", "title", "title_link", "fields", "thumb_url", "footer", "footer_icon", "image_url", "icon_url", "icon_emoji", "attachments", "type", "props", "priority"], secret: ["webhook_url"] },
};
