import { fullKey, NodeExporterSettings } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { rbacProxyClusterRole, rbacProxyClusterRoleBinding } from "../rbac-proxy/rbac";
import { nodeExporterDaemonSet } from "./daemonset";
import { nodeExporterServiceAccount } from "./service-account";

/** Every object NodeExporter creates, from its builders, all named by nodeExporter.name; none when it is off. */
export function nodeExporterObjects(n: NodeExporterSettings): NamedObject[] {
    if (!n.enabled) {
        return [];
    }
    return namedBy(
        `${fullKey("nodeExporter")}.name`,
        nodeExporterDaemonSet(n),
        nodeExporterServiceAccount(n),
        rbacProxyClusterRole(n.name),
        rbacProxyClusterRoleBinding(n.name, n.name, n.namespace),
    );
}
