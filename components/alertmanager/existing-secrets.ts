import * as k8s from "@pulumi/kubernetes";
import { AlertmanagerSettings } from "../../config";
import { existingSecretsVolume } from "../common/existing-secrets-volume";

/**
 * The receiver secrets a stack sets to existing Secrets in the metrics namespace
 * (docs/existing-secrets.md): mounted at one directory, each file named after its stack key, which
 * the config's `<field>_file` keys name. The config Secret holds the paths, never the values.
 */
export const EXISTING_SECRETS_DIR = "/etc/alertmanager/secrets";
const VOLUME = "existing-secrets";

export function existingSecretFile(stackKey: string): string {
    return `${EXISTING_SECRETS_DIR}/${stackKey}`;
}

export function existingSecretVolumes(a: AlertmanagerSettings): { mounts: k8s.types.input.core.v1.VolumeMount[]; volumes: k8s.types.input.core.v1.Volume[] } {
    const existing = a.existingSecrets ?? {};
    if (Object.keys(existing).length === 0) {
        return { mounts: [], volumes: [] };
    }
    return { mounts: [{ name: VOLUME, mountPath: EXISTING_SECRETS_DIR, readOnly: true }], volumes: [existingSecretsVolume(VOLUME, existing)] };
}
