import { fullKey, NodeExporterSettings } from "../../config";
import { NamedObject } from "../common/named-object";
import { rbacProxyRoleName } from "../rbac-proxy/rbac";

/** Every object NodeExporter creates, named as its builders name them; none when it is off. */
export function nodeExporterObjects(n: NodeExporterSettings): NamedObject[] {
    const key = `${fullKey("nodeExporter")}.name`;
    return n.enabled
        ? [
              { kind: "DaemonSet", namespace: n.namespace, name: n.name, key },
              { kind: "ServiceAccount", namespace: n.namespace, name: n.name, key },
              { kind: "ClusterRole", name: rbacProxyRoleName(n.name), key },
              { kind: "ClusterRoleBinding", name: rbacProxyRoleName(n.name), key },
          ]
        : [];
}
