import { KubernetesObject } from "./kubernetes-object";
import { selects } from "./label-selector";
import { containersOf, PodTemplate, podTemplates } from "./pod-templates";

/**
 * How each rendered Ingress authenticates, read from the rendered objects alone (what a cluster
 * would run), not from the settings that produced them: the Ingress's backend Service, the pods it
 * selects, and for the auth gateway the nginx config its ConfigMap holds. tests/ingress-auth.test.ts
 * fails on any Ingress in front of Prometheus or Alertmanager that nothing authenticates.
 */

export interface IngressAuth {
    /** "monitoring/monitor": the Ingress, or "HTTPRoute monitoring/x" for a Gateway API route. */
    ingress: string;
    host: string;
    /** What serves the host in the end: "Prometheus", "Alertmanager", "Grafana", or undefined when it cannot be told. */
    server?: string;
    /** How people authenticate; undefined when nothing does. */
    how?: string;
}

/** What the stack says beyond the objects: which servers check their own login, which hosts are public and why. */
export interface StackAuthFacts {
    /** The server's web port asks for a password (metrics.web.basicAuth, alertmanager.web.basicAuth); the web Secret's values are not in the render. */
    serverLogin: (server: "Prometheus" | "Alertmanager") => boolean;
    /** Hosts the stack declares public, with their reasons. */
    publicReasons: Readonly<Record<string, string>>;
    /** vmauth's users, one per edge (longTermStore.edges[].cluster); its auth.yml is a Secret, which the render masks. */
    vmauthUsers?: readonly string[];
}

function serverOf(t: PodTemplate): string | undefined {
    const images = containersOf(t.spec).map((c: any) => String(c.image));
    if (images.some((i) => /\/prometheus\/prometheus[:@]/.test(i))) {
        return "Prometheus";
    }
    if (images.some((i) => /\/prometheus\/alertmanager[:@]/.test(i))) {
        return "Alertmanager";
    }
    if (images.some((i) => /\/grafana\/grafana[:@]/.test(i))) {
        return "Grafana";
    }
    if (images.some((i) => /\/victoriametrics\/vmauth[:@]/.test(i))) {
        return "vmauth";
    }
    // Kibana OSS has no login of its own: only the auth gateway in front of it, or a public reason, stands for one.
    if (images.some((i) => /\/kibana\/kibana(-oss)?[:@]/.test(i))) {
        return "Kibana";
    }
    return undefined;
}

function podsBehind(objects: readonly KubernetesObject[], namespace: string, service: string): PodTemplate[] {
    const svc: any = objects.find((o) => o.kind === "Service" && o.metadata.name === service && (o.metadata.namespace ?? "default") === namespace);
    if (!svc?.spec?.selector) {
        return [];
    }
    return podTemplates(objects).filter((t) => t.namespace === namespace && selects({ matchLabels: svc.spec.selector }, t.labels));
}

/** The top-level blocks `name ... { ... }` of a piece of nginx config, with their bodies. */
function blocks(text: string, name: string): { head: string; body: string }[] {
    const found: { head: string; body: string }[] = [];
    const re = new RegExp(`(^|[\\s;{}])${name}\\b([^{;]*)\\{`, "g");
    let m: RegExpExecArray | null;
    while ((m = re.exec(text)) !== null) {
        let depth = 1;
        let i = re.lastIndex;
        for (; i < text.length && depth > 0; i++) {
            depth += text[i] === "{" ? 1 : text[i] === "}" ? -1 : 0;
        }
        found.push({ head: m[2].trim(), body: text.slice(re.lastIndex, i - 1) });
        re.lastIndex = i;
    }
    return found;
}

const strip = (text: string) => text.replace(/#.*$/gm, "");

/**
 * A gateway's nginx.conf: every location that proxies to something other than the pod's own
 * loopback (oauth2-proxy) must be behind auth_basic (of the server block) or auth_request, and
 * the upstream it reaches is returned with the way people log in.
 */
export function gatewayAuth(nginxConf: string): { how?: string; upstreams: string[] } {
    const conf = strip(nginxConf);
    const upstreams: string[] = [];
    let unguarded = false;
    const modes = new Set<string>();
    for (const http of blocks(conf, "http")) {
        for (const server of blocks(http.body, "server")) {
            const serverLevel = server.body.replace(/location\b[^{]*\{[^{}]*(\{[^{}]*\}[^{}]*)*\}/g, "");
            const basic = /^\s*auth_basic\s+"[^"]*"\s*;/m.test(serverLevel) && /^\s*auth_basic_user_file\s+\S+;/m.test(serverLevel);
            for (const location of blocks(server.body, "location")) {
                for (const [, url] of location.body.matchAll(/^\s*proxy_pass\s+(\S+);/gm)) {
                    if (/^https?:\/\/127\.0\.0\.1[:/]/.test(url) && !/auth_request/.test(location.body)) {
                        continue;
                    }
                    upstreams.push(url);
                    const request = /^\s*auth_request\s+\/oauth2\/auth\s*;/m.test(location.body);
                    const off = /^\s*auth_basic\s+off\s*;/m.test(location.body);
                    if (request) {
                        modes.add("oauth2-proxy (auth_request)");
                    } else if (basic && !off) {
                        modes.add("htpasswd (auth_basic)");
                    } else {
                        unguarded = true;
                    }
                }
            }
        }
    }
    return { how: !unguarded && modes.size > 0 ? `auth gateway: ${[...modes].join(", ")}` : undefined, upstreams };
}

/** An IngressAuth with where it leads: what the production checklist lists (stack/production-checklist.ts). */
export interface WayIn extends IngressAuth {
    /** The rule's path ("/" when it names none). */
    path: string;
    /** The backend Service and port, "monitor-auth:8080"; undefined when the rule names none. */
    backend?: string;
    /** Whether the Ingress's tls lists the host. */
    tls: boolean;
}

/** One way in of the rendered objects: an Ingress rule's path, or an HTTPRoute's hostname and rule. */
interface Route {
    ingress: string;
    namespace: string;
    host: string;
    path: string;
    service?: string;
    port?: number | string;
    tls: boolean;
    annotations: Record<string, string>;
    className?: string;
}

/** Every Ingress rule path and every HTTPRoute (gateway.networking.k8s.io) rule of the rendered objects. */
function routesOf(objects: readonly KubernetesObject[]): Route[] {
    const routes: Route[] = [];
    for (const ing of objects.filter((o) => o.kind === "Ingress") as any[]) {
        const namespace = ing.metadata.namespace ?? "default";
        const tlsHosts = new Set<string>((ing.spec?.tls ?? []).flatMap((t: any) => t.hosts ?? []));
        for (const rule of ing.spec?.rules ?? []) {
            for (const path of rule.http?.paths ?? []) {
                const service = path.backend?.service;
                routes.push({
                    ingress: `${namespace}/${ing.metadata.name}`,
                    namespace,
                    host: rule.host,
                    path: path.path ?? "/",
                    service: service?.name,
                    port: service?.port?.number ?? service?.port?.name,
                    tls: tlsHosts.has(rule.host),
                    annotations: ing.metadata.annotations ?? {},
                    className: ing.spec?.ingressClassName,
                });
            }
        }
    }
    for (const route of objects.filter((o) => o.kind === "HTTPRoute") as any[]) {
        const namespace = route.metadata.namespace ?? "default";
        for (const host of route.spec?.hostnames ?? ["*"]) {
            for (const rule of route.spec?.rules ?? [{}]) {
                const paths: string[] = (rule.matches ?? []).map((m: any) => m.path?.value ?? "/");
                for (const path of paths.length > 0 ? paths : ["/"]) {
                    for (const ref of rule.backendRefs ?? [{}]) {
                        routes.push({ ingress: `HTTPRoute ${namespace}/${route.metadata.name}`, namespace: ref.namespace ?? namespace, host, path, service: ref.name, port: ref.port, tls: false, annotations: route.metadata.annotations ?? {} });
                    }
                }
            }
        }
    }
    return routes;
}

/** Every Ingress rule (and HTTPRoute rule) of the rendered objects, with how it authenticates. */
export function ingressAuth(objects: readonly KubernetesObject[], facts: StackAuthFacts): IngressAuth[] {
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    return waysIn(objects, facts).map(({ path, backend, tls, ...auth }) => auth);
}

/** Every Ingress rule path and HTTPRoute rule of the rendered objects: host, path, backend and how it authenticates. */
export function waysIn(objects: readonly KubernetesObject[], facts: StackAuthFacts): WayIn[] {
    const result: WayIn[] = [];
    for (const route of routesOf(objects)) {
        const { namespace, annotations } = route;
        const entry: WayIn = { ingress: route.ingress, host: route.host, path: route.path, ...(route.service !== undefined ? { backend: `${route.service}:${route.port ?? ""}` } : {}), tls: route.tls };
        const adapter = annotations["nginx.ingress.kubernetes.io/auth-type"] === "basic" && annotations["nginx.ingress.kubernetes.io/auth-secret"] && route.className;
        for (const pod of route.service === undefined ? [] : podsBehind(objects, namespace, route.service)) {
            const direct = serverOf(pod);
            if (direct === "Grafana") {
                Object.assign(entry, { server: direct, how: "Grafana's own login" });
            } else if (direct === "Kibana") {
                Object.assign(entry, { server: direct, ...(facts.publicReasons[route.host] !== undefined ? { how: `public: ${facts.publicReasons[route.host]}` } : {}) });
            } else if (direct === "vmauth") {
                const users = facts.vmauthUsers ?? [];
                Object.assign(entry, { server: direct, how: users.length > 0 ? `vmauth's per-edge users (-auth.config): ${users.join(", ")}, each writing as its cluster label` : undefined });
            } else if (direct !== undefined) {
                entry.server = direct;
                if (adapter) {
                    entry.how = `ingress-nginx basic auth (annotations, class ${route.className})`;
                } else if (facts.serverLogin(direct as "Prometheus" | "Alertmanager") && containersOf(pod.spec).some((c: any) => (c.args ?? []).some((a: string) => a.startsWith("--web.config.file=")))) {
                    entry.how = "the server's own basic auth (--web.config.file)";
                } else if (facts.publicReasons[route.host] !== undefined) {
                    entry.how = `public: ${facts.publicReasons[route.host]}`;
                }
            } else {
                const volume = (pod.spec.volumes ?? []).find((v: any) => v.configMap);
                const cm: any = volume && objects.find((o) => o.kind === "ConfigMap" && o.metadata.name === volume.configMap.name && o.metadata.namespace === namespace);
                const conf = cm?.data?.["nginx.conf"];
                if (typeof conf === "string") {
                    const g = gatewayAuth(conf);
                    for (const url of g.upstreams) {
                        const host = new URL(url).hostname.split(".");
                        for (const behind of podsBehind(objects, host[1] ?? namespace, host[0])) {
                            entry.server = serverOf(behind) ?? entry.server;
                        }
                    }
                    entry.how = g.how;
                }
            }
        }
        result.push(entry);
    }
    return result;
}
