import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { z } from "zod";
import { COMPONENT_SCHEMAS } from "../config";
import { inputJsonSchema, referenceTable, stackFileJsonSchema, withFreshReference } from "../config/reference";
import { stacksIn } from "../render";
import { JSON_SCHEMA_FILE, jsonSchemaText, REFERENCE_PAGE } from "../scripts/config-reference";
import { OWN_KEYS } from "../stack/own-keys";

const ROOT = path.resolve(__dirname, "..");
const MODELINE = "# yaml-language-server: $schema=./schema/stack-config.schema.json";

describe("what the settings schemas give to readers and editors", () => {
    it("docs/configuration.md carries the tables generated from the schemas (npm run config:reference)", () => {
        const page = fs.readFileSync(REFERENCE_PAGE, "utf8");
        assert.strictEqual(page, withFreshReference(page, OWN_KEYS), "docs/configuration.md is out of step; run npm run config:reference");
    });

    it("schema/stack-config.schema.json is generated from the schemas (npm run config:reference)", () => {
        assert.strictEqual(fs.readFileSync(JSON_SCHEMA_FILE, "utf8"), jsonSchemaText(), "run npm run config:reference");
    });

    it("the table has a row for every key of every component schema, nested keys included, with its default", () => {
        const table = referenceTable("metrics");
        const keys = Object.keys(COMPONENT_SCHEMAS.metrics.in.shape);
        assert.ok(keys.length > 20, `the metrics schema's keys: ${keys}`);
        for (const key of keys) {
            assert.match(table, new RegExp(`^\\| \`${key}\` \\|`, "m"), `no row for metrics.${key}`);
        }
        assert.match(table, /^\| `jobs\.etcd` \| boolean \| `false` \|/m);
        assert.match(table, /^\| `storage\.nfs\.server` \| string \| required when the parent is set \|/m);
        assert.match(table, /^\| `externalUrl` \| string \| required \|/m);
        assert.match(referenceTable("logs"), /^\| `resources\.memoryRequest` \| string or number \| `200Mi` \|/m);
    });

    it("no key's description doubles a word (\"default default\" stood in metrics.discoveryNamespaces, #46)", () => {
        const doubled = Object.keys(COMPONENT_SCHEMAS).flatMap((component) =>
            referenceTable(component as keyof typeof COMPONENT_SCHEMAS)
                .split("\n")
                .filter((row) => /\b([A-Za-z]+) \1\b/i.test(row.split(" | ").slice(3).join(" | ")))
                .map((row) => `${component}: ${row}`),
        );
        assert.deepStrictEqual(doubled, []);
    });

    it("a table out of step with its schema is caught", () => {
        const page = fs.readFileSync(REFERENCE_PAGE, "utf8");
        const stale = page.replace("| `retention` | string | `20d` |", "| `retention` | string | `15d` |");
        assert.notStrictEqual(stale, page, "the doctored row exists");
        assert.notStrictEqual(withFreshReference(stale), stale);
        assert.throws(() => withFreshReference("# no markers"), /has no generated table for cluster-monitoring:metrics/);
    });

    it("keeps defaults that zod drops from transformed fields", () => {
        const schema = inputJsonSchema(z.strictObject({ q: z.union([z.string(), z.number()]).transform(String).default("400Mi") }));
        assert.strictEqual((schema.properties as any).q.default, "400Mi");
    });

    describe("the JSON Schema of a stack file", () => {
        const config = (stackFileJsonSchema().properties as any).config;

        it("describes every component key, every secret key as a secure value, and the cluster keys", () => {
            for (const key of ["metrics", "logs", "searchStore"]) {
                assert.ok(config.properties[`cluster-monitoring:${key}`].properties, key);
            }
            // A secure value, or, where the consumer reads an existing Secret, { secretKeyRef: { name, key } } (docs/existing-secrets.md).
            for (const key of ["searchPassword", "etcdCaCert", "etcdClientCert", "etcdClientKey", "grafanaAdminPassword", "alertSlackUrl"]) {
                const [secure, existing] = config.properties[`cluster-monitoring:${key}`].anyOf;
                assert.deepStrictEqual(secure.required, ["secure"], key);
                assert.deepStrictEqual(existing.required, ["secretKeyRef"], key);
            }
            // The OIDC client secrets, which oauth2-proxy reads from the gateway's own Secret, take a secure value only.
            assert.deepStrictEqual(config.properties["cluster-monitoring:prometheusOidcClientSecret"].required, ["secure"]);
            assert.ok(config.properties["kubernetes:context"]);
        });

        it("refuses unknown keys of the project's namespace, and no key it knows", () => {
            const [pattern] = Object.keys(config.patternProperties);
            const unknown = new RegExp(pattern);
            assert.ok(unknown.test("cluster-monitoring:metric"));
            assert.ok(unknown.test("cluster-monitoring:metricsX"));
            for (const known of Object.keys(config.properties).filter((k) => k.startsWith("cluster-monitoring:"))) {
                assert.ok(!unknown.test(known), known);
            }
            assert.strictEqual(config.properties["cluster-monitoring:metrics"].additionalProperties, false);
            // Such a key may only be a secret, which metrics.remoteWrite names (docs/long-term-storage.md#credentials),
            // or an existing Secret's key ({ secretKeyRef: { name, key } }, docs/existing-secrets.md), which the load checks against its consumer.
            const [secure, existing] = config.patternProperties[pattern].anyOf;
            assert.deepStrictEqual(secure.required, ["secure"]);
            assert.strictEqual(secure.additionalProperties, false);
            assert.deepStrictEqual(existing.required, ["secretKeyRef"]);
            assert.deepStrictEqual(existing.properties.secretKeyRef.required, ["name", "key"]);
            assert.strictEqual(existing.additionalProperties, false);
        });
    });

    it("every stack file of the repository names the JSON Schema on its first line", () => {
        for (const stack of stacksIn(ROOT)) {
            const first = fs.readFileSync(path.join(ROOT, `Pulumi.${stack}.yaml`), "utf8").split("\n")[0];
            assert.strictEqual(first, MODELINE, `Pulumi.${stack}.yaml`);
        }
    });
});
