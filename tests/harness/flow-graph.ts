import { parse } from "yaml";
import { KubernetesObject } from "../../render";

/**
 * The flow graph of a rendered stack, built from the rendered objects alone: what the program's
 * configuration files say each workload connects to (needed), and what the rendered
 * NetworkPolicies let through (allowed), evaluated with the NetworkPolicy semantics of
 * networking.k8s.io/v1. It shares no code with components/network-policies, so a flow that the
 * policies forget, or one they open without need, shows up as a difference.
 */

export interface Pod {
    kind: "pod";
    namespace: string;
    /** The workload, or a stand-in such as "dns" or "other pod". */
    name: string;
    labels: Record<string, string>;
    hostNetwork: boolean;
    ports: Array<{ name?: string; number: number; protocol: string }>;
    podSpec?: any;
}

/** Something that is not one of the stack's pods: a node, the API server, a host outside. */
export interface Address {
    kind: "address";
    name: string;
    ip: string;
}

export type End = Pod | Address;

export interface Connection {
    from: End;
    to: End;
    port: number;
    protocol: string;
    why: string;
}

/** Stand-ins for what every cluster has, with addresses from the documentation ranges. */
export const NODE: Address = { kind: "address", name: "a node", ip: "192.0.2.10" };
export const API_SERVER: Address = { kind: "address", name: "the API server", ip: "192.0.2.20" };
export const OUTSIDE: Address = { kind: "address", name: "a host outside the cluster", ip: "198.51.100.7" };
export const DNS_POD: Pod = { kind: "pod", namespace: "kube-system", name: "kube-dns", labels: { "k8s-app": "kube-dns" }, hostNetwork: false, ports: [] };
export const KUBELET_PORT = 10250;
/** In a needed connection: any destination; port 0 is any port. */
export const ANYWHERE: Address = { kind: "address", name: "anywhere", ip: "" };

export function stranger(namespace: string): Pod {
    return { kind: "pod", namespace, name: `a pod in ${namespace}`, labels: { app: "stranger" }, hostNetwork: false, ports: [] };
}

/** The pod template of each kind of workload: a CronJob's is one level deeper, in its Job template. */
const POD_TEMPLATE: Record<string, (o: any) => any> = {
    Deployment: (o) => o.spec.template,
    StatefulSet: (o) => o.spec.template,
    DaemonSet: (o) => o.spec.template,
    Job: (o) => o.spec.template,
    CronJob: (o) => o.spec.jobTemplate.spec.template,
};

export function podsOf(objects: readonly KubernetesObject[]): Pod[] {
    return objects
        .filter((o) => o.kind in POD_TEMPLATE)
        .map((o: any) => {
            const template = POD_TEMPLATE[o.kind](o);
            const spec = template.spec;
            return {
                kind: "pod" as const,
                namespace: o.metadata.namespace,
                name: o.metadata.name,
                labels: template.metadata?.labels ?? {},
                hostNetwork: spec.hostNetwork === true,
                ports: [...(spec.containers ?? []), ...(spec.initContainers ?? [])].flatMap((c: any) =>
                    (c.ports ?? []).map((p: any) => ({ name: p.name, number: p.containerPort, protocol: p.protocol ?? "TCP" })),
                ),
                podSpec: spec,
            };
        });
}

const matchLabels = (labels: Record<string, string>, selector: Record<string, string> | undefined) =>
    Object.entries(selector ?? {}).every(([k, v]) => labels[k] === v);

function selectorMatches(labels: Record<string, string>, selector: any): boolean {
    if (!selector) {
        return true;
    }
    const exprs: any[] = selector.matchExpressions ?? [];
    return (
        matchLabels(labels, selector.matchLabels) &&
        exprs.every((e) =>
            e.operator === "In"
                ? e.values.includes(labels[e.key])
                : e.operator === "NotIn"
                  ? !e.values.includes(labels[e.key])
                  : e.operator === "Exists"
                    ? e.key in labels
                    : !(e.key in labels),
        )
    );
}

function ipv4(ip: string): number {
    return ip.split(".").reduce((n, p) => n * 256 + Number(p), 0);
}

function inCidr(ip: string, cidr: string): boolean {
    const [base, bits] = cidr.split("/");
    if (base.includes(":") || ip.includes(":")) {
        return false;
    }
    const size = 2 ** (32 - Number(bits));
    return Math.floor(ipv4(ip) / size) === Math.floor(ipv4(base) / size);
}

/** The address a connection towards `end` is sent to: a host-network pod answers on its node's. */
function addressOf(end: End): { pod?: Pod; ip?: string } {
    if (end.kind === "address") {
        return { ip: end.ip };
    }
    return end.hostNetwork ? { ip: NODE.ip } : { pod: end };
}

function peerMatches(peer: any, end: End): boolean {
    const { pod, ip } = addressOf(end);
    if (peer.ipBlock) {
        return ip !== undefined && inCidr(ip, peer.ipBlock.cidr) && !(peer.ipBlock.except ?? []).some((c: string) => inCidr(ip, c));
    }
    if (!pod) {
        return false;
    }
    const namespaceLabels = { "kubernetes.io/metadata.name": pod.namespace };
    return selectorMatches(namespaceLabels, peer.namespaceSelector) && selectorMatches(pod.labels, peer.podSelector);
}

function portMatches(rulePorts: any[] | undefined, destination: End, port: number, protocol: string): boolean {
    if (!rulePorts || rulePorts.length === 0) {
        return true;
    }
    return rulePorts.some((p) => {
        if ((p.protocol ?? "TCP") !== protocol) {
            return false;
        }
        if (p.port === undefined) {
            return true;
        }
        if (typeof p.port === "number") {
            return p.endPort !== undefined ? port >= p.port && port <= p.endPort : p.port === port;
        }
        // A named port is the destination pod's container port of that name.
        return destination.kind === "pod" && destination.ports.some((c) => c.name === p.port && c.number === port && c.protocol === protocol);
    });
}

function policiesSelecting(policies: readonly any[], pod: Pod, type: "Ingress" | "Egress"): any[] {
    return policies.filter(
        (p) => p.metadata.namespace === pod.namespace && selectorMatches(pod.labels, p.spec.podSelector) && (p.spec.policyTypes ?? ["Ingress"]).includes(type),
    );
}

/**
 * Whether the policies let `from` open a connection to `to`: the source's egress and the
 * destination's ingress must both allow it, and a side no policy selects allows everything.
 * Host-network pods are treated as if the CNI enforced policies on them (most do not).
 */
export function allowed(policies: readonly any[], from: End, to: End, port: number, protocol: string): boolean {
    const egressOk =
        from.kind !== "pod" ||
        (() => {
            const selecting = policiesSelecting(policies, from, "Egress");
            return (
                selecting.length === 0 ||
                selecting.some((p) =>
                    (p.spec.egress ?? []).some(
                        (r: any) => (r.to === undefined || r.to.length === 0 || r.to.some((peer: any) => peerMatches(peer, to))) && portMatches(r.ports, to, port, protocol),
                    ),
                )
            );
        })();
    const ingressOk =
        to.kind !== "pod" ||
        (() => {
            const selecting = policiesSelecting(policies, to, "Ingress");
            return (
                selecting.length === 0 ||
                selecting.some((p) =>
                    (p.spec.ingress ?? []).some(
                        (r: any) =>
                            (r.from === undefined || r.from.length === 0 || r.from.some((peer: any) => peerMatches(peer, from))) && portMatches(r.ports, to, port, protocol),
                    ),
                )
            );
        })();
    return egressOk && ingressOk;
}

// ---------------------------------------------------------------------------------------------
// What the configuration says each workload connects to
// ---------------------------------------------------------------------------------------------

/** Prometheus' relabel keep/drop, as relabel.Process applies them; other actions cannot drop a target here. */
function survives(labels: Record<string, string>, rules: any[] = []): boolean {
    for (const r of rules) {
        if (r.action !== "keep" && r.action !== "drop") {
            continue;
        }
        const value = (r.source_labels ?? []).map((l: string) => labels[l] ?? "").join(r.separator ?? ";");
        const hit = new RegExp(`^(?:${r.regex ?? "(.*)"})$`).test(value);
        if ((r.action === "keep" && !hit) || (r.action === "drop" && hit)) {
            return false;
        }
    }
    return true;
}

const sanitize = (key: string) => key.replace(/[^a-zA-Z0-9_]/g, "_");

function labelMeta(kind: string, labels: Record<string, string>): Record<string, string> {
    return Object.fromEntries(Object.entries(labels).map(([k, v]) => [`__meta_kubernetes_${kind}_label_${sanitize(k)}`, v]));
}

function targetPort(pod: Pod, targetPort: number | string): number | undefined {
    return typeof targetPort === "number" ? targetPort : pod.ports.find((p) => p.name === targetPort)?.number;
}

/** Endpoint discovery: each Service port of the namespaces, with the pods its selector picks. */
function endpointTargets(objects: readonly KubernetesObject[], pods: readonly Pod[], sd: any, rules: any[]): Array<{ to: End; port: number; protocol: string }> {
    const namespaces: string[] = sd.namespaces?.names ?? [];
    const found: Array<{ to: End; port: number; protocol: string }> = [];
    for (const namespace of namespaces) {
        const services = objects.filter((o: any) => o.kind === "Service" && o.metadata.namespace === namespace);
        // Every cluster's API servers, published by Service default/kubernetes, port https.
        const clusterServices: any[] = namespace === "default" ? [{ metadata: { name: "kubernetes", namespace, labels: {} }, spec: { ports: [{ name: "https", port: 443 }] } }] : [];
        for (const svc of [...services, ...clusterServices] as any[]) {
            for (const p of svc.spec.ports ?? []) {
                const meta: Record<string, string> = {
                    __meta_kubernetes_namespace: namespace,
                    __meta_kubernetes_service_name: svc.metadata.name,
                    ...labelMeta("service", svc.metadata.labels ?? {}),
                    __meta_kubernetes_endpoint_port_name: p.name ?? "",
                    __meta_kubernetes_endpointslice_port_name: p.name ?? "",
                };
                if (svc.spec.selector) {
                    for (const pod of pods.filter((x) => x.namespace === namespace && matchLabels(x.labels, svc.spec.selector))) {
                        const number = targetPort(pod, p.targetPort ?? p.port);
                        if (number !== undefined && survives({ ...meta, __address__: `10.0.0.1:${number}` }, rules)) {
                            found.push({ to: pod, port: number, protocol: p.protocol ?? "TCP" });
                        }
                    }
                } else if (svc.metadata.name === "kubernetes" && namespace === "default") {
                    if (survives({ ...meta, __address__: `${API_SERVER.ip}:6443` }, rules)) {
                        found.push({ to: API_SERVER, port: 6443, protocol: "TCP" });
                    }
                } else {
                    const endpoints: any = objects.find((o: any) => o.kind === "Endpoints" && o.metadata.namespace === namespace && o.metadata.name === svc.metadata.name);
                    for (const subset of endpoints?.subsets ?? []) {
                        for (const a of subset.addresses ?? []) {
                            const port = (subset.ports ?? []).find((x: any) => x.name === p.name)?.port ?? p.port;
                            if (survives({ ...meta, __address__: `${a.ip}:${port}` }, rules)) {
                                found.push({ to: { kind: "address", name: `${a.ip}`, ip: a.ip }, port, protocol: "TCP" });
                            }
                        }
                    }
                }
            }
        }
        // A Service of the application's own that the job's rules would keep, unless they pin a name.
        const other = strangerService(rules);
        if (other && survives({ __meta_kubernetes_namespace: namespace, ...other.meta, __address__: `10.0.0.1:${other.port || 8080}` }, rules)) {
            found.push({ to: stranger(namespace), port: other.port, protocol: "TCP" });
        }
    }
    return found;
}

const unescape = (regex: string) => (/^(?:[^.*+?^${}()|[\]\\]|\\.)*$/.test(regex) ? regex.replace(/\\(.)/g, "$1") : undefined);

/**
 * A Service the stack does not deploy that the job's keep rules would still select: the labels
 * and port name they ask for as literals. None when a rule pins the Service's name. Port 0: any
 * port, when no rule fixes the number.
 */
function strangerService(rules: any[]): { meta: Record<string, string>; port: number } | undefined {
    const keeps = rules.filter((r) => r.action === "keep");
    if (keeps.some((r) => (r.source_labels ?? []).includes("__meta_kubernetes_service_name"))) {
        return undefined;
    }
    // An application's Service names its ports, as the self-monitoring job requires.
    const meta: Record<string, string> = { __meta_kubernetes_endpoint_port_name: "metrics", __meta_kubernetes_endpointslice_port_name: "metrics" };
    for (const r of keeps.filter((k) => (k.source_labels ?? []).length === 1)) {
        const value = unescape(r.regex);
        if (value !== undefined && r.source_labels[0].startsWith("__meta_")) {
            meta[r.source_labels[0]] = value;
        }
    }
    return { meta, port: portKeptByAddress(rules) ?? 0 };
}

/** The number of a `keep` on __address__ such as `.*:9404`, which the service jobs write for numeric ports. */
function portKeptByAddress(rules: any[]): number | undefined {
    const rule = rules.find((r) => r.action === "keep" && (r.source_labels ?? []).join() === "__address__");
    const m = rule ? /:(\d+)$/.exec(rule.regex) : null;
    return m ? Number(m[1]) : undefined;
}

function podTargets(pods: readonly Pod[], sd: any, rules: any[]): Array<{ to: End; port: number; protocol: string }> {
    const namespaces: string[] = sd.namespaces?.names ?? [];
    return pods
        .filter((p) => namespaces.includes(p.namespace))
        .flatMap((pod) =>
            pod.ports
                .filter((port) =>
                    survives(
                        {
                            __meta_kubernetes_namespace: pod.namespace,
                            ...labelMeta("pod", pod.labels),
                            __meta_kubernetes_pod_container_port_name: port.name ?? "",
                            __meta_kubernetes_pod_container_port_number: String(port.number),
                            __address__: `10.0.0.1:${port.number}`,
                        },
                        rules,
                    ),
                )
                .map((port) => ({ to: pod as End, port: port.number, protocol: port.protocol })),
        );
}

function hostPortOf(url: string): { host: string; port: number } {
    const u = new URL(url);
    return { host: u.hostname, port: u.port !== "" ? Number(u.port) : u.protocol === "https:" ? 443 : 80 };
}

/** The exporter a probe job rewrites every target's address to (replacement `<host>:<port>`), if any. */
function probeExporter(rules: any[]): any | undefined {
    return rules.find((r: any) => r.target_label === "__address__" && r.action !== "keep" && r.action !== "drop" && /^[^$]+:\d+$/.test(r.replacement ?? ""));
}

/** A host as a pod in `namespace` resolves it: a Service of the stack, a Service of another namespace, or somewhere outside. */
function resolve(objects: readonly KubernetesObject[], pods: readonly Pod[], host: string, port: number, namespace: string): Array<{ to: End; port: number }> {
    const [name, ns = namespace] = host.split(".");
    const svc: any = objects.find(
        (o: any) => o.kind === "Service" && o.metadata.name === name && o.metadata.namespace === ns && (host === name || /\.svc(\.cluster\.local)?$/.test(host) || host === `${name}.${ns}`),
    );
    if (!svc) {
        // A Service of another namespace (<name>.<namespace>.svc), which the stack does not deploy: any pod there.
        return /^[^.]+\.[^.]+\.svc(\.cluster\.local)?$/.test(host) ? [{ to: stranger(ns), port }] : [{ to: OUTSIDE, port }];
    }
    const sp = (svc.spec.ports ?? []).find((p: any) => p.port === port);
    return pods
        .filter((p) => p.namespace === ns && matchLabels(p.labels, svc.spec.selector))
        .map((p) => ({ to: p as End, port: targetPort(p, sp?.targetPort ?? port) ?? port }));
}

/** Each ConfigMap holding `key`, with the pod that mounts it. */
function configMapData(objects: readonly KubernetesObject[], pods: readonly Pod[], key: string): Array<{ namespace: string; text: string; pod: Pod }> {
    return objects
        .filter((o: any) => o.kind === "ConfigMap" && typeof o.data?.[key] === "string")
        .flatMap((o: any) => {
            const pod = pods.find(
                (p) => p.namespace === o.metadata.namespace && (p.podSpec?.volumes ?? []).some((v: any) => v.configMap?.name === o.metadata.name || (v.projected?.sources ?? []).some((x: any) => x.configMap?.name === o.metadata.name)),
            );
            return pod ? [{ namespace: o.metadata.namespace, text: o.data[key], pod }] : [];
        });
}

/** Whether a pod holds an API token: its own setting, else its ServiceAccount's, else true. */
function mountsToken(objects: readonly KubernetesObject[], pod: Pod): boolean {
    // A projected ServiceAccount token (Grafana's team sidecar) calls the API server as an automounted one does.
    if ((pod.podSpec?.volumes ?? []).some((v: any) => (v.projected?.sources ?? []).some((src: any) => src.serviceAccountToken))) {
        return true;
    }
    if (pod.podSpec?.automountServiceAccountToken !== undefined) {
        return pod.podSpec.automountServiceAccountToken;
    }
    const sa: any = objects.find((o: any) => o.kind === "ServiceAccount" && o.metadata.namespace === pod.namespace && o.metadata.name === (pod.podSpec?.serviceAccountName ?? "default"));
    return sa?.automountServiceAccountToken ?? true;
}

/**
 * Every connection the rendered configuration makes, derived from the files the workloads read:
 * Prometheus' scrape jobs, alerting and remote write; Grafana's data sources; fluentd's output;
 * the adapter's Prometheus URL and its APIService; Alertmanager's peers and receivers; each
 * Ingress's backend; DNS for every pod; the API server for every pod holding a token.
 */
export function neededConnections(objects: readonly KubernetesObject[], ingressSources: readonly End[]): Connection[] {
    const pods = podsOf(objects);
    const needed: Connection[] = [];

    for (const { text, pod: prometheus } of configMapData(objects, pods, "prometheus.yml")) {
        const config = parse(text);
        for (const job of config.scrape_configs ?? []) {
            const rules = job.relabel_configs ?? [];
            for (const sd of job.kubernetes_sd_configs ?? []) {
                const exporter = probeExporter(rules);
                if (exporter) {
                    // Annotated Services and Ingresses are probed through the exporter: Prometheus reaches
                    // the exporter, the exporter reaches any annotated port in the namespaces, Ingresses outside.
                    const { host, port } = hostPortOf(`http://${exporter.replacement}`);
                    for (const r of resolve(objects, pods, host, port, prometheus.namespace)) {
                        needed.push({ from: prometheus, ...r, protocol: "TCP", why: `scrape job ${job.job_name}` });
                        const names: string[] | undefined = sd.namespaces?.names;
                        for (const to of names ? names.map(stranger) : [ANYWHERE]) {
                            needed.push({ from: r.to, to, port: 0, protocol: "TCP", why: `probe ${job.job_name}` });
                        }
                        if (sd.role === "ingress") {
                            for (const p of [80, 443]) {
                                needed.push({ from: r.to, to: OUTSIDE, port: p, protocol: "TCP", why: `probe ${job.job_name}` });
                            }
                        }
                    }
                    continue;
                }
                const targets =
                    sd.role === "node"
                        ? [{ to: NODE as End, port: KUBELET_PORT, protocol: "TCP" }]
                        : sd.role === "pod"
                          ? podTargets(pods, sd, rules)
                          : endpointTargets(objects, pods, sd, rules);
                for (const t of targets) {
                    needed.push({ from: prometheus, ...t, why: `scrape job ${job.job_name}` });
                }
            }
            for (const sc of job.static_configs ?? []) {
                for (const target of sc.targets ?? []) {
                    // A probe job sends its target as a parameter to the exporter, whose address replaces it.
                    const exporter = probeExporter(rules);
                    if (exporter) {
                        const { host, port } = hostPortOf(`http://${exporter.replacement}`);
                        for (const r of resolve(objects, pods, host, port, prometheus.namespace)) {
                            needed.push({ from: prometheus, ...r, protocol: "TCP", why: `scrape job ${job.job_name}` });
                            if (r.to.kind === "pod") {
                                const url = /^[a-z]+:\/\//.test(target) ? target : `tcp://${target}`;
                                const probed = hostPortOf(url);
                                const own = resolve(objects, pods, probed.host, probed.port, r.to.namespace);
                                for (const t of own.length > 0 ? own : [{ to: ANYWHERE, port: 0 }]) {
                                    needed.push({ from: r.to, ...t, protocol: "TCP", why: `probe ${job.job_name}` });
                                }
                            }
                        }
                        continue;
                    }
                    const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target)!;
                    needed.push({ from: prometheus, to: { kind: "address", name: m[1], ip: m[1] }, port: Number(m[2]), protocol: "TCP", why: `scrape job ${job.job_name}` });
                }
            }
            // Discovery itself asks the API server.
            if ((job.kubernetes_sd_configs ?? []).length > 0) {
                needed.push({ from: prometheus, to: API_SERVER, port: 6443, protocol: "TCP", why: "service discovery" });
            }
        }
        for (const am of config.alerting?.alertmanagers ?? []) {
            for (const sd of am.kubernetes_sd_configs ?? []) {
                for (const t of endpointTargets(objects, pods, sd, am.relabel_configs ?? [])) {
                    needed.push({ from: prometheus, ...t, why: "alert delivery" });
                }
            }
        }
        for (const rw of config.remote_write ?? []) {
            needed.push({ from: prometheus, to: OUTSIDE, port: hostPortOf(rw.url).port, protocol: "TCP", why: "remote write" });
        }
    }

    for (const { namespace, text, pod: grafana } of configMapData(objects, pods, "datasources.yaml")) {
        for (const ds of parse(text).datasources ?? []) {
            const { host, port } = hostPortOf(ds.url);
            for (const r of resolve(objects, pods, host, port, namespace)) {
                needed.push({ from: grafana, ...r, protocol: "TCP", why: `Grafana data source ${ds.name}` });
            }
        }
    }

    // grafana.ini (grafana.sso, grafana.plugins): Grafana's server asks the identity provider for tokens and user info, and grafana.com for plugins.
    for (const { text, pod: grafana } of configMapData(objects, pods, "grafana.ini")) {
        for (const [, key, url] of text.matchAll(/^(token_url|api_url) = (https?:\/\/\S+)$/gm)) {
            needed.push({ from: grafana, to: OUTSIDE, port: hostPortOf(url).port, protocol: "TCP", why: `Grafana's identity provider (${key})` });
        }
        if (/^preinstall_sync = /m.test(text)) {
            needed.push({ from: grafana, to: OUTSIDE, port: 443, protocol: "TCP", why: "Grafana's plugin downloads from grafana.com" });
        }
    }

    // The auth gateway's nginx proxies to the server its proxy_pass names; oauth2-proxy's issuer is outside.
    for (const { namespace, text, pod: gateway } of configMapData(objects, pods, "nginx.conf")) {
        for (const [, url] of text.matchAll(/^\s*proxy_pass (https?:\/\/[^;]+);/gm)) {
            const { host, port } = hostPortOf(url);
            for (const r of resolve(objects, pods, host, port, namespace)) {
                if (r.to !== OUTSIDE || host !== "127.0.0.1") {
                    needed.push({ from: gateway, ...r, protocol: "TCP", why: `proxy_pass ${url} of ${gateway.name}` });
                }
            }
        }
        for (const c of gateway.podSpec?.containers ?? []) {
            for (const arg of c.args ?? []) {
                const issuer = /^--oidc-issuer-url=(.*)$/.exec(arg)?.[1];
                if (issuer) {
                    needed.push({ from: gateway, to: OUTSIDE, port: hostPortOf(issuer).port, protocol: "TCP", why: "oauth2-proxy's identity provider" });
                }
            }
        }
    }

    for (const { namespace, text, pod: agent } of configMapData(objects, pods, "output.conf")) {
        const host = /^\s*host\s+(\S+)/m.exec(text)![1];
        const port = Number(/^\s*port\s+(\d+)/m.exec(text)![1]);
        for (const r of resolve(objects, pods, host, port, namespace)) {
            needed.push({ from: agent, ...r, protocol: "TCP", why: "log shipping" });
        }
    }

    for (const pod of pods) {
        for (const c of pod.podSpec?.containers ?? []) {
            for (const arg of c.args ?? []) {
                const url = /^--prometheus-url=(.*)$/.exec(arg)?.[1];
                if (url) {
                    const { host, port } = hostPortOf(url);
                    for (const r of resolve(objects, pods, host, port, pod.namespace)) {
                        needed.push({ from: pod, ...r, protocol: "TCP", why: "the adapter's queries" });
                    }
                }
                // elasticsearch_exporter asks the store it names for its stats.
                const store = /^--es\.uri=(.*)$/.exec(arg)?.[1];
                if (store) {
                    const { host, port } = hostPortOf(store);
                    for (const r of resolve(objects, pods, host, port, pod.namespace)) {
                        needed.push({ from: pod, ...r, protocol: "TCP", why: `--es.uri of ${pod.name}` });
                    }
                }
                const peer = /^--cluster\.peer=(.*):(\d+)$/.exec(arg);
                if (peer) {
                    for (const protocol of ["TCP", "UDP"]) {
                        needed.push({ from: pod, to: pod, port: Number(peer[2]), protocol, why: "Alertmanager gossip" });
                    }
                }
                // Receivers' URLs are secrets, so any destination and port (docs/security.md).
                if (/^--config\.file=.*alertmanager/.test(arg)) {
                    needed.push({ from: pod, to: ANYWHERE, port: 0, protocol: "TCP", why: "Alertmanager receivers" });
                }
            }
        }
        // The URLs Kibana (ELASTICSEARCH_HOSTS) and the curl jobs (SEARCH_URL, KIBANA_URL) call.
        for (const c of pod.podSpec?.containers ?? []) {
            for (const e of c.env ?? []) {
                if (["ELASTICSEARCH_HOSTS", "SEARCH_URL", "KIBANA_URL"].includes(e.name) && typeof e.value === "string") {
                    const { host, port } = hostPortOf(e.value);
                    for (const r of resolve(objects, pods, host, port, pod.namespace)) {
                        needed.push({ from: pod, ...r, protocol: "TCP", why: `${e.name} of ${pod.name}` });
                    }
                }
            }
        }
        // OpenSearch Dashboards reads its store's URLs from opensearch_dashboards.yml (opensearch.hosts), in a ConfigMap it mounts.
        for (const v of pod.podSpec?.volumes ?? []) {
            const cm: any = v.configMap && objects.find((o: any) => o.kind === "ConfigMap" && o.metadata.name === v.configMap.name && o.metadata.namespace === pod.namespace);
            const key = "opensearch_dashboards.yml";
            const mounted = v.configMap && (v.configMap.items === undefined || v.configMap.items.some((i: any) => i.key === key));
            const file = mounted ? cm?.data?.[key] : undefined;
            for (const url of file ? ((parse(file)["opensearch.hosts"] ?? []) as string[]) : []) {
                const { host, port } = hostPortOf(url);
                for (const r of resolve(objects, pods, host, port, pod.namespace)) {
                    needed.push({ from: pod, ...r, protocol: "TCP", why: `opensearch.hosts of ${pod.name}` });
                }
            }
        }
        if (!pod.hostNetwork) {
            needed.push({ from: pod, to: DNS_POD, port: 53, protocol: "UDP", why: "DNS" }, { from: pod, to: DNS_POD, port: 53, protocol: "TCP", why: "DNS" });
        }
        if (mountsToken(objects, pod)) {
            needed.push({ from: pod, to: API_SERVER, port: 6443, protocol: "TCP", why: "its API calls" }, { from: pod, to: API_SERVER, port: 443, protocol: "TCP", why: "its API calls" });
        }
    }

    for (const api of objects.filter((o: any) => o.kind === "APIService" && o.spec?.service) as any[]) {
        for (const r of resolve(objects, pods, `${api.spec.service.name}.${api.spec.service.namespace}.svc`, api.spec.service.port ?? 443, api.spec.service.namespace)) {
            // The API server's address cannot be selected, so the port admits any source (docs/security.md).
            needed.push({ from: ANYWHERE, ...r, protocol: "TCP", why: `APIService ${api.metadata.name}` });
        }
    }

    for (const ing of objects.filter((o) => o.kind === "Ingress") as any[]) {
        for (const rule of ing.spec.rules ?? []) {
            for (const path of rule.http?.paths ?? []) {
                const b = path.backend.service;
                for (const r of resolve(objects, pods, `${b.name}.${ing.metadata.namespace}.svc`, b.port.number, ing.metadata.namespace)) {
                    for (const source of ingressSources) {
                        needed.push({ from: source, ...r, protocol: "TCP", why: `Ingress ${ing.metadata.name}` });
                    }
                }
            }
        }
    }
    return needed;
}

/**
 * The OTLP pushes a rendered Prometheus takes: while a Prometheus container's args switch its
 * receiver on (3.x's --web.enable-otlp-receiver, or 2.x's otlp-write-receiver feature), a pod of
 * each of `pusherNamespaces` (the stack file's metrics.otlp.namespaces) reaches its web port.
 */
export function otlpPushes(objects: readonly KubernetesObject[], pusherNamespaces: readonly string[]): Connection[] {
    const needed: Connection[] = [];
    for (const pod of podsOf(objects)) {
        for (const c of pod.podSpec?.containers ?? []) {
            const args: string[] = c.args ?? [];
            const on = args.includes("--web.enable-otlp-receiver") || args.some((a) => a.startsWith("--enable-feature=") && a.slice(17).split(",").includes("otlp-write-receiver"));
            const web = (c.ports ?? []).find((p: any) => p.name === "web");
            if (on && web) {
                needed.push(...pusherNamespaces.map((ns) => ({ from: stranger(ns), to: pod, port: web.containerPort, protocol: "TCP", why: "an OTLP push" })));
            }
        }
    }
    return needed;
}

export function endName(e: End): string {
    return e.kind === "pod" ? `${e.namespace}/${e.name}` : e.name;
}

export function describeConnection(c: Connection): string {
    return `${endName(c.from)} -> ${endName(c.to)}:${c.port}/${c.protocol} (${c.why})`;
}

/** The needed connections that the policies block. */
export function blockedNeeds(objects: readonly KubernetesObject[], needed: readonly Connection[]): Connection[] {
    const policies = objects.filter((o) => o.kind === "NetworkPolicy");
    const probe = (c: Connection): End => (c.to === ANYWHERE ? OUTSIDE : c.to);
    const source = (c: Connection): End => (c.from === ANYWHERE ? API_SERVER : c.from);
    return needed.filter((c) => !allowed(policies, source(c), probe(c), c.port || 8080, c.protocol));
}

/**
 * Connections the policies allow that nothing needs: from each of the stack's pods, a stranger
 * pod in every namespace, the API server and a host outside, to each port of each of the stack's
 * pods; and from each pod to a stranger pod, a node and a host outside on ports nothing uses.
 */
export function unneededAllowed(objects: readonly KubernetesObject[], needed: readonly Connection[], moreNamespaces: readonly string[] = []): Connection[] {
    const policies = objects.filter((o) => o.kind === "NetworkPolicy");
    const pods = podsOf(objects);
    const namespaces = [...new Set([...pods.map((p) => p.namespace), "default", "kube-system", ...moreNamespaces])];
    const sources: End[] = [...pods, ...namespaces.map(stranger), API_SERVER, OUTSIDE];
    const key = (from: End, to: End, port: number, protocol: string) => `${endName(from)}>${endName(to)}:${port}/${protocol}`;
    const needs = new Set(needed.map((c) => key(c.from, c.to, c.port, c.protocol)));
    const isNeeded = (from: End, to: End, port: number, protocol: string) =>
        needs.has(key(from, to, port, protocol)) || needs.has(key(from, to, 0, protocol)) || needs.has(key(from, ANYWHERE, 0, protocol)) || needs.has(key(ANYWHERE, to, port, protocol));
    const extra: Connection[] = [];
    // Every port a policy names is probed too, towards every pod, not only the ports the pods
    // declare: a rule that opens a port no container lists would otherwise go unseen.
    const opened = policyPorts(policies);
    for (const to of pods) {
        const declared = new Set(to.ports.map((p) => `${p.number}/${p.protocol}`));
        for (const port of [...to.ports, ...opened.filter((p) => !declared.has(`${p.number}/${p.protocol}`))]) {
            for (const from of sources) {
                if (allowed(policies, from, to, port.number, port.protocol) && !isNeeded(from, to, port.number, port.protocol)) {
                    extra.push({ from, to, port: port.number, protocol: port.protocol, why: "allowed, not needed" });
                }
            }
        }
    }
    // Ports nothing of the stack uses, and every port a policy names that the pod itself never
    // needs, towards what is not one of its pods. A port the pod does need towards an address
    // (the API server's 443, a node's 9100) is open to every address by the nature of an ipBlock
    // rule, since those addresses are not known when the policy is written (docs/security.md).
    const probes = [{ number: 22, protocol: "TCP" }, { number: 5432, protocol: "TCP" }, ...opened];
    for (const from of pods) {
        const uses = new Set([
            ...needed.filter((c) => c.from === from || (c.from.kind === "pod" && endName(c.from) === endName(from))).map((c) => `${c.port}/${c.protocol}`),
            ...portsOutsideTheRender(objects, from).map((port) => `${port}/TCP`),
        ]);
        for (const to of [...namespaces.map(stranger), NODE, OUTSIDE, API_SERVER] as End[]) {
            for (const { number: port, protocol } of probes.filter((p) => !uses.has(`${p.number}/${p.protocol}`))) {
                if (allowed(policies, from, to, port, protocol) && !isNeeded(from, to, port, protocol)) {
                    extra.push({ from, to, port, protocol, why: "allowed, not needed" });
                }
            }
        }
    }
    return extra;
}

/**
 * Ports a pod connects to on addresses the render does not hold: the ports Prometheus' jobs
 * write into `__address__` or keep it to (the control plane's static pods and kube-proxy on the
 * nodes' addresses, CoreDNS behind kube-dns), and the http and https ports of the URLs the blackbox exporter is handed at each
 * probe (teams' Services and Ingresses, docs/monitor-your-app.md). Read from the rendered
 * configuration and the pod's image, not from the policies.
 */
function portsOutsideTheRender(objects: readonly KubernetesObject[], from: End): number[] {
    if (from.kind !== "pod") return [];
    const images: string[] = (from.podSpec?.containers ?? []).map((c: any) => String(c.image));
    if (images.some((i) => /blackbox-exporter/.test(i))) return [80, 443];
    const prometheusYml = objects
        .filter((o: any) => o.kind === "ConfigMap" && o.metadata.namespace === from.namespace && o.data?.["prometheus.yml"])
        .map((o: any) => o.data["prometheus.yml"] as string)
        .find(() => images.some((i) => /\/prometheus:/.test(i)));
    if (prometheusYml === undefined) return [];
    const jobs: any[] = parse(prometheusYml).scrape_configs ?? [];
    // A port written into the address, or the one port a keep on the address lets through (CoreDNS' 9153 on kube-dns's endpoints).
    return jobs.flatMap((j) =>
        (j.relabel_configs ?? [])
            .map((r: any) =>
                r.target_label === "__address__" && typeof r.replacement === "string"
                    ? /:(\d+)$/.exec(r.replacement)?.[1]
                    : r.action === "keep" && (r.source_labels ?? []).join() === "__address__"
                      ? /:(\d+)$/.exec(String(r.regex))?.[1]
                      : undefined,
            )
            .filter((p: string | undefined): p is string => p !== undefined)
            .map(Number),
    );
}

/** The numbered ports (both ends of a range) that any ingress or egress rule of the policies names. */
export function policyPorts(policies: readonly any[]): { number: number; protocol: string }[] {
    const found = new Map<string, { number: number; protocol: string }>();
    for (const policy of policies) {
        for (const rule of [...(policy.spec?.ingress ?? []), ...(policy.spec?.egress ?? [])]) {
            for (const p of rule.ports ?? []) {
                const protocol = p.protocol ?? "TCP";
                for (const number of [p.port, p.endPort]) {
                    if (typeof number === "number") found.set(`${number}/${protocol}`, { number, protocol });
                }
            }
        }
    }
    return [...found.values()];
}
