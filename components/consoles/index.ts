import * as k8s from "@pulumi/kubernetes";
import { ALERTMANAGER_KEY, Settings, wayIn, wayInUrl } from "../../config";
import { alertmanagerService } from "../alertmanager/service";
import { webScheme as alertmanagerScheme } from "../alertmanager/layout";
import { grafanaService, grafanaUrl } from "../grafana/service";
import { kibanaService } from "../search-store/kibana/deployment";
import { webScheme } from "../prometheus/layout";
import { headlessService } from "../prometheus/service";
import { alertmanagerServer } from "../alertmanager/replicas";

/** A user interface the stack deploys and how a person reaches it. */
export interface Console {
    readonly title: string;
    readonly namespace: string;
    readonly service: string;
    readonly port: number;
    /** What the Service's port speaks, so the local address after a port-forward is right. */
    readonly scheme: "http" | "https";
    /** The path the UI answers on, after the port-forward. */
    readonly path: string;
    /** Its address through an Ingress, when the stack gives it one. */
    readonly url?: string;
}

/**
 * Derived from the very Service objects the components create, so a renamed Service or a moved
 * port changes what the access command prints too.
 */
function consoleOf(title: string, service: k8s.types.input.core.v1.Service, path: string, url?: string, scheme: Console["scheme"] = "http"): Console {
    const metadata = service.metadata as { name: string; namespace: string };
    const port = (service.spec as { ports: { port: number }[] }).ports[0].port;
    return { title, namespace: metadata.namespace, service: metadata.name, port, scheme, path, ...(url ? { url } : {}) };
}

/** Every UI of the stack, in the order a newcomer opens them. */
export function consoles(s: Settings): Console[] {
    const list: Console[] = [];
    if (s.grafana.enabled) {
        const g = s.grafana;
        list.push(consoleOf("Grafana", grafanaService(g), "/", g.ingress || g.httpRoute ? grafanaUrl(g) : undefined));
    }
    list.push(consoleOf("Prometheus", headlessService(s.metrics), s.metrics.routePrefix, s.metrics.ingress || s.metrics.httpRoute ? s.metrics.externalUrl : undefined, webScheme(s.metrics)));
    if (s.alertmanager.enabled) {
        const a = alertmanagerServer(s);
        const way = wayIn(ALERTMANAGER_KEY, a);
        const url = way ? wayInUrl(way) : undefined;
        list.push(consoleOf("Alertmanager", alertmanagerService(a), "/", url, alertmanagerScheme(a)));
    }
    if (s.searchStore.enabled && s.searchStore.kibana.enabled) {
        list.push(consoleOf("Kibana", kibanaService(s.searchStore), "/"));
    }
    return list;
}
