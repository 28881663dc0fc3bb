import { fullKey, SearchStoreSettings } from "../../config";
import { LogAgentSettings } from "./agent-settings";
import { NamedObject, namedBy } from "../common/named-object";
import { agentConfigMap } from "./config-map";
import { credentialsSecret } from "./credentials-secret";
import { daemonSet } from "./daemonset";
import { logAgentNamespace } from "./namespace";
import { clusterRole, clusterRoleBinding, serviceAccount } from "./rbac";

/**
 * Every object LogAgent creates (and its Namespace, which the Namespaces component registers),
 * from their builders, each blamed on the key that names it.
 */
export function logAgentObjects(s: LogAgentSettings, store: SearchStoreSettings, createsNamespace: boolean): NamedObject[] {
    const key = (field: string) => `${fullKey("logs")}.${field}`;
    const secret = credentialsSecret(s);
    return [
        ...namedBy(key("serviceAccountName"), serviceAccount(s), clusterRole(s), clusterRoleBinding(s)),
        ...namedBy(key("configMapName"), agentConfigMap(s)),
        ...namedBy(key("daemonSetName"), daemonSet(s)),
        ...(createsNamespace ? namedBy(key("namespace"), logAgentNamespace(s, store)) : []),
        // Its name derives from the service account's (credentialsSecretName).
        ...(secret ? namedBy(key("serviceAccountName"), secret) : []),
    ];
}
