import { effectiveIngressAuth, IngressAuthSettings, Settings, WayIn, wayInUrl } from "../../config";
import { gatewayName } from "./layout";

/**
 * What the production checklist (stack/production-checklist.ts, docs/security.md#production-checklist)
 * says of an endpoint a component asks for, in the settings' words: the rendered objects show that
 * it exists and how it authenticates; each component adds, for the Ingress or HTTPRoute it writes,
 * which product and key it is and how people log in (Component.endpoints).
 */
export interface Endpoint {
    url: string;
    product: string;
    key: string;
    /** The Ingress (or "HTTPRoute <namespace>/<name>") and the backend Service it sends to. */
    via?: string;
    /** How people authenticate; undefined for a public endpoint. */
    auth?: string;
    /** The stack's reason, for a public endpoint. */
    publicReason?: string;
}

export function describeAuth(name: string, auth: IngressAuthSettings, web: { tls?: unknown; basicAuth?: unknown } | undefined): string {
    const upstream = `${web?.tls ? "TLS" : "plain HTTP"}${web?.basicAuth ? " + the server's basic auth" : ", no server login"}`;
    if (auth.proxy?.oauth2Proxy) {
        return `auth gateway ${gatewayName(name)}: oauth2-proxy, issuer ${auth.proxy.oauth2Proxy.issuerUrl}, domains ${auth.proxy.oauth2Proxy.emailDomains.join(", ")}${auth.proxy.oauth2Proxy.allowedGroups ? `, groups ${auth.proxy.oauth2Proxy.allowedGroups.join(", ")}` : ""}; to the server: ${upstream}`;
    }
    if (auth.proxy?.basicAuth) {
        return `auth gateway ${gatewayName(name)}: htpasswd of generated passwords for ${auth.proxy.basicAuth.users.join(", ")}; to the server: ${upstream}`;
    }
    if (auth.ingressNginx) {
        return `ingress-nginx's basic-auth annotations (Secret ${auth.ingressNginx.basicAuthSecret}); WARNING: open under any other controller, and ingress-nginx is retired`;
    }
    return "the server's own basic auth (people use its generated password)";
}

export function serverEndpoint(product: string, name: string, way: WayIn, web: { tls?: unknown; basicAuth?: unknown } | undefined): Endpoint {
    const url = wayInUrl(way);
    const key = way.setting;
    const auth = effectiveIngressAuth(way, web as { basicAuth?: unknown } | undefined);
    if (auth?.public) {
        return { url, product, key, publicReason: auth.public.reason };
    }
    return { url, product, key, auth: auth ? describeAuth(name, auth, web) : "none (refused at load)" };
}

/** How people log in to Grafana: its own login, and with grafana.sso the identity provider beside it. */
export function grafanaLogin(g: Settings["grafana"]): string {
    const sso = g.sso ? `single sign-on through ${g.sso.provider}${g.sso.issuerUrl ? ` (${g.sso.issuerUrl})` : ""}, and ` : "";
    return `${sso}Grafana's own login (no anonymous access, no sign-up${g.sso ? "; the local admin for break-glass" : ""})`;
}

/** How validate/ingress-auth.ts names the object of a way in: "namespace/name" for an Ingress, "HTTPRoute namespace/name" for a route. */
export function wayInObject(way: WayIn, namespace: string, name: string): string {
    return way.kind === "Ingress" ? `${namespace}/${name}` : `HTTPRoute ${namespace}/${name}`;
}

/** One endpoint a component asks for, by the object the checklist finds it under ("namespace/name" or "HTTPRoute namespace/name"). */
export interface ComponentEndpoint {
    object: string;
    endpoint: Endpoint;
    /** The host people open it at: where the endpoint is public, the checklist reads its reason by this host (validate/ingress-auth.ts). */
    host: string;
}

/**
 * What a component tells the checklist about its server beyond the rendered objects
 * (validate/ingress-auth.ts, StackAuthFacts), whatever its switches say: whether the server's web
 * port asks for a password (its web Secret's values are not in the render), and vmauth's users
 * (its auth.yml is a Secret, which the render masks).
 */
export interface ServerAuthFacts {
    serverLogin?: { server: "Prometheus" | "Alertmanager"; asks: boolean };
    vmauthUsers?: readonly string[];
}

/** A server's endpoint (Prometheus, Alertmanager, Kibana) at its way in, if it has one. */
export function serverEndpointAt(product: string, name: string, namespace: string, way: WayIn | undefined, web: { tls?: unknown; basicAuth?: unknown } | undefined): ComponentEndpoint[] {
    return way ? [{ object: wayInObject(way, namespace, name), endpoint: serverEndpoint(product, name, way, web), host: way.host }] : [];
}
