import { z } from "zod";
import { CLUSTER_KEYS } from "./cluster";
import { COMPONENT_SCHEMAS } from ".";
import { EXISTING_SECRET_KEYS, SECRET_KEYS } from "./secrets";
import { existingSecretSchema } from "./secret-reference";
import { fullKey, PROJECT } from "./source";
import { OwnKey } from "./own-keys";

/**
 * What the settings schemas give to people and editors: a JSON Schema of Pulumi.<stack>.yaml for
 * the yaml-language-server, and the tables of the configuration reference. Both come from the
 * same zod schemas that validate a stack, so neither can drift from the code.
 */

type JsonSchema = {
    type?: string | string[];
    enum?: unknown[];
    description?: string;
    default?: unknown;
    properties?: Record<string, JsonSchema>;
    required?: string[];
    items?: JsonSchema;
    additionalProperties?: boolean | JsonSchema;
    anyOf?: JsonSchema[];
    [key: string]: unknown;
};

/** The input side of a settings schema, with the defaults that zod leaves out of transformed fields. */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
    return z.toJSONSchema(schema, {
        io: "input",
        unrepresentable: "any",
        override: (ctx) => {
            const def = ctx.zodSchema._zod.def as { type: string; defaultValue?: unknown };
            if ((def.type === "default" || def.type === "prefault") && ctx.jsonSchema.default === undefined) {
                ctx.jsonSchema.default = JSON.parse(JSON.stringify(def.defaultValue));
            }
        },
    }) as JsonSchema;
}

/** A `secure:` value as `pulumi config set --secret` writes it. */
const SECURE_VALUE: JsonSchema = {
    type: "object",
    properties: { secure: { type: "string" } },
    required: ["secure"],
    additionalProperties: false,
};

/** Every component key's schema: those of config/, then the components' own keys (config/own-keys.ts) in the list's order. */
function componentSchemas(own: readonly OwnKey[]): [string, z.ZodType][] {
    return [...Object.entries(COMPONENT_SCHEMAS), ...own.map((k): [string, z.ZodType] => [k.key, k.schema])];
}

/** The JSON Schema of a whole Pulumi.<stack>.yaml of this project, with the components' own keys (stack/own-keys.ts) when given. */
export function stackFileJsonSchema(own: readonly OwnKey[] = []): JsonSchema {
    const properties: Record<string, JsonSchema> = {};
    for (const [key, schema] of componentSchemas(own)) {
        const { $schema: _ignored, ...component } = inputJsonSchema(schema);
        properties[fullKey(key)] = component;
    }
    // The keys whose consumer reads an existing Secret take { secretKeyRef: { name, key } } in plain config too (docs/existing-secrets.md).
    const { $schema: _existing, ...existing } = inputJsonSchema(existingSecretSchema);
    const secretValue = (key: string, description: string): JsonSchema =>
        EXISTING_SECRET_KEYS.includes(key) ? { anyOf: [SECURE_VALUE, existing], description: `${description}, or { secretKeyRef: { name, key } } naming an existing Secret` } : { ...SECURE_VALUE, description };
    for (const key of SECRET_KEYS) {
        properties[fullKey(key)] = secretValue(key, `a secret: pulumi config set --secret ${fullKey(key)}`);
    }
    properties[CLUSTER_KEYS.context] = { type: "string", description: "the kubeconfig context of the cluster this stack deploys to" };
    properties[CLUSTER_KEYS.kubeconfig] = {
        anyOf: [{ type: "string" }, SECURE_VALUE],
        description: "a kubeconfig's contents or path, instead of or with kubernetes:context",
    };
    const known = Object.keys(properties)
        .filter((k) => k.startsWith(`${PROJECT}:`))
        .map((k) => k.slice(PROJECT.length + 1));
    return {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        title: `Pulumi.<stack>.yaml of ${PROJECT}`,
        type: "object",
        properties: {
            config: {
                type: "object",
                properties,
                // Any other key of the project's namespace is a typo, unless it is a secret that a
                // remote write target, an extra scrape config or a receiver names (its name is the stack's choice); the program checks that.
                patternProperties: {
                    [`^${PROJECT}:(?!(${known.join("|")})$)`]: {
                        anyOf: [SECURE_VALUE, existing],
                        description:
                            "only a secret that metrics.remoteWrite (basicAuth.passwordKey, bearerTokenKey, tls.caKey), metrics.extraScrapeConfigs or alertmanager.receivers (each *_secret) names, " +
                            "or { secretKeyRef: { name, key } } naming an existing Secret where its consumer reads one (docs/existing-secrets.md); any other key is a typo",
                    },
                },
            },
            secretsprovider: { type: "string" },
            encryptedkey: { type: "string" },
            encryptionsalt: { type: "string" },
            environment: {},
        },
    };
}

function yamlFlow(value: unknown): string {
    if (Array.isArray(value)) {
        return `[${value.map(yamlFlow).join(", ")}]`;
    }
    if (typeof value === "object" && value !== null) {
        return `{${Object.entries(value)
            .map(([k, v]) => `${k}: ${yamlFlow(v)}`)
            .join(", ")}}`;
    }
    return String(value);
}

function typeOf(s: JsonSchema): string {
    if (s.enum) {
        return s.enum.join(", ");
    }
    if (s.anyOf) {
        return s.anyOf.map(typeOf).join(" or ");
    }
    const type = Array.isArray(s.type) ? s.type.join(" or ") : (s.type ?? "any");
    if (type === "array" && s.items) {
        return `list of ${s.items.properties ? "objects" : typeOf(s.items)}`;
    }
    if (type === "object" && !s.properties) {
        return "map";
    }
    return type;
}

interface Row {
    key: string;
    type: string;
    default: string;
    description: string;
}

function rowsOf(schema: JsonSchema, prefix: string, required: boolean, parentOptional: boolean): Row[] {
    const rows: Row[] = [];
    const hasDefault = schema.default !== undefined;
    // An affinity mirrors core/v1 Affinity, five levels deep: one row here, the rest in docs/scheduling.md.
    const collapsed = prefix.split(".").pop() === "affinity";
    if (collapsed) {
        return [{ key: prefix, type: typeOf(schema), default: "unset", description: schema.description ?? "" }];
    }
    if (prefix !== "" && !(schema.properties && !schema.description)) {
        rows.push({
            key: prefix,
            type: typeOf(schema),
            default: hasDefault && !schema.properties
                ? `\`${yamlFlow(schema.default)}\``
                : required
                  ? parentOptional
                      ? "required when the parent is set"
                      : "required"
                  : schema.properties
                    ? "see below"
                    : "unset",
            description: schema.description ?? "",
        });
    }
    const item = schema.items?.properties ? schema.items : undefined;
    const nested = schema.properties ? schema : item;
    if (nested?.properties) {
        const here = item ? `${prefix}[]` : prefix;
        for (const [name, child] of Object.entries(nested.properties)) {
            const childRequired = (nested.required ?? []).includes(name) && child.default === undefined;
            rows.push(...rowsOf(child, here === "" ? name : `${here}.${name}`, childRequired, parentOptional || (prefix !== "" && !required)));
        }
    }
    return rows;
}

function cell(text: string): string {
    return text.replace(/\|/g, "\\|").replace(/\n/g, " ");
}

/** The reference table of one component's stack key, one row per setting; an own key's among `own`. */
export function referenceTable(key: keyof typeof COMPONENT_SCHEMAS | string, own: readonly OwnKey[] = []): string {
    const schema = componentSchemas(own).find(([k]) => k === key)?.[1];
    if (schema === undefined) {
        throw new Error(`no schema for stack key ${key}`);
    }
    const rows = rowsOf(inputJsonSchema(schema), "", true, false);
    return [
        "| Key | Type | Default | Meaning |",
        "|---|---|---|---|",
        ...rows.map((r) => `| \`${r.key}\` | ${cell(r.type)} | ${cell(r.default)} | ${cell(r.description)} |`),
    ].join("\n");
}

/** The markers around a generated table in docs/configuration.md. */
export function referenceMarkers(key: string): [string, string] {
    return [`<!-- generated from the ${fullKey(key)} schema by npm run config:reference; do not edit -->`, `<!-- end of ${fullKey(key)} -->`];
}

/** The docs page with every generated table replaced by a fresh one, the own keys' too; fails when a marker is missing. */
export function withFreshReference(page: string, own: readonly OwnKey[] = []): string {
    let result = page;
    for (const [key] of componentSchemas(own)) {
        const [begin, end] = referenceMarkers(key);
        const from = result.indexOf(begin);
        const to = result.indexOf(end);
        if (from < 0 || to < from) {
            throw new Error(`docs/configuration.md has no generated table for ${fullKey(key)}: add the lines\n${begin}\n${end}`);
        }
        result = `${result.slice(0, from + begin.length)}\n${referenceTable(key, own)}\n${result.slice(to)}`;
    }
    return result;
}
