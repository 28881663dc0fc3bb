import { closedObject, numberOrText } from "./fields";
import { kubernetesQuantity } from "./formats";

/** A container's CPU and memory, as a stack file gives them under `resources`. */
export interface ResourceSettings {
    cpuRequest: string;
    memoryRequest: string;
    memoryLimit?: string;
    cpuLimit?: string;
}

/** `resources` of one container; each field a stack file leaves out keeps the component's default. */
export function resourcesSchema(defaults: ResourceSettings) {
    const quantity = () => numberOrText(kubernetesQuantity);
    return closedObject({
        cpuRequest: quantity().default(defaults.cpuRequest).meta({ description: "CPU request, such as 100m or 1" }),
        memoryRequest: quantity().default(defaults.memoryRequest).meta({ description: "memory request, such as 200Mi" }),
        memoryLimit: quantity().optional().meta({ description: `memory limit${defaults.memoryLimit ? ` (default ${defaults.memoryLimit})` : ""}` }),
        cpuLimit: quantity().optional().meta({ description: `CPU limit${defaults.cpuLimit ? ` (default ${defaults.cpuLimit})` : ", none by default"}` }),
    })
        .transform((r): ResourceSettings => ({
            cpuRequest: r.cpuRequest,
            memoryRequest: r.memoryRequest,
            memoryLimit: r.memoryLimit ?? defaults.memoryLimit,
            cpuLimit: r.cpuLimit ?? defaults.cpuLimit,
        }))
        .prefault({});
}
