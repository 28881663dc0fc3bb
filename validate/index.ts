import { KubernetesObject } from "./kubernetes-object";
import { ManifestProblem } from "./problem";
import { fileReferenceProblems } from "./file-references";
import { referenceProblems } from "./references";
import { roleBindingProblems } from "./role-bindings";
import { schemaProblems } from "./schema";
import { selectorProblems } from "./selectors";
import { servicePortProblems } from "./service-ports";
import { unknownFieldProblems } from "./unknown-fields";

export { formatProblems, ManifestProblem } from "./problem";
export { fileReferenceProblems, referenceProblems, roleBindingProblems, schemaProblems, selectorProblems, servicePortProblems, unknownFieldProblems };

/** What the Kubernetes OpenAPI schema says about the objects, types, required and unknown fields. */
export function kubernetesSchemaProblems(objects: readonly KubernetesObject[]): ManifestProblem[] {
    return [...schemaProblems(objects), ...unknownFieldProblems(objects)];
}

/** What a schema cannot see: cross-object references of one stack. */
export function consistencyProblems(
    objects: readonly KubernetesObject[],
    existingNamespaces: readonly string[] = [],
): ManifestProblem[] {
    return [
        ...selectorProblems(objects),
        ...referenceProblems(objects, existingNamespaces),
        ...roleBindingProblems(objects),
        ...servicePortProblems(objects),
        ...fileReferenceProblems(objects),
    ];
}
