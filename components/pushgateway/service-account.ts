import * as k8s from "@pulumi/kubernetes";
import { ownServiceAccount } from "../common/own-service-account";
import { pushgatewayLabels } from "./layout";
import { PushgatewaySettings } from "./settings";

/** Its own account, without a token: the gateway never calls the API server (docs/security.md#identities). */
export function pushgatewayServiceAccount(p: PushgatewaySettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(p.name, p.namespace, pushgatewayLabels(p));
}
