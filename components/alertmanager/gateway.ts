import { ALERTMANAGER_KEY, Settings, wayIn } from "../../config";
import { exposedGatewayModel, selectorOf } from "../auth-gateway/exposed";
import { GatewayModel } from "../auth-gateway/model";
import { WEB_PORT } from "./layout";
import { alertmanagerService } from "./service";
import { alertmanagerServer } from "./replicas";

/** The auth gateway in front of Alertmanager's Ingress or HTTPRoute, while its auth is proxy. */
export function alertmanagerGatewayModel(s: Settings): GatewayModel | undefined {
    const a = alertmanagerServer(s);
    if (!a.enabled) {
        return undefined;
    }
    return exposedGatewayModel({ product: "Alertmanager", componentKey: ALERTMANAGER_KEY, name: a.name, namespace: a.namespace, replicas: a.replicas, way: wayIn(ALERTMANAGER_KEY, a), web: a.web, port: WEB_PORT.number, podSelector: selectorOf(alertmanagerService(a)), scheduling: a, clientSecretRef: a.oidcClientSecret?.existing });
}
