import { readObject, readString } from "./fields";
import { kubernetesQuantity } from "./formats";
import { Problems } from "./problems";

/** A container's CPU and memory, as a stack file gives them under `resources`. */
export interface ResourceSettings {
    cpuRequest: string;
    memoryRequest: string;
    memoryLimit?: string;
    cpuLimit?: string;
}

const RESOURCE_KEYS = ["cpuRequest", "memoryRequest", "memoryLimit", "cpuLimit"] as const;

/** Reads `resources`; each field absent from the stack file keeps the component's default. */
export function readResources(problems: Problems, key: string, value: unknown, defaults: ResourceSettings): ResourceSettings {
    const at = (field: string) => `${key}.${field}`;
    const raw = readObject(problems, key, value, RESOURCE_KEYS);
    const optional = (field: "memoryLimit" | "cpuLimit") =>
        raw[field] === undefined
            ? defaults[field]
            : readString(problems, at(field), raw[field], "", kubernetesQuantity) || defaults[field];
    return {
        cpuRequest: readString(problems, at("cpuRequest"), raw.cpuRequest, defaults.cpuRequest, kubernetesQuantity),
        memoryRequest: readString(problems, at("memoryRequest"), raw.memoryRequest, defaults.memoryRequest, kubernetesQuantity),
        memoryLimit: optional("memoryLimit"),
        cpuLimit: optional("cpuLimit"),
    };
}
