import { stringify } from "yaml";
import { KubernetesObject } from "./kubernetes-objects";

// Dependencies first, the way `kubectl apply -f` of the whole file would need them: namespaces and
// cluster-wide objects, then what pods refer to, then workloads, then what routes to them.
const KIND_ORDER = [
    "Namespace",
    "PriorityClass",
    "PersistentVolume",
    "ServiceAccount",
    "Secret",
    "ConfigMap",
    "ClusterRole",
    "ClusterRoleBinding",
    "Role",
    "RoleBinding",
    "Service",
    "DaemonSet",
    "Deployment",
    "StatefulSet",
    "Ingress",
];

const TOP_LEVEL_ORDER = ["apiVersion", "kind", "metadata"];

/** Orders objects by kind (unknown kinds last, alphabetically), then namespace, then name. */
export function sortObjects(objects: readonly KubernetesObject[]): KubernetesObject[] {
    const rank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);
    const key = (o: KubernetesObject) => [o.kind, o.metadata.namespace ?? "", o.metadata.name];
    return [...objects].sort((a, b) => {
        const byRank = rank(a.kind) - rank(b.kind);
        if (byRank !== 0) {
            return byRank;
        }
        const [ka, kb] = [key(a), key(b)];
        for (let i = 0; i < ka.length; i++) {
            if (ka[i] !== kb[i]) {
                return ka[i] < kb[i] ? -1 : 1;
            }
        }
        return 0;
    });
}

/**
 * One multi-document YAML file. Map keys are sorted (apiVersion, kind and metadata first, as
 * kubectl prints them), so the bytes depend only on the objects and not on the order in which
 * builders or the RPC layer happened to add fields.
 */
export function manifestFile(objects: readonly KubernetesObject[], header: string): string {
    const docs = sortObjects(objects).map(
        (o) => "---\n" + stringify(sortedKeys(o, true), { lineWidth: 0, minContentWidth: 0 }),
    );
    return header + docs.join("");
}

function sortedKeys(value: unknown, topLevel = false): unknown {
    if (Array.isArray(value)) {
        return value.map((v) => sortedKeys(v));
    }
    if (typeof value === "object" && value !== null) {
        const keys = Object.keys(value).sort((a, b) => {
            if (topLevel) {
                const [ra, rb] = [TOP_LEVEL_ORDER.indexOf(a), TOP_LEVEL_ORDER.indexOf(b)];
                if (ra !== rb) {
                    return (ra === -1 ? TOP_LEVEL_ORDER.length : ra) - (rb === -1 ? TOP_LEVEL_ORDER.length : rb);
                }
            }
            return a < b ? -1 : a > b ? 1 : 0;
        });
        return Object.fromEntries(keys.map((k) => [k, sortedKeys((value as Record<string, unknown>)[k])]));
    }
    return value;
}
