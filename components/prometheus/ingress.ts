import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { WEB_PORT } from "./layout";
import { serverIngress } from "../auth-gateway/ingress";
import { HttpRouteObject, serverHttpRoute } from "../auth-gateway/route";
import { withIngressAnnotations } from "../common/workload-hatch";

export { BACKEND_PROTOCOL_ANNOTATION } from "../auth-gateway/ingress";

/** Prometheus' Ingress, behind its auth gateway under metrics.ingress.auth.proxy (components/auth-gateway/ingress.ts). */
export function ingress(s: MetricsSettings): k8s.types.input.networking.v1.Ingress | undefined {
    return s.ingress
        ? withIngressAnnotations(serverIngress({ product: "Prometheus", name: s.name, namespace: s.namespace, port: WEB_PORT.number, webTls: s.web?.tls !== undefined }, s.ingress), s.extra)
        : undefined;
}

/** Prometheus' HTTPRoute, when metrics.httpRoute is set: to its auth gateway under auth.proxy (components/auth-gateway/route.ts). */
export function prometheusHttpRoute(s: MetricsSettings): HttpRouteObject | undefined {
    return s.httpRoute ? serverHttpRoute({ product: "Prometheus", name: s.name, namespace: s.namespace, port: WEB_PORT.number, webTls: s.web?.tls !== undefined }, s.httpRoute) : undefined;
}
