/**
 * The sections of grafana.ini and the keys of each, as Grafana's own conf/defaults.ini lists them:
 * Grafana reads a key from the environment (GF_<SECTION>_<KEY>) only when that file has it, and
 * ignores a key it does not know without a word, so a key outside this list would do nothing.
 *
 * Source: conf/defaults.ini of github.com/grafana/grafana at commit d6b8507785537dfee49671e76444b02643d02f53,
 * the newest copy of that file this project could read. It is NOT the file of the pinned tag
 * v13.2.3 (config/grafana.ts GRAFANA_VERSION): the repository snapshot is over the size this
 * project can fetch, and the stored copy is of the 10.x line. So a key added since 10.x is
 * refused as unknown until this list is refreshed from v13.2.3's file (docs/escape-hatches.md#where-the-keys-come-from),
 * and the removals known here are refused by hand below (REMOVED_SINCE).
 * Sections whose keys are free-form (custom response headers, metric labels, feature toggles by
 * name, navigation) are listed with "*".
 */
export const GRAFANA_INI_KEYS: Readonly<Record<string, readonly string[]>> = {
    paths: ["data", "temp_data_lifetime", "logs", "plugins", "provisioning"],
    server: [
        "protocol", "http_addr", "http_port", "domain", "enforce_domain", "root_url", "serve_from_sub_path", "router_logging", "static_root_path",
        "enable_gzip", "cert_file", "cert_key", "socket_gid", "socket_mode", "socket", "cdn_url", "read_timeout",
    ],
    "server.custom_response_headers": ["*"],
    grpc_server: ["network", "address", "use_tls", "cert_file", "key_file"],
    database: [
        "type", "host", "name", "user", "password", "url", "max_idle_conn", "max_open_conn", "conn_max_lifetime", "log_queries", "ssl_mode",
        "isolation_level", "ca_cert_path", "client_key_path", "client_cert_path", "server_cert_name", "path", "cache_mode", "wal",
        "locking_attempt_timeout_sec", "query_retries", "transaction_retries",
    ],
    remote_cache: ["type", "connstr", "prefix", "encryption"],
    dataproxy: [
        "logging", "timeout", "dialTimeout", "keep_alive_seconds", "tls_handshake_timeout_seconds", "expect_continue_timeout_seconds",
        "max_conns_per_host", "max_idle_connections", "idle_conn_timeout_seconds", "send_user_header", "response_limit", "row_limit", "user_agent",
    ],
    analytics: [
        "reporting_enabled", "reporting_distributor", "check_for_updates", "check_for_plugin_updates", "google_analytics_ua_id", "google_analytics_4_id",
        "google_analytics_4_send_manual_page_views", "google_tag_manager_id", "rudderstack_write_key", "rudderstack_data_plane_url", "rudderstack_sdk_url",
        "rudderstack_config_url", "intercom_secret", "application_insights_connection_string", "application_insights_endpoint_url", "feedback_links_enabled",
    ],
    security: [
        "disable_initial_admin_creation", "admin_user", "admin_password", "admin_email", "secret_key", "encryption_provider", "available_encryption_providers",
        "disable_gravatar", "data_source_proxy_whitelist", "disable_brute_force_login_protection", "cookie_secure", "cookie_samesite", "allow_embedding",
        "strict_transport_security", "strict_transport_security_max_age_seconds", "strict_transport_security_preload", "strict_transport_security_subdomains",
        "x_content_type_options", "x_xss_protection", "content_security_policy", "content_security_policy_template", "content_security_policy_report_only",
        "content_security_policy_report_only_template", "angular_support_enabled", "csrf_skip_check_if_login_cookie_not_present",
    ],
    "security.encryption": ["data_keys_cache_ttl", "data_keys_cache_cleanup_interval"],
    snapshots: ["enabled", "external_enabled", "external_snapshot_url", "external_snapshot_name", "public_mode", "snapshot_remove_expired"],
    dashboards: ["versions_to_keep", "min_refresh_interval", "default_home_dashboard_path"],
    datasources: ["datasource_limit"],
    sql_datasources: ["max_open_conns_default", "max_idle_conns_default", "max_conn_lifetime_default"],
    users: [
        "allow_sign_up", "allow_org_create", "auto_assign_org", "auto_assign_org_id", "auto_assign_org_role", "verify_email_enabled", "login_hint",
        "password_hint", "default_theme", "default_language", "home_page", "external_manage_link_url", "external_manage_link_name", "external_manage_info",
        "viewers_can_edit", "editors_can_admin", "user_invite_max_lifetime_duration", "hidden_users",
    ],
    service_accounts: ["token_expiration_day_limit"],
    auth: [
        "login_cookie_name", "disable_login", "login_maximum_inactive_lifetime_duration", "login_maximum_lifetime_duration", "token_rotation_interval_minutes",
        "disable_login_form", "disable_signout_menu", "signout_redirect_url", "oauth_auto_login", "oauth_state_cookie_max_age", "oauth_skip_org_role_update_sync",
        "api_key_max_seconds_to_live", "sigv4_auth_enabled", "sigv4_verbose_logging", "azure_auth_enabled",
    ],
    "auth.anonymous": ["enabled", "org_name", "org_role", "hide_version"],
    "auth.github": [
        "name", "icon", "enabled", "allow_sign_up", "auto_login", "client_id", "client_secret", "scopes", "auth_url", "token_url", "api_url", "allowed_domains",
        "team_ids", "allowed_organizations", "role_attribute_path", "role_attribute_strict", "allow_assign_grafana_admin", "tls_skip_verify_insecure",
    ],
    "auth.gitlab": [
        "name", "icon", "enabled", "allow_sign_up", "auto_login", "client_id", "client_secret", "scopes", "auth_url", "token_url", "api_url", "allowed_domains",
        "allowed_groups", "role_attribute_path", "role_attribute_strict", "allow_assign_grafana_admin", "skip_org_role_sync", "tls_skip_verify_insecure",
    ],
    "auth.google": [
        "name", "icon", "enabled", "allow_sign_up", "auto_login", "client_id", "client_secret", "scopes", "auth_url", "token_url", "api_url", "allowed_domains",
        "hosted_domain", "skip_org_role_sync", "tls_skip_verify_insecure",
    ],
    "auth.grafananet": ["enabled", "allow_sign_up", "client_id", "client_secret", "scopes", "allowed_organizations"],
    "auth.grafana_com": ["name", "icon", "enabled", "allow_sign_up", "auto_login", "client_id", "client_secret", "scopes", "allowed_organizations", "skip_org_role_sync"],
    "auth.azuread": [
        "name", "icon", "enabled", "allow_sign_up", "auto_login", "client_id", "client_secret", "scopes", "auth_url", "token_url", "allowed_domains",
        "allowed_groups", "role_attribute_strict", "allow_assign_grafana_admin", "force_use_graph_api", "tls_skip_verify_insecure",
    ],
    "auth.okta": [
        "name", "icon", "enabled", "allow_sign_up", "auto_login", "client_id", "client_secret", "scopes", "auth_url", "token_url", "api_url", "allowed_domains",
        "allowed_groups", "role_attribute_path", "role_attribute_strict", "allow_assign_grafana_admin", "skip_org_role_sync", "tls_skip_verify_insecure",
    ],
    "auth.generic_oauth": [
        "name", "icon", "enabled", "allow_sign_up", "auto_login", "client_id", "client_secret", "scopes", "empty_scopes", "email_attribute_name",
        "email_attribute_path", "login_attribute_path", "name_attribute_path", "role_attribute_path", "role_attribute_strict", "groups_attribute_path",
        "id_token_attribute_name", "team_ids_attribute_path", "auth_url", "token_url", "api_url", "teams_url", "allowed_domains", "team_ids",
        "allowed_organizations", "tls_skip_verify_insecure", "tls_client_cert", "tls_client_key", "tls_client_ca", "use_pkce", "auth_style",
        "allow_assign_grafana_admin", "skip_org_role_sync",
    ],
    "auth.basic": ["enabled"],
    "auth.proxy": ["enabled", "header_name", "header_property", "auto_sign_up", "sync_ttl", "whitelist", "headers", "headers_encoded", "enable_login_token"],
    "auth.jwt": [
        "enabled", "enable_login_token", "header_name", "email_claim", "username_claim", "jwk_set_url", "jwk_set_file", "cache_ttl", "expect_claims",
        "key_file", "role_attribute_path", "role_attribute_strict", "auto_sign_up", "url_login", "allow_assign_grafana_admin", "skip_org_role_sync",
    ],
    "auth.ldap": ["enabled", "config_file", "allow_sign_up", "skip_org_role_sync", "sync_cron", "active_sync_enabled"],
    aws: ["allowed_auth_providers", "assume_role_enabled", "list_metrics_page_limit"],
    azure: ["cloud", "managed_identity_enabled", "managed_identity_client_id"],
    rbac: ["permission_cache", "reset_basic_roles"],
    smtp: ["enabled", "host", "user", "password", "cert_file", "key_file", "skip_verify", "from_address", "from_name", "ehlo_identity", "startTLS_policy"],
    emails: ["welcome_email_on_sign_up", "templates_pattern", "content_types"],
    log: ["mode", "level", "filters"],
    "log.console": ["level", "format"],
    "log.file": ["level", "format", "log_rotate", "max_lines", "max_size_shift", "daily_rotate", "max_days"],
    "log.syslog": ["level", "format", "network", "address", "facility", "tag"],
    "log.frontend": [
        "enabled", "provider", "sentry_dsn", "custom_endpoint", "sample_rate", "log_endpoint_requests_per_second_limit", "log_endpoint_burst_limit",
        "instrumentations_errors_enabled", "instrumentations_console_enabled", "instrumentations_webvitals_enabled", "api_key",
    ],
    quota: [
        "enabled", "org_user", "org_dashboard", "org_data_source", "org_api_key", "org_alert_rule", "user_org", "global_user", "global_org", "global_dashboard",
        "global_api_key", "global_session", "global_alert_rule", "global_file", "global_correlations",
    ],
    unified_alerting: [
        "enabled", "disabled_orgs", "admin_config_poll_interval", "alertmanager_config_poll_interval", "ha_listen_address", "ha_advertise_address", "ha_peers",
        "ha_peer_timeout", "ha_gossip_interval", "ha_push_pull_interval", "execute_alerts", "evaluation_timeout", "max_attempts", "min_interval",
    ],
    "unified_alerting.screenshots": ["capture", "capture_timeout", "max_concurrent_screenshots", "upload_external_image_storage"],
    "unified_alerting.reserved_labels": ["disabled_labels"],
    "unified_alerting.state_history": [
        "enabled", "backend", "primary", "secondaries", "loki_remote_url", "loki_remote_read_url", "loki_remote_write_url", "loki_tenant_id",
        "loki_basic_auth_username", "loki_basic_auth_password",
    ],
    "unified_alerting.state_history.external_labels": ["*"],
    alerting: [
        "enabled", "execute_alerts", "error_or_timeout", "nodata_or_nullvalues", "concurrent_render_limit", "evaluation_timeout_seconds",
        "notification_timeout_seconds", "max_attempts", "min_interval_seconds", "max_annotation_age", "max_annotations_to_keep",
    ],
    annotations: ["cleanupjob_batchsize", "tags_length"],
    "annotations.dashboard": ["max_age", "max_annotations_to_keep"],
    "annotations.api": ["max_age", "max_annotations_to_keep"],
    explore: ["enabled"],
    help: ["enabled"],
    profile: ["enabled"],
    query_history: ["enabled"],
    metrics: ["enabled", "interval_seconds", "disable_total_stats", "basic_auth_username", "basic_auth_password"],
    "metrics.environment_info": ["*"],
    "metrics.graphite": ["address", "prefix"],
    grafana_net: ["url"],
    grafana_com: ["url", "api_url"],
    "tracing.jaeger": ["address", "always_included_tag", "sampler_type", "sampler_param", "sampling_server_url", "zipkin_propagation", "disable_shared_zipkin_spans"],
    "tracing.opentelemetry": ["custom_attributes"],
    "tracing.opentelemetry.jaeger": ["address", "propagation"],
    "tracing.opentelemetry.otlp": ["address", "propagation"],
    external_image_storage: ["provider"],
    "external_image_storage.s3": ["endpoint", "path_style_access", "bucket_url", "bucket", "region", "path", "access_key", "secret_key"],
    "external_image_storage.webdav": ["url", "username", "password", "public_url"],
    "external_image_storage.gcs": ["key_file", "bucket", "path", "enable_signed_urls", "signed_url_expiration"],
    "external_image_storage.azure_blob": ["account_name", "account_key", "container_name", "sas_token_expiration_days"],
    rendering: ["server_url", "callback_url", "renderer_token", "concurrent_render_request_limit", "render_key_lifetime"],
    panels: ["enable_alpha", "disable_sanitize_html"],
    plugins: [
        "enable_alpha", "app_tls_skip_verify_insecure", "allow_loading_unsigned_plugins", "plugin_admin_enabled", "plugin_admin_external_manage_enabled",
        "plugin_catalog_url", "plugin_catalog_hidden_plugins", "log_backend_requests",
        // Not in that copy: Grafana 13.2's own documentation names these ([plugins] preinstall_sync =
        // <id>@<version>, and preinstall_auto_update to stop the preinstalled plugins' updates at start).
        "preinstall", "preinstall_sync", "preinstall_async", "preinstall_disabled", "preinstall_auto_update",
    ],
    live: ["max_connections", "allowed_origins", "ha_engine", "ha_engine_address"],
    enterprise: ["license_path"],
    feature_toggles: ["*"],
    date_formats: [
        "full_date", "interval_second", "interval_minute", "interval_hour", "interval_day", "interval_month", "interval_year", "use_browser_locale", "default_timezone",
    ],
    expressions: ["enabled"],
    geomap: ["default_baselayer_config", "enable_custom_baselayers"],
    support_bundles: ["enabled", "server_admin_only", "public_keys"],
    storage: ["allow_unsanitized_svg_upload"],
    search: ["dashboard_loading_batch_size", "full_reindex_interval", "index_update_interval"],
    "navigation.app_sections": ["*"],
    "navigation.app_standalone_pages": ["*"],
    secure_socks_datasource_proxy: ["enabled", "root_ca_cert", "client_key", "client_cert", "server_name", "proxy_address"],
};

/**
 * Keys of that file which a later release dropped, so that on 13.2.3 they would do nothing:
 * AngularJS plugin support was removed in Grafana 12, with its switch.
 */
export const REMOVED_SINCE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
    security: { angular_support_enabled: "Grafana 12 removed AngularJS plugin support, and this switch with it" },
};
