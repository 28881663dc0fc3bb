/**
 * Writes config/grafana-ini-keys.ts, the sections and keys of grafana.ini that the grafana.ini
 * hatch checks against, from a copy of Grafana's conf/defaults.ini kept as test data
 * (tests/fixtures/grafana/defaults-ini-keys.ini, whose header names the repository, commit and
 * line it comes from). To refresh the list from another copy (the pinned tag's own, once one can
 * be read), replace that fixture, then:
 *
 *   npx ts-node scripts/grafana-ini-keys.ts
 *
 * tests/grafana-ini-keys.test.ts fails until the two agree.
 */
import * as fs from "fs";
import * as path from "path";

export const DEFAULTS_INI_FIXTURE = path.join(__dirname, "..", "tests", "fixtures", "grafana", "defaults-ini-keys.ini");
const TABLE_FILE = path.join(__dirname, "..", "config", "grafana-ini-keys.ts");

/**
 * Sections whose keys are names the operator chooses (a response header, a label, a feature
 * toggle, a plugin id or page): defaults.ini shows them only as commented-out examples, so they
 * are listed with "*", any key.
 */
export const FREE_FORM_SECTIONS: Readonly<Record<string, string>> = {
    "server.custom_response_headers": "a response header's name",
    "smtp.static_headers": "a mail header's name",
    "unified_alerting.state_history.external_labels": "a label's name",
    "unified_alerting.notification_history.external_labels": "a label's name",
    "recording_rules.custom_headers": "a request header's name",
    "metrics.environment_info": "a label's name",
    feature_toggles: "a feature toggle's name (beside enable)",
    "feature_toggles.openfeature.context": "a context attribute's name",
    "navigation.app_sections": "an app plugin's id",
    "navigation.app_standalone_pages": "an app page's path",
    "plugins.restricted_apis_allowlist": "a restricted API's name",
    "plugins.restricted_apis_blocklist": "a restricted API's name",
};

/**
 * The sections of a defaults.ini text, each with the keys it sets (a commented-out line is no
 * key), in the file's order; the free-form sections as ["*"]. Keys before the first section
 * belong to no section the hatch offers and are left out, and so is a section that sets no key
 * and is not free-form (nothing could be written to it).
 */
export function parseDefaultsIni(text: string): Record<string, string[]> {
    const sections: Record<string, string[]> = {};
    let current: string | undefined;
    for (const raw of text.split("\n")) {
        const line = raw.trim();
        if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
        const header = /^\[([^\]]+)\]$/.exec(line);
        if (header) {
            current = header[1];
            if (sections[current] !== undefined) throw new Error(`[${current}] appears twice`);
            sections[current] = [];
            continue;
        }
        const key = /^([A-Za-z0-9_.-]+)\s*=/.exec(line);
        if (!key) throw new Error(`not a section, key or comment: ${raw}`);
        if (current === undefined) continue;
        if (sections[current].includes(key[1])) throw new Error(`[${current}] ${key[1]} appears twice`);
        sections[current].push(key[1]);
    }
    for (const section of Object.keys(FREE_FORM_SECTIONS)) {
        if (sections[section] === undefined) throw new Error(`the free-form section [${section}] is not in the file`);
        sections[section] = ["*"];
    }
    for (const [section, keys] of Object.entries(sections)) {
        if (keys.length === 0) delete sections[section];
    }
    return sections;
}

/** The header comment of the fixture: where the copy comes from. */
export function fixtureSource(text: string): string[] {
    const lines: string[] = [];
    for (const raw of text.split("\n")) {
        if (!raw.startsWith("#")) break;
        lines.push(raw.replace(/^# ?/, ""));
    }
    return lines;
}

function tableText(sections: Record<string, string[]>): string {
    const name = (s: string) => (/^[a-z_][a-z0-9_]*$/.test(s) ? s : JSON.stringify(s));
    const entry = ([section, keys]: [string, string[]]): string => {
        const quoted = keys.map((k) => JSON.stringify(k));
        const oneLine = `    ${name(section)}: [${quoted.join(", ")}],`;
        if (oneLine.length <= 160) return oneLine;
        const lines: string[] = [];
        for (const k of quoted) {
            const last = lines.length - 1;
            if (last >= 0 && lines[last].length + k.length + 2 <= 160) lines[last] += ` ${k},`;
            else lines.push(`        ${k},`);
        }
        return `    ${name(section)}: [\n${lines.join("\n")}\n    ],`;
    };
    const body = Object.entries(sections).map(entry).join("\n");
    return `export const GRAFANA_INI_KEYS: Readonly<Record<string, readonly string[]>> = {\n${body}\n};\n`;
}

if (require.main === module) {
    const sections = parseDefaultsIni(fs.readFileSync(DEFAULTS_INI_FIXTURE, "utf8"));
    const current = fs.readFileSync(TABLE_FILE, "utf8");
    const start = current.indexOf("export const GRAFANA_INI_KEYS");
    const end = current.indexOf("\n};\n", start) + "\n};\n".length;
    if (start < 0 || end < start) throw new Error(`no GRAFANA_INI_KEYS table in ${TABLE_FILE}`);
    fs.writeFileSync(TABLE_FILE, current.slice(0, start) + tableText(sections) + current.slice(end));
    process.stdout.write(`${TABLE_FILE}: ${Object.keys(sections).length} sections\n`);
}
