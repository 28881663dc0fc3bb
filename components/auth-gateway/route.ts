import { AuthenticatedHttpRouteSettings, HttpRouteSettings } from "../../config";
import { gatewayName, HTTP_PORT } from "./layout";
import { PublishedServer } from "./ingress";

/** The API version of every route the program renders: Gateway API's standard channel, GA since v1.0 (docs/gateway-api.md). */
export const HTTP_ROUTE_API_VERSION = "gateway.networking.k8s.io/v1";

/** An HTTPRoute as the program renders it: a plain object, checked against the Gateway API schema in tests/kubernetes-schema.test.ts. */
export interface HttpRouteObject {
    apiVersion: typeof HTTP_ROUTE_API_VERSION;
    kind: "HTTPRoute";
    metadata: { name: string; namespace: string };
    spec: {
        parentRefs: { name: string; namespace: string; sectionName: string }[];
        hostnames: string[];
        rules: { matches: { path: { type: "PathPrefix"; value: string } }[]; backendRefs: { name: string; port: number }[] }[];
    };
}

/**
 * One route for one host and every path, to one Service: the component's own, or under
 * auth.proxy the auth gateway's, never the server's. TLS and which namespaces may attach belong to
 * the Gateway's listener that sectionName names; the route carries neither.
 */
export function httpRoute(name: string, namespace: string, route: HttpRouteSettings, backend: { name: string; port: number }): HttpRouteObject {
    return {
        apiVersion: HTTP_ROUTE_API_VERSION,
        kind: "HTTPRoute",
        metadata: { name, namespace },
        spec: {
            parentRefs: route.parentRefs.map((p) => ({ name: p.name, namespace: p.namespace, sectionName: p.sectionName })),
            hostnames: [route.hostname],
            rules: [{ matches: [{ path: { type: "PathPrefix", value: "/" } }], backendRefs: [backend] }],
        },
    };
}

/** The HTTPRoute of a server people reach from outside (Prometheus, Alertmanager): to its auth gateway under auth.proxy, else to the server's web port. */
export function serverHttpRoute(server: PublishedServer, route: AuthenticatedHttpRouteSettings): HttpRouteObject {
    const backend = route.auth?.proxy !== undefined ? { name: gatewayName(server.name), port: HTTP_PORT.number } : { name: server.name, port: server.port };
    return httpRoute(server.name, server.namespace, route, backend);
}
