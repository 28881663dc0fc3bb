import { z } from "zod";
import { absoluteHttpUrl, hostName } from "./formats";
import { credentialInPlainText } from "./credentials";
import { choice, closedObject, flag, integer, knownKeysMessage, text, unknownKeyMessage } from "./fields";
import { closest } from "./did-you-mean";
import { GRAFANA_INI_KEYS, REMOVED_SINCE } from "./grafana-ini-keys";
import { SECRET_VALUE } from "./problems";
import { secretKeyName } from "./remote-write";

/**
 * `grafana.ini` (docs/escape-hatches.md#grafanaini-sections): sections of Grafana's own
 * configuration file, in its own shape (section names and snake_case keys as grafana.ini writes
 * them). server, auth, security, users and smtp are typed; any other section is checked against
 * the sections and keys Grafana's conf/defaults.ini lists (config/grafana-ini-keys.ts, which says
 * which copy of that file). A key the program owns is refused with the reason, and so is a
 * credential in plain text: `<key>_secret` names a top-level secret stack key instead, which
 * reaches Grafana as GF_<SECTION>_<KEY> from its Secret.
 */

/** A grafana.ini role: the three an organisation member can have. */
export const GRAFANA_ROLES = ["Viewer", "Editor", "Admin"] as const;
export type GrafanaRole = (typeof GRAFANA_ROLES)[number];

/** Keys the program writes itself, or refuses to let a stack write, each with the reason. */
export const OWNED_INI_KEYS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
    paths: { "*": "the program owns the pod's paths: its volumes are mounted where the image's GF_PATHS_* point (extra.volumes adds others)" },
    server: {
        protocol: "the Service, probes and Ingress speak http to port 3000",
        http_addr: "the Service, probes and Ingress reach port 3000 on every address",
        http_port: "the Service, probes and Ingress reach port 3000",
        root_url: "the program sets it from grafana.ingress (its host and TLS)",
        serve_from_sub_path: "root_url is grafana.ingress's host without a path, so there is no sub-path to serve from",
        static_root_path: "the image's own files",
        cert_file: "TLS ends at the Ingress (grafana.ingress.tlsSecretName)",
        cert_key: "TLS ends at the Ingress (grafana.ingress.tlsSecretName)",
        socket: "Grafana listens on TCP",
        socket_gid: "Grafana listens on TCP",
        socket_mode: "Grafana listens on TCP",
    },
    security: {
        admin_user: "it is grafana.adminUser",
        admin_password: "it is the secret stack key grafanaAdminPassword, or a generated one",
        disable_initial_admin_creation: "the local admin stays, to log in when single sign-on is down (break-glass)",
        cookie_secure: "the program sets it when grafana.ingress has a tlsSecretName",
        disable_brute_force_login_protection: "the local admin's login form is reachable through the Ingress; its brute-force protection stays on",
        strict_transport_security: "Grafana sends HSTS only when it serves https itself, and TLS ends at the Ingress (grafana.ingress.tlsSecretName), whose controller sends HSTS",
        strict_transport_security_max_age_seconds: "Grafana sends HSTS only when it serves https itself, and TLS ends at the Ingress (grafana.ingress.tlsSecretName), whose controller sends HSTS",
        strict_transport_security_preload: "Grafana sends HSTS only when it serves https itself, and TLS ends at the Ingress (grafana.ingress.tlsSecretName), whose controller sends HSTS",
        strict_transport_security_subdomains: "Grafana sends HSTS only when it serves https itself, and TLS ends at the Ingress (grafana.ingress.tlsSecretName), whose controller sends HSTS",
    },
    auth: {
        disable_login_form: "the local admin stays, to log in when single sign-on is down (break-glass)",
        disable_login: "the local admin stays, to log in when single sign-on is down (break-glass)",
        oauth_auto_login: "deprecated by Grafana; and the login form stays for the break-glass admin",
    },
    users: { allow_sign_up: "the program keeps sign-up off; single sign-on creates its users itself (grafana.sso)" },
    analytics: {
        reporting_enabled: "no phoning home from inside a cluster: the program turns it off",
        check_for_updates: "no phoning home from inside a cluster: the program turns it off",
        check_for_plugin_updates: "no phoning home from inside a cluster: the program turns it off",
    },
    log: { mode: "logs go to stdout only: the root filesystem is read-only and kubectl logs reads stdout" },
    "log.file": { "*": "logs go to stdout only ([log] mode is console), so no log file is written" },
    "log.syslog": { "*": "logs go to stdout only ([log] mode is console), so nothing goes to syslog" },
    dashboards: { default_home_dashboard_path: "the program's Home dashboard, which its file provider provisions" },
    plugins: {
        preinstall: "it is grafana.plugins",
        preinstall_sync: "it is grafana.plugins",
        preinstall_disabled: "it is grafana.plugins",
    },
    "auth.anonymous": { "*": "anonymous viewers are a data leak; the program keeps anonymous access off" },
    "auth.basic": { "*": "the local admin logs in with basic auth when single sign-on is down (break-glass)" },
    "auth.proxy": { "*": "Grafana would trust a user-name header that any pod reaching it could send" },
    "auth.generic_oauth": { "*": "it is grafana.sso (provider keycloak, dex or generic)" },
    "auth.azuread": { "*": "it is grafana.sso (provider azuread)" },
    "auth.google": { "*": "it is grafana.sso (provider google)" },
    "auth.github": { "*": "it is grafana.sso (provider github)" },
    "auth.gitlab": { "*": "not offered: single sign-on is grafana.sso (keycloak, dex, azuread, google, github, generic)" },
    "auth.okta": { "*": "not offered: single sign-on is grafana.sso (its generic provider speaks OIDC to Okta)" },
    "auth.grafana_com": { "*": "not offered: single sign-on is grafana.sso" },
    "auth.grafananet": { "*": "not offered: single sign-on is grafana.sso" },
    "auth.jwt": { "*": "not offered: single sign-on is grafana.sso" },
    "auth.ldap": { "*": "not offered: its config file would need a bind password in a file the program does not write" },
};

/**
 * A key whose value is a credential: written as `<key>_secret`, never in plain text, since
 * grafana.ini is a ConfigMap. Names of files and paths (key_file, cert_key, client_key_path) are
 * not credentials.
 */
export function isCredentialKey(key: string): boolean {
    return /password|secret|(^|_)token$|api_key|access_key|account_key|write_key|connection_string|connstr|sentry_dsn/.test(key) && !/_(file|path)$/.test(key);
}

const SECRET_SUFFIX = "_secret";

/** What an ini key holds: text, a number or a switch, written as grafana.ini writes it. */
const iniValue = z.union([z.string(), z.number(), z.boolean()], { error: "a string, a number or true/false" }).superRefine((v, ctx) => {
    if (typeof v === "string" && (/[\u0000-\u001f\u007f]/.test(v) || v.includes('"""'))) {
        ctx.addIssue({ code: "custom", input: v, message: 'one line of text without control characters or """ (grafana.ini quotes a value with """ when it holds # or ;)' });
    }
});

export type IniValue = z.output<typeof iniValue>;

/** The refusal of a key (or, with "*", a whole section) the program owns, with the reason. */
function ownedMessage(section: string, key: string | undefined, why: string): string {
    return `nothing: [${section}]${key === undefined ? "" : ` ${key}`} is the program's: ${why}`;
}

/** The problem of one key of a section, or undefined: unknown, owned, removed since, or a credential in plain text. */
function keyProblem(section: string, key: string, value: unknown): { message: string; secret?: boolean } | undefined {
    const known = GRAFANA_INI_KEYS[section] ?? [];
    const owned = OWNED_INI_KEYS[section] ?? {};
    if (key.endsWith(SECRET_SUFFIX) && key.length > SECRET_SUFFIX.length) {
        const base = key.slice(0, -SECRET_SUFFIX.length);
        if (!known.includes(base) && !known.includes("*")) {
            return { message: `a known key of [${section}] before _secret: ${base} is none of them` };
        }
        if (owned[base] !== undefined) {
            return { message: ownedMessage(section, base, owned[base]) };
        }
        return typeof value === "string" && secretKeyName(value) === undefined ? undefined : { message: secretKeyName(String(value)) ?? "a secret stack key name" };
    }
    if (owned[key] !== undefined) {
        return { message: ownedMessage(section, key, owned[key]), secret: isCredentialKey(key) };
    }
    const removed = REMOVED_SINCE[section]?.[key];
    if (removed !== undefined) {
        return { message: `nothing: ${removed}` };
    }
    if (!known.includes(key) && !known.includes("*")) {
        const near = closest(key, [...known]);
        return { message: `one of the keys of [${section}] in Grafana's conf/defaults.ini (config/grafana-ini-keys.ts)${near ? ` (did you mean ${near}?)` : ""}` };
    }
    if (isCredentialKey(key)) {
        return { message: `${key}_secret naming a secret stack key: ${key} is a credential, and grafana.ini is a ConfigMap`, secret: true };
    }
    return undefined;
}

/** The keys of one section, each checked by keyProblem; the section must say something. */
function sectionSchema(section: string) {
    return z.record(z.string(), z.unknown(), { error: `a map of [${section}] keys to values` }).superRefine((map, ctx) => {
        if (Object.keys(map).length === 0) {
            ctx.addIssue({ code: "custom", input: map, message: `at least one key: an empty [${section}] changes nothing` });
        }
        for (const [key, value] of Object.entries(map)) {
            const problem = keyProblem(section, key, value);
            if (problem !== undefined) {
                ctx.addIssue({ code: "custom", path: [key], input: problem.secret ? SECRET_VALUE : value, message: problem.message });
                continue;
            }
            if (typeof value === "string" && !key.endsWith(SECRET_SUFFIX) && credentialInPlainText("", value) !== undefined) {
                ctx.addIssue({
                    code: "custom",
                    path: [key],
                    input: SECRET_VALUE,
                    message: `${key}_secret naming a secret stack key: the value holds a URL with a password (user:password@), and grafana.ini is a ConfigMap`,
                });
                continue;
            }
            if (!key.endsWith(SECRET_SUFFIX)) {
                const parsed = iniValue.safeParse(value, { reportInput: true });
                if (!parsed.success) {
                    ctx.addIssue({ code: "custom", path: [key], input: value, message: parsed.error.issues[0].message });
                }
            }
        }
    });
}

const secretRef = text(secretKeyName, "grafanaSmtpPassword");
const duration = (example: string) =>
    text((v) => (/^[0-9]+(ms|s|m|h|d|w|M|y)$/.test(v) ? undefined : `a duration such as ${example} (a number and one of ms, s, m, h, d, w, M, y)`));
const refusedCredential = (key: string) =>
    z
        .unknown()
        .superRefine((v, ctx) => {
            if (v !== undefined) {
                ctx.addIssue({ code: "custom", input: SECRET_VALUE, message: `${key}_secret naming a secret stack key: ${key} is a credential, and grafana.ini is a ConfigMap` });
            }
        })
        .optional()
        .meta({ description: `refused: use ${key}_secret` });

/** [server]: what the program leaves to the stack; the address, port, protocol and root_url are its own. */
const serverSchema = closedObject({
    domain: text(hostName).optional().meta({ description: "the public host name; with enforce_domain, Grafana redirects other Host headers to it" }),
    enforce_domain: flag().optional().meta({ description: "redirect a request whose Host is not domain (a guard against DNS rebinding)" }),
    enable_gzip: flag().optional().meta({ description: "gzip responses" }),
    router_logging: flag().optional().meta({ description: "log every request" }),
    cdn_url: text((v) => absoluteHttpUrl(v, { storedIn: "a ConfigMap" })).optional().meta({ description: "a CDN serving Grafana's static files" }),
    read_timeout: duration("60s").optional().meta({ description: "the longest read of a request, 0 for none" }),
}).superRefine((s, ctx) => {
    if (s.enforce_domain === true && s.domain === undefined) {
        ctx.addIssue({ code: "custom", path: ["domain"], input: undefined, message: "the public host name: enforce_domain redirects to it" });
    }
});

/** [auth]: session lifetimes and sign-out; the login form stays for the break-glass admin. */
const authSchema = closedObject({
    login_maximum_inactive_lifetime_duration: duration("7d").optional().meta({ description: "how long a session may be idle" }),
    login_maximum_lifetime_duration: duration("30d").optional().meta({ description: "how long a session lasts at most" }),
    token_rotation_interval_minutes: integer(1, 1440).optional().meta({ description: "how often a session token is rotated" }),
    disable_signout_menu: flag().optional().meta({ description: "hide the sign-out entry" }),
    signout_redirect_url: text((v) => absoluteHttpUrl(v, { storedIn: "a ConfigMap" }))
        .optional()
        .meta({ description: "where sign-out sends the browser, such as the identity provider's end-session URL" }),
    oauth_state_cookie_max_age: integer(60, 3600).optional().meta({ description: "seconds a login through the identity provider may take" }),
    api_key_max_seconds_to_live: integer(-1, 31536000).optional().meta({ description: "the longest life of an API key, -1 for no limit" }),
});

/** [security]: headers and cookies; the admin and cookie_secure are the program's. */
const securitySchema = closedObject({
    admin_email: text().optional().meta({ description: "the local admin's e-mail address" }),
    secret_key: refusedCredential("secret_key"),
    secret_key_secret: secretRef.optional().meta({ description: "a secret stack key holding the key Grafana encrypts data-source secrets with in its database" }),
    cookie_samesite: choice(["lax", "strict", "none", "disabled"]).optional().meta({ description: "the session cookie's SameSite" }),
    allow_embedding: flag().optional().meta({ description: "allow Grafana in a frame of another site" }),
    x_content_type_options: flag().optional(),
    x_xss_protection: flag().optional(),
    content_security_policy: flag().optional().meta({ description: "send a Content-Security-Policy header" }),
    content_security_policy_template: text().optional().meta({ description: "its template ($NONCE, $ROOT_PATH)" }),
    disable_gravatar: flag().optional().meta({ description: "no avatars from gravatar.com" }),
    data_source_proxy_whitelist: text().optional().meta({ description: "host:port pairs, space-separated, the data-source proxy may reach" }),
}).superRefine((s, ctx) => {
    if (s.content_security_policy_template !== undefined && s.content_security_policy !== true) {
        ctx.addIssue({ code: "custom", path: ["content_security_policy_template"], input: s.content_security_policy_template, message: "nothing unless content_security_policy is true" });
    }
});

/** [users]: organisation defaults; sign-up stays off. */
const usersSchema = closedObject({
    allow_org_create: flag().optional().meta({ description: "let users who are not server admins create organisations" }),
    auto_assign_org_role: choice(GRAFANA_ROLES).optional().meta({ description: "the role of a new user in the main organisation, when single sign-on maps none" }),
    default_theme: choice(["dark", "light", "system"]).optional(),
    home_page: text((v) => (v.startsWith("/") ? undefined : "a path of Grafana starting with /, such as /dashboards")).optional(),
    hidden_users: text().optional().meta({ description: "comma-separated logins hidden in the UI" }),
    login_hint: text().optional(),
    password_hint: text().optional(),
    viewers_can_edit: flag().optional().meta({ description: "Viewers may edit (not save) dashboards and use Explore" }),
    user_invite_max_lifetime_duration: duration("24h").optional(),
    verify_email_enabled: flag().optional(),
});

/** [smtp]: mail for alert notifications and invites, with the password as a secret stack key. */
const smtpSchema = closedObject({
    enabled: flag().optional().meta({ description: "true: Grafana sends mail (required: smtp without it would do nothing)" }),
    host: text((v) => (/^[^\s:]+:[0-9]{1,5}$/.test(v) ? undefined : "host:port of the mail server, such as smtp.example.com:587")).optional(),
    user: text().optional(),
    password: refusedCredential("password"),
    password_secret: secretRef.optional().meta({ description: "a secret stack key holding the SMTP password" }),
    from_address: text((v) => (/^[^\s@]+@[^\s@]+$/.test(v) ? undefined : "an e-mail address such as grafana@example.com")).optional(),
    from_name: text().optional(),
    ehlo_identity: text(hostName).optional(),
    skip_verify: flag().optional().meta({ description: "do not verify the server's certificate" }),
    startTLS_policy: choice(["OpportunisticStartTLS", "MandatoryStartTLS", "NoStartTLS"]).optional(),
    cert_file: z.unknown().superRefine((v, ctx) => {
        if (v !== undefined) ctx.addIssue({ code: "custom", input: v, message: "nothing: no client certificate file reaches the pod" });
    }).optional(),
    key_file: z.unknown().superRefine((v, ctx) => {
        if (v !== undefined) ctx.addIssue({ code: "custom", input: v, message: "nothing: no client key file reaches the pod" });
    }).optional(),
}).superRefine((s, ctx) => {
    if (s.enabled !== true) {
        ctx.addIssue({ code: "custom", path: ["enabled"], input: s.enabled, message: "true, or leave smtp out: without it Grafana sends no mail and the other keys do nothing" });
        return;
    }
    for (const key of ["host", "from_address"] as const) {
        if (s[key] === undefined) {
            ctx.addIssue({ code: "custom", path: [key], input: undefined, message: `a value: Grafana's default (${key === "host" ? "localhost:25" : "admin@grafana.localhost"}) reaches nothing from a pod` });
        }
    }
    if (s.password_secret !== undefined && s.user === undefined) {
        ctx.addIssue({ code: "custom", path: ["user"], input: undefined, message: "the SMTP user: Grafana sends the password only with a user" });
    }
});

export const TYPED_INI_SECTIONS = { server: serverSchema, auth: authSchema, security: securitySchema, users: usersSchema, smtp: smtpSchema } as const;

/** The whole hatch: the typed sections, and any other known section as a map of known keys. */
export const grafanaIniSchema = z
    .record(z.string(), z.unknown(), { error: "a map of grafana.ini sections, such as { server: { enable_gzip: true } }" })
    .superRefine((ini, ctx) => {
        const sections = Object.keys(GRAFANA_INI_KEYS);
        for (const [section, body] of Object.entries(ini)) {
            const typed = (TYPED_INI_SECTIONS as Record<string, z.ZodType>)[section];
            const removedSection = REMOVED_SINCE[section]?.["*"];
            if (typed === undefined && !sections.includes(section) && removedSection !== undefined) {
                ctx.addIssue({ code: "custom", path: [section], input: undefined, message: `nothing: ${removedSection}` });
                continue;
            }
            if (typed === undefined && !sections.includes(section)) {
                ctx.addIssue({ code: "custom", path: [section], input: undefined, message: `a section of grafana.ini: ${knownKeysMessage(sections, [section])}` });
                continue;
            }
            const wholly = OWNED_INI_KEYS[section]?.["*"];
            if (wholly !== undefined) {
                ctx.addIssue({ code: "custom", path: [section], input: undefined, message: ownedMessage(section, undefined, wholly) });
                continue;
            }
            const parsed = (typed ?? sectionSchema(section)).safeParse(body, { reportInput: true });
            if (parsed.success && typed !== undefined) {
                for (const [key, value] of Object.entries(parsed.data as Record<string, unknown>)) {
                    if (typeof value === "string" && value.includes('"""')) {
                        ctx.addIssue({ code: "custom", path: [section, key], input: value, message: 'text without """ (grafana.ini quotes a value with """ when it holds # or ;)' });
                    }
                }
            }
            if (!parsed.success) {
                for (const issue of parsed.error.issues) {
                    if (issue.code === "unrecognized_keys") {
                        for (const key of issue.keys) {
                            const owned = OWNED_INI_KEYS[section]?.[key];
                            const offered = GRAFANA_INI_KEYS[section]?.includes(key);
                            const removed = REMOVED_SINCE[section]?.[key];
                            const message =
                                owned !== undefined
                                    ? ownedMessage(section, key, owned)
                                    : removed !== undefined
                                      ? `nothing: ${removed}`
                                      : offered
                                      ? `nothing: [${section}] ${key} is not offered in the typed section (${unknownKeyMessage(issue.message, key)})`
                                      : unknownKeyMessage(issue.message, key);
                            const value = (body as Record<string, unknown>)[key];
                            ctx.addIssue({ code: "custom", path: [section, ...issue.path, key], input: isCredentialKey(key) ? SECRET_VALUE : value, message });
                        }
                        continue;
                    }
                    ctx.addIssue({ code: "custom", path: [section, ...issue.path], input: (issue as { input?: unknown }).input, message: issue.message });
                }
            }
        }
    })
    .transform((ini) => ini as Record<string, Record<string, IniValue>>)
    .optional();

export type GrafanaIniSettings = NonNullable<z.output<typeof grafanaIniSchema>>;

/** The secret stack keys a grafana.ini names (`<key>_secret`), with where, in the raw stack value. */
export function iniSecretReferences(ini: unknown): { path: string; section: string; key: string; stackKey: string }[] {
    if (typeof ini !== "object" || ini === null) {
        return [];
    }
    return Object.entries(ini as Record<string, unknown>).flatMap(([section, body]) =>
        typeof body === "object" && body !== null
            ? Object.entries(body as Record<string, unknown>)
                  .filter(([k, v]) => k.endsWith(SECRET_SUFFIX) && typeof v === "string" && secretKeyName(v) === undefined)
                  .map(([k, v]) => ({ path: `ini.${section}.${k}`, section, key: k.slice(0, -SECRET_SUFFIX.length), stackKey: v as string }))
            : [],
    );
}
