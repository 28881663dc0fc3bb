import * as k8s from "@pulumi/kubernetes";
import type { ExistingSecretKey } from "../../config";

/**
 * The secret stack keys set to existing Secrets (docs/existing-secrets.md), as one projected volume:
 * each Secret's key becomes the file named after the stack key, so a consumer's `*_file` points at
 * `<mount>/<stack key>` as it would into the program's own Secret. `own` is that Secret when the
 * program writes one beside them (its keys keep their names); the volume then holds both. 0440 with
 * the pod's fsGroup: the server reads the files, nobody else. The kubelet refreshes projected
 * Secret files in place, so a rotated Secret reaches a server that re-reads the file without a restart.
 */
export function existingSecretsVolume(name: string, existing: Readonly<Record<string, ExistingSecretKey>>, own?: string): k8s.types.input.core.v1.Volume {
    const bySecret = new Map<string, { key: string; path: string }[]>();
    for (const stackKey of Object.keys(existing).sort()) {
        const ref = existing[stackKey];
        bySecret.set(ref.name, [...(bySecret.get(ref.name) ?? []), { key: ref.key, path: stackKey }]);
    }
    return {
        name,
        projected: {
            defaultMode: 0o440,
            sources: [
                ...(own !== undefined ? [{ secret: { name: own } }] : []),
                ...[...bySecret.entries()].map(([secretName, items]) => ({ secret: { name: secretName, items } })),
            ],
        },
    };
}
