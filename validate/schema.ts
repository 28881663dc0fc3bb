import { KubernetesObject } from "./kubernetes-object";
import { isGeneralAvailability, modelClass } from "./kubernetes-models";
import { describeObject, ManifestProblem } from "./problem";

/**
 * Validates each object against the JSON schema that kubernetes-models generates from the
 * Kubernetes OpenAPI schema: types, required fields, enums and formats such as quantities.
 * That schema allows unknown fields (as the OpenAPI schema does), so unknownFieldProblems covers those.
 * Only GA API versions pass, since only those are served by every release from 1.22 on.
 */
export function schemaProblems(objects: readonly KubernetesObject[]): ManifestProblem[] {
    const problems: ManifestProblem[] = [];
    for (const o of objects) {
        if (!isGeneralAvailability(o.apiVersion)) {
            problems.push({
                object: describeObject(o),
                message: `${o.apiVersion} is not a GA API version: Kubernetes 1.22 and later may not serve it (use the v1 version)`,
            });
            continue;
        }
        const Model = modelClass(o.apiVersion, o.kind);
        if (!Model) {
            problems.push({
                object: describeObject(o),
                message: `${o.apiVersion} ${o.kind} is not in the Kubernetes API that kubernetes-models describes (removed or misspelled)`,
            });
            continue;
        }
        try {
            new Model(o).validate();
        } catch (e) {
            problems.push({ object: describeObject(o), message: String((e as Error).message ?? e) });
        }
    }
    return problems;
}
