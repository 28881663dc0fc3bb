import { indexPatternJobName, KIBANA_PORT } from "../search-store/kibana/layout";
import { retentionName } from "../search-store/log-retention/layout";
import { indexTemplateJobName } from "../search-store/index-template/layout";
import { Settings } from "../../config";
import { CLUSTER_PORT, WEB_PORT as ALERTMANAGER_WEB_PORT } from "../alertmanager/layout";
import { alertmanagerServer } from "../alertmanager/replicas";
import { HTTP_PORT as GRAFANA_PORT } from "../grafana/layout";
import { ssoEgressPorts } from "../grafana/sso";
import { isIP } from "node:net";
import { WEB_PORT } from "../prometheus/layout";
import { ScrapeReach } from "../common/scrape/reach";
import { ScrapeJob } from "../common/scrape/scrape-job";
import { SECURE_PORT } from "../resource-metrics/layout";
import { elasticsearchExporterName, HTTP_PORT as SEARCH_PORT } from "../search-store/layout";
import { HTTP_PORT as GATEWAY_PORT } from "../auth-gateway/layout";
import { proxiedIngresses } from "./workloads";
import { HTTP_PORT as LONG_TERM_STORE_PORT } from "../long-term-store/layout";
import { isCentral, VMAUTH, vmauthName } from "../long-term-store/vmauth";
import { API_SERVER_PORTS, DNS_PORTS, Flow, FlowPort, Peer, tcp, udp, Workload } from "./model";

const workloadPeer = (w: Pick<Workload, "name" | "namespace">): Peer => ({ kind: "workload", name: w.name, namespace: w.namespace });

function matches(labels: Record<string, string>, selector: Record<string, string>): boolean {
    return Object.entries(selector).every(([k, v]) => labels[k] === v);
}

/** Where a scrape job's reach lands: one of our workloads when it names one, else what it says. */
function reachPeer(r: ScrapeReach, workloads: readonly Workload[]): { to: Peer; ports: FlowPort[] } {
    switch (r.kind) {
        case "service": {
            const w = workloads.find((x) => x.namespace === r.namespace && x.services.includes(r.name));
            return w ? { to: workloadPeer(w), ports: [tcp(r.port)] } : { to: { kind: "namespaces", namespaces: [r.namespace] }, ports: [] };
        }
        case "pods": {
            const w = workloads.find((x) => x.namespace === r.namespace && matches(x.podLabels, r.podLabels));
            return w ? { to: workloadPeer(w), ports: [tcp(r.port)] } : { to: { kind: "namespaces", namespaces: [r.namespace] }, ports: [] };
        }
        case "namespace":
            return { to: { kind: "namespaces", namespaces: [r.namespace] }, ports: r.port === undefined ? [] : [tcp(r.port)] };
        case "allNamespaces":
            return { to: { kind: "allNamespaces" }, ports: [] };
        case "nodes":
            return { to: { kind: "nodes" }, ports: [tcp(r.port)] };
        case "apiServer":
            return { to: { kind: "apiServer" }, ports: API_SERVER_PORTS };
        case "addresses":
            return { to: { kind: "addresses", addresses: r.addresses }, ports: [tcp(r.port)] };
        case "outside":
            return { to: { kind: "outside" }, ports: [tcp(r.port)] };
    }
}

/** The port of an http(s) URL: its own, or the scheme's. */
export function urlPort(url: string): number {
    const u = new URL(url);
    return u.port !== "" ? Number(u.port) : u.protocol === "https:" ? 443 : 80;
}

/**
 * Where the search store is: the in-cluster store when the stack runs it (config/search-store.ts
 * makes the log agent ship to it then), else a host whose address a policy cannot name.
 */
function searchStore(s: Settings): { to: Peer; ports: FlowPort[] } {
    return s.searchStore.enabled
        ? { to: workloadPeer(s.searchStore), ports: [tcp(SEARCH_PORT.name)] }
        : { to: { kind: "outside" }, ports: [tcp(s.logs.search.port)] };
}

/**
 * Where an Ingress's traffic comes from: the controllers' namespaces the stack names, else any
 * address. The Ingress already publishes that port to whoever reaches the controller, so
 * admitting it from every pod loosens nothing the Ingress has not; the rest stays denied.
 */
function ingressControllers(s: Settings): Peer {
    const namespaces = s.networkPolicies.ingressControllerNamespaces;
    return namespaces.length > 0 ? { kind: "namespaces", namespaces } : { kind: "anywhere" };
}

/**
 * Where an HTTPRoute's traffic comes from: the Gateway's data plane, in the namespaces
 * networkPolicies.gatewayNamespaces lists (required while a route exists, config/gateway-route.ts).
 * Only the route's backend port admits them: the auth gateway's under proxy, else the server's.
 */
function gatewayDataPlane(s: Settings): Peer {
    const namespaces = s.networkPolicies.gatewayNamespaces;
    return namespaces.length > 0 ? { kind: "namespaces", namespaces } : { kind: "anywhere" };
}

/** Who reaches a way in: the Ingress controllers, or the Gateway's data plane. */
function wayInSource(s: Settings, via: "Ingress" | "HTTPRoute"): Peer {
    return via === "Ingress" ? ingressControllers(s) : gatewayDataPlane(s);
}

/**
 * Where a listed probe goes: one of our own workloads (`<service>[.<namespace>[.svc[...]]]`), whose
 * ingress must then admit the exporter, or a host the policies cannot name, on the probe's port.
 */
function probeTarget(target: string, workloads: readonly Workload[], probeNamespace: string): { to: Peer; port: number } {
    const url = /^[a-z]+:\/\//.test(target) ? new URL(target) : new URL(`tcp://${target}`);
    const [service, namespace = probeNamespace] = url.hostname.split(".");
    const port = url.port !== "" ? Number(url.port) : url.protocol === "https:" ? 443 : 80;
    const workload = workloads.find((w) => w.namespace === namespace && w.services.includes(service));
    return { to: workload ? workloadPeer(workload) : { kind: "anywhere" }, port };
}

/**
 * Where an extra Grafana data source is (grafana.dataSources): one of our workloads when its host
 * is `<service>[.<namespace>[.svc[...]]]` of one, any pod of that namespace when it is another
 * Service, its address when it is one, else outside (networkPolicies.outsideCidrs, or any address).
 */
function dataSourcePeer(url: string, workloads: readonly Workload[], grafanaNamespace: string): { to: Peer; port: number } {
    const u = /^[a-z]+:\/\//.test(url) ? new URL(url) : new URL(`tcp://${url}`);
    const host = u.hostname.replace(/^\[|\]$/g, "");
    const port = u.port !== "" ? Number(u.port) : u.protocol === "https:" ? 443 : 80;
    if (isIP(host) !== 0) {
        return { to: { kind: "addresses", addresses: [host] }, port };
    }
    const parts = host.split(".");
    const inCluster = parts.length === 1 || parts.length === 2 || parts[2] === "svc";
    if (!inCluster) {
        return { to: { kind: "outside" }, port };
    }
    const [service, namespace = grafanaNamespace] = parts;
    const workload = workloads.find((w) => w.namespace === namespace && w.services.includes(service));
    return { to: workload ? workloadPeer(workload) : { kind: "namespaces", namespaces: [namespace] }, port };
}

/**
 * Every connection the stack's workloads need, and only those. The scrape flows come from the
 * scrape jobs' declared reach, so a new job brings its flow with it.
 */
export function requiredFlows(s: Settings, workloads: readonly Workload[], scrapeJobs: readonly ScrapeJob[]): Flow[] {
    const prometheus = workloadPeer(s.metrics);
    const flows: Flow[] = [];
    const add = (from: Peer, to: Peer, ports: FlowPort[], why: string) => flows.push({ from, to, ports, why });

    for (const job of scrapeJobs) {
        for (const reach of job.reaches) {
            const { to, ports } = reachPeer(reach, workloads);
            add(prometheus, to, ports, `scrape job ${job.config.job_name}`);
        }
    }
    add(prometheus, { kind: "apiServer" }, API_SERVER_PORTS, "Kubernetes service discovery");
    for (const target of s.metrics.remoteWrite) {
        add(prometheus, { kind: "outside" }, [tcp(urlPort(target.url))], "remote write");
        // Where each auth kind gets its token (docs/long-term-storage.md#authentication).
        if (target.oauth2) {
            add(prometheus, { kind: "outside" }, [tcp(urlPort(target.oauth2.tokenUrl))], "remote write's OAuth2 token endpoint");
        }
        if (target.sigv4 || target.azureAd) {
            add(prometheus, { kind: "outside" }, [tcp(443)], target.sigv4 ? "remote write's AWS STS (roleArn, the pod's cloud identity)" : "remote write's Azure AD token endpoint");
        }
        if (target.azureAd?.managedIdentity) {
            add(prometheus, { kind: "outside" }, [tcp(80)], "remote write's managed identity, from the node's instance metadata service (169.254.169.254)");
        }
    }
    // The in-cluster store takes every replica's writes; its scrape flow comes from its job above.
    const longTermStore = s.longTermStore.enabled ? workloadPeer(s.longTermStore) : undefined;
    if (longTermStore) {
        add(prometheus, longTermStore, [tcp(LONG_TERM_STORE_PORT.name)], "remote write to the long-term store");
        const backup = s.longTermStore.backup;
        if (backup) {
            add(longTermStore, { kind: "outside" }, [tcp(backup.endpoint ? urlPort(backup.endpoint) : 443)], "backups to S3");
        }
    }
    if (longTermStore && isCentral(s.longTermStore)) {
        // Edges write from other clusters, through the Ingress controller or whatever publishes vmauth; vmauth checks each one's password.
        const vmauth = workloadPeer({ name: vmauthName(s.longTermStore), namespace: s.longTermStore.namespace });
        add(ingressControllers(s), vmauth, [tcp(VMAUTH.port.name)], "edges' remote writes, through vmauth");
        add(vmauth, longTermStore, [tcp(LONG_TERM_STORE_PORT.name)], "vmauth forwards the edges' writes");
    }
    // metrics.otlp: the pushers' namespaces reach the web port, where they log in (docs/otlp.md#who-may-push).
    const pushers = s.metrics.otlp?.enabled ? (s.metrics.otlp.namespaces ?? []) : [];
    if (pushers.length > 0) {
        add({ kind: "namespaces", namespaces: [...pushers] }, prometheus, [tcp(WEB_PORT.name)], "OTLP pushes (metrics.otlp.namespaces)");
    }
    if (s.metrics.ingress && !s.metrics.ingress.auth?.proxy) {
        add(ingressControllers(s), prometheus, [tcp(WEB_PORT.name)], "Prometheus' Ingress");
    }
    if (s.metrics.httpRoute && !s.metrics.httpRoute.auth?.proxy) {
        add(gatewayDataPlane(s), prometheus, [tcp(WEB_PORT.name)], "Prometheus' HTTPRoute, from the Gateway's data plane");
    }
    // An Ingress whose auth is proxy reaches the gateway only; the server admits the gateway, not the controller.
    for (const g of proxiedIngresses(s)) {
        const gateway = workloadPeer(g);
        add(wayInSource(s, g.via), gateway, [tcp(GATEWAY_PORT.name)], `${g.product}'s ${g.via}, through its auth gateway`);
        add(gateway, workloadPeer(g.server), [tcp(g.serverPort)], `the auth gateway's requests to ${g.product}`);
        if (g.issuerUrl !== undefined) {
            // A policy cannot name a host: the identity provider is outside, on its URL's port (networkPolicies.outsideCidrs narrows it).
            add(gateway, { kind: "outside" }, [tcp(urlPort(g.issuerUrl))], "oauth2-proxy's OIDC discovery, token and key requests to the identity provider");
        }
    }

    const am = alertmanagerServer(s);
    if (am.enabled) {
        const alertmanager = workloadPeer(am);
        add(prometheus, alertmanager, [tcp(ALERTMANAGER_WEB_PORT.name)], "alert delivery to Alertmanager");
        if (am.ingress && !am.ingress.auth?.proxy) {
            add(ingressControllers(s), alertmanager, [tcp(ALERTMANAGER_WEB_PORT.name)], "Alertmanager's Ingress");
        }
        if (am.httpRoute && !am.httpRoute.auth?.proxy) {
            add(gatewayDataPlane(s), alertmanager, [tcp(ALERTMANAGER_WEB_PORT.name)], "Alertmanager's HTTPRoute, from the Gateway's data plane");
        }
        if (am.replicas >= 2) {
            add(alertmanager, alertmanager, [tcp(CLUSTER_PORT.number), udp(CLUSTER_PORT.number)], "the Alertmanager gossip mesh");
        }
        // Receivers' URLs are secrets and may name any host and port, inside the cluster or out.
        add(alertmanager, { kind: "anywhere" }, [], "notifications to the receivers");
    }

    const g = s.grafana;
    if (g.enabled) {
        const grafana = workloadPeer(g);
        add(grafana, prometheus, [tcp(WEB_PORT.name)], "Grafana's Prometheus data source");
        if (longTermStore) {
            add(grafana, longTermStore, [tcp(LONG_TERM_STORE_PORT.name)], "Grafana's long-term store data source");
        }
        const store = searchStore(s);
        add(grafana, store.to, store.ports, "Grafana's Elasticsearch data source");
        if (am.enabled) {
            add(grafana, workloadPeer(am), [tcp(ALERTMANAGER_WEB_PORT.name)], "Grafana's Alertmanager data source");
        }
        if (g.ingress) {
            add(ingressControllers(s), grafana, [tcp(GRAFANA_PORT.name)], "Grafana's Ingress");
        }
        if (g.httpRoute) {
            add(gatewayDataPlane(s), grafana, [tcp(GRAFANA_PORT.name)], "Grafana's HTTPRoute, from the Gateway's data plane");
        }
        if (g.teamDashboards) {
            // The sidecar's list and watch of labelled ConfigMaps; nothing else: a ConfigMap key ending in .url
            // makes it fetch that address (without credentials), which this policy leaves unreachable outside the flows above.
            add(grafana, { kind: "apiServer" }, API_SERVER_PORTS, "the team dashboards sidecar's list and watch of labelled ConfigMaps");
        }
        // Written exceptions, each there only while its setting is (docs/security.md#network-policies): a policy
        // cannot name a host, so grafana.com and the identity provider are outside, on their ports.
        if (g.plugins) {
            add(grafana, { kind: "outside" }, [tcp(443)], "plugin downloads from grafana.com (grafana.plugins)");
        }
        if (g.sso) {
            add(grafana, { kind: "outside" }, ssoEgressPorts(g.sso).map(tcp), `single sign-on: token and user-info requests to the identity provider (grafana.sso, ${g.sso.provider})`);
        }
        for (const d of g.dataSources ?? []) {
            const { to, port } = dataSourcePeer(d.url, workloads, g.namespace);
            add(grafana, to, [tcp(port)], `Grafana's data source ${d.name} (grafana.dataSources)`);
        }
    }

    const agent = workloadPeer({ name: s.logs.daemonSetName, namespace: s.logs.namespace });
    const store = searchStore(s);
    add(agent, store.to, store.ports, "log shipping");
    add(agent, { kind: "apiServer" }, API_SERVER_PORTS, "pod metadata for log records");

    if (s.nodeExporter.enabled) {
        add(workloadPeer(s.nodeExporter), { kind: "apiServer" }, API_SERVER_PORTS, "its kube-rbac-proxy's token and access reviews");
    }
    if (s.kubeStateMetrics.enabled) {
        add(workloadPeer(s.kubeStateMetrics), { kind: "apiServer" }, API_SERVER_PORTS, "watching the objects it reports");
    }
    if (s.resourceMetrics.enabled) {
        const adapter = workloadPeer(s.resourceMetrics);
        add(adapter, prometheus, [tcp(WEB_PORT.name)], "the adapter's queries");
        add(adapter, { kind: "apiServer" }, API_SERVER_PORTS, "delegated authentication and authorisation");
        add({ kind: "apiServer" }, adapter, [tcp(SECURE_PORT.name)], "the API server's calls to the metrics.k8s.io APIService");
    }

    if (s.searchStore.enabled) {
        add(workloadPeer({ name: indexTemplateJobName(s.searchStore), namespace: s.searchStore.namespace }), workloadPeer(s.searchStore), [tcp(SEARCH_PORT.name)], "installing the log indices' template");
    }
    if (s.searchStore.enabled && s.searchStore.kibana.enabled) {
        const kibana = workloadPeer({ name: s.searchStore.kibana.name, namespace: s.searchStore.namespace });
        add(kibana, workloadPeer(s.searchStore), [tcp(SEARCH_PORT.name)], "Kibana's queries");
        add(workloadPeer({ name: indexPatternJobName(s.searchStore), namespace: s.searchStore.namespace }), kibana, [tcp(KIBANA_PORT.name)], "provisioning the index pattern");
        // A public route reaches Kibana itself; under proxy the gateway's flows above carry it.
        const route = s.searchStore.kibana.httpRoute;
        if (route && !route.auth?.proxy) {
            add(gatewayDataPlane(s), kibana, [tcp(KIBANA_PORT.name)], "Kibana's HTTPRoute, from the Gateway's data plane");
        }
    }
    if (s.searchStore.enabled && s.searchStore.retention.enabled) {
        add(workloadPeer({ name: retentionName(s.searchStore), namespace: s.searchStore.namespace }), workloadPeer(s.searchStore), [tcp(SEARCH_PORT.name)], "deleting old indices");
    }
    if (s.searchStore.enabled && s.searchStore.exporter.enabled) {
        const exporter = workloadPeer({ name: elasticsearchExporterName(s.searchStore), namespace: s.searchStore.namespace });
        add(exporter, workloadPeer(s.searchStore), [tcp(SEARCH_PORT.name)], "the exporter's stats requests (--es.uri)");
    }
    if (s.blackboxExporter.enabled) {
        const exporter = workloadPeer(s.blackboxExporter);
        for (const probe of s.blackboxExporter.probes) {
            const target = probeTarget(probe.target, workloads, s.blackboxExporter.namespace);
            add(exporter, target.to, [tcp(target.port)], `probe ${probe.name}`);
        }
        const a = s.metrics.annotationDiscovery;
        if (s.blackboxExporter.probeAnnotated && (a.clusterWide || (a.namespaces ?? []).length > 0)) {
            // Annotated Services of the teams' namespaces, on whatever port they annotate; Ingresses (2.53+) by their URL, outside.
            add(exporter, a.clusterWide ? { kind: "allNamespaces" } : { kind: "namespaces", namespaces: a.namespaces ?? [] }, [], "probes of annotated Services");
            add(exporter, { kind: "outside" }, [tcp(80), tcp(443)], "probes of annotated Ingresses");
        }
    }
    if (s.eventCollector.enabled) {
        add(workloadPeer(s.eventCollector), { kind: "apiServer" }, API_SERVER_PORTS, "the event collector's list and watch of events");
    }

    for (const w of workloads.filter((x) => !x.hostNetwork)) {
        add(workloadPeer(w), { kind: "dns" }, DNS_PORTS, "name resolution");
    }
    return flows;
}
