import { fullKey } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { pushgatewayDeployment } from "./deployment";
import { pushgatewayService } from "./service";
import { pushgatewayServiceAccount } from "./service-account";
import { PUSHGATEWAY_KEY, PushgatewaySettings } from "./settings";

/** Every object Pushgateway creates, from its builders, all named by pushgateway.name; none when it is off. Its NetworkPolicy is network-policies'. */
export function pushgatewayObjects(p: PushgatewaySettings): NamedObject[] {
    if (!p.enabled) {
        return [];
    }
    return namedBy(`${fullKey(PUSHGATEWAY_KEY)}.name`, pushgatewayServiceAccount(p), pushgatewayService(p), pushgatewayDeployment(p));
}
