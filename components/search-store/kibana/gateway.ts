import { KIBANA_KEY, SearchStoreSettings, wayIn } from "../../../config";
import { exposedGatewayModel, selectorOf } from "../../auth-gateway/exposed";
import { GatewayModel } from "../../auth-gateway/model";
import { HttpRouteObject, serverHttpRoute } from "../../auth-gateway/route";
import { kibanaService } from "./deployment";
import { KIBANA_PORT } from "./layout";

/** The auth gateway in front of Kibana's HTTPRoute, while searchStore.kibana.httpRoute.auth is proxy (config/gateway-route.ts kibanaRouteIssues). */
export function kibanaGatewayModel(s: SearchStoreSettings): GatewayModel | undefined {
    if (!s.enabled || !s.kibana.enabled) {
        return undefined;
    }
    return exposedGatewayModel({
        product: "Kibana",
        componentKey: KIBANA_KEY,
        name: s.kibana.name,
        namespace: s.namespace,
        replicas: 1,
        way: wayIn(KIBANA_KEY, s.kibana),
        port: KIBANA_PORT.number,
        podSelector: selectorOf(kibanaService(s)),
        scheduling: s,
    });
}

/** Kibana's HTTPRoute, when searchStore.kibana.httpRoute is set: to its auth gateway under proxy, else (public) to Kibana's port. */
export function kibanaHttpRoute(s: SearchStoreSettings): HttpRouteObject | undefined {
    return s.enabled && s.kibana.enabled && s.kibana.httpRoute
        ? serverHttpRoute({ product: "Kibana", name: s.kibana.name, namespace: s.namespace, port: KIBANA_PORT.number, webTls: false }, s.kibana.httpRoute)
        : undefined;
}
