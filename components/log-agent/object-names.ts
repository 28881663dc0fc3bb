import { fullKey, LogsSettings } from "../../config";
import { credentialsSecretName } from "./layout";
import { NamedObject } from "../common/named-object";

/** Every object LogAgent creates, named as its builders name them. */
export function logAgentObjects(s: LogsSettings): NamedObject[] {
    const key = (field: string) => `${fullKey("logs")}.${field}`;
    const ns = s.namespace;
    const objects: NamedObject[] = [
        { kind: "ServiceAccount", namespace: ns, name: s.serviceAccountName, key: key("serviceAccountName") },
        { kind: "ClusterRole", name: s.serviceAccountName, key: key("serviceAccountName") },
        { kind: "ClusterRoleBinding", name: s.serviceAccountName, key: key("serviceAccountName") },
        { kind: "ConfigMap", namespace: ns, name: s.configMapName, key: key("configMapName") },
        { kind: "DaemonSet", namespace: ns, name: s.daemonSetName, key: key("daemonSetName") },
    ];
    if (s.createNamespace) {
        objects.push({ kind: "Namespace", name: ns, key: key("namespace") });
    }
    if (s.search.user !== undefined) {
        objects.push({ kind: "Secret", namespace: ns, name: credentialsSecretName(s), key: key("serviceAccountName") });
    }
    return objects;
}
