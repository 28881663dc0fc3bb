import * as k8s from "@pulumi/kubernetes";
import { ResourceSettings } from "../../config";

/** A container's requests and limits; a limit that a stack leaves unset is left out, not emptied. */
export function containerResources(r: ResourceSettings): k8s.types.input.core.v1.ResourceRequirements {
    const limits = { ...(r.cpuLimit ? { cpu: r.cpuLimit } : {}), ...(r.memoryLimit ? { memory: r.memoryLimit } : {}) };
    return {
        requests: { ...(r.cpuRequest ? { cpu: r.cpuRequest } : {}), memory: r.memoryRequest },
        ...(Object.keys(limits).length > 0 ? { limits } : {}),
    };
}
