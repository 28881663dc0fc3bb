import { PrometheusInputs } from "./inputs";
import { fullKey, MetricsSettings } from "../../config";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { NamedObject, namedBy } from "../common/named-object";
import { etcdEndpoints, etcdService } from "../control-plane/etcd-scrape-job";
import { nfsPersistentVolume } from "../storage";
import { ruleFilesConfigMap } from "./config-maps";
import { etcdClientSecret } from "./etcd-secret";
import { ingress, prometheusHttpRoute } from "./ingress";
import { namespace } from "./namespace";
import { clusterRole, clusterRoleBinding, configRole, configRoleBinding, discoveryRoleBindings, discoveryRoles, serviceAccount } from "./rbac";
import { remoteWriteSecret } from "./remote-write-secret";
import { headlessService } from "./service";
import { configMapName } from "./layout";
import { prometheusDisruptionBudget } from "./statefulset";
import { teamRulesRbac, teamRulesScriptConfigMap } from "./team-rules";
import { webSecret } from "./web-config";

/**
 * Every object Prometheus creates (and its Namespace, which the Namespaces component registers),
 * from the builders it calls, each blamed on the key that names it. What is only known later (the
 * rule files' text, the generated web password) is left out of the builders' input: it is content,
 * not identity. The configuration's ConfigMap and the StatefulSet are listed by the names their
 * builders give them, not built: each renders the whole configuration (every scrape job as YAML,
 * 20 ms or more), which the check at load would render once more (tests/object-name-registry.test.ts
 * lists them as the exceptions).
 */
export function prometheusObjects(s: MetricsSettings, inputs: Pick<PrometheusInputs, "scrapeJobs" | "alertmanager">): NamedObject[] {
    const jobs = inputs.scrapeJobs;
    const key = (field: string) => `${fullKey("metrics")}.${field}`;
    const optional = <T>(o: T | undefined): T[] => (o === undefined ? [] : [o]);
    const bindings = discoveryRoleBindings(s, jobs, inputs.alertmanager);
    return [
        ...namedBy(
            key("serviceAccountName"),
            serviceAccount(s),
            clusterRole(s, jobs),
            clusterRoleBinding(s),
            configRole(s),
            configRoleBinding(s),
            ...discoveryRoles(s, jobs, inputs.alertmanager).flatMap((role, i) => [role, bindings[i]]),
            // The team rules' Roles are named from the service account's name (teamRulesRoleName).
            ...teamRulesRbac(s).map((r) => r.object),
        ),
        ...namedBy(
            key("name"),
            { kind: "ConfigMap", metadata: { name: configMapName(s), namespace: s.namespace } },
            ruleFilesConfigMap(s, {}),
            headlessService(s),
            { kind: "StatefulSet", metadata: { name: s.name, namespace: s.namespace } },
            ...optional(teamRulesScriptConfigMap(s)),
            ...optional(prometheusDisruptionBudget(s)),
            ...optional(nfsPersistentVolume(s.name, s.storage)),
            ...optional(ingress(s)),
            ...optional(prometheusHttpRoute(s)),
            ...optional(remoteWriteSecret(s)),
            ...optional(webSecret(s, undefined)),
        ),
        ...(s.createNamespace ? namedBy(key("namespace"), namespace(s)) : []),
        ...namedBy(key("jobs.etcd"), ...optional(etcdClientSecret(s))),
        ...namedBy(key("etcd.serviceName"), ...optional(etcdService(s)), ...optional(etcdEndpoints(s))),
    ];
}
