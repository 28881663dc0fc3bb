import * as k8s from "@pulumi/kubernetes";
import { StorageSettings } from "../../config";

/**
 * Volumes for a StatefulSet's data, in either storage mode. In nfs mode the claim template and
 * the pre-created PersistentVolume select each other through the `name` label and an empty
 * storageClassName: without that, a cluster's default StorageClass would provision the claim
 * elsewhere and leave the NFS volume unused (docs/design.md#storage-binding).
 */

function nfsVolumeLabels(volumeName: string): Record<string, string> {
    return { name: volumeName };
}

/** The NFS PersistentVolume named `volumeName`, or undefined when the cluster provisions volumes. */
export function nfsPersistentVolume(volumeName: string, storage: StorageSettings): k8s.types.input.core.v1.PersistentVolume | undefined {
    if (storage.mode !== "nfs") {
        return undefined;
    }
    return {
        apiVersion: "v1",
        kind: "PersistentVolume",
        metadata: { name: volumeName, labels: nfsVolumeLabels(volumeName) },
        spec: {
            nfs: { server: storage.nfs.server, path: storage.nfs.path },
            accessModes: ["ReadWriteMany", "ReadWriteOnce"],
            capacity: { storage: storage.size },
            // Retain: data outlives a deleted claim or a `pulumi destroy`.
            persistentVolumeReclaimPolicy: "Retain",
            storageClassName: "",
            volumeMode: "Filesystem",
        },
    };
}

/** The claim template `claimName`; in nfs mode it binds to nfsPersistentVolume(volumeName) only. */
export function dataClaimTemplate(
    claimName: string,
    volumeName: string,
    storage: StorageSettings,
): k8s.types.input.core.v1.PersistentVolumeClaim {
    const spec: k8s.types.input.core.v1.PersistentVolumeClaimSpec = {
        accessModes: ["ReadWriteOnce"],
        resources: { requests: { storage: storage.size } },
        volumeMode: "Filesystem",
    };
    if (storage.mode === "nfs") {
        spec.selector = { matchLabels: nfsVolumeLabels(volumeName) };
        spec.storageClassName = "";
    } else if (storage.className !== undefined) {
        spec.storageClassName = storage.className;
    }
    // No storageClassName at all (not "") lets the cluster's default StorageClass provision it.
    return { metadata: { name: claimName }, spec };
}
