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

/** Every Ingress rule of the rendered objects, with how it authenticates. */
export function ingressAuth(objects: readonly KubernetesObject[], facts: StackAuthFacts): IngressAuth[] {
    const result: IngressAuth[] = [];
    for (const ing of objects.filter((o) => o.kind === "Ingress") as any[]) {
        const namespace = ing.metadata.namespace ?? "default";
        for (const rule of ing.spec?.rules ?? []) {
            for (const path of rule.http?.paths ?? []) {
                const entry: IngressAuth = { ingress: `${namespace}/${ing.metadata.name}`, host: rule.host };
                const annotations: Record<string, string> = ing.metadata.annotations ?? {};
                const adapter = annotations["nginx.ingress.kubernetes.io/auth-type"] === "basic" && annotations["nginx.ingress.kubernetes.io/auth-secret"] && ing.spec.ingressClassName;
                for (const pod of podsBehind(objects, namespace, path.backend?.service?.name)) {
                    const direct = serverOf(pod);
                    if (direct === "Grafana") {
                        Object.assign(entry, { server: direct, how: "Grafana's own login" });
                    } else if (direct !== undefined) {
                        entry.server = direct;
                        if (adapter) {
                            entry.how = `ingress-nginx basic auth (annotations, class ${ing.spec.ingressClassName})`;
                        } else if (facts.serverLogin(direct as "Prometheus" | "Alertmanager") && containersOf(pod.spec).some((c: any) => (c.args ?? []).some((a: string) => a.startsWith("--web.config.file=")))) {
                            entry.how = "the server's own basic auth (--web.config.file)";
                        } else if (facts.publicReasons[rule.host] !== undefined) {
                            entry.how = `public: ${facts.publicReasons[rule.host]}`;
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
        }
    }
    return result;
}
