import { fullKey } from "../../config";
import { NamedObject } from "../common/named-object";
import { isReplicated } from "../common/replica-spread";
import { gatewayBackendServiceName, gatewaySecretNames } from "./layout";
import { GatewayModel } from "./model";

/** Every object a gateway creates, named by its server's name key. */
export function authGatewayObjects(m: GatewayModel, nameKey: string = `${fullKey(m.componentKey)}.name`): NamedObject[] {
    const names = gatewaySecretNames(m.name);
    const own = ["ServiceAccount", "ConfigMap", "Service", "Deployment"].map((kind) => ({ kind, namespace: m.namespace, name: m.name, key: nameKey }));
    const secret = (name: string) => ({ kind: "Secret", namespace: m.namespace, name, key: nameKey });
    return [
        ...own,
        { kind: "Service", namespace: m.namespace, name: gatewayBackendServiceName(m.name), key: nameKey },
        ...(m.proxy.basicAuth ? [secret(names.users)] : []),
        ...(m.upstream.basicAuthUser !== undefined ? [secret(names.upstream)] : []),
        ...(m.proxy.oauth2Proxy ? [secret(names.oauth2)] : []),
        ...(isReplicated(m.replicas) ? [{ kind: "PodDisruptionBudget", namespace: m.namespace, name: m.name, key: nameKey }] : []),
    ];
}
