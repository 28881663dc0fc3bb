import { fullKey, KubeStateMetricsSettings } from "../../config";
import { NamedObject } from "../common/named-object";
import { rbacProxyRoleName } from "../rbac-proxy/rbac";

/** Every object KubeStateMetrics creates, all named by kubeStateMetrics.name; none when it is off. */
export function kubeStateMetricsObjects(k: KubeStateMetricsSettings): NamedObject[] {
    if (!k.enabled) {
        return [];
    }
    const key = `${fullKey("kubeStateMetrics")}.name`;
    return [
        { kind: "ServiceAccount", namespace: k.namespace, name: k.name, key },
        { kind: "ClusterRole", name: k.name, key },
        { kind: "ClusterRoleBinding", name: k.name, key },
        { kind: "ClusterRole", name: rbacProxyRoleName(k.name), key },
        { kind: "ClusterRoleBinding", name: rbacProxyRoleName(k.name), key },
        { kind: "Service", namespace: k.namespace, name: k.name, key },
        { kind: "Deployment", namespace: k.namespace, name: k.name, key },
    ];
}
