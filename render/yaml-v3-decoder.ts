import { Alias, isAlias, isMap, isScalar, isSeq, LineCounter, Node, parseDocument, Scalar, YAMLMap } from "yaml";
import { configKey } from "./config-key";

// A parsed stack file decoded as gopkg.in/yaml.v3 v3.0.1 decodes into interface{}, which is what
// the Pulumi CLI does before it reads config: yaml.v3's scalar resolution, merge keys and limits,
// with every construct this render refuses named by position (see SUPPORTED).

/** What a stack file may hold; said by every error about a value this render refuses. */
export const SUPPORTED =
    "supported are plain and quoted scalars, lists, maps, anchors and aliases, merge keys (<<) " +
    "and the tags !!str !!int !!float !!bool !!null !!map !!seq !!binary";

export type DMap = Map<string, DValue>;
export type DValue = string | bigint | number | boolean | null | DValue[] | DMap;

const TAG_PREFIX = "tag:yaml.org,2002:";
/** Limits the work an alias bomb can cause; yaml.v3 refuses "excessive aliasing" too. */
const MAX_NODES = 1_000_000;

export type Fail = (offset: number | undefined, detail: string) => never;
type KeyNodes = Map<string, { key: Node | null; value: Node | null }>;

export class Decoder {
    /** For each decoded map, the nodes of its keys and values, for error positions. */
    readonly keyNodes = new WeakMap<DMap, KeyNodes>();
    private visits = 0;
    private readonly active = new Set<Node>();

    constructor(
        private readonly doc: ReturnType<typeof parseDocument>,
        private readonly fail: Fail,
        private readonly lineCounter: LineCounter,
    ) {}

    value(node: Node | null, where: string): DValue {
        if (node === null) {
            return null;
        }
        if (++this.visits > MAX_NODES) {
            this.fail(node.range?.[0], "the document expands to too many values through aliases");
        }
        if (isAlias(node)) {
            return this.value(this.target(node), where);
        }
        if (this.active.has(node)) {
            this.fail(node.range?.[0], `${label(where)}an anchor's value contains an alias of itself`);
        }
        this.active.add(node);
        try {
            if (isScalar(node)) {
                return this.scalar(node, where);
            }
            if (isSeq(node)) {
                if (node.tag !== undefined && node.tag !== `${TAG_PREFIX}seq`) {
                    this.refuse(node, where, `the tag ${shortTag(node.tag)} on a list`);
                }
                return node.items.map((item, i) => this.value(item as Node, `${where}[${i}]`));
            }
            if (isMap(node)) {
                if (node.tag !== undefined && node.tag !== `${TAG_PREFIX}map`) {
                    this.refuse(node, where, `the tag ${shortTag(node.tag)} on a mapping`);
                }
                return this.map(node, where);
            }
            return this.fail((node as Node).range?.[0], `${label(where)}unexpected YAML node`);
        } finally {
            this.active.delete(node);
        }
    }

    private target(alias: Alias): Node {
        const target = alias.resolve(this.doc);
        if (target === undefined) {
            this.fail(alias.range?.[0], `alias *${alias.source} names no anchor before it`);
        }
        return target as Node;
    }

    private map(node: YAMLMap, where: string): DMap {
        this.checkDuplicates(node);
        const out: DMap = new Map();
        const nodes: KeyNodes = new Map();
        this.keyNodes.set(out, nodes);
        let merge: Node | null | undefined;
        for (const pair of node.items) {
            const keyNode = pair.key as Node | null;
            if (isMergeKey(keyNode)) {
                merge = pair.value as Node | null;
                continue;
            }
            const key = this.key(keyNode, where);
            out.set(key, this.value(pair.value as Node | null, child(where, key)));
            nodes.set(key, { key: keyNode, value: pair.value as Node | null });
        }
        if (merge !== undefined) {
            // yaml.v3 decoder.merge: the map's own keys win over merged ones, whatever their place.
            this.merge(out, merge, new Set(out.keys()), where);
        }
        return out;
    }

    /** yaml.v3's merge: each merged map adds the keys not yet set; in a list, the first map wins. */
    private merge(out: DMap, merge: Node | null, seen: Set<string>, where: string): void {
        const wantMap = (n: Node | null): never =>
            this.fail(n?.range?.[0], `${label(where)}a merge key (<<) takes a map or a list of maps, as for the Pulumi CLI`);
        const resolved = merge !== null && isAlias(merge) ? this.target(merge) : merge;
        if (isMap(resolved)) {
            this.mergeMap(out, resolved, seen, where);
        } else if (isSeq(resolved) && !isAlias(merge)) {
            for (const item of resolved.items as Array<Node | null>) {
                const map = item !== null && isAlias(item) ? this.target(item) : item;
                if (!isMap(map)) {
                    wantMap(item);
                }
                this.mergeMap(out, map as YAMLMap, seen, where);
            }
        } else {
            wantMap(merge);
        }
    }

    private mergeMap(out: DMap, node: YAMLMap, seen: Set<string>, where: string): void {
        if (this.active.has(node)) {
            this.fail(node.range?.[0], `${label(where)}an anchor's value merges an alias of itself`);
        }
        this.checkDuplicates(node);
        const nodes = this.keyNodes.get(out)!;
        let merge: Node | null | undefined;
        for (const pair of node.items) {
            const keyNode = pair.key as Node | null;
            if (isMergeKey(keyNode)) {
                merge = pair.value as Node | null;
                continue;
            }
            const key = this.key(keyNode, where);
            if (seen.has(key)) {
                continue;
            }
            seen.add(key);
            out.set(key, this.value(pair.value as Node | null, child(where, key)));
            nodes.set(key, { key: keyNode, value: pair.value as Node | null });
        }
        if (merge !== undefined) {
            this.merge(out, merge, seen, where);
        }
    }

    /** yaml.v3 rejects two keys of one mapping with the same text ("mapping key already defined"). */
    private checkDuplicates(node: YAMLMap): void {
        const first = new Map<string, Node>();
        for (const pair of node.items) {
            const key = pair.key as Node | null;
            const text = key === null ? "" : isScalar(key) ? `s:${key.source ?? String(key.value)}` : isAlias(key) ? `a:${key.source}` : undefined;
            if (text === undefined) {
                continue;
            }
            const earlier = first.get(text);
            if (earlier !== undefined) {
                const shown = text.slice(2);
                this.fail(key?.range?.[0], `duplicate key "${shown}" (first at line ${this.lineOf(earlier)}); the Pulumi CLI rejects a mapping key defined twice`);
            }
            first.set(text, key ?? (node as Node));
        }
    }

    private lineOf(node: Node): number | string {
        return node.range ? this.lineCounter.linePos(node.range[0]).line : "?";
    }

    private key(node: Node | null, where: string): string {
        const target = node !== null && isAlias(node) ? this.target(node) : node;
        if (target !== null && !isScalar(target)) {
            this.fail(node?.range?.[0], `${label(where)}a ${kindOf(target)} as a mapping key; keys must be strings`);
        }
        const key = this.value(target, where);
        if (typeof key !== "string") {
            const text = target === null ? "" : String((target as Scalar).source ?? "");
            this.fail(
                node?.range?.[0] ?? undefined,
                `${label(where)}the key ${text === "" ? "(empty)" : text} reads as ${kindOfValue(key)}, not a string; quote it ("${text}"). Keys must be strings`,
            );
        }
        if (key === "<<") {
            // The CLI writes the file out and reads it again, and then a quoted "<<" is a merge key.
            this.fail(node?.range?.[0], `${label(where)}a quoted "<<" key is not supported: the Pulumi CLI reads it as a merge key`);
        }
        return key as string;
    }

    private refuse(node: Node, where: string, what: string, cliDoes?: string): never {
        return this.fail(
            node.range?.[0],
            `${label(where)}${what} is not supported${cliDoes ? ` (${cliDoes})` : ""}; ${SUPPORTED}`,
        );
    }

    private scalar(node: Scalar, where: string): DValue {
        const text = node.source ?? (node.value === null ? "" : String(node.value));
        const tag = node.tag === undefined ? undefined : shortTag(node.tag);
        if (tag === undefined) {
            return node.type === "PLAIN" || node.type === undefined ? this.plain(node, text, where) : text;
        }
        switch (tag) {
            case "!!str":
                return text;
            case "!!binary":
                return this.binary(node, text, where);
            case "!!int":
            case "!!float":
            case "!!bool":
            case "!!null": {
                const value = resolvePlain(text, false);
                const got = tagOf(value);
                if (tag === "!!float" && typeof value === "bigint") {
                    return Number(value);
                }
                if (got !== tag) {
                    this.fail(node.range?.[0], `${label(where)}cannot decode ${got} \`${text}\` as a ${tag}, as the Pulumi CLI says`);
                }
                return this.checkFinite(node, value, where);
            }
            case "!!timestamp":
                return this.refuse(node, where, `!!timestamp`, `the Pulumi CLI would pass a Go time text such as "2024-01-01 00:00:00 +0000 UTC"; quote the date to pass it as written`);
            case "!!merge":
                return this.refuse(node, where, "!!merge outside a mapping key");
            default:
                return this.refuse(
                    node,
                    where,
                    `the custom tag ${tag}`,
                    `the Pulumi CLI drops it and would pass ${JSON.stringify(text)}; remove the tag`,
                );
        }
    }

    private plain(node: Scalar, text: string, where: string): DValue {
        if (looksLikeTimestamp(text)) {
            this.refuse(
                node,
                where,
                `the unquoted date ${text}`,
                `the Pulumi CLI reads it as a timestamp and would pass a Go time text such as "2024-01-01 00:00:00 +0000 UTC"; quote it ("${text}") to pass it as written`,
            );
        }
        return this.checkFinite(node, resolvePlain(text, true), where);
    }

    private checkFinite(node: Scalar, value: DValue, where: string): DValue {
        if (typeof value === "number" && !Number.isFinite(value)) {
            this.refuse(node, where, `${node.source} (infinity or not-a-number)`, "the Pulumi CLI fails on it: JSON has no such number");
        }
        return value;
    }

    private binary(node: Scalar, text: string, where: string): string {
        const base64 = text.replace(/[\r\n]/g, "");
        if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) {
            this.fail(node.range?.[0], `${label(where)}!!binary value contains invalid base64 data, as the Pulumi CLI says`);
        }
        try {
            // yaml.v3 decodes !!binary into the decoded bytes as a string; config values are text.
            return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(base64, "base64"));
        } catch {
            return this.refuse(node, where, "!!binary data that is not UTF-8 text", "config values are text; the Pulumi CLI would garble the bytes");
        }
    }
}

function label(where: string): string {
    return where === "" ? "" : `${where}: `;
}

/** The path of a value in messages; config values go by their full key, as ConfigError names them. */
function child(where: string, key: string): string {
    if (where === "config") {
        return configKey(key) ?? key;
    }
    return where === "" ? key : `${where}.${key}`;
}

function isMergeKey(node: Node | null): boolean {
    return (
        node !== null &&
        isScalar(node) &&
        (node.type === "PLAIN" || node.type === undefined) &&
        node.source === "<<" &&
        (node.tag === undefined || node.tag === `${TAG_PREFIX}merge`)
    );
}

function shortTag(tag: string): string {
    return tag.startsWith(TAG_PREFIX) ? `!!${tag.slice(TAG_PREFIX.length)}` : tag;
}

export function kindOf(node: Node): string {
    if (isMap(node)) return "a mapping";
    if (isSeq(node)) return "a list";
    if (isAlias(node)) return "an alias";
    return "a scalar";
}

export function kindOfValue(value: DValue | undefined): string {
    if (value === null || value === undefined) return "null";
    if (Array.isArray(value)) return "a list";
    if (value instanceof Map) return "a mapping";
    if (typeof value === "bigint") return "an integer";
    if (typeof value === "number") return "a float";
    if (typeof value === "boolean") return "a boolean";
    return `the string ${JSON.stringify(value)}`;
}

function tagOf(value: DValue): string {
    if (value === null) return "!!null";
    if (typeof value === "bigint") return "!!int";
    if (typeof value === "number") return "!!float";
    if (typeof value === "boolean") return "!!bool";
    return "!!str";
}

// yaml.v3 v3.0.1 resolve.go, for a plain scalar decoded into interface{}.
const RESOLVE_MAP: Record<string, DValue> = {
    true: true, True: true, TRUE: true,
    false: false, False: false, FALSE: false,
    "": null, "~": null, null: null, Null: null, NULL: null,
    ".nan": NaN, ".NaN": NaN, ".NAN": NaN,
    ".inf": Infinity, ".Inf": Infinity, ".INF": Infinity,
    "+.inf": Infinity, "+.Inf": Infinity, "+.INF": Infinity,
    "-.inf": -Infinity, "-.Inf": -Infinity, "-.INF": -Infinity,
    "<<": "<<",
};
const YAML_STYLE_FLOAT = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$/;

function resolvePlain(text: string, untagged: boolean): DValue {
    const hint = text === "" ? "N" : hintOf(text[0]);
    if (hint === undefined) {
        return text;
    }
    if (Object.prototype.hasOwnProperty.call(RESOLVE_MAP, text)) {
        return RESOLVE_MAP[text];
    }
    if (hint === ".") {
        return /^\.[0-9]+([eE][-+]?[0-9]+)?$/.test(text) ? Number(text) : text;
    }
    if (hint === "D" || hint === "S") {
        // An untagged date was refused before this; a tagged one (!!int 2024-01-01) is no timestamp.
        void untagged;
        const plain = text.replace(/_/g, "");
        const int = goParseInt(plain, true);
        if (int !== undefined) {
            return int;
        }
        const uint = goParseInt(plain, false);
        if (uint !== undefined) {
            return uint;
        }
        if (YAML_STYLE_FLOAT.test(plain)) {
            const f = Number(plain);
            if (Number.isFinite(f)) {
                return f;
            }
        }
    }
    return text;
}

function hintOf(c: string): string | undefined {
    if (c === "+" || c === "-") return "S";
    if (c >= "0" && c <= "9") return "D";
    if ("yYnNtTfFoO~".includes(c)) return "M";
    if (c === ".") return ".";
    return undefined;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const UINT64_MAX = 2n ** 64n - 1n;

/** Go's strconv.ParseInt(s, 0, 64) (signed) or ParseUint(s, 0, 64); undefined on error. */
function goParseInt(s: string, signed: boolean): bigint | undefined {
    let t = s;
    let negative = false;
    if (signed && (t.startsWith("+") || t.startsWith("-"))) {
        negative = t[0] === "-";
        t = t.slice(1);
    }
    if (t === "") {
        return undefined;
    }
    let base = 10n;
    if (t[0] === "0") {
        const p = t.length >= 3 ? t[1].toLowerCase() : "";
        if (p === "b" || p === "o" || p === "x") {
            base = p === "b" ? 2n : p === "o" ? 8n : 16n;
            t = t.slice(2);
        } else {
            base = 8n;
            t = t.slice(1);
        }
    }
    let n = 0n;
    for (const c of t.toLowerCase()) {
        const d = c >= "0" && c <= "9" ? BigInt(c.charCodeAt(0) - 48) : c >= "a" && c <= "z" ? BigInt(c.charCodeAt(0) - 87) : 99n;
        if (d >= base) {
            return undefined;
        }
        n = n * base + d;
    }
    const value = negative ? -n : n;
    if (signed ? value < INT64_MIN || value > INT64_MAX : value > UINT64_MAX) {
        return undefined;
    }
    return value;
}

/** yaml.v3's parseTimestamp: YYYY-M-D, optionally with a time (T, t or one space) and, after T/t, a zone. */
function looksLikeTimestamp(text: string): boolean {
    const m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2}))|(?: (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.\d+)?))?$/.exec(text);
    if (m === null) {
        return false;
    }
    const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const date = new Date(Date.UTC(year, month - 1, day));
    if (month < 1 || month > 12 || date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) {
        return false;
    }
    const [h, min, sec] = (m[4] !== undefined ? [m[4], m[5], m[6]] : [m[7], m[8], m[9]]).map((x) => (x === undefined ? 0 : Number(x)));
    return h < 24 && min < 60 && sec < 60;
}
