/** One object the program will create, with the stack key that names it. */
export interface NamedObject {
    kind: string;
    /** Unset for cluster-scoped kinds. */
    namespace?: string;
    name: string;
    /** The setting a user changes to rename it, e.g. cluster-monitoring:metrics.name. */
    key: string;
}

/** What a component's pure builder returns (a k8s.types.input object): its kind and metadata say what it is. */
export interface BuiltObject {
    kind?: unknown;
    metadata?: unknown;
}

/**
 * The registry entries of objects that the component's own builders produce, all renamed by `key`.
 * Kind, name and namespace are read from the builders' output, not restated, so an object a builder
 * renames or moves is listed as it will be written (issue #33, class 3). The registry runs at load,
 * before any resource: a builder whose identity is not known until deployment (an Output) is a bug.
 */
export function namedBy(key: string, ...objects: BuiltObject[]): NamedObject[] {
    return objects.map((o) => {
        const metadata = (o.metadata ?? {}) as { name?: unknown; namespace?: unknown };
        const { kind } = o;
        const { name, namespace } = metadata;
        if (typeof kind !== "string" || typeof name !== "string" || !(namespace === undefined || typeof namespace === "string")) {
            throw new Error(`a builder's object named by ${key} has no plain kind, metadata.name and metadata.namespace at load (kind ${String(kind)}, name ${String(name)})`);
        }
        return namespace === undefined ? { kind, name, key } : { kind, namespace, name, key };
    });
}
