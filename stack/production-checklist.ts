import { pushEndpoints } from "./push-endpoints";
import { ALERTMANAGER_KEY, fullKey, GRAFANA_KEY, KIBANA_KEY, IngressAuthSettings, METRICS_KEY, Settings, effectiveIngressAuth, WayIn, wayIn, wayInUrl } from "../config";
import { gatewayName } from "../components/auth-gateway/layout";
import { vmauthName } from "../components/long-term-store/vmauth";
import { StackAuthFacts, waysIn } from "../validate/ingress-auth";
import type { KubernetesObject } from "../validate/kubernetes-object";
import { providedSecrets } from "../validate/provided-secrets";
import { IMAGE_SUPPORT_REVIEWED, imageSupport } from "./image-support";
import { windowsLongerThan } from "../components/common/rules/windows";
import { defaultRuleGroups, ruleContext } from "./rule-groups";

/**
 * The production checklist (docs/security.md#production-checklist) that `npm run render -- <stack>`
 * prints for every stack: the endpoints it exposes and how each authenticates, the public ones
 * with their reasons, the secrets the stack sets and those the program generates, and every image
 * against the dated support table (stack/image-support.ts). Pure: from the validated settings and
 * what the render saw. The endpoints are every Ingress rule and HTTPRoute of the rendered objects
 * (validate/ingress-auth.ts reads how each authenticates from its backend, the pods behind it and
 * the gateway's nginx config); the settings only add the details of what the objects show.
 */
export interface ChecklistInput {
    stack: string;
    settings: Settings;
    /** Every rendered Kubernetes object: the endpoints are read from its Ingresses and HTTPRoutes. */
    objects: readonly KubernetesObject[];
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
    /** The Ingress (or "HTTPRoute <namespace>/<name>") and the backend Service it sends to. */
    via?: string;
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

function serverEndpoint(product: string, name: string, way: WayIn, web: { tls?: unknown; basicAuth?: unknown } | undefined): Endpoint {
    const url = wayInUrl(way);
    const key = way.setting;
    const auth = effectiveIngressAuth(way, web as { basicAuth?: unknown } | undefined);
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

/** How validate/ingress-auth.ts names the object of a way in: "namespace/name" for an Ingress, "HTTPRoute namespace/name" for a route. */
function wayInObject(way: WayIn, namespace: string, name: string): string {
    return way.kind === "Ingress" ? `${namespace}/${name}` : `HTTPRoute ${namespace}/${name}`;
}

/** The endpoints the settings ask for, each by the Ingress or HTTPRoute the program writes for it, with the details of its authentication. */
function settingsEndpoints(s: Settings): Map<string, Endpoint> {
    const list = new Map<string, Endpoint>();
    const ns = s.metrics.namespace;
    const m = wayIn(METRICS_KEY, s.metrics);
    if (m) {
        list.set(wayInObject(m, ns, s.metrics.name), serverEndpoint("Prometheus", s.metrics.name, m, s.metrics.web));
    }
    const a = s.alertmanager.enabled ? wayIn(ALERTMANAGER_KEY, s.alertmanager) : undefined;
    if (a) {
        list.set(wayInObject(a, s.alertmanager.namespace, s.alertmanager.name), serverEndpoint("Alertmanager", s.alertmanager.name, a, s.alertmanager.web));
    }
    const g = s.grafana.enabled ? wayIn(GRAFANA_KEY, s.grafana) : undefined;
    if (g) {
        list.set(wayInObject(g, s.grafana.namespace, s.grafana.name), { url: wayInUrl(g), product: "Grafana", key: g.setting, auth: grafanaLogin(s.grafana) });
    }
    const store = s.searchStore;
    const k = store.enabled && store.kibana.enabled ? wayIn(KIBANA_KEY, store.kibana) : undefined;
    if (k) {
        list.set(wayInObject(k, store.namespace, store.kibana.name), serverEndpoint("Kibana", store.kibana.name, k, undefined));
    }
    const lts = s.longTermStore;
    if (lts.enabled && lts.ingress && lts.edges.length > 0) {
        const users = lts.edges.map((e) => `${e.cluster} (password ${e.stack !== undefined ? `from stack ${e.stack}'s output longTermStoreWriteCredential` : `in the secret ${e.passwordKey}`})`);
        list.set(`${lts.namespace}/${vmauthName(lts)}`, {
            url: `${lts.ingress.tlsSecretName ? "https" : "http"}://${lts.ingress.host}/api/v1/write`,
            product: "vmauth (the long-term store's write endpoint)",
            key: `${fullKey("longTermStore")}.ingress`,
            auth: `vmauth's per-edge users, each writing as its cluster label: ${users.join(", ")}`,
        });
    }
    return list;
}

/** What the stack says beyond the objects about how its servers authenticate (validate/ingress-auth.ts). */
export function authFactsOf(s: Settings): StackAuthFacts {
    const publicReasons: Record<string, string> = {};
    const ways = [
        { way: wayIn(METRICS_KEY, s.metrics), web: s.metrics.web },
        { way: s.alertmanager.enabled ? wayIn(ALERTMANAGER_KEY, s.alertmanager) : undefined, web: s.alertmanager.web },
        { way: s.searchStore.enabled && s.searchStore.kibana.enabled ? wayIn(KIBANA_KEY, s.searchStore.kibana) : undefined, web: undefined },
    ];
    for (const { way, web } of ways) {
        const auth = way ? effectiveIngressAuth(way, web as { basicAuth?: unknown } | undefined) : undefined;
        if (way && auth?.public) {
            publicReasons[way.host] = auth.public.reason;
        }
    }
    return {
        serverLogin: (server) => (server === "Prometheus" ? s.metrics.web?.basicAuth !== undefined : s.alertmanager.web?.basicAuth !== undefined),
        publicReasons,
        vmauthUsers: s.longTermStore.enabled ? s.longTermStore.edges.map((e) => e.cluster) : [],
    };
}

/**
 * Every endpoint the rendered objects publish: each Ingress rule path and HTTPRoute rule, with its
 * host, path and backend Service. How it authenticates is what the objects show (an endpoint they
 * show no authentication for gets a WARNING, whatever the settings meant), told in the settings'
 * words where the program wrote that Ingress for a setting.
 */
export function exposedEndpoints(objects: readonly KubernetesObject[], s: Settings): Endpoint[] {
    const known = settingsEndpoints(s);
    return waysIn(objects, authFactsOf(s)).map((w) => {
        const setting = known.get(w.ingress);
        // A route carries no TLS: its listener does. The program's routes name the HTTPS listener (config/gateway-route.ts), so they are https.
        const https = w.tls || (setting !== undefined && w.ingress.startsWith("HTTPRoute "));
        const url = `${https ? "https" : "http"}://${w.host}${w.path}`;
        const via = `${w.ingress.startsWith("HTTPRoute ") ? w.ingress : `Ingress ${w.ingress}`} to Service ${w.backend ?? "(none)"}`;
        const product = w.server ?? setting?.product ?? "an unknown server";
        if (w.how === undefined) {
            return { url, product, key: setting?.key ?? "no setting", via, auth: "WARNING: nothing the rendered objects show authenticates it (no auth gateway, server login or vmauth users behind its backend)" };
        }
        if (w.how.startsWith("public: ")) {
            return { url, product, key: setting?.key ?? "no setting", via, publicReason: setting?.publicReason ?? w.how.slice("public: ".length) };
        }
        return { url, product: setting?.product ?? product, key: setting?.key ?? "no setting", via, auth: setting?.auth ?? w.how };
    });
}

export function productionChecklist(c: ChecklistInput): string {
    const endpoints = exposedEndpoints(c.objects, c.settings);
    const authenticated = endpoints.filter((e) => e.auth !== undefined);
    const open = endpoints.filter((e) => e.publicReason !== undefined);
    const lines = [`Production checklist of stack ${c.stack} (docs/security.md#production-checklist):`];
    lines.push("  Exposed endpoints and their authentication:");
    lines.push(...(authenticated.length > 0 ? authenticated.map((e) => `    ${e.auth?.startsWith("WARNING") ? "WARNING " : ""}${e.url}  ${e.product} (${e.key}; ${e.via}): ${e.auth?.replace(/^WARNING: /, "")}`) : ["    none: nothing is published through an Ingress"]));
    const pushes = pushEndpoints(c.objects);
    lines.push("  Push endpoints inside the cluster:");
    lines.push(...(pushes.length > 0 ? pushes.map((p) => `    ${p.auth.startsWith("WARNING") || p.from.startsWith("WARNING") ? "WARNING " : ""}${p.url}  ${p.what} (${p.via}): from ${p.from.replace(/^WARNING /, "")}; login: ${p.auth.replace(/^WARNING /, "")}`) : ["    none"]));
    lines.push("  Public endpoints:");
    lines.push(...(open.length > 0 ? open.map((e) => `    WARNING ${e.url}  ${e.product} (${e.key}; ${e.via}) is public, without authentication: ${e.publicReason}`) : ["    none"]));
    lines.push("  Secrets set in the stack (pulumi config set --secret):");
    lines.push(`    ${c.secretKeys.length > 0 ? c.secretKeys.map((k) => k.replace(/^cluster-monitoring:/, "")).join(", ") : "none"}`);
    // docs/existing-secrets.md: every Secret a pod reads that the render does not write; the program never sees those values.
    const provided = providedSecrets(c.objects);
    lines.push("  Secrets provided by the cluster (read by the pods, written by nothing in this stack; each must exist before the pods start):");
    lines.push(
        ...(provided.length > 0
            ? provided.map((p) => `    ${p.namespace}/${p.name}, ${p.keys ? `key${p.keys.length > 1 ? "s" : ""} ${p.keys.join(", ")}` : "every key"}: read by ${p.readers.join(", ")}`)
            : ["    none"]),
    );
    lines.push("  Secrets the program generates (kept encrypted in the stack's state):");
    lines.push(`    ${c.generated.length > 0 ? [...c.generated].sort().join(", ") : "none"}`);
    const retention = c.settings.metrics.retention;
    const long = c.settings.alertRules.defaults ? windowsLongerThan(defaultRuleGroups(ruleContext(c.settings)), retention) : [];
    lines.push(`  Rules reading further back than the retention (${METRICS_KEY}.retention ${retention}):`);
    lines.push(...(long.length > 0 ? long.map((l) => `    WARNING ${l.name} reads [${l.window}]: it covers only the ${retention} Prometheus keeps, not the whole window`) : ["    none"]));
    lines.push(`  Images, against the support table of ${IMAGE_SUPPORT_REVIEWED} (stack/image-support.ts):`);
    for (const image of [...new Set(c.images)].sort()) {
        const row = imageSupport(image);
        const verdict = row === undefined ? "not in the table: check its support yourself" : row.status === "eol" ? `END OF LIFE: ${row.source}` : `supported${row.until ? ` until ${row.until}` : ""}`;
        lines.push(`    ${row?.status === "eol" ? "WARNING " : ""}${image}: ${verdict}`);
    }
    return `${lines.join("\n")}\n`;
}
