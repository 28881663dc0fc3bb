import type { ConfigProblem } from "../../config";
import { quantityValue } from "../../config/formats";
import { Problems } from "../../config/problems";

/**
 * Memory a component's process takes up front inside its container, declared by the component
 * (the search store's JVM heap) and checked against the container's limit while the stack loads.
 */

/** Memory a process in a container takes up front (a JVM's heap), and the container's limit. */
export interface MemoryDemand {
    key: string;
    value: string;
    bytes: number;
    limitKey: string;
    limit: string | undefined;
    what: string;
}

/** A JVM -Xmx value in bytes: 512m, 2g (binary units, as the JVM reads them). */
export function javaHeapBytes(value: string): number {
    const m = /^([0-9]+)([kmg])$/i.exec(value);
    return m ? Number(m[1]) * 1024 ** { k: 1, m: 2, g: 3 }[m[2].toLowerCase() as "k" | "m" | "g"] : NaN;
}

/**
 * A JVM reserves its whole heap at start (-Xms equals -Xmx) and needs memory beyond it (metaspace,
 * threads, direct buffers, and for Elasticsearch the file cache), so a heap that is not below the
 * container's limit gets the container OOM-killed.
 */
export function memoryDemandProblems(all: readonly MemoryDemand[]): ConfigProblem[] {
    const problems = new Problems();
    for (const d of all) {
        if (d.limit !== undefined && !Number.isNaN(d.bytes) && d.bytes >= quantityValue(d.limit)) {
            problems.add(
                d.key,
                d.value,
                `less than ${d.limitKey} (${d.limit}): ${d.what} is reserved whole at start and the process needs memory beyond it, ` +
                    "so the container would be OOM-killed; about half of the limit is the usual heap",
            );
        }
    }
    return problems.all();
}
