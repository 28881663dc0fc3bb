import { METRICS_KEY, Settings } from "../../config";
import { exposedGatewayModel, selectorOf } from "../auth-gateway/exposed";
import { GatewayModel } from "../auth-gateway/model";
import { WEB_PORT } from "./layout";
import { headlessService } from "./service";

/** The auth gateway in front of Prometheus' Ingress, while metrics.ingress.auth is proxy. */
export function prometheusGatewayModel(s: Settings): GatewayModel | undefined {
    const m = s.metrics;
    return exposedGatewayModel({ product: "Prometheus", componentKey: METRICS_KEY, name: m.name, namespace: m.namespace, replicas: m.replicas, ingress: m.ingress, web: m.web, port: WEB_PORT.number, podSelector: selectorOf(headlessService(m)), scheduling: m });
}
