import { fullKey } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { GatewayModel } from "./model";
import { gatewayBackendService, gatewayConfigMap, gatewayDeployment, gatewayDisruptionBudget, gatewayService, gatewayServiceAccount, oauth2Secret, upstreamSecret, usersSecret } from "./objects";

/**
 * Every object a gateway creates, from its builders, named by its server's name key. Its Secrets
 * hold what is generated at deployment (the users' hashes, the server's password, the cookie
 * secret): content, not identity, so the registry builds them empty, under the component's conditions.
 */
export function authGatewayObjects(m: GatewayModel, nameKey: string = `${fullKey(m.componentKey)}.name`): NamedObject[] {
    const budget = gatewayDisruptionBudget(m);
    return namedBy(
        nameKey,
        gatewayServiceAccount(m),
        gatewayConfigMap(m),
        gatewayService(m),
        gatewayDeployment(m),
        gatewayBackendService(m),
        ...((m.proxy.basicAuth?.users ?? []).length > 0 ? [usersSecret(m, "")] : []),
        ...(m.upstream.basicAuthUser !== undefined ? [upstreamSecret(m, "")] : []),
        ...(m.proxy.oauth2Proxy !== undefined ? [oauth2Secret(m, m.clientSecretRef ? undefined : "", "")] : []),
        ...(budget ? [budget] : []),
    );
}
