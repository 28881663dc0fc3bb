import { z } from "zod";
import { absoluteHttpUrl, hostName } from "./formats";
import { credentialUrl } from "./credential-urls";
import { choice, closedObject, stringList, text, whenClean } from "./fields";
import { GRAFANA_ROLES } from "./grafana-ini";
import { secretKeyName } from "./remote-write";

/**
 * `grafana.sso` (docs/grafana.md#single-sign-on): people log in to Grafana through the
 * organisation's identity provider, and their groups give their role. Keycloak, Dex and any other
 * OIDC provider go through Grafana's [auth.generic_oauth]; Entra ID, Google and GitHub through
 * Grafana's own sections for them ([auth.azuread], [auth.google], [auth.github]). The client
 * secret is a secret stack key (clientSecretKey) that reaches Grafana from its Secret as
 * GF_AUTH_<SECTION>_CLIENT_SECRET. The local admin stays, to log in when the provider is down.
 */

export const SSO_PROVIDERS = ["keycloak", "dex", "azuread", "google", "github", "generic"] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/** The grafana.ini section of each provider. */
export const SSO_SECTIONS: Record<SsoProvider, string> = {
    keycloak: "auth.generic_oauth",
    dex: "auth.generic_oauth",
    generic: "auth.generic_oauth",
    azuread: "auth.azuread",
    google: "auth.google",
    github: "auth.github",
};

/**
 * Which optional fields each provider reads; a field another provider reads is refused, since it
 * would do nothing. Entra ID gives roles through its app roles (Viewer, Editor, Admin in the app
 * registration's manifest), and Grafana's [auth.google] of the listed keys has no
 * role_attribute_path, so neither maps groups to roles here.
 */
const FIELDS: Record<SsoProvider, { required: readonly string[]; optional: readonly string[] }> = {
    keycloak: { required: ["issuerUrl"], optional: ["roles", "defaultRole", "groupsClaim", "allowedDomains", "scopes", "name"] },
    dex: { required: ["issuerUrl"], optional: ["roles", "defaultRole", "groupsClaim", "allowedDomains", "scopes", "name"] },
    generic: { required: ["authUrl", "tokenUrl", "apiUrl"], optional: ["roles", "defaultRole", "groupsClaim", "allowedDomains", "scopes", "name"] },
    azuread: { required: ["tenantId"], optional: ["allowedGroups", "allowedDomains", "scopes", "name"] },
    google: { required: [], optional: ["hostedDomain", "allowedDomains", "scopes", "name"] },
    github: { required: [], optional: ["roles", "defaultRole", "allowedOrganizations", "allowedDomains", "scopes", "name"] },
};

const WHY_NOT: Record<string, string> = {
    roles: "roles come from somewhere else for this provider",
    azuread: "Entra ID gives roles through the app roles of the app registration (Viewer, Editor, Admin), not through groups",
    google: "Grafana's [auth.google] of the listed keys has no role_attribute_path; users get [users] auto_assign_org_role",
};

/** A group as the provider sends it, put inside a JMESPath raw string: no quote or backslash to escape. */
function groupName(value: string): string | undefined {
    return /['\\]/.test(value) ? "a group name without ' or \\ (it is written into a JMESPath string)" : undefined;
}

/** A claim of the user info holding the groups: a JMESPath identifier path such as groups or realm_access.roles. */
function claimPath(value: string): string | undefined {
    return /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(value) ? undefined : "a claim name or dotted path, such as groups or realm_access.roles";
}

/**
 * Each URL of a provider carries or obtains a credential (issue #41, class 5): the issuer's
 * discovery and keys vouch for every login, the authorization URL takes the user's password, the
 * token URL gets the client secret and returns tokens, the user-info URL gets the access token.
 */
const url = (what: string, why: string) =>
    text((v) => absoluteHttpUrl(v, { storedIn: "a ConfigMap" }) ?? credentialUrl(why)(v), `https://login.example.com/${what}`);

export const grafanaSsoSchema = closedObject({
    provider: choice(SSO_PROVIDERS).meta({ description: "keycloak, dex or generic ([auth.generic_oauth]); azuread, google or github (Grafana's own sections)" }),
    clientId: text(undefined, "grafana").meta({ description: "the OAuth client id registered at the provider (required)" }),
    clientSecretKey: text(secretKeyName, "grafanaOidcClientSecret").meta({
        description: "the name of a top-level secret stack key holding the client secret (required); it reaches Grafana from its Secret as GF_AUTH_<SECTION>_CLIENT_SECRET",
    }),
    name: text().optional().meta({ description: "the label of the login button; the provider's name by default" }),
    issuerUrl: url("realms/ops", "Grafana reads the keys that vouch for every login there").optional().meta({ description: "keycloak: the realm's URL (https://host/realms/<realm>); dex: its issuer" }),
    authUrl: url("authorize", "people type their password there").optional().meta({ description: "generic: the authorization endpoint" }),
    tokenUrl: url("token", "Grafana sends the client secret there and gets the tokens back").optional().meta({ description: "generic: the token endpoint" }),
    apiUrl: url("userinfo", "Grafana sends each user's access token there").optional().meta({ description: "generic: the user-info endpoint" }),
    tenantId: text((v) => (/^[A-Za-z0-9.-]+$/.test(v) ? undefined : "an Entra ID tenant id (a GUID) or domain")).optional().meta({ description: "azuread: the tenant" }),
    scopes: stringList((v) => (/^[\x21-\x7e]+$/.test(v) && !v.includes(",") ? undefined : "a scope without spaces or commas")).optional().meta({
        description: "the scopes asked for; each provider has its own default (docs/grafana.md#single-sign-on)",
    }),
    roles: z
        .record(z.string(), choice(GRAFANA_ROLES), { error: "a map of group to role (Viewer, Editor or Admin)" })
        .superRefine((m, ctx) => {
            if (Object.keys(m).length === 0) {
                ctx.addIssue({ code: "custom", input: m, message: "at least one group: role pair, or leave roles out" });
            }
            for (const g of Object.keys(m)) {
                const why = g === "" ? "a group name" : groupName(g);
                if (why !== undefined) {
                    ctx.addIssue({ code: "custom", path: [g], input: g, message: why });
                }
            }
        })
        .optional()
        .meta({ description: "group → Viewer, Editor or Admin; the strongest role of a user's groups wins (role_attribute_path, JMESPath)" }),
    defaultRole: choice([...GRAFANA_ROLES, "None"])
        .optional()
        .meta({ description: "the role of a user in none of the groups: Viewer (Grafana's default), Editor, Admin, or None to refuse the login (role_attribute_strict)" }),
    groupsClaim: text(claimPath).optional().meta({ description: "where the user info holds the groups (default groups)" }),
    allowedDomains: stringList(hostName).optional().meta({ description: "only e-mail addresses of these domains log in" }),
    allowedGroups: stringList(groupName).optional().meta({ description: "azuread: only members of these groups (object ids) log in" }),
    allowedOrganizations: stringList((v) => (/^[A-Za-z0-9-]+$/.test(v) ? undefined : "a GitHub organisation name")).optional().meta({ description: "github: only members of these organisations log in" }),
    hostedDomain: text(hostName).optional().meta({ description: "google: the Google Workspace domain" }),
})
    .superRefine((s, ctx) => {
        const fields = FIELDS[s.provider];
        for (const key of fields.required) {
            if ((s as Record<string, unknown>)[key] === undefined) {
                ctx.addIssue({ code: "custom", path: [key], input: undefined, message: `a value: provider ${s.provider} needs it` });
            }
        }
        const all = ["issuerUrl", "authUrl", "tokenUrl", "apiUrl", "tenantId", "roles", "defaultRole", "groupsClaim", "allowedDomains", "allowedGroups", "allowedOrganizations", "hostedDomain", "scopes", "name"];
        for (const key of all) {
            const value = (s as Record<string, unknown>)[key];
            if (value !== undefined && !fields.required.includes(key) && !fields.optional.includes(key)) {
                const why = key === "roles" || key === "defaultRole" ? (WHY_NOT[s.provider] ?? WHY_NOT.roles) : `provider ${s.provider} does not read it`;
                ctx.addIssue({ code: "custom", path: [key], input: value, message: `nothing: ${why}` });
            }
        }
        if (s.defaultRole === "None" && s.roles === undefined) {
            ctx.addIssue({ code: "custom", path: ["defaultRole"], input: s.defaultRole, message: "Viewer, Editor or Admin, or roles beside it: with None and no roles nobody could log in" });
        }
        // Issue #41, class 6: Grafana signs up whoever the provider vouches for ([auth.*] allow_sign_up, on for SSO):
        // for GitHub and Google that is anyone with an account, unless something narrows it (Grafana's docs for each section).
        const narrowed = s.allowedDomains !== undefined || s.allowedOrganizations !== undefined || s.hostedDomain !== undefined || (s.defaultRole === "None" && s.roles !== undefined);
        if ((s.provider === "github" || s.provider === "google") && !narrowed) {
            const fields = s.provider === "github" ? "allowedOrganizations, allowedDomains, or roles with defaultRole: None" : "hostedDomain or allowedDomains";
            ctx.addIssue({
                code: "custom",
                path: [s.provider === "github" ? "allowedOrganizations" : "hostedDomain"],
                input: undefined,
                message: `who may log in, with ${fields}: without them anyone with a ${s.provider === "github" ? "GitHub" : "Google"} account logs in to Grafana (it signs up every user the provider vouches for)`,
            });
        }
        if (s.groupsClaim !== undefined && s.roles === undefined) {
            ctx.addIssue({ code: "custom", path: ["groupsClaim"], input: s.groupsClaim, message: "nothing unless roles is set: the groups are read only to map roles" });
        }
    }, whenClean("provider"))
    .optional();

export type GrafanaSsoSettings = NonNullable<z.output<typeof grafanaSsoSchema>>;
