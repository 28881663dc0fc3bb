import { teamRulesRoleName, teamRulesScriptConfigMapName } from "./team-rules/names";
import { fullKey, MetricsSettings } from "../../config";
import { configMapName, configRoleName, ETCD_SECRET_NAME, remoteWriteSecretName, ruleFilesConfigMapName, webSecretName } from "./layout";
import { discoveryNamespaces } from "./discovery";
import { ScrapeConfig } from "../common/scrape/prometheus-config-types";
import { NamedObject } from "../common/named-object";
import { isReplicated } from "../common/replica-spread";

/** Every object Prometheus creates, named as its builders name them. */
export function prometheusObjects(s: MetricsSettings, jobs: readonly ScrapeConfig[]): NamedObject[] {
    const key = (field: string) => `${fullKey("metrics")}.${field}`;
    const ns = s.namespace;
    const account = key("serviceAccountName");
    const objects: NamedObject[] = [
        { kind: "ServiceAccount", namespace: ns, name: s.serviceAccountName, key: account },
        { kind: "ClusterRole", name: s.serviceAccountName, key: account },
        { kind: "ClusterRoleBinding", name: s.serviceAccountName, key: account },
        { kind: "Role", namespace: ns, name: configRoleName(s), key: account },
        { kind: "RoleBinding", namespace: ns, name: configRoleName(s), key: account },
        ...discoveryNamespaces(s, jobs).flatMap((n) => [
            { kind: "Role", namespace: n, name: s.serviceAccountName, key: account },
            { kind: "RoleBinding", namespace: n, name: s.serviceAccountName, key: account },
        ]),
        { kind: "ConfigMap", namespace: ns, name: configMapName(s), key: key("name") },
        { kind: "ConfigMap", namespace: ns, name: ruleFilesConfigMapName(s), key: key("name") },
        { kind: "Service", namespace: ns, name: s.name, key: key("name") },
        { kind: "StatefulSet", namespace: ns, name: s.name, key: key("name") },
    ];
    if (s.teamRules) {
        objects.push({ kind: "ConfigMap", namespace: ns, name: teamRulesScriptConfigMapName(s), key: key("name") });
        const role = teamRulesRoleName(s);
        for (const n of s.teamRules.all === true ? [undefined] : (s.teamRules.namespaces ?? [])) {
            objects.push(
                n === undefined ? { kind: "ClusterRole", name: role, key: account } : { kind: "Role", namespace: n, name: role, key: account },
                n === undefined ? { kind: "ClusterRoleBinding", name: role, key: account } : { kind: "RoleBinding", namespace: n, name: role, key: account },
            );
        }
    }
    if (isReplicated(s.replicas)) {
        objects.push({ kind: "PodDisruptionBudget", namespace: ns, name: s.name, key: key("name") });
    }
    if (s.createNamespace) {
        objects.push({ kind: "Namespace", name: ns, key: key("namespace") });
    }
    if (s.storage.mode === "nfs") {
        objects.push({ kind: "PersistentVolume", name: s.name, key: key("name") });
    }
    if (s.ingress) {
        objects.push({ kind: "Ingress", namespace: ns, name: s.name, key: key("name") });
    }
    if (s.etcdClient) {
        objects.push({ kind: "Secret", namespace: ns, name: ETCD_SECRET_NAME, key: key("jobs.etcd") });
    }
    if (s.remoteWriteSecrets) {
        objects.push({ kind: "Secret", namespace: ns, name: remoteWriteSecretName(s), key: key("name") });
    }
    if (s.web) {
        objects.push({ kind: "Secret", namespace: ns, name: webSecretName(s), key: key("name") });
    }
    if (s.jobs.etcd && s.etcd.discovery === "service") {
        for (const kind of ["Service", "Endpoints"]) {
            objects.push({ kind, namespace: s.etcd.serviceNamespace, name: s.etcd.serviceName, key: key("etcd.serviceName") });
        }
    }
    return objects;
}
