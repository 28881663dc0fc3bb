import { METRICS_KEY, Settings, wayIn } from "../../config";
import { exposedGatewayModel, selectorOf } from "../auth-gateway/exposed";
import { GatewayModel } from "../auth-gateway/model";
import { WEB_PORT } from "./layout";
import { headlessService } from "./service";

/** The auth gateway in front of Prometheus' Ingress or HTTPRoute, while its auth is proxy. */
export function prometheusGatewayModel(s: Settings): GatewayModel | undefined {
    const m = s.metrics;
    return exposedGatewayModel({ product: "Prometheus", componentKey: METRICS_KEY, name: m.name, namespace: m.namespace, replicas: m.replicas, way: wayIn(METRICS_KEY, m), web: m.web, port: WEB_PORT.number, podSelector: selectorOf(headlessService(m)), scheduling: m, clientSecretRef: m.oidcClientSecret?.existing });
}
