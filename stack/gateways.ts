import { Settings } from "../config";
import { GatewayModel } from "../components/auth-gateway/model";
import { contributionsOf } from "./contributions";

/** Every auth gateway of the stack: those the servers put in front of their Ingresses (components/auth-gateway). */
export function gatewayModels(s: Settings): GatewayModel[] {
    return contributionsOf(s).flatMap((c) => c.gateways ?? []);
}
