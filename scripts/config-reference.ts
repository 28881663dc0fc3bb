import * as fs from "fs";
import * as path from "path";
import { stackFileJsonSchema, withFreshReference } from "../config/reference";
import { OWN_KEYS } from "../stack/own-keys";

/**
 * Writes what the settings schemas give to editors and readers: schema/stack-config.schema.json
 * and the generated tables of docs/configuration.md, the components' own keys (stack/own-keys.ts)
 * among them. `npm test` fails until both are current.
 */
const root = path.resolve(__dirname, "..");
export const JSON_SCHEMA_FILE = path.join(root, "schema", "stack-config.schema.json");
export const REFERENCE_PAGE = path.join(root, "docs", "configuration.md");

export function jsonSchemaText(): string {
    return `${JSON.stringify(stackFileJsonSchema(OWN_KEYS), null, 2)}\n`;
}

if (require.main === module) {
    fs.mkdirSync(path.dirname(JSON_SCHEMA_FILE), { recursive: true });
    fs.writeFileSync(JSON_SCHEMA_FILE, jsonSchemaText());
    fs.writeFileSync(REFERENCE_PAGE, withFreshReference(fs.readFileSync(REFERENCE_PAGE, "utf8"), OWN_KEYS));
    console.log(`wrote ${path.relative(root, JSON_SCHEMA_FILE)} and the tables of ${path.relative(root, REFERENCE_PAGE)}`);
}
