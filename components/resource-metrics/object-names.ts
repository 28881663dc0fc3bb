import { fullKey } from "../../config";
import { NamedObject, namedBy } from "../common/named-object";
import { metricsApiService } from "./api-service";
import { adapterConfigMap } from "./config-map";
import { adapterDeployment } from "./deployment";
import { adapterDisruptionBudget } from "./disruption-budget";
import { ResourceMetricsModel } from "./model";
import { prometheusAuthSecret } from "./prometheus-auth";
import { adapterAuthDelegatorBinding, adapterAuthReaderBinding, adapterClusterRole, adapterClusterRoleBinding, adapterServiceAccount, aggregatedMetricsReaderRole } from "./rbac";
import { adapterService } from "./service";

/**
 * Every object ResourceMetrics creates, from its builders, named by resourceMetrics.name but the
 * APIService; none when it is off. From the model the component itself builds from, so an object
 * that another key brings in (the Secret with Prometheus' login, while metrics.web is set) is
 * listed under the same condition. The login's password is not known at load; the Secret's
 * identity does not depend on it.
 */
export function resourceMetricsObjects(m: ResourceMetricsModel): NamedObject[] {
    const r = m.settings;
    if (!r.enabled) {
        return [];
    }
    const key = `${fullKey("resourceMetrics")}.name`;
    const auth = prometheusAuthSecret(m, undefined);
    const budget = adapterDisruptionBudget(r);
    return [
        ...namedBy(
            key,
            adapterServiceAccount(r),
            adapterClusterRole(r),
            adapterClusterRoleBinding(r),
            adapterAuthReaderBinding(r),
            adapterAuthDelegatorBinding(r),
            aggregatedMetricsReaderRole(r),
            adapterConfigMap(r),
            adapterService(r),
            ...(auth ? [auth] : []),
            adapterDeployment(m),
            ...(budget ? [budget] : []),
        ),
        // Its name is fixed by the API (v1beta1.metrics.k8s.io): only turning the adapter on brings it.
        ...namedBy(`${fullKey("resourceMetrics")}.enabled`, metricsApiService(r)),
    ];
}
