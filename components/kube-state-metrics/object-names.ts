import { fullKey, KubeStateMetricsSettings } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { rbacProxyClusterRole, rbacProxyClusterRoleBinding } from "../rbac-proxy/rbac";
import { kubeStateMetricsDeployment } from "./deployment";
import { kubeStateMetricsClusterRole, kubeStateMetricsClusterRoleBinding, kubeStateMetricsServiceAccount } from "./rbac";
import { kubeStateMetricsService } from "./service";

/** Every object KubeStateMetrics creates, from its builders, all named by kubeStateMetrics.name; none when it is off. */
export function kubeStateMetricsObjects(k: KubeStateMetricsSettings): NamedObject[] {
    if (!k.enabled) {
        return [];
    }
    return namedBy(
        `${fullKey("kubeStateMetrics")}.name`,
        kubeStateMetricsServiceAccount(k),
        kubeStateMetricsClusterRole(k),
        kubeStateMetricsClusterRoleBinding(k),
        rbacProxyClusterRole(k.name),
        rbacProxyClusterRoleBinding(k.name, k.name, k.namespace),
        kubeStateMetricsService(k),
        kubeStateMetricsDeployment(k),
    );
}
