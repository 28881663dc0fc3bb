import * as k8s from "@pulumi/kubernetes";
import { AZURE_ENV, MetricsSettings, SIGV4_ENV } from "../../config";
import { remoteWriteSecretName } from "./layout";

type EnvVar = k8s.types.input.core.v1.EnvVar;

/**
 * The credentials Prometheus cannot read from a file (docs/long-term-storage.md#authentication):
 * sigv4's access keys, which the AWS SDK's default chain takes from AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, and an Azure application's client secret, which azuread.sdk's
 * DefaultAzureCredential takes from AZURE_CLIENT_ID, AZURE_TENANT_ID and AZURE_CLIENT_SECRET.
 * Each value is a reference to a key of the remote-write Secret, so the pod spec names the key
 * and never holds the value. The schema allows one set of each per stack (config/remote-write.ts).
 * Read at start only: their generation on the pod template rolls the pods when one is rotated
 * (statefulSet's remoteWriteGeneration).
 */
export function remoteWriteEnv(s: MetricsSettings): EnvVar[] {
    // A key set to an existing Secret (docs/existing-secrets.md) is read from it; a change there does not roll the pods.
    const fromSecret = (name: string, key: string): EnvVar => ({ name, valueFrom: { secretKeyRef: { ...(s.remoteWriteExistingSecrets?.[key] ?? { name: remoteWriteSecretName(s), key }) } } });
    const sigv4 = s.remoteWrite.find((t) => t.sigv4?.accessKeyIdKey !== undefined)?.sigv4;
    const azure = s.remoteWrite.find((t) => t.azureAd?.oauth !== undefined)?.azureAd?.oauth;
    return [
        ...(sigv4 ? [fromSecret(SIGV4_ENV.accessKeyId, sigv4.accessKeyIdKey!), fromSecret(SIGV4_ENV.secretAccessKey, sigv4.secretAccessKeyKey!)] : []),
        ...(azure
            ? [{ name: AZURE_ENV.clientId, value: azure.clientId }, { name: AZURE_ENV.tenantId, value: azure.tenantId }, fromSecret(AZURE_ENV.clientSecret, azure.clientSecretKey)]
            : []),
    ];
}

/**
 * The label by which Azure's workload identity webhook projects its token into a pod, at the
 * path Prometheus' azuread.workload_identity reads by default (/var/run/secrets/azure/tokens/azure-identity-token,
 * storage/remote/azuread/azuread.go at v3.7.0); only while a target uses it. A pod label, never a selector.
 */
export function workloadIdentityPodLabels(s: MetricsSettings): Record<string, string> {
    return s.remoteWrite.some((t) => t.azureAd?.workloadIdentity !== undefined) ? { "azure.workload.identity/use": "true" } : {};
}
