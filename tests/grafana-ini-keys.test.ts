import { strict as assert } from "assert";
import * as fs from "fs";
import * as path from "path";
import { GRAFANA_INI_KEYS, REMOVED_SINCE } from "../config/grafana-ini-keys";
import { grafanaIniSchema } from "../config/grafana-ini";
import { DEFAULTS_INI_FIXTURE, FREE_FORM_SECTIONS, fixtureSource, parseDefaultsIni } from "../scripts/grafana-ini-keys";

/**
 * config/grafana-ini-keys.ts is generated from a copy of Grafana's conf/defaults.ini kept as test
 * data: these tests fail when the table and the copy disagree, so a refresh of the copy (the
 * pinned tag's own file, once one can be read) is checked, not trusted.
 */
describe("grafana.ini keys: the table against Grafana's conf/defaults.ini", () => {
    const text = fs.readFileSync(DEFAULTS_INI_FIXTURE, "utf8");

    it("lists exactly the sections and keys of the stored copy, in its order (npx ts-node scripts/grafana-ini-keys.ts writes it)", () => {
        assert.deepStrictEqual(
            Object.entries(GRAFANA_INI_KEYS).map(([s, k]) => [s, [...k]]),
            Object.entries(parseDefaultsIni(text)),
        );
    });

    it("names, in the table's comment, the repository and commit the copy's header names", () => {
        const header = fixtureSource(text).join(" ");
        const commit = /commit\s+([0-9a-f]{40})/.exec(header)?.[1];
        const repo = /github\.com\/([\w.-]+\/[\w.-]+)/.exec(header.slice(header.indexOf("Source:")))?.[1];
        assert.ok(commit && repo, "the fixture's header names its source repository and commit");
        const table = fs.readFileSync(path.join(__dirname, "..", "config", "grafana-ini-keys.ts"), "utf8");
        assert.ok(table.includes(commit!) && table.includes(repo!), `config/grafana-ini-keys.ts names ${repo} at ${commit}`);
    });

    it("refuses as removed only keys and sections the copy no longer has", () => {
        for (const [section, keys] of Object.entries(REMOVED_SINCE)) {
            for (const key of Object.keys(keys)) {
                if (key === "*") assert.equal(GRAFANA_INI_KEYS[section], undefined, `[${section}] is removed, yet listed`);
                else assert.ok(!(GRAFANA_INI_KEYS[section] ?? []).includes(key), `[${section}] ${key} is removed, yet listed`);
            }
        }
    });

    it("says what became of a key or section of the older copy, rather than calling it unknown", () => {
        const parsed = grafanaIniSchema.safeParse({ alerting: { enabled: true }, snapshots: { snapshot_remove_expired: true }, explore: { enabled: false, nonsense: 1 } });
        assert.ok(!parsed.success);
        const messages = Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
        assert.match(messages.alerting, /^nothing: Grafana 11 removed legacy alerting/);
        assert.match(messages["snapshots.snapshot_remove_expired"], /^nothing: Grafana's conf\/defaults.ini no longer has it/);
        assert.match(messages["explore.nonsense"], /one of the keys of \[explore\]/);
        assert.equal(messages["explore.enabled"], undefined);
    });

    describe("parseDefaultsIni", () => {
        const freeForm = Object.keys(FREE_FORM_SECTIONS).map((s) => `[${s}]\n# example = value\n`).join("");

        it("takes the keys that are set, not the commented-out ones nor those before the first section, and keeps the file's order", () => {
            const sections = parseDefaultsIni(`app_mode = production\n[server]\nprotocol = http\n;http_addr =\n# http_port = 3000\ndomain = localhost\n${freeForm}`);
            assert.deepStrictEqual(sections.server, ["protocol", "domain"]);
            assert.equal(Object.keys(sections)[0], "server");
        });

        it("lists a free-form section as any key, and leaves out a section that sets no key", () => {
            const sections = parseDefaultsIni(`[external_image_storage.local]\n# does not require any configuration\n${freeForm}`);
            assert.deepStrictEqual(sections["server.custom_response_headers"], ["*"]);
            assert.deepStrictEqual(sections.feature_toggles, ["*"]);
            assert.equal(sections["external_image_storage.local"], undefined);
        });

        it("fails on a copy without a free-form section, a repeated key or a line it cannot read", () => {
            assert.throws(() => parseDefaultsIni("[server]\nprotocol = http\n"), /free-form section \[server\.custom_response_headers\]/);
            assert.throws(() => parseDefaultsIni(`[server]\nprotocol = http\nprotocol = https\n${freeForm}`), /\[server\] protocol appears twice/);
            assert.throws(() => parseDefaultsIni(`[server]\nthis is not ini\n${freeForm}`), /not a section, key or comment/);
        });
    });
});
