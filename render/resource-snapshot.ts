import { createHmac } from "crypto";
import { isWrappedSecret, RegisteredResource } from "./engine-mocks";

/**
 * What the engine would record of each registered resource, to hold a change of the program to
 * what a stack's state already has (tests/resource-snapshot.test.ts): its URN as the engine
 * computes it (the mock monitor keeps only the parent's own type, the engine the parent's whole
 * type chain), its type, its resource options, the URNs its aliases resolve to, and a digest of
 * its inputs. The snapshot never holds an input's value, so a secret appears only as a keyed digest.
 */
export interface SnapshotEntry {
    urn: string;
    type: string;
    /** The parent's URN as the engine computes it; absent for a resource of the stack itself. */
    parent?: string;
    /** The provider's URN as the engine computes it; absent for the default provider. */
    provider?: string;
    /** Every resource option set to other than its default. */
    options: Record<string, unknown>;
    /** The URNs the engine would take as this resource's former identities, its own excluded. */
    aliases: string[];
    /** A digest of each input path down to two levels (kind, metadata.name, spec.selector, data...), secrets digested with the key below. */
    inputs: Record<string, string>;
    /**
     * The Kubernetes object, `Kind namespace/name` (`Kind name` when cluster-scoped): recorded in
     * release fixtures only (resourceSnapshot's `objects`), so that a reader of one sees what each
     * URN is; the upgrade check matches objects by their digests, which every snapshot has.
     */
    object?: string;
}

/**
 * The digest key. The values digested are those of the offline render: every `secure:` value of
 * a stack file reads as one marker there, and generated passwords as mock values made from the
 * resource's name, so no real credential is ever digested; the key keeps the digest of a value
 * from being a plain hash of it all the same.
 */
const DIGEST_KEY = "cluster-monitoring/resource-snapshot";

/** The digest a snapshot records for an input whose value is `value`: to tell, without the value, whether an input is set to a known one (the provider's `"true"`). */
export function digestOf(value: unknown): string {
    return digest(canonical(value));
}

function digest(text: string): string {
    return createHmac("sha256", DIGEST_KEY).update(text).digest("hex").slice(0, 16);
}

/** JSON with sorted keys, a secret as a marker around its digest (the same value twice gives the same digest). */
function canonical(value: unknown): string {
    if (isWrappedSecret(value)) {
        return JSON.stringify({ "[secret]": digest(canonical((value as { value: unknown }).value)) });
    }
    if (Array.isArray(value)) {
        return `[${value.map(canonical).join(",")}]`;
    }
    if (typeof value === "object" && value !== null) {
        const o = value as Record<string, unknown>;
        return `{${Object.keys(o)
            .filter((k) => o[k] !== undefined)
            .sort()
            .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
            .join(",")}}`;
    }
    return JSON.stringify(value ?? null);
}

/** One digest per input path of at most two levels; a secret or a non-object stops the descent. */
function inputDigests(inputs: Record<string, unknown>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const key of Object.keys(inputs).sort()) {
        const v = inputs[key];
        if (v === undefined) continue;
        if (typeof v === "object" && v !== null && !Array.isArray(v) && !isWrappedSecret(v)) {
            const o = v as Record<string, unknown>;
            const keys = Object.keys(o).filter((k) => o[k] !== undefined);
            if (keys.length === 0) out[key] = digest(canonical(v));
            for (const k of keys.sort()) out[`${key}.${k}`] = digest(canonical(o[k]));
        } else {
            out[key] = digest(canonical(v));
        }
    }
    return out;
}

interface Urn {
    stack: string;
    project: string;
    /** The type chain, `parent$...$type`. */
    qualifiedType: string;
    name: string;
}

function parseUrn(urn: string): Urn {
    const m = /^urn:pulumi:([^:]*)::([^:]*)::(.*?)::(.*)$/s.exec(urn);
    if (!m) throw new Error(`not a URN: ${urn}`);
    return { stack: m[1], project: m[2], qualifiedType: m[3], name: m[4] };
}

/** pkg/resource/urn.go NewURN: the parent's qualified type joins the type, unless the parent is the stack itself. */
function newUrn(stack: string, project: string, parent: string | undefined, type: string, name: string): string {
    const parentType = parent ? parseUrn(parent).qualifiedType : undefined;
    const qualified = parentType !== undefined && parentType !== "pulumi:pulumi:Stack" ? `${parentType}$${type}` : type;
    return `urn:pulumi:${stack}::${project}::${qualified}::${name}`;
}

/** The option values a resource gets when the program sets none; only others are recorded. */
const OPTION_DEFAULTS: Record<string, unknown> = {
    protect: false,
    deleteBeforeReplace: false,
    ignoreChanges: [],
    replaceOnChanges: [],
    retainOnDelete: false,
    additionalSecretOutputs: [],
    deletedWith: "",
    version: "",
    pluginDownloadUrl: "",
};

/**
 * The snapshot of one run's resources, in registration order. `stack` and `project` are the
 * engine's; every parent registers before its children, so each parent's full URN is known when
 * a child needs it.
 */
export function resourceSnapshot(resources: readonly RegisteredResource[], stack: string, project: string, opts: { objects?: boolean } = {}): SnapshotEntry[] {
    // Mock URN (parent's own type only) to the engine's URN (whole type chain), and the resolved aliases of each.
    const full = new Map<string, string>();
    const aliasesOf = new Map<string, string[]>();
    const entries: SnapshotEntry[] = [];
    for (const r of resources) {
        const req = r.request;
        if (!req) throw new Error(`resource ${r.type} ${r.name} was registered without its request (render/engine-mocks.ts)`);
        const fullOf = (mockUrn: string): string => {
            const f = full.get(mockUrn);
            if (f === undefined) throw new Error(`${r.type} ${r.name} refers to ${mockUrn}, which registered after it or never`);
            return f;
        };
        const parent = req.parent ? fullOf(req.parent) : undefined;
        const mockUrn = newMockUrn(req.parent, r.type, r.name, stack, project);
        const urn = newUrn(stack, project, parent, r.type, r.name);
        full.set(mockUrn, urn);

        const parentName = req.parent ? parseUrn(req.parent).name : undefined;
        const aliases = resolveAliases(req.aliases, { type: r.type, name: r.name, parent, parentName, stack, project }, fullOf, aliasesOf);
        aliasesOf.set(urn, aliases);

        const options: Record<string, unknown> = {};
        for (const [k, def] of Object.entries(OPTION_DEFAULTS)) {
            const v = (req as unknown as Record<string, unknown>)[k];
            if (JSON.stringify(v) !== JSON.stringify(def)) options[k] = v;
        }
        if (req.customTimeouts) options.customTimeouts = req.customTimeouts;
        if (req.read) options.read = true;
        const provider = r.provider ? fullOf(r.provider.replace(/::[^:]*$/, "")) : undefined;
        entries.push({
            urn,
            type: r.type,
            ...(parent !== undefined ? { parent } : {}),
            ...(provider !== undefined ? { provider } : {}),
            options,
            aliases,
            inputs: inputDigests(r.inputs),
            ...(opts.objects && objectOf(r) !== undefined ? { object: objectOf(r) } : {}),
        });
    }
    return entries;
}

/** `Kind namespace/name` of a Kubernetes object the program names; undefined for anything else. */
function objectOf(r: RegisteredResource): string | undefined {
    if (!r.type.startsWith("kubernetes:") || typeof r.inputs.kind !== "string") return undefined;
    const m = (r.inputs.metadata ?? {}) as { name?: unknown; namespace?: unknown };
    const name = typeof m.name === "string" ? m.name : "(autonamed)";
    return typeof m.namespace === "string" ? `${r.inputs.kind} ${m.namespace}/${name}` : `${r.inputs.kind} ${name}`;
}

/** The URN the mock monitor gave (runtime/mocks.js newUrn): the parent's last type only. */
function newMockUrn(parent: string, type: string, name: string, stack: string, project: string): string {
    const t = parent ? `${parseUrn(parent).qualifiedType.split("$").pop()}$${type}` : type;
    return `urn:pulumi:${stack}::${project}::${t}::${name}`;
}

/**
 * The alias URNs as the engine resolves alias specs (pulumi/pulumi pkg/resource/deploy/
 * step_generator.go, generateAliases, collapseAliasToUrn and inheritedChildAlias; the SDK's
 * allAliases in @pulumi/pulumi resource.js does the same when the engine takes no specs): a spec's
 * name and type default to the resource's, its parent to the resource's parent unless it says
 * noParent or names another (then also each former identity of that parent, which the engine
 * uses when the parent matched through an alias); and a child inherits every alias of its
 * parent, under its own name and type and under each of its own specs', a name that starts with
 * the parent's name taking the parent alias' name in its place ("{name}-details").
 *
 * The engine inherits only the one alias its parent matched in the stack's state; without the
 * state this records every alias the parent has, a superset of what the engine tries.
 */
function resolveAliases(
    specs: NonNullable<RegisteredResource["request"]>["aliases"],
    self: { type: string; name: string; parent?: string; parentName?: string; stack: string; project: string },
    fullOf: (mockUrn: string) => string,
    aliasesOf: Map<string, string[]>,
): string[] {
    const own = newUrn(self.stack, self.project, self.parent, self.type, self.name);
    const out = new Set<string>();
    const parentAliases = self.parent ? (aliasesOf.get(self.parent) ?? []) : [];
    const shapes: { type: string; name: string }[] = [{ type: self.type, name: self.name }];
    for (const a of specs) {
        if (a.urn) {
            out.add(a.urn);
            const u = parseUrn(a.urn);
            shapes.push({ type: u.qualifiedType.split("$").pop()!, name: u.name });
            continue;
        }
        const s = a.spec!;
        const type = s.type || self.type;
        const name = s.name || self.name;
        // The engine multiplies every spec, whatever its parent, by the parent's alias (generateAliases).
        shapes.push({ type, name });
        if (s.noParent) {
            out.add(newUrn(s.stack || self.stack, s.project || self.project, undefined, type, name));
        } else if (s.parentUrn) {
            const named = fullOf(s.parentUrn);
            for (const p of [named, ...(aliasesOf.get(named) ?? [])]) out.add(newUrn(s.stack || self.stack, s.project || self.project, p, type, name));
        } else {
            out.add(newUrn(s.stack || self.stack, s.project || self.project, self.parent, type, name));
        }
    }
    for (const p of parentAliases) {
        const parentAliasName = parseUrn(p).name;
        for (const shape of shapes) {
            const name = self.parentName !== undefined && shape.name.startsWith(self.parentName) ? parentAliasName + shape.name.slice(self.parentName.length) : shape.name;
            out.add(newUrn(self.stack, self.project, p, shape.type, name));
        }
    }
    out.delete(own);
    return [...out].sort();
}

/** The snapshot file's text: one entry a line, in registration order, so a diff shows the resources that moved. */
export function snapshotText(entries: readonly SnapshotEntry[], header: string): string {
    return header + entries.map((e) => JSON.stringify(e)).join("\n") + "\n";
}

export function parseSnapshot(text: string): SnapshotEntry[] {
    return text
        .split("\n")
        .filter((l) => l !== "" && !l.startsWith("#"))
        .map((l) => JSON.parse(l) as SnapshotEntry);
}

/** What changed between two snapshots of one stack: URNs added and removed, and per kept URN the fields and input paths that differ. */
export interface SnapshotDiff {
    added: string[];
    removed: string[];
    changed: { urn: string; fields: string[] }[];
}

export function snapshotDiff(then: readonly SnapshotEntry[], now: readonly SnapshotEntry[]): SnapshotDiff {
    const before = new Map(then.map((e) => [e.urn, e]));
    const after = new Map(now.map((e) => [e.urn, e]));
    const changed: SnapshotDiff["changed"] = [];
    for (const [urn, e] of after) {
        const old = before.get(urn);
        if (!old) continue;
        const fields: string[] = [];
        for (const k of ["type", "parent", "provider", "options", "aliases"] as const) {
            if (JSON.stringify(old[k]) !== JSON.stringify(e[k])) fields.push(k);
        }
        for (const p of new Set([...Object.keys(old.inputs), ...Object.keys(e.inputs)])) {
            if (old.inputs[p] !== e.inputs[p]) fields.push(`inputs.${p}`);
        }
        if (fields.length > 0) changed.push({ urn, fields });
    }
    return { added: [...after.keys()].filter((u) => !before.has(u)), removed: [...before.keys()].filter((u) => !after.has(u)), changed };
}
