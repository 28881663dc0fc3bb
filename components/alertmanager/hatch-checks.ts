import { ALERTMANAGER_KEY, ConfigProblem, fullKey, Settings } from "../../config";
import { hatchProblems } from "../common/workload-hatch";
import { serverIngress } from "../auth-gateway/ingress";
import { WEB_PORT } from "./layout";
import { ALERTMANAGER_OWNED_FLAGS } from "./owned-flags";
import { alertmanagerStatefulSet } from "./statefulset";
import { alertmanagerServer } from "./replicas";

/** alertmanager.extra (docs/escape-hatches.md) against the StatefulSet and Ingress the program builds without it, as metrics.extra is. */
export function alertmanagerHatchProblems(s: Settings): ConfigProblem[] {
    const a = s.alertmanager;
    if (!a.extra) {
        return [];
    }
    const ingress = a.ingress ? serverIngress({ product: "Alertmanager", name: a.name, namespace: a.namespace, port: WEB_PORT.number, webTls: a.web?.tls !== undefined }, a.ingress) : undefined;
    return hatchProblems(alertmanagerStatefulSet(alertmanagerServer(s)), "alertmanager", a.extra, { flags: ALERTMANAGER_OWNED_FLAGS, ingress }).map((p) => ({
        key: `${fullKey(ALERTMANAGER_KEY)}.extra.${p.path}`,
        got: p.got,
        expected: p.expected,
    }));
}
