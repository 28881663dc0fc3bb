import { KubernetesObject } from "./kubernetes-object";
import { containersOf, podTemplates } from "./pod-templates";

/**
 * The Secrets the rendered pods read that the render does not write: those the cluster must
 * provide (docs/existing-secrets.md, docs/security.md#production-checklist), each key with the
 * workloads that read it. Read from the objects, as the checklist's endpoints are, so the list
 * is what the pods reference: env secretKeyRefs, secret volumes and projected volumes' secrets
 * (a stack's extra.env and extra.volumes, the TLS Secrets a stack names, and every secret stack
 * key set to { secretKeyRef }). `keys` is undefined for a volume that mounts every key.
 */
export interface ProvidedSecret {
    namespace: string;
    name: string;
    keys?: string[];
    readers: string[];
}

export function providedSecrets(objects: readonly KubernetesObject[]): ProvidedSecret[] {
    const written = new Set(objects.filter((o) => o.kind === "Secret").map((o) => `${o.metadata.namespace ?? "default"}/${o.metadata.name}`));
    const found = new Map<string, { namespace: string; name: string; keys: Set<string>; whole: boolean; readers: Set<string> }>();
    const add = (namespace: string, name: string, keys: readonly string[] | undefined, reader: string) => {
        const id = `${namespace}/${name}`;
        if (written.has(id)) {
            return;
        }
        const entry = found.get(id) ?? { namespace, name, keys: new Set<string>(), whole: false, readers: new Set<string>() };
        keys === undefined ? (entry.whole = true) : keys.forEach((k) => entry.keys.add(k));
        entry.readers.add(reader);
        found.set(id, entry);
    };
    for (const t of podTemplates(objects)) {
        for (const c of containersOf(t.spec)) {
            for (const e of c.env ?? []) {
                const ref = e.valueFrom?.secretKeyRef;
                if (ref?.name) {
                    add(t.namespace, ref.name, [ref.key], t.ownerName);
                }
            }
            for (const from of c.envFrom ?? []) {
                if (from.secretRef?.name) {
                    add(t.namespace, from.secretRef.name, undefined, t.ownerName);
                }
            }
        }
        for (const v of t.spec.volumes ?? []) {
            const sources = [...(v.secret ? [{ name: v.secret.secretName, items: v.secret.items }] : []), ...(v.projected?.sources ?? []).filter((s: any) => s.secret).map((s: any) => s.secret)];
            for (const s of sources) {
                add(t.namespace, s.name, s.items?.map((i: { key: string }) => i.key), t.ownerName);
            }
        }
    }
    return [...found.values()]
        .map((e) => ({ namespace: e.namespace, name: e.name, ...(e.whole ? {} : { keys: [...e.keys].sort() }), readers: [...e.readers].sort() }))
        .sort((a, b) => `${a.namespace}/${a.name}`.localeCompare(`${b.namespace}/${b.name}`));
}
