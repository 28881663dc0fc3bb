import { ALERTMANAGER_KEY, AuthenticatedIngressSettings, fullKey, IngressAuthSettings, METRICS_KEY, Settings, effectiveIngressAuth } from "../config";
import { gatewayName } from "../components/auth-gateway/layout";
import { IMAGE_SUPPORT_REVIEWED, imageSupport } from "./image-support";

/**
 * The production checklist (docs/security.md#production-checklist) that `npm run render -- <stack>`
 * prints for every stack: the endpoints it exposes and how each authenticates, the public ones
 * with their reasons, the secrets the stack sets and those the program generates, and every image
 * against the dated support table (stack/image-support.ts). Pure: from the validated settings and
 * what the render saw.
 */
export interface ChecklistInput {
    stack: string;
    settings: Settings;
    /** Every container image of the rendered objects. */
    images: readonly string[];
    /** The stack file's secure keys, by name (values never). */
    secretKeys: readonly string[];
    /** The names of the generated passwords (random.RandomPassword resources). */
    generated: readonly string[];
}

export interface Endpoint {
    url: string;
    product: string;
    key: string;
    /** How people authenticate; undefined for a public endpoint. */
    auth?: string;
    /** The stack's reason, for a public endpoint. */
    publicReason?: string;
}

function describeAuth(name: string, auth: IngressAuthSettings, web: { tls?: unknown; basicAuth?: unknown } | undefined): string {
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

function serverEndpoint(product: string, key: string, name: string, ingress: AuthenticatedIngressSettings, web: { tls?: unknown; basicAuth?: unknown } | undefined): Endpoint {
    const url = `${ingress.tlsSecretName ? "https" : "http"}://${ingress.host}/`;
    const auth = effectiveIngressAuth(ingress, web as { basicAuth?: unknown } | undefined);
    if (auth?.public) {
        return { url, product, key, publicReason: auth.public.reason };
    }
    return { url, product, key, auth: auth ? describeAuth(name, auth, web) : "none (refused at load)" };
}

/** How people log in to Grafana: its own login, and with grafana.sso the identity provider beside it. */
function grafanaLogin(g: Settings["grafana"]): string {
    const sso = g.sso ? `single sign-on through ${g.sso.provider}${g.sso.issuerUrl ? ` (${g.sso.issuerUrl})` : ""}, and ` : "";
    return `${sso}Grafana's own login (no anonymous access, no sign-up${g.sso ? "; the local admin for break-glass" : ""})`;
}

/** Every endpoint the stack publishes through an Ingress. */
export function exposedEndpoints(s: Settings): Endpoint[] {
    const list: Endpoint[] = [];
    if (s.metrics.ingress) {
        list.push(serverEndpoint("Prometheus", `${fullKey(METRICS_KEY)}.ingress`, s.metrics.name, s.metrics.ingress, s.metrics.web));
    }
    if (s.alertmanager.enabled && s.alertmanager.ingress) {
        list.push(serverEndpoint("Alertmanager", `${fullKey(ALERTMANAGER_KEY)}.ingress`, s.alertmanager.name, s.alertmanager.ingress, s.alertmanager.web));
    }
    if (s.grafana.enabled && s.grafana.ingress) {
        const g = s.grafana.ingress;
        list.push({ url: `${g.tlsSecretName ? "https" : "http"}://${g.host}/`, product: "Grafana", key: `${fullKey("grafana")}.ingress`, auth: grafanaLogin(s.grafana) });
    }
    return list;
}

export function productionChecklist(c: ChecklistInput): string {
    const endpoints = exposedEndpoints(c.settings);
    const authenticated = endpoints.filter((e) => e.auth !== undefined);
    const open = endpoints.filter((e) => e.publicReason !== undefined);
    const lines = [`Production checklist of stack ${c.stack} (docs/security.md#production-checklist):`];
    lines.push("  Exposed endpoints and their authentication:");
    lines.push(...(authenticated.length > 0 ? authenticated.map((e) => `    ${e.url}  ${e.product} (${e.key}): ${e.auth}`) : ["    none: nothing is published through an Ingress"]));
    lines.push("  Public endpoints:");
    lines.push(...(open.length > 0 ? open.map((e) => `    WARNING ${e.url}  ${e.product} (${e.key}) is public, without authentication: ${e.publicReason}`) : ["    none"]));
    lines.push("  Secrets set in the stack (pulumi config set --secret):");
    lines.push(`    ${c.secretKeys.length > 0 ? c.secretKeys.map((k) => k.replace(/^cluster-monitoring:/, "")).join(", ") : "none"}`);
    lines.push("  Secrets the program generates (kept encrypted in the stack's state):");
    lines.push(`    ${c.generated.length > 0 ? [...c.generated].sort().join(", ") : "none"}`);
    lines.push(`  Images, against the support table of ${IMAGE_SUPPORT_REVIEWED} (stack/image-support.ts):`);
    for (const image of [...new Set(c.images)].sort()) {
        const row = imageSupport(image);
        const verdict = row === undefined ? "not in the table: check its support yourself" : row.status === "eol" ? `END OF LIFE: ${row.source}` : `supported${row.until ? ` until ${row.until}` : ""}`;
        lines.push(`    ${row?.status === "eol" ? "WARNING " : ""}${image}: ${verdict}`);
    }
    return `${lines.join("\n")}\n`;
}
