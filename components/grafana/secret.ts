import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { grafanaLabels, SECRET_KEYS, secretName } from "./layout";
import { GrafanaModel } from "./model";

/**
 * The admin password, and the search store's password when the log agent logs in with a user.
 * A Secret cannot be read across namespaces, so Grafana holds its own copy of the agent's
 * password. Both stay Pulumi secrets (pulumi.secret), so state and previews show them encrypted.
 */
export function grafanaSecret(m: GrafanaModel): k8s.types.input.core.v1.Secret {
    const g = m.grafana;
    if (g.adminPassword === undefined) {
        throw new Error(`${g.name}: an enabled Grafana has an admin password (config/secrets.ts refuses a stack without one)`);
    }
    const search: Record<string, pulumi.Output<string>> = m.logs.search.user !== undefined && m.logs.search.password !== undefined ? { [SECRET_KEYS.searchPassword]: pulumi.secret(m.logs.search.password) } : {};
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: { name: secretName(g), namespace: g.namespace, labels: grafanaLabels(g) },
        stringData: { [SECRET_KEYS.adminPassword]: pulumi.secret(g.adminPassword), ...search },
    };
}
