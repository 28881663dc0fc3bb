import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { remoteWriteSecretName } from "./layout";

/**
 * The files that remote_write targets read (docs/long-term-storage.md#credentials), one per secret
 * stack key, named after the key. The values stay Pulumi secrets, so state, previews and the
 * offline render never show them; no digest of them is written anywhere.
 */
export function remoteWriteSecret(s: MetricsSettings): k8s.types.input.core.v1.Secret | undefined {
    const secrets = s.remoteWriteSecrets ?? {};
    if (Object.keys(secrets).length === 0) {
        return undefined;
    }
    return {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: remoteWriteSecretName(s), namespace: s.namespace },
        type: "Opaque",
        stringData: Object.fromEntries(Object.keys(secrets).sort().map((key) => [key, secrets[key]])),
    };
}
