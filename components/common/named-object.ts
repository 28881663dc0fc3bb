/** One object the program will create, with the stack key that names it. */
export interface NamedObject {
    kind: string;
    /** Unset for cluster-scoped kinds. */
    namespace?: string;
    name: string;
    /** The setting a user changes to rename it, e.g. cluster-monitoring:metrics.name. */
    key: string;
}
