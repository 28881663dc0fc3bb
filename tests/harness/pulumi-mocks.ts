import { RegisteredResource } from "../../render/engine-mocks";

// The mock registration lives in render/ because the offline render uses the same one; tests
// that import from here and a render in the same mocha process share it.
export {
    allRegistered,
    captureResources,
    isWrappedSecret,
    RegisteredResource,
    unwrapSecret,
    waitForRegistrations,
} from "../../render/engine-mocks";

/** The only resource of a type and Kubernetes name; fails the test when there is none or several. */
export function findOne(resources: RegisteredResource[], type: string, metadataName?: string): RegisteredResource {
    const found = resources.filter(
        (r) => r.type === type && (metadataName === undefined || r.inputs.metadata?.name === metadataName),
    );
    if (found.length !== 1) {
        throw new Error(
            `expected exactly one ${type}${metadataName ? ` named ${metadataName}` : ""}, found ${found.length}: ` +
                resources.map((r) => `${r.type}/${r.inputs.metadata?.name ?? r.name}`).join(", "),
        );
    }
    return found[0];
}

export function ofType(resources: RegisteredResource[], type: string): RegisteredResource[] {
    return resources.filter((r) => r.type === type);
}
