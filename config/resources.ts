import { closedObject, numberOrText } from "./fields";
import { kubernetesQuantity, quantityValue } from "./formats";

/** Kubernetes refuses a pod whose limit is below its request; the API server would say so only at `pulumi up`. */
export function limitMessage(requestKey: string, request: string): string {
    return `a quantity of at least ${requestKey} (${request}): Kubernetes refuses a limit below its request`;
}

/**
 * A container's CPU and memory, as a stack file gives them under `resources`. Only Prometheus
 * goes without a CPU request by default: the spec sets its memory request alone.
 */
export interface ResourceSettings {
    cpuRequest?: string;
    memoryRequest: string;
    memoryLimit?: string;
    cpuLimit?: string;
}

/** `resources` of one container; each field a stack file leaves out keeps the component's default. */
export function resourcesSchema(defaults: ResourceSettings) {
    const quantity = () => numberOrText(kubernetesQuantity);
    return closedObject({
        cpuRequest: (defaults.cpuRequest !== undefined ? quantity().default(defaults.cpuRequest) : quantity().optional()).meta({
            description: `CPU request, such as 100m or 1${defaults.cpuRequest !== undefined ? "" : ", none by default"}`,
        }),
        memoryRequest: quantity().default(defaults.memoryRequest).meta({ description: "memory request, such as 200Mi" }),
        memoryLimit: quantity().optional().meta({ description: `memory limit${defaults.memoryLimit ? ` (default ${defaults.memoryLimit})` : ""}` }),
        cpuLimit: quantity().optional().meta({ description: `CPU limit${defaults.cpuLimit ? ` (default ${defaults.cpuLimit})` : ", none by default"}` }),
    })
        .superRefine((r, ctx) => {
            // A default limit counts too: a request raised above it would make the default invalid.
            const pairs = [
                ["memoryLimit", r.memoryLimit ?? defaults.memoryLimit, "memoryRequest", r.memoryRequest],
                ["cpuLimit", r.cpuLimit ?? defaults.cpuLimit, "cpuRequest", r.cpuRequest],
            ] as const;
            for (const [limitKey, limit, requestKey, request] of pairs) {
                if (limit !== undefined && request !== undefined && quantityValue(limit) < quantityValue(request)) {
                    const given = r[limitKey] !== undefined;
                    ctx.addIssue({
                        code: "custom",
                        path: [given ? limitKey : requestKey],
                        input: given ? limit : request,
                        message: given
                            ? limitMessage(requestKey, request)
                            : `at most the default ${limitKey} (${limit}), or set ${limitKey} too: Kubernetes refuses a limit below its request`,
                    });
                }
            }
        })
        .transform((r): ResourceSettings => ({
            cpuRequest: r.cpuRequest,
            memoryRequest: r.memoryRequest,
            memoryLimit: r.memoryLimit ?? defaults.memoryLimit,
            cpuLimit: r.cpuLimit ?? defaults.cpuLimit,
        }))
        .prefault({});
}
