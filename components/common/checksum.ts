import { createHash } from "crypto";

/**
 * A stable digest of config file contents, for a pod template annotation: when a file changes,
 * the annotation changes, the pod template changes, and the workload rolls onto the new config.
 * Keys are sorted so the digest does not depend on object key order.
 */
export function configChecksum(files: Record<string, string>): string {
    const hash = createHash("sha256");
    for (const key of Object.keys(files).sort()) {
        hash.update(key).update("\0").update(files[key]).update("\0");
    }
    return hash.digest("hex");
}

export const CONFIG_CHECKSUM_ANNOTATION = "checksum/config";
