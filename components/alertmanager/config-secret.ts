import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { AlertmanagerSettings } from "../../config";
import { alertmanagerConfig, AlertmanagerSecretValues, renderAlertmanagerConfig } from "./config-file";
import { ALERTMANAGER_PATHS, configSecretName } from "./layout";

/**
 * The configuration holds receiver URLs, tokens and passwords, so it is a Secret, never a
 * ConfigMap, and its content is a Pulumi secret: state, previews and the render show [secret].
 */
export function alertmanagerConfigSecret(a: AlertmanagerSettings): k8s.types.input.core.v1.Secret {
    const names = Object.keys(a.secrets) as (keyof AlertmanagerSecretValues)[];
    // alertmanager.receivers' own secret keys (hatch-config.ts), resolved beside the program's.
    const hatchKeys = Object.keys(a.receiverSecrets ?? {});
    const content = pulumi
        .all([pulumi.all(names.map((n) => a.secrets[n]!)), pulumi.all(hatchKeys.map((k) => a.receiverSecrets![k]))])
        .apply(([values, hatchValues]) =>
            renderAlertmanagerConfig(
                alertmanagerConfig(
                    a,
                    Object.fromEntries(names.map((n, i) => [n, values[i]])),
                    Object.fromEntries(hatchKeys.map((k, i) => [k, hatchValues[i]])),
                ),
            ),
        );
    return {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: configSecretName(a), namespace: a.namespace },
        type: "Opaque",
        stringData: { [ALERTMANAGER_PATHS.configFile]: pulumi.secret(content) },
    };
}
