import { z } from "zod";
import { closedObject, text } from "./fields";
import { dnsLabel, dnsSubdomain, hostName } from "./formats";
import { AuthenticatedIngressSettings, effectiveIngressAuth, ExposedServer, ingressAuthSchema, IngressAuthSettings, wayInAuthIssues } from "./ingress-auth";
import { NETWORK_POLICIES_KEY } from "./network-policies";
import { Problems } from "./problems";
import { fullKey } from "./source";

/**
 * `<component>.httpRoute`: a Gateway API HTTPRoute (gateway.networking.k8s.io/v1) beside the Ingress
 * (docs/gateway-api.md). The route attaches to a Gateway the platform runs: TLS, the listeners and
 * their allowedRoutes belong to that Gateway, so the route names the HTTPS listener
 * (parentRefs[].sectionName) and its one hostname, nothing more. The auth is the Ingress's
 * (config/ingress-auth.ts) without the ingress-nginx adapter, which no Gateway reads.
 */

/** Gateway API's SectionName: an RFC 1123 subdomain, at most 253 characters (apis/v1/shared_types.go). */
function sectionName(value: string): string | undefined {
    return dnsSubdomain(value) === undefined ? undefined : "a listener name of the Gateway (RFC 1123 subdomain) such as https";
}

/** Gateway API's PreciseHostname: no wildcard, since oauth2-proxy's callback and the cookie need the one host. */
function preciseHostname(value: string): string | undefined {
    return value.startsWith("*") ? "one host name without a wildcard, such as monitor.example.com: the route's callback URL and cookie are for that host" : hostName(value);
}

export const parentRefSchema = closedObject({
    name: text(dnsSubdomain, "platform-gateway").meta({ description: "the Gateway's name" }),
    namespace: text(dnsLabel, "gateway-system").meta({ description: "the Gateway's namespace (its data plane's namespaces go into networkPolicies.gatewayNamespaces)" }),
    sectionName: text(sectionName, "https").meta({ description: "the Gateway's HTTPS listener; TLS and allowedRoutes are that listener's" }),
});

const parentRefsSchema = z
    .array(parentRefSchema, { error: "a non-empty list of Gateways: [{ name, namespace, sectionName }]" })
    .min(1, "a non-empty list of Gateways: [{ name, namespace, sectionName }]")
    .max(32, "at most 32 parentRefs (the Gateway API's limit)");

/** The fields every route of ours has; Grafana's route is these alone (its own login authenticates). */
export const httpRouteFields = {
    parentRefs: parentRefsSchema.meta({ description: "the Gateways and listeners the route attaches to: [{ name, namespace, sectionName }]" }),
    hostname: text(preciseHostname, "monitor.example.com").meta({ description: "the route's one host (spec.hostnames); served over the listener's TLS, so every URL of it is https" }),
};

export const httpRouteSchema = closedObject(httpRouteFields);
export type HttpRouteSettings = z.output<typeof httpRouteSchema>;

/** A route in front of a server that can be read without a login: the same auth as its Ingress would have. */
export const authenticatedHttpRouteSchema = closedObject({
    ...httpRouteFields,
    auth: ingressAuthSchema
        .optional()
        .meta({ description: "how people authenticate: exactly one of proxy, server or public (ingressNginx is refused: no Gateway reads its annotations); required unless web.basicAuth is set" }),
});
export type AuthenticatedHttpRouteSettings = z.output<typeof authenticatedHttpRouteSchema>;

/**
 * The one way people reach a component from outside, an Ingress or a route: a component has at
 * most one (docs/gateway-api.md#ingress-or-route), so the auth gateway, its callback URL and the
 * NetworkPolicy each follow the one host.
 */
export interface WayIn {
    /** "metrics.ingress", "metrics.route": the setting, for messages. */
    setting: string;
    kind: "Ingress" | "HTTPRoute";
    host: string;
    /** Served over TLS: an Ingress's tlsSecretName, always for a route (its listener is HTTPS). */
    https: boolean;
    auth?: IngressAuthSettings;
}

export function wayIn(componentKey: string, s: { ingress?: AuthenticatedIngressSettings | { host: string; tlsSecretName?: string }; httpRoute?: AuthenticatedHttpRouteSettings | HttpRouteSettings }): WayIn | undefined {
    if (s.ingress !== undefined) {
        return { setting: `${fullKey(componentKey)}.ingress`, kind: "Ingress", host: s.ingress.host, https: s.ingress.tlsSecretName !== undefined, auth: (s.ingress as AuthenticatedIngressSettings).auth };
    }
    if (s.httpRoute !== undefined) {
        return { setting: `${fullKey(componentKey)}.httpRoute`, kind: "HTTPRoute", host: s.httpRoute.hostname, https: true, auth: (s.httpRoute as AuthenticatedHttpRouteSettings).auth };
    }
    return undefined;
}

/** The URL people open: the host at the root, https when TLS ends in front of it. */
export function wayInUrl(w: WayIn): string {
    return `${w.https ? "https" : "http"}://${w.host}/`;
}

/** The refinement issue of a component with both an Ingress and a route. */
export function bothWaysIssue(componentKey: string, s: { ingress?: unknown; httpRoute?: unknown }): { path: (string | number)[]; input: unknown; message: string } | undefined {
    if (s.ingress === undefined || s.httpRoute === undefined) {
        return undefined;
    }
    return {
        path: ["httpRoute"],
        input: { hostname: (s.httpRoute as HttpRouteSettings).hostname },
        message:
            `no httpRoute while ${fullKey(componentKey)}.ingress is set: one way in per component, since the auth gateway's login callback and cookie are for one host; ` +
            "move from the Ingress to the HTTPRoute in one update (the gateway and its passwords stay), docs/gateway-api.md#ingress-or-route",
    };
}

/**
 * The Ingress's rule for a route (config/ingress-auth.ts), and what only a route meets: an
 * HTTPRoute has no backend-protocol annotation, so a Gateway sends plain HTTP to its backend. A
 * server whose web port speaks TLS is reached through the auth gateway, which verifies it.
 */
export function routeAuthIssues(route: AuthenticatedHttpRouteSettings, server: ExposedServer): { path: (string | number)[]; input: unknown; message: string }[] {
    const issues = wayInAuthIssues({ key: "httpRoute", noun: "HTTPRoute", host: route.hostname, auth: route.auth, tls: true }, server);
    const auth = effectiveIngressAuth(route, server.web);
    if (issues.length === 0 && server.web?.tls !== undefined && auth?.proxy === undefined) {
        issues.push({
            path: ["httpRoute", "auth"],
            input: route.auth ?? { server: {} },
            message:
                `proxy while ${fullKey(server.componentKey)}.web.tls is set: the Gateway would send plain HTTP to ${server.product}'s TLS port (an HTTPRoute cannot say the backend speaks TLS), ` +
                "while the auth gateway verifies the server's certificate",
        });
    }
    return issues;
}

/** The warning a public route prints at every render and `pulumi up`, as a public Ingress does. */
export function routeAuthWarnings(componentKey: string, route: AuthenticatedHttpRouteSettings | undefined): string[] {
    return route?.auth?.public ? [`HTTPRoute ${route.hostname} (${fullKey(componentKey)}.httpRoute) is public, without authentication: ${route.auth.public.reason}`] : [];
}

/** Of an Ingress and a route read (each known or not), the one the component has: what its OIDC client secret belongs to. */
export function wayOfRead(
    ingress: { known: boolean; value?: { auth?: IngressAuthSettings } },
    route: { known: boolean; value?: { auth?: IngressAuthSettings } },
): { known: boolean; value?: { auth?: IngressAuthSettings }; key: "ingress" | "httpRoute" } {
    if (ingress.known && ingress.value !== undefined) {
        return { known: true, value: ingress.value, key: "ingress" };
    }
    if (route.known && route.value !== undefined) {
        return { known: ingress.known, value: route.value, key: "httpRoute" };
    }
    return { known: ingress.known && route.known, key: "ingress" };
}

/**
 * The search store's UI behind a route (docs/gateway-api.md#the-search-stores-ui): Kibana OSS has
 * no login of its own, so the route is the auth gateway's (basicAuth) or public with a reason.
 * OpenSearch Dashboards serves HTTPS with the store's certificate and asks for the store's own
 * login, which the gateway cannot yet pass on: refused for kind opensearch. oauth2Proxy needs an
 * OIDC client secret key of its own, which the UI does not have yet.
 */
export function kibanaRouteIssues(kind: string, kibana: { enabled: boolean; httpRoute?: AuthenticatedHttpRouteSettings }): { path: (string | number)[]; input: unknown; message: string }[] {
    const route = kibana.httpRoute;
    if (route === undefined) {
        return [];
    }
    if (!kibana.enabled) {
        return [{ path: ["httpRoute"], input: { hostname: route.hostname }, message: "no httpRoute unless kibana.enabled is true: no UI would serve it" }];
    }
    if (kind === "opensearch") {
        return [
            {
                path: ["httpRoute"],
                input: { hostname: route.hostname },
                message: "no httpRoute for kind opensearch: OpenSearch Dashboards serves HTTPS that a route cannot verify and asks for the store's own login, which the auth gateway cannot pass on; reach it with kubectl port-forward",
            },
        ];
    }
    const auth = route.auth;
    if (auth === undefined || auth.server !== undefined || auth.ingressNginx !== undefined) {
        const which = auth?.server !== undefined ? "server" : auth?.ingressNginx !== undefined ? "ingressNginx" : undefined;
        return [
            {
                path: ["httpRoute", "auth", ...(which ? [which] : [])],
                input: which ? auth?.[which as "server"] : undefined,
                message:
                    `one of proxy or public: HTTPRoute ${route.hostname} would publish Kibana, which has no login of its own, to anyone who reaches that host` +
                    (which === "ingressNginx" ? "; no Gateway reads ingress-nginx's annotations" : "") +
                    ". Set auth.proxy.basicAuth (the auth gateway), or auth.public with a reason",
            },
        ];
    }
    if (auth.proxy?.oauth2Proxy !== undefined) {
        return [
            {
                path: ["httpRoute", "auth", "proxy", "oauth2Proxy"],
                input: { issuerUrl: auth.proxy.oauth2Proxy.issuerUrl, clientId: auth.proxy.oauth2Proxy.clientId },
                message: "basicAuth for Kibana's gateway: oauth2Proxy needs an OIDC client secret key of the UI's own, which the program does not read yet",
            },
        ];
    }
    return [];
}
