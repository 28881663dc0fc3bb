import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { LogsSettings } from "../../config";
import { credentialsSecretName, PASSWORD_SECRET_KEY } from "./layout";

/**
 * The Elasticsearch password, only when a user is configured and searchPassword is a Pulumi
 * secret (an existing Secret is read where it is, docs/existing-secrets.md). Wrapped in pulumi.secret again so
 * that state and previews hide it even if a caller passed a plain Output.
 */
export function credentialsSecret(s: LogsSettings): k8s.types.input.core.v1.Secret | undefined {
    if (s.search.user === undefined || s.search.password === undefined) {
        return undefined;
    }
    return {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: credentialsSecretName(s), namespace: s.namespace, labels: { ...s.labels } },
        type: "Opaque",
        stringData: { [PASSWORD_SECRET_KEY]: pulumi.secret(s.search.password) },
    };
}
