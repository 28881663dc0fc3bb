import { z } from "zod";
import { closedObject, integer, stringList, text } from "./fields";
import { absoluteHttpUrl, dnsSubdomain, hostName, secretName } from "./formats";
import { imageAtLeast, OLDEST_IMAGES } from "./oldest-images";
import { Problems, SECRET_VALUE } from "./problems";
import { ResourceSettings, resourcesSchema } from "./resources";
import { readSecretInput } from "./secret-input";
import type { SecretInput } from "./secret-reference";
import { ConfigSource, fullKey } from "./source";

/**
 * Every Ingress the program creates authenticates, or the stack says, with a reason, that it is
 * public (docs/security.md#every-way-in-is-authenticated). `<component>.ingress.auth` is exactly
 * one of:
 * - `proxy`: the auth gateway (components/auth-gateway), an nginx Deployment between the Ingress
 *   and the server, on any controller and any release line; people log in there with
 *   `basicAuth` (an htpasswd of generated passwords) or `oauth2Proxy` (the organisation's
 *   identity provider), and the gateway logs in to the server with the server's own web login;
 * - `server`: the server's own web basic auth (`metrics.web.basicAuth`, `alertmanager.web.basicAuth`);
 * - `public`: no authentication, with a reason that every render and `pulumi up` prints;
 * - `ingressNginx`: an optional adapter, ingress-nginx's auth-* annotations on the Ingress itself;
 *   the authentication then exists only while the controller is ingress-nginx (retired in March
 *   2026), which every render and `pulumi up` says.
 */

/** The three fields every Ingress of ours has; Grafana's Ingress is these alone (its own login authenticates). */
export const ingressFields = {
    host: text(hostName, "monitor.example.com").meta({ description: "creates an Ingress for this host" }),
    className: text(dnsSubdomain).optional().meta({ description: "spec.ingressClassName; unset means the cluster's default IngressClass" }),
    tlsSecretName: text(secretName)
        .optional()
        .meta({ description: "a kubernetes.io/tls Secret in the monitoring namespace; unset means plain HTTP" }),
};

/** nginx-unprivileged, the stable line's alpine-slim build: uid 101, listens on 8080, pid and temp files under /tmp. */
export const GATEWAY_DEFAULTS = {
    image: "quay.io/nginx/nginx-unprivileged:1.30.4-alpine-slim",
    oauth2ProxyImage: "quay.io/oauth2-proxy/oauth2-proxy:v7.15.3",
    /** bcrypt costs 45 to 120 ms of CPU per request (nginx does not cache the check): a request, no CPU limit. */
    resources: { cpuRequest: "50m", memoryRequest: "32Mi", memoryLimit: "64Mi" } as ResourceSettings,
    oauth2ProxyResources: { cpuRequest: "10m", memoryRequest: "32Mi", memoryLimit: "64Mi" } as ResourceSettings,
};

/** A person's login name at the gateway: it goes into an htpasswd line (no colon) and the access log. */
function loginName(value: string): string | undefined {
    return /^[A-Za-z0-9][A-Za-z0-9._@-]{0,62}$/.test(value) ? undefined : "a login name of letters, digits, '.', '_', '@' and '-', at most 63, starting with a letter or digit";
}

function emailDomain(value: string): string | undefined {
    return value === "*" || hostName(value) === undefined ? undefined : "a mail domain such as example.com, or * for any address the identity provider vouches for";
}

/** An OIDC issuer: https (the tokens and the client secret cross it), no user-info, no query. */
function issuerUrl(value: string): string | undefined {
    const complaint = absoluteHttpUrl(value);
    if (complaint !== undefined) {
        return complaint.replace("an absolute http:// or https:// URL such as https://monitor.example.com/", "an https:// issuer URL such as https://login.example.com/realms/ops");
    }
    return /^https:/i.test(value) ? undefined : "an https:// issuer URL such as https://login.example.com/realms/ops: the client secret and the tokens cross it";
}

/** Words that stand for a reason nobody wrote. */
const PLACEHOLDER_REASONS = /^(todo|tbd|tba|n\/?a|none|reason|public|test|xxx+|fixme|-+|\.+|\?+)$/i;

export function publicReason(value: string): string | undefined {
    if (value.trim().length < 10 || PLACEHOLDER_REASONS.test(value.trim())) {
        return "a reason of at least 10 characters that says why this endpoint may be read without a login (it is printed at every render and pulumi up)";
    }
    return undefined;
}

const basicAuthSchema = closedObject({
    users: stringList(loginName).meta({ description: "the people who log in; each gets a generated password (stack output <component>IngressPasswords)" }),
});

const oauth2ProxySchema = closedObject({
    issuerUrl: text(issuerUrl, "https://login.example.com/realms/ops").meta({ description: "--oidc-issuer-url: the identity provider's OIDC issuer" }),
    clientId: text(undefined, "prometheus-prod").meta({ description: "--client-id; its secret is the top-level secret key named in the reference (<component>OidcClientSecret)" }),
    emailDomains: stringList(emailDomain).meta({ description: "--email-domain: the mail domains whose people may log in, or [\"*\"]" }),
    allowedGroups: stringList((v) => (v.includes(",") ? "a group name without a comma" : undefined))
        .optional()
        .meta({ description: "--allowed-group: only members of these groups; unset, everyone of emailDomains" }),
    image: text(imageAtLeast(OLDEST_IMAGES.oauth2Proxy)).default(GATEWAY_DEFAULTS.oauth2ProxyImage).meta({ description: "the oauth2-proxy image" }),
    resources: resourcesSchema(GATEWAY_DEFAULTS.oauth2ProxyResources).meta({ description: "the oauth2-proxy container's CPU and memory" }),
});

const proxySchema = closedObject({
    basicAuth: basicAuthSchema.optional().meta({ description: "people log in with a name and a generated password: { users }" }),
    oauth2Proxy: oauth2ProxySchema.optional().meta({ description: "people log in through the identity provider: { issuerUrl, clientId, emailDomains, allowedGroups }" }),
    replicas: integer(1, 10).optional().meta({ description: "gateway pods; default 2 when the server runs 2 or more, else 1" }),
    image: text(imageAtLeast(OLDEST_IMAGES.nginxGateway)).default(GATEWAY_DEFAULTS.image).meta({ description: "the nginx image (an unprivileged build that runs as uid 101)" }),
    resources: resourcesSchema(GATEWAY_DEFAULTS.resources).meta({ description: "the nginx container's CPU and memory" }),
}).superRefine((p, ctx) => {
    if ((p.basicAuth === undefined) === (p.oauth2Proxy === undefined)) {
        ctx.addIssue({ code: "custom", path: [], input: p, message: "exactly one of basicAuth or oauth2Proxy: who logs people in at the gateway" });
    }
});

export const ingressAuthSchema = closedObject({
    proxy: proxySchema.optional().meta({ description: "the auth gateway in front of the server: { basicAuth | oauth2Proxy, replicas, image, resources }" }),
    server: closedObject({}).optional().meta({ description: "{}: the server's own web basic auth (<component>.web.basicAuth) authenticates" }),
    public: closedObject({ reason: text(publicReason, "\"lab cluster behind the office VPN, read-only data\"") })
        .optional()
        .meta({ description: "{ reason }: no authentication; the reason is printed as a warning at every render and pulumi up" }),
    ingressNginx: closedObject({
        basicAuthSecret: text(secretName, "monitor-people").meta({
            description: "an Opaque Secret the cluster provides in the server's namespace, key auth, with htpasswd lines (ingress-nginx's auth-secret)",
        }),
    })
        .optional()
        .meta({ description: "{ basicAuthSecret }: the optional adapter, ingress-nginx's auth-type/auth-secret annotations; needs className; never with web.basicAuth" }),
}).superRefine((a, ctx) => {
    const set = (["proxy", "server", "public", "ingressNginx"] as const).filter((k) => a[k] !== undefined);
    if (set.length !== 1) {
        ctx.addIssue({
            code: "custom",
            path: [],
            input: a,
            message: `exactly one of proxy, server, public or ingressNginx${set.length > 1 ? ` (got ${set.join(" and ")})` : ""}`,
        });
    }
});

export type IngressAuthSettings = z.output<typeof ingressAuthSchema>;
export type GatewayProxySettings = NonNullable<IngressAuthSettings["proxy"]>;

/** An Ingress in front of a server that can be read without a login: Prometheus' and Alertmanager's. */
export const authenticatedIngressSchema = closedObject({
    ...ingressFields,
    auth: ingressAuthSchema
        .optional()
        .meta({ description: "how people authenticate: exactly one of proxy, server, public or ingressNginx (required unless web.basicAuth is set, which makes it server)" }),
});

export type AuthenticatedIngressSettings = z.output<typeof authenticatedIngressSchema>;

/** What the rule needs to know of a server: its product's name and whether its own web port asks for a login. */
export interface ExposedServer {
    /** "Prometheus", "Alertmanager". */
    product: string;
    /** The stack key of the component, e.g. "metrics". */
    componentKey: string;
    web?: { basicAuth?: unknown; tls?: unknown };
    /** Why the server cannot have web auth, when it cannot (Prometheus 2.11); undefined when it can. */
    noWebAuth?: string;
    /** Why a public Ingress would let anyone change the server (Prometheus' admin and lifecycle APIs, Alertmanager's silences); undefined when it would not. */
    publicRefused?: string;
}

/** The auth of an Ingress with the default resolved: `server` when the server's own login is on. */
export function effectiveIngressAuth(ingress: { auth?: IngressAuthSettings }, web: { basicAuth?: unknown } | undefined): IngressAuthSettings | undefined {
    return ingress.auth ?? (web?.basicAuth !== undefined ? { server: {} } : undefined);
}

/** An Ingress or a route, as the auth rule reads it: its key under the component, its noun, host and auth as written. */
export interface WayInAuth {
    key: "ingress" | "httpRoute";
    /** "Ingress", "HTTPRoute". */
    noun: string;
    host: string;
    auth?: IngressAuthSettings;
    /** An Ingress's tlsSecretName is set; a route is always https (its listener's TLS). */
    tls: boolean;
    className?: string;
}

/**
 * The rule, as refinement issues under the component's key: an Ingress without authentication is
 * refused, naming what would make it authenticate; each way is checked against the server.
 */
export function ingressAuthIssues(ingress: AuthenticatedIngressSettings, server: ExposedServer): { path: (string | number)[]; input: unknown; message: string }[] {
    return wayInAuthIssues({ key: "ingress", noun: "Ingress", host: ingress.host, auth: ingress.auth, tls: ingress.tlsSecretName !== undefined, className: ingress.className }, server);
}

/** The same rule for an Ingress and a Gateway API route (config/gateway-route.ts). */
export function wayInAuthIssues(way: WayInAuth, server: ExposedServer): { path: (string | number)[]; input: unknown; message: string }[] {
    const issues: { path: (string | number)[]; input: unknown; message: string }[] = [];
    const web = `${fullKey(server.componentKey)}.web.basicAuth`;
    const auth = effectiveIngressAuth(way, server.web);
    if (auth === undefined) {
        issues.push({
            path: [way.key, "auth"],
            input: undefined,
            message:
                `one of proxy, server or public: ${way.noun} ${way.host} would publish ${server.product} to anyone who reaches that host, without authentication. ` +
                `Set auth.proxy (basicAuth or oauth2Proxy; any release line), ${web} (then auth defaults to server${server.noWebAuth ? `; ${server.noWebAuth}` : ""}), ` +
                (way.key === "ingress" ? "auth.public with a reason, or the ingress-nginx adapter auth.ingressNginx" : "or auth.public with a reason"),
        });
        return issues;
    }
    if (auth.server !== undefined && server.web?.basicAuth === undefined) {
        issues.push({
            path: [way.key, "auth", "server"],
            input: auth.server,
            message: `nothing unless ${web} is set: the server would ask for no login${server.noWebAuth ? ` (${server.noWebAuth})` : ""}; use auth.proxy instead`,
        });
    }
    if (auth.public !== undefined && server.publicRefused !== undefined) {
        issues.push({ path: [way.key, "auth", "public"], input: auth.public, message: `no public ${way.noun}: ${server.publicRefused}` });
    }
    if (auth.ingressNginx !== undefined && way.key === "httpRoute") {
        issues.push({
            path: [way.key, "auth", "ingressNginx"],
            input: auth.ingressNginx,
            message: "one of proxy, server or public: the ingress-nginx adapter is annotations on an Ingress, which no Gateway reads, so the route would be open; use auth.proxy",
        });
        return issues;
    }
    if (auth.ingressNginx !== undefined && way.className === undefined) {
        issues.push({
            path: [way.key, "className"],
            input: undefined,
            message: `the IngressClass of an ingress-nginx controller, such as nginx, while auth.ingressNginx is set: its annotations authenticate only under ingress-nginx, so the class must not be left to the cluster's default`,
        });
    }
    if (auth.ingressNginx !== undefined && server.web?.basicAuth !== undefined) {
        issues.push({
            path: [way.key, "auth", "ingressNginx"],
            input: auth.ingressNginx,
            message:
                `nothing while ${web} is set: the controller's login and the server's would share the one Authorization header, and ingress-nginx cannot replace it ` +
                "without snippets; use auth.proxy, whose gateway logs in to the server on the person's behalf",
        });
    }
    if (auth.proxy?.oauth2Proxy !== undefined && !way.tls) {
        issues.push({
            path: [way.key, "auth", "proxy", "oauth2Proxy"],
            input: { issuerUrl: auth.proxy.oauth2Proxy.issuerUrl, clientId: auth.proxy.oauth2Proxy.clientId },
            message: `nothing unless ${fullKey(server.componentKey)}.ingress.tlsSecretName is set: the session cookie is secure-only, so over plain HTTP the login would never end`,
        });
    }
    return issues;
}

/** The warning a public Ingress prints at every render and `pulumi up`. */
export function publicIngressWarning(componentKey: string, host: string, reason: string): string {
    return `Ingress ${host} (${fullKey(componentKey)}.ingress) is public, without authentication: ${reason}`;
}

/** What an Ingress's auth warns about at every render and `pulumi up`: a public one, and the ingress-nginx adapter. */
export function ingressAuthWarnings(componentKey: string, ingress: AuthenticatedIngressSettings | undefined): string[] {
    if (ingress?.auth?.public) {
        return [publicIngressWarning(componentKey, ingress.host, ingress.auth.public.reason)];
    }
    if (ingress?.auth?.ingressNginx) {
        return [
            `Ingress ${ingress.host} (${fullKey(componentKey)}.ingress) authenticates through ingress-nginx's annotations only: without an ingress-nginx controller of class ` +
                `${ingress.className} it is open, and ingress-nginx was retired in March 2026 and gets no fixes; prefer auth.proxy`,
        ];
    }
    return [];
}

/**
 * The OIDC client secrets of the gateways' oauth2-proxy: top-level secret keys, since a secure
 * value inside the structured component key would make the whole key secret.
 */
export const INGRESS_SECRET_KEYS = {
    metrics: "prometheusOidcClientSecret",
    alertmanager: "alertmanagerOidcClientSecret",
} as const;

/**
 * Reads a gateway's OIDC client secret: required exactly when that Ingress logs people in
 * through oauth2Proxy, refused in clear text and when nothing would read it. A Pulumi secret's
 * value, or a key of an existing Secret in the gateway's namespace (docs/existing-secrets.md),
 * which oauth2-proxy then reads from its environment (components/auth-gateway/oauth2-proxy.ts).
 */
export function readIngressClientSecret(
    source: ConfigSource,
    problems: Problems,
    component: keyof typeof INGRESS_SECRET_KEYS,
    ingress: { auth?: IngressAuthSettings } | undefined,
    known: boolean,
    /** Which way in the auth is of: the Ingress, or the HTTPRoute (config/gateway-route.ts). */
    wayKey: "ingress" | "httpRoute" = "ingress",
): SecretInput | undefined {
    const key = fullKey(INGRESS_SECRET_KEYS[component]);
    const set = source.value(INGRESS_SECRET_KEYS[component]) !== undefined;
    const input = set ? readSecretInput(source, problems, INGRESS_SECRET_KEYS[component]) : undefined;
    if (set && input === undefined) {
        return undefined;
    }
    if (!known) {
        return input;
    }
    const wanted = ingress?.auth?.proxy?.oauth2Proxy !== undefined;
    const setting = `${fullKey(component)}.${wayKey}.auth.proxy.oauth2Proxy`;
    if (wanted && input === undefined) {
        problems.add(key, undefined, `the OIDC client secret of ${setting}.clientId, set with pulumi config set --secret ${key}, or in plain config to { secretKeyRef: { name, key } } naming an existing Secret (required because ${setting} is set)`);
    }
    if (!wanted && input !== undefined) {
        problems.add(key, input.existing ?? SECRET_VALUE, `no value unless ${setting} is set: nothing would read it`);
    }
    return wanted ? input : undefined;
}
