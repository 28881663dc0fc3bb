import { Announcement } from "./changelog";
import { pathCovers, ProviderFacts, replacementsOf } from "./replacement-rules";
import { digestOf, SnapshotEntry } from "./resource-snapshot";

/**
 * What `pulumi up` of the program as it is would do to a stack whose state is `then` (a release
 * fixture or the committed resource snapshot) that loses something, found without an engine:
 *
 * - `disappears`: a URN of the state that no resource of the program takes, by its URN or an
 *   alias: the engine deletes it;
 * - `adopted`: a Kubernetes object (kind, namespace, name) that a new URN declares while the old
 *   one goes: the new resource takes the object over, then the old one's delete removes it;
 * - `replaced`: a kept resource whose changed inputs the pinned providers replace on
 *   (render/replacement-rules.ts), or a path in its own replaceOnChanges, or a different
 *   provider whose config replaces.
 *
 * A finding is let through only when the changelog announces it (render/changelog.ts).
 */
export interface Finding {
    kind: "disappears" | "adopted" | "replaced";
    urn: string;
    detail: string;
}

const PROVIDER = "pulumi:providers:kubernetes";

/** An entry's Kubernetes identity as digests, comparable across snapshots without the names. */
function identityOf(e: SnapshotEntry): string | undefined {
    if (!e.type.startsWith("kubernetes:") || e.inputs.kind === undefined || e.inputs["metadata.name"] === undefined) return undefined;
    return `${e.inputs.kind}/${e.inputs["metadata.namespace"] ?? ""}/${e.inputs["metadata.name"]}`;
}

/** Whether an announcement names `e`: by URN, or by `Kind namespace/name` / `Kind name`. */
export function announces(a: Announcement, e: SnapshotEntry): boolean {
    const what = a.what.trim();
    if (what.startsWith("urn:pulumi:")) return what === e.urn;
    const m = /^(\S+)\s+(?:([^/\s]+)\/)?(\S+)$/.exec(what);
    if (!m) return false;
    const [, kind, namespace, name] = m;
    if (e.type.startsWith("kubernetes:") && e.inputs.kind !== undefined) {
        return e.inputs.kind === digestOf(kind) && e.inputs["metadata.name"] === digestOf(name) && e.inputs["metadata.namespace"] === (namespace === undefined ? undefined : digestOf(namespace));
    }
    return namespace === undefined && e.type.split(":").pop() === kind && e.urn.slice(e.urn.lastIndexOf("::") + 2) === name;
}

function providerFacts(e: SnapshotEntry | undefined): ProviderFacts {
    // The SDK sends the provider's booleans as JSON text (@pulumi/kubernetes provider.js: .apply(JSON.stringify)).
    const on = (k: string) => e !== undefined && (e.inputs[k] === digestOf("true") || e.inputs[k] === digestOf(true));
    return { configMapsMutable: on("enableConfigMapMutable"), secretsMutable: on("enableSecretMutable") };
}

function changedPaths(then: SnapshotEntry, now: SnapshotEntry): string[] {
    const ignored = ((now.options.ignoreChanges as string[] | undefined) ?? []).map((p) => p.replace(/\[("|')?([^\]"']+)\1\]/g, ".$2"));
    return [...new Set([...Object.keys(then.inputs), ...Object.keys(now.inputs)])].filter((p) => then.inputs[p] !== now.inputs[p] && !ignored.some((i) => p === i || p.startsWith(`${i}.`))).sort();
}

/**
 * The replacing paths of a change to the Kubernetes provider's own inputs, with DiffConfig's
 * rule for clusterIdentifier (provider.go lines 486-503): a changed identifier replaces; an
 * identifier added or removed does not by itself; one that is set and unchanged replaces nothing.
 */
function providerReplacing(before: SnapshotEntry, after: SnapshotEntry, paths: readonly string[]): string[] {
    const id = "clusterIdentifier";
    const b = before.inputs[id];
    const a = after.inputs[id];
    if (a !== undefined && a === b) return [];
    const hits = replacementsOf(PROVIDER, paths, providerFacts(after), false).map((h) => h.path);
    return a === undefined || b === undefined ? hits.filter((p) => p !== id) : hits;
}

export function upgradeFindings(then: readonly SnapshotEntry[], now: readonly SnapshotEntry[], announced: readonly Announcement[]): Finding[] {
    const oldByUrn = new Map(then.map((e) => [e.urn, e]));
    const newByUrn = new Map(now.map((e) => [e.urn, e]));
    // The engine looks a resource up by its URN first, then by each alias, and an old URN serves one resource (step_generator.go generateSteps).
    const matched = new Map<string, SnapshotEntry>();
    const claimed = new Set<string>();
    for (const e of now) {
        const found = [e.urn, ...e.aliases].find((u) => oldByUrn.has(u) && !claimed.has(u));
        if (found) {
            matched.set(e.urn, oldByUrn.get(found)!);
            claimed.add(found);
        }
    }
    const isAnnounced = (verbs: Announcement["verb"][], ...entries: SnapshotEntry[]) => announced.some((a) => verbs.includes(a.verb) && entries.some((e) => announces(a, e)));
    const findings: Finding[] = [];

    for (const e of then) {
        if (claimed.has(e.urn) || isAnnounced(["Deletes", "Replaces"], e)) continue;
        findings.push({ kind: "disappears", urn: e.urn, detail: `no resource of the program has this URN or an alias to it: the engine deletes it` });
    }

    const oldByIdentity = new Map<string, SnapshotEntry[]>();
    for (const e of then) {
        const id = identityOf(e);
        if (id !== undefined) oldByIdentity.set(id, [...(oldByIdentity.get(id) ?? []), e]);
    }
    for (const e of now) {
        if (matched.has(e.urn)) continue;
        const id = identityOf(e);
        const same = id === undefined ? [] : (oldByIdentity.get(id) ?? []).filter((o) => matched.get(e.urn) !== o);
        if (same.length === 0 || isAnnounced(["Replaces", "Deletes"], e, ...same)) continue;
        findings.push({ kind: "adopted", urn: e.urn, detail: `declares the Kubernetes object of ${same.map((o) => o.urn).join(", ")} under a new URN: it is taken over, then deleted with the old resource` });
    }

    for (const e of now) {
        const old = matched.get(e.urn);
        if (!old) continue;
        const reasons: string[] = [];
        const paths = changedPaths(old, e);
        const provider = e.provider !== undefined ? newByUrn.get(e.provider) : undefined;
        const immutable = e.inputs.immutable === digestOf(true);
        const hits = replacementsOf(e.type, paths, providerFacts(provider), immutable);
        const kept = e.type === PROVIDER ? new Set(providerReplacing(old, e, paths)) : undefined;
        for (const { rule, path } of hits) {
            if (rule.guarded && (kept === undefined || kept.has(path))) reasons.push(`${path} changed, which replaces it (${rule.source})`);
        }
        for (const p of (e.options.replaceOnChanges as string[] | undefined) ?? []) {
            const hit = paths.find((q) => pathCovers(p, q));
            if (hit) reasons.push(`${hit} changed, in its replaceOnChanges (pulumi step_generator.go applyReplaceOnChanges)`);
        }
        // A different provider: the engine diffs the new provider's config against the old one's (step_generator.go providerChanged).
        if (old.provider !== e.provider && !(e.provider !== undefined && matched.get(e.provider)?.urn === old.provider)) {
            const before = old.provider !== undefined ? oldByUrn.get(old.provider) : undefined;
            const after = provider;
            const replacing = before === undefined || after === undefined ? ["provider"] : providerReplacing(before, after, changedPaths(before, after));
            if (replacing.length > 0) reasons.push(`its provider changed from ${old.provider ?? "the default"} to ${e.provider ?? "the default"} with ${replacing.join(", ")} different, which replaces it (pulumi step_generator.go providerChanged)`);
        }
        // A named object's replacement deletes it before it creates it again (provider.go Diff, deleteBeforeReplace): for that moment it does not exist.
        if (reasons.length > 0 && e.type.startsWith("kubernetes:") && e.inputs["metadata.name"] !== undefined) reasons.push("its name is fixed, so the provider deletes it first");
        if (reasons.length > 0 && !isAnnounced(["Replaces"], e, old)) findings.push({ kind: "replaced", urn: e.urn, detail: reasons.join("; ") });
    }
    return findings;
}
