import { GrafanaRole, GrafanaSsoSettings, IniValue, SSO_SECTIONS } from "../../config";

/**
 * grafana.sso as the grafana.ini section of its provider (config/grafana-sso.ts), without the
 * client secret, which comes from the Secret as GF_AUTH_<SECTION>_CLIENT_SECRET (ini.ts).
 * Keycloak's and Dex's endpoints follow from their issuer, as their OIDC discovery documents
 * publish them; Entra ID's from the tenant.
 */

const STRONGEST_FIRST: readonly GrafanaRole[] = ["Admin", "Editor", "Viewer"];

const DEFAULT_SCOPES: Record<GrafanaSsoSettings["provider"], string[]> = {
    keycloak: ["openid", "email", "profile"],
    dex: ["openid", "email", "profile", "groups"],
    generic: ["openid", "email", "profile"],
    azuread: ["openid", "email", "profile"],
    google: ["openid", "email", "profile"],
    github: ["user:email", "read:org"],
};

const DEFAULT_NAMES: Record<GrafanaSsoSettings["provider"], string> = {
    keycloak: "Keycloak",
    dex: "Dex",
    generic: "Single sign-on",
    azuread: "Microsoft Entra ID",
    google: "Google",
    github: "GitHub",
};

/**
 * The JMESPath that gives a user the strongest role of their groups: Grafana evaluates
 * role_attribute_path against the user info (and ID token) and takes the string it yields.
 * `&&` and `||` short-circuit, so the first matching role, Admin before Editor before Viewer,
 * wins; a user in no group gets `defaultRole`, or, with None, nothing (role_attribute_strict
 * then refuses the login).
 */
export function roleAttributePath(roles: Record<string, GrafanaRole>, defaultRole: GrafanaRole | "None" | undefined, groupsClaim = "groups"): string {
    const terms = STRONGEST_FIRST.flatMap((role) => {
        const groups = Object.keys(roles)
            .filter((g) => roles[g] === role)
            .sort();
        if (groups.length === 0) {
            return [];
        }
        const any = groups.map((g) => `contains(${groupsClaim}[*], '${g}')`).join(" || ");
        return [`(${any}) && '${role}'`];
    });
    const fallback = defaultRole !== undefined && defaultRole !== "None" ? [`'${defaultRole}'`] : defaultRole === undefined ? ["'Viewer'"] : [];
    return [...terms, ...fallback].join(" || ");
}

/** The endpoints of a generic-OAuth provider: from the issuer for Keycloak and Dex, as given otherwise. */
function endpoints(s: GrafanaSsoSettings): { auth_url: string; token_url: string; api_url: string } | undefined {
    const issuer = s.issuerUrl?.replace(/\/+$/, "");
    switch (s.provider) {
        case "keycloak":
            return { auth_url: `${issuer}/protocol/openid-connect/auth`, token_url: `${issuer}/protocol/openid-connect/token`, api_url: `${issuer}/protocol/openid-connect/userinfo` };
        case "dex":
            return { auth_url: `${issuer}/auth`, token_url: `${issuer}/token`, api_url: `${issuer}/userinfo` };
        case "generic":
            return { auth_url: s.authUrl!, token_url: s.tokenUrl!, api_url: s.apiUrl! };
        case "azuread":
            return undefined;
        case "google":
            return undefined;
        case "github":
            return undefined;
    }
}

/** The section and keys grafana.sso writes into grafana.ini. */
export function ssoIniSection(s: GrafanaSsoSettings): { section: string; keys: Record<string, IniValue> } {
    const keys: Record<string, IniValue> = {
        enabled: true,
        name: s.name ?? DEFAULT_NAMES[s.provider],
        client_id: s.clientId,
        scopes: (s.scopes ?? DEFAULT_SCOPES[s.provider]).join(s.provider === "github" ? "," : " "),
        // Users the provider vouches for are created at their first login; sign-up stays off otherwise ([users] allow_sign_up).
        allow_sign_up: true,
        // The login form stays beside the button: the local admin logs in there when the provider is down.
        auto_login: false,
        // No server-admin rights through the provider: that is the local admin's.
        ...(s.provider === "google" ? {} : { allow_assign_grafana_admin: false }),
        ...(s.allowedDomains ? { allowed_domains: s.allowedDomains.join(" ") } : {}),
    };
    const e = endpoints(s);
    if (e) {
        Object.assign(keys, e, { use_pkce: true, login_attribute_path: "preferred_username", email_attribute_path: "email", name_attribute_path: "name" });
    }
    if (s.provider === "azuread") {
        const base = `https://login.microsoftonline.com/${s.tenantId}/oauth2/v2.0`;
        Object.assign(keys, { auth_url: `${base}/authorize`, token_url: `${base}/token` }, s.allowedGroups ? { allowed_groups: s.allowedGroups.join(" ") } : {});
    }
    if (s.provider === "google" && s.hostedDomain) {
        keys.hosted_domain = s.hostedDomain;
    }
    if (s.provider === "github" && s.allowedOrganizations) {
        keys.allowed_organizations = s.allowedOrganizations.join(" ");
    }
    if (s.roles) {
        keys.role_attribute_path = roleAttributePath(s.roles, s.defaultRole, s.provider === "github" ? "groups" : (s.groupsClaim ?? "groups"));
        keys.role_attribute_strict = s.defaultRole === "None";
        if (s.provider !== "github") {
            keys.groups_attribute_path = s.groupsClaim ?? "groups";
        }
        // The provider's groups decide the role at every login, so a role changed in the UI does not
        // outlive the next one ([auth.github] has no such key: it always syncs).
        if (s.provider !== "github") {
            keys.skip_org_role_sync = false;
        }
    } else if (s.defaultRole !== undefined) {
        keys.role_attribute_path = `'${s.defaultRole}'`;
    }
    return { section: SSO_SECTIONS[s.provider], keys };
}

/** The ports Grafana's server reaches the provider on (token and user info; the browser alone follows auth_url). */
export function ssoEgressPorts(s: GrafanaSsoSettings): number[] {
    const e = endpoints(s);
    if (!e) {
        return [443];
    }
    const port = (u: string) => {
        const url = new URL(u);
        return url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    };
    return [...new Set([port(e.token_url), port(e.api_url)])].sort((a, b) => a - b);
}
