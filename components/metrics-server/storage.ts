import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { VOLUMES } from "./layout";

/**
 * The claim template and the PersistentVolume select each other through the `name` label and an
 * empty storageClassName; without that, a cluster's default StorageClass would provision the
 * claim elsewhere and leave the NFS volume unused (DESIGN.md section 3).
 */
function volumeSelectorLabels(s: MetricsSettings): Record<string, string> {
    return { name: s.name };
}

export function persistentVolume(s: MetricsSettings): k8s.types.input.core.v1.PersistentVolume {
    return {
        apiVersion: "v1",
        kind: "PersistentVolume",
        metadata: { name: s.name, labels: volumeSelectorLabels(s) },
        spec: {
            nfs: { server: s.nfs.server, path: s.nfs.path },
            accessModes: ["ReadWriteMany", "ReadWriteOnce"],
            capacity: { storage: s.storageSize },
            // Retain: metrics outlive a deleted claim or a `pulumi destroy`.
            persistentVolumeReclaimPolicy: "Retain",
            storageClassName: "",
            volumeMode: "Filesystem",
        },
    };
}

export function dataClaimTemplate(s: MetricsSettings): k8s.types.input.core.v1.PersistentVolumeClaim {
    return {
        metadata: { name: VOLUMES.data },
        spec: {
            accessModes: ["ReadWriteOnce"],
            resources: { requests: { storage: s.storageSize } },
            volumeMode: "Filesystem",
            selector: { matchLabels: volumeSelectorLabels(s) },
            storageClassName: "",
        },
    };
}
