import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerSettings } from "../../config";
import { serverIngress } from "../auth-gateway/ingress";
import { HttpRouteObject, serverHttpRoute } from "../auth-gateway/route";
import { withIngressAnnotations } from "../common/workload-hatch";
import { WEB_PORT } from "./layout";

/** The UI's Ingress, when alertmanager.ingress is set: it authenticates (alertmanager.ingress.auth); behind the auth gateway under proxy. */
export function alertmanagerIngress(a: AlertmanagerSettings): k8s.types.input.networking.v1.Ingress | undefined {
    if (!a.ingress) {
        return undefined;
    }
    return withIngressAnnotations(serverIngress({ product: "Alertmanager", name: a.name, namespace: a.namespace, port: WEB_PORT.number, webTls: a.web?.tls !== undefined }, a.ingress), a.extra);
}

/** The UI's HTTPRoute, when alertmanager.httpRoute is set: to its auth gateway under auth.proxy (components/auth-gateway/route.ts). */
export function alertmanagerHttpRoute(a: AlertmanagerSettings): HttpRouteObject | undefined {
    return a.enabled && a.httpRoute ? serverHttpRoute({ product: "Alertmanager", name: a.name, namespace: a.namespace, port: WEB_PORT.number, webTls: a.web?.tls !== undefined }, a.httpRoute) : undefined;
}
