import { readObject, readString, requireString } from "./fields";
import { absolutePath, dnsSubdomain, ipOrHostname, kubernetesQuantity, oneOf } from "./formats";
import { Problems } from "./problems";

export interface NfsSettings {
    server: string;
    path: string;
}

/**
 * Where a workload keeps its data. `storageClass` asks the cluster for a volume (the default
 * StorageClass unless one is named), which works on kind, minikube and every managed cluster.
 * `nfs` is the spec's pre-created NFS PersistentVolume, bound to the claim by label.
 */
export type StorageSettings =
    | { mode: "storageClass"; size: string; className?: string }
    | { mode: "nfs"; size: string; nfs: NfsSettings };

export const STORAGE_MODES = ["storageClass", "nfs"] as const;
export const DEFAULT_STORAGE_MODE = "storageClass";
const STORAGE_KEYS = ["mode", "size", "className", "nfs"] as const;

/** Reads the `storage` object of a component; `defaultSize` is the component's own default. */
export function readStorage(problems: Problems, key: string, value: unknown, defaultSize: string): StorageSettings {
    const raw = readObject(problems, key, value, STORAGE_KEYS);
    const mode = readString(problems, `${key}.mode`, raw.mode, DEFAULT_STORAGE_MODE, oneOf(STORAGE_MODES));
    const size = readString(problems, `${key}.size`, raw.size, defaultSize, kubernetesQuantity);
    if (mode === "nfs") {
        if (raw.className !== undefined) {
            problems.add(`${key}.className`, raw.className, `nothing with ${key}.mode nfs: the NFS volume is bound by label, never by a StorageClass`);
        }
        return { mode, size, nfs: readNfs(problems, `${key}.nfs`, raw.nfs) };
    }
    const modeKnown = raw.mode === undefined || (STORAGE_MODES as readonly unknown[]).includes(raw.mode);
    if (raw.nfs !== undefined && modeKnown) {
        problems.add(`${key}.nfs`, raw.nfs, `nothing unless ${key}.mode is nfs (the mode is ${mode})`);
    }
    const storage: StorageSettings = { mode: "storageClass", size };
    if (raw.className !== undefined) {
        storage.className = readString(problems, `${key}.className`, raw.className, "", dnsSubdomain);
    }
    return storage;
}

function readNfs(problems: Problems, key: string, value: unknown): NfsSettings {
    if (value === undefined || value === null) {
        problems.add(key, value, "an object { server, path } naming the NFS export (required when the storage mode is nfs)");
        return { server: "", path: "" };
    }
    const raw = readObject(problems, key, value, ["server", "path"]);
    return {
        server: requireString(problems, `${key}.server`, raw.server, ipOrHostname, "10.0.0.10"),
        path: requireString(problems, `${key}.path`, raw.path, absolutePath, "/exports/monitor"),
    };
}
