import { isWrappedSecret, RegisteredResource } from "./engine-mocks";
import { SECRET_MARKER } from "./secret-marker";
import type { KubernetesObject } from "../validate/kubernetes-object";

// Defined in validate/, below the components, so nothing under the entry point imports render/ for it.
export type { KubernetesObject } from "../validate/kubernetes-object";

// Components (cluster-monitoring:...) and providers only group resources; they deploy nothing.
const KUBERNETES_TYPE = /^kubernetes:(?!providers:)/;

/**
 * The Kubernetes objects among the registered resources, with every secret replaced by
 * SECRET_MARKER. A secret that wraps a map (the SDK wraps a Secret's whole stringData) keeps its
 * keys, which name files and are not secret, so the object still has its real shape.
 */
export function kubernetesObjects(resources: readonly RegisteredResource[]): KubernetesObject[] {
    return resources.filter((r) => KUBERNETES_TYPE.test(r.type)).map((r) => masked(r.inputs) as KubernetesObject);
}

function masked(value: unknown): unknown {
    if (isWrappedSecret(value)) {
        return markedLeaves((value as { value: unknown }).value);
    }
    if (Array.isArray(value)) {
        return value.map(masked);
    }
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, masked(v)]));
    }
    return value;
}

function markedLeaves(value: unknown): unknown {
    if (isWrappedSecret(value)) {
        return markedLeaves((value as { value: unknown }).value);
    }
    if (Array.isArray(value)) {
        return value.map(markedLeaves);
    }
    if (typeof value === "object" && value !== null) {
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, markedLeaves(v)]));
    }
    return SECRET_MARKER;
}
