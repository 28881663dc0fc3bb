import { z } from "zod";
import { choice, closedObject, text, whenClean } from "./fields";
import { absolutePath, dnsSubdomain, ipOrHostname, kubernetesQuantity } from "./formats";

export const STORAGE_MODES = ["storageClass", "nfs"] as const;
export const DEFAULT_STORAGE_MODE = "storageClass";

const nfsSchema = closedObject(
    {
        server: text(ipOrHostname, "10.0.0.10").meta({ description: "NFS server of the PersistentVolume" }),
        path: text(absolutePath, "/exports/monitor").meta({ description: "the exported directory, an absolute path; for metrics chown it 65534:65534 on the server, since Kubernetes applies no fsGroup to NFS volumes" }),
    },
    "an object { server, path } naming the NFS export",
);

export type NfsSettings = z.output<typeof nfsSchema>;

/**
 * Where a workload keeps its data. `storageClass` asks the cluster for a volume (the default
 * StorageClass unless one is named), which works on kind, minikube and every managed cluster.
 * `nfs` is the spec's pre-created NFS PersistentVolume, bound to the claim by label.
 */
export type StorageSettings =
    | { mode: "storageClass"; size: string; className?: string }
    | { mode: "nfs"; size: string; nfs: NfsSettings };

/** The `storage` object of a component; `defaultSize` is the component's own default. */
export function storageSchema(defaultSize: string) {
    return closedObject({
        mode: choice(STORAGE_MODES)
            .default(DEFAULT_STORAGE_MODE)
            .meta({ description: "storageClass: a claim that the cluster provisions; nfs: the spec's NFS PersistentVolume, bound by label" }),
        size: text(kubernetesQuantity).default(defaultSize).meta({ description: "the claim's request, and the NFS volume's capacity" }),
        className: text(dnsSubdomain)
            .optional()
            .meta({ description: "storageClass mode: the StorageClass to ask; unset means the cluster's default" }),
        nfs: nfsSchema.optional().meta({ description: "nfs mode: the export, { server, path }" }),
    })
        .superRefine((s, ctx) => {
            if (s.mode === "nfs" && s.nfs === undefined) {
                ctx.addIssue({
                    code: "custom",
                    path: ["nfs"],
                    input: undefined,
                    message: "an object { server, path } naming the NFS export (required when the storage mode is nfs)",
                });
            }
            if (s.mode === "nfs" && s.className !== undefined) {
                ctx.addIssue({
                    code: "custom",
                    path: ["className"],
                    input: s.className,
                    message: "nothing with mode nfs: the NFS volume is bound by label, never by a StorageClass",
                });
            }
            if (s.mode !== "nfs" && s.nfs !== undefined) {
                ctx.addIssue({ code: "custom", path: ["nfs"], input: s.nfs, message: `nothing unless mode is nfs (the mode is ${s.mode})` });
            }
        }, whenClean("mode", "nfs", "className"))
        .transform(
            (s): StorageSettings =>
                s.mode === "nfs"
                    ? { mode: "nfs", size: s.size, nfs: s.nfs! }
                    : { mode: "storageClass", size: s.size, ...(s.className !== undefined ? { className: s.className } : {}) },
        )
        .default({ mode: DEFAULT_STORAGE_MODE, size: defaultSize });
}

/** Why a replicated workload needs storage mode storageClass; the same words for every component. */
export function oneVolumeMessage(mode: string): string {
    return `1 with storage mode ${mode}: one NFS PersistentVolume backs one replica; 2 or more need storage.mode storageClass, which gives each replica its own volume`;
}
