import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { grafanaLabels, SECRET_KEYS, secretName } from "./layout";
import { GrafanaModel } from "./model";

/**
 * The admin password (the stack's secret or the generated one), the search store's password when the log agent logs in with a user,
 * and Prometheus' and Alertmanager's generated passwords while their web.basicAuth is set.
 * A Secret cannot be read across namespaces, so Grafana holds its own copy of the agent's
 * password. Both stay Pulumi secrets (pulumi.secret), so state and previews show them encrypted.
 */
function stackSecrets(g: GrafanaModel["grafana"]): Record<string, pulumi.Output<string>> {
    return Object.fromEntries(Object.entries(g.secrets ?? {}).map(([k, v]) => [k, pulumi.secret(v)]));
}

export function grafanaSecret(
    m: GrafanaModel,
    adminPassword: pulumi.Input<string> | undefined,
    prometheusPassword?: pulumi.Input<string>,
    alertmanagerPassword?: pulumi.Input<string>,
): k8s.types.input.core.v1.Secret {
    const g = m.grafana;
    const search: Record<string, pulumi.Output<string>> = m.logs?.search.user !== undefined && m.logs.search.password !== undefined ? { [SECRET_KEYS.searchPassword]: pulumi.secret(m.logs.search.password) } : {};
    // Prometheus' generated password, copied as the search store's is; it lives in the same namespace, but in a Secret Grafana's pod need not see whole.
    const prometheus: Record<string, pulumi.Output<string>> = m.prometheus.web?.basicAuthUser !== undefined && prometheusPassword !== undefined ? { [SECRET_KEYS.prometheusPassword]: pulumi.secret(prometheusPassword) } : {};
    // Alertmanager's too: the Deployment waits for this Secret, so a replaced password is in it before the pods roll onto it.
    const alertmanager: Record<string, pulumi.Output<string>> =
        m.alertmanagerWeb?.basicAuthUser !== undefined && alertmanagerPassword !== undefined ? { [SECRET_KEYS.alertmanagerPassword]: pulumi.secret(alertmanagerPassword) } : {};
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: { name: secretName(g), namespace: g.namespace, labels: grafanaLabels(g) },
        // The secret stack keys grafana.sso, grafana.ini and grafana.dataSources name, each under its own name (camelCase, so never one of the keys above).
        // No admin password while grafanaAdminPassword names an existing Secret (docs/existing-secrets.md).
        stringData: { ...(adminPassword !== undefined ? { [SECRET_KEYS.adminPassword]: pulumi.secret(adminPassword) } : {}), ...search, ...prometheus, ...alertmanager, ...stackSecrets(g) },
    };
}
