import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import * as random from "@pulumi/random";
import { LongTermStoreSettings } from "../../config";
import { AUTH_KEYS, authKeySecretName, longTermStoreLabels } from "./layout";

/** 32 letters and digits each: they travel in a query string (?authKey=), so nothing needs escaping. */
export function authKeyArgs(): random.RandomPasswordArgs {
    return { length: 32, special: false, minLower: 1, minUpper: 1, minNumeric: 1 };
}

/** The Secret with one generated key per admin endpoint; the values stay Pulumi secrets. */
export function authKeySecret(s: LongTermStoreSettings, keys: Record<string, pulumi.Input<string>>): k8s.types.input.core.v1.Secret {
    return {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: authKeySecretName(s), namespace: s.namespace, labels: longTermStoreLabels(s) },
        type: "Opaque",
        stringData: Object.fromEntries(AUTH_KEYS.map((k) => [k.secretKey, keys[k.secretKey]])),
    };
}
