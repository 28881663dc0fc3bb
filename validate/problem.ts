import { KubernetesObject } from "./kubernetes-object";

/** One thing wrong with one rendered object. */
export interface ManifestProblem {
    /** "Kind namespace/name", or "Kind name" for cluster-wide objects. */
    object: string;
    message: string;
}

export function describeObject(o: KubernetesObject): string {
    return `${o.kind} ${o.metadata.namespace ? `${o.metadata.namespace}/` : ""}${o.metadata.name}`;
}

export function formatProblems(problems: readonly ManifestProblem[]): string {
    return problems.map((p) => `  - ${p.object}: ${p.message}`).join("\n");
}
