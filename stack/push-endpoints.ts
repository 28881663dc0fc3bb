import { parse } from "yaml";
import { KubernetesObject } from "../validate/kubernetes-object";

/**
 * The in-cluster push endpoints of a render (issue #46: the checklist's ways in come from the
 * render, every route and push endpoint among them): a Prometheus whose container runs an OTLP
 * receiver, and a Pushgateway. Each is read from the rendered objects alone: the receiver's flag
 * in the container's arguments (`--web.enable-otlp-receiver`, or the otlp-write-receiver feature
 * of 2.47 to 2.55), the Service that selects the pod, whether the server reads a web config
 * (`--web.config.file`: its basic auth; TLS where the render's own job scrapes that port over
 * https), and the namespaces the NetworkPolicies admit to
 * that port. It names no component: what a push endpoint is, is what the objects say.
 */
export interface PushEndpoint {
    url: string;
    /** What receives the pushes, as the objects show it. */
    what: string;
    /** "Service <ns>/<name>:<port>" */
    via: string;
    /** Where the NetworkPolicies admit pushes from: namespaces, or a warning. */
    from: string;
    /** Who may push, as the objects show it, or a warning. */
    auth: string;
}

const OTLP_PATH = "/api/v1/otlp/v1/metrics";
const PUSHGATEWAY_PATH = "/metrics/job/<job>";

function receives(container: any): { what: string; path: string; port: any } | undefined {
    const args: string[] = [...(container.command ?? []), ...(container.args ?? [])].filter((a: unknown): a is string => typeof a === "string");
    const otlp = args.includes("--web.enable-otlp-receiver") || args.some((a) => a.startsWith("--enable-feature=") && a.slice("--enable-feature=".length).split(",").includes("otlp-write-receiver"));
    const ports: any[] = container.ports ?? [];
    if (otlp) {
        return { what: "Prometheus' OTLP receiver", path: OTLP_PATH, port: ports.find((p) => p.name === "web") ?? ports[0] };
    }
    if (/(^|\/)pushgateway[:@]/.test(String(container.image))) {
        return { what: "the Pushgateway", path: PUSHGATEWAY_PATH, port: ports[0] };
    }
    return undefined;
}

const selects = (selector: Record<string, string> | undefined, labels: Record<string, string>) =>
    selector !== undefined && Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** The namespaces the policies' ingress rules admit to `port` of pods with `labels` in `namespace`; "any" when a rule names no peer. */
function admittedFrom(objects: readonly KubernetesObject[], namespace: string, labels: Record<string, string>, port: any): string[] | "any" | "none" {
    const policies = objects.filter((o: any) => o.kind === "NetworkPolicy" && o.metadata.namespace === namespace && (Object.keys(o.spec?.podSelector?.matchLabels ?? {}).length === 0 || selects(o.spec.podSelector.matchLabels, labels)));
    if (policies.length === 0) {
        return "any";
    }
    const found = new Set<string>();
    for (const policy of policies as any[]) {
        for (const rule of policy.spec?.ingress ?? []) {
            const onPort = rule.ports === undefined || rule.ports.some((p: any) => p.port === port.containerPort || p.port === port.name);
            if (!onPort) continue;
            if (rule.from === undefined || rule.from.length === 0) return "any";
            for (const peer of rule.from) {
                const ns = peer.namespaceSelector?.matchLabels?.["kubernetes.io/metadata.name"];
                // A peer with a pod selector alone is the policy's own namespace.
                const name = ns ?? (peer.namespaceSelector === undefined && peer.podSelector ? namespace : undefined);
                if (name !== undefined && !(peer.podSelector && Object.keys(peer.podSelector.matchLabels ?? {}).length > 0)) found.add(name);
            }
        }
    }
    return found.size > 0 ? [...found].sort() : "none";
}

/**
 * The scheme the port speaks, as the render's own scrape jobs reach it: a job that keeps exactly
 * this Service's port and scrapes it over https (the self-scrape of a server with a TLS web
 * config); http otherwise, since nothing else in the objects says the port serves TLS.
 */
function schemeOf(objects: readonly KubernetesObject[], namespace: string, service: string, port: string | undefined): "http" | "https" {
    const jobs = objects
        .filter((o: any) => o.kind === "ConfigMap" && typeof o.data?.["prometheus.yml"] === "string")
        .flatMap((o: any) => (parse(o.data["prometheus.yml"])?.scrape_configs ?? []) as any[]);
    const reaches = (job: any) =>
        (job.relabel_configs ?? []).some(
            (r: any) => r.action === "keep" && (r.source_labels ?? [])[0] === "__meta_kubernetes_service_name" && r.regex === `${service};${port}`,
        ) && (job.kubernetes_sd_configs ?? []).some((sd: any) => (sd.namespaces?.names ?? [namespace]).includes(namespace));
    return jobs.some((j) => reaches(j) && j.scheme === "https") ? "https" : "http";
}

export function pushEndpoints(objects: readonly KubernetesObject[]): PushEndpoint[] {
    const found: PushEndpoint[] = [];
    for (const workload of objects.filter((o: any) => ["StatefulSet", "Deployment"].includes(o.kind)) as any[]) {
        const template = workload.spec?.template ?? {};
        const labels: Record<string, string> = template.metadata?.labels ?? {};
        for (const container of template.spec?.containers ?? []) {
            const receiver = receives(container);
            if (receiver === undefined || receiver.port === undefined) continue;
            const namespace: string = workload.metadata.namespace;
            const service: any = objects.find((o: any) => o.kind === "Service" && o.metadata.namespace === namespace && selects(o.spec?.selector, labels));
            const servicePort = (service?.spec?.ports ?? []).find((p: any) => p.targetPort === receiver.port.name || p.targetPort === receiver.port.containerPort || p.port === receiver.port.containerPort);
            const args: string[] = [...(container.command ?? []), ...(container.args ?? [])].filter((a: unknown): a is string => typeof a === "string");
            const webConfig = args.some((a) => a.startsWith("--web.config.file="));
            const host = service ? `${service.metadata.name}.${namespace}.svc` : `${workload.metadata.name} (no Service selects it)`;
            const port = servicePort?.port ?? receiver.port.containerPort;
            const from = admittedFrom(objects, namespace, labels, receiver.port);
            const scheme = service && servicePort ? schemeOf(objects, namespace, service.metadata.name, servicePort.name) : "http";
            found.push({
                url: `${scheme}://${host}:${port}${receiver.path}`,
                what: `${receiver.what} (${workload.kind} ${namespace}/${workload.metadata.name})`,
                via: service ? `Service ${namespace}/${service.metadata.name}:${port}` : "no Service",
                from: from === "any" ? "WARNING any pod: no NetworkPolicy limits who may push" : from === "none" ? "no namespace: no NetworkPolicy rule admits pushes" : `namespaces ${from.join(", ")} (NetworkPolicy)`,
                auth: webConfig ? "the server's web config (--web.config.file): its basic auth user" : "WARNING none: nothing the rendered objects show authenticates a push; only the NetworkPolicy limits who may",
            });
        }
    }
    return found;
}
