import { fullKey } from "../../config";
import { adapterObjectNames, API_SERVICE_NAME, AUTH_READER_ROLE } from "./layout";
import { NamedObject } from "../common/named-object";
import { isReplicated } from "../common/replica-spread";
import { ResourceMetricsModel } from "./model";
import { prometheusAuthSecretName } from "./prometheus-auth";

/**
 * Every object ResourceMetrics creates, named by resourceMetrics.name but the APIService; none when
 * it is off. From the model the component itself builds from, so an object that another key brings
 * in (the Secret with Prometheus' login, while metrics.web is set) is listed under the same condition.
 */
export function resourceMetricsObjects(m: ResourceMetricsModel): NamedObject[] {
    const r = m.settings;
    if (!r.enabled) {
        return [];
    }
    const key = `${fullKey("resourceMetrics")}.name`;
    const names = adapterObjectNames(r);
    return [
        { kind: "ServiceAccount", namespace: r.namespace, name: r.name, key },
        { kind: "ClusterRole", name: r.name, key },
        { kind: "ClusterRoleBinding", name: r.name, key },
        { kind: "RoleBinding", namespace: AUTH_READER_ROLE.namespace, name: names.authReaderBinding, key },
        { kind: "ClusterRoleBinding", name: names.authDelegatorBinding, key },
        { kind: "ClusterRole", name: names.aggregatedReader, key },
        { kind: "ConfigMap", namespace: r.namespace, name: r.name, key },
        { kind: "Service", namespace: r.namespace, name: r.name, key },
        ...(m.prometheusWeb ? [{ kind: "Secret", namespace: r.namespace, name: prometheusAuthSecretName(r), key }] : []),
        { kind: "Deployment", namespace: r.namespace, name: r.name, key },
        ...(isReplicated(r.replicas) ? [{ kind: "PodDisruptionBudget", namespace: r.namespace, name: r.name, key }] : []),
        { kind: "APIService", name: API_SERVICE_NAME, key: `${fullKey("resourceMetrics")}.enabled` },
    ];
}
