import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { engineConfigOf, SECRET_MARKER, StackFileError } from "../render";
import { renderInProcess } from "./harness/render-cli";
import { tempProject } from "./harness/temp-project";

// Stack files as users write them, read the way the Pulumi CLI reads them: gopkg.in/yaml.v3
// v3.0.1 into interface{}, written out and read again, then pulumi's config.Value. The expected
// values below are what that pipeline, built against yaml.v3 v3.0.1, printed for the same text.

const FILE = "Pulumi.test.yaml";

/** The config values of `text`, maps and lists parsed, so that key order does not count. */
function configOf(text: string): Record<string, unknown> {
    return parsed(engineConfigOf(text, FILE).values);
}

function parsed(values: Record<string, string>): Record<string, unknown> {
    const json = (v: string): unknown => {
        try {
            return /^[[{]/.test(v) ? JSON.parse(v) : v;
        } catch {
            return v;
        }
    };
    return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, json(v)]));
}

/** The StackFileError engineConfigOf throws for `text`; fails the test if it throws none. */
function errorOf(text: string): StackFileError {
    try {
        engineConfigOf(text, FILE);
    } catch (e) {
        assert.ok(e instanceof StackFileError, `expected a StackFileError, got ${(e as Error)?.stack ?? e}`);
        assert.doesNotMatch(e.message, /\n/, "the message is one line");
        return e;
    }
    assert.fail(`no error for:\n${text}`);
}

/**
 * Runs the render CLI's own code for stack "broken" of a scratch project holding only
 * `stackFile`, in this process; tests/bad-stack-files.test.ts runs a YAML error through the
 * spawned `scripts/render.ts` too and checks that both print the same.
 */
async function renderCli(stackFile: string) {
    const dir = tempProject({ "Pulumi.broken.yaml": stackFile });
    const run = await renderInProcess(dir, "broken");
    const wrote = fs.existsSync(path.join(dir, "manifests"));
    fs.rmSync(dir, { recursive: true, force: true });
    return { ...run, wrote };
}

function assertCleanFailure(run: Awaited<ReturnType<typeof renderCli>>, message: RegExp): void {
    assert.strictEqual(run.status, 1, run.stderr);
    assert.match(run.stderr, message);
    assert.doesNotMatch(run.stderr, /^ {4}at /m, "no stack trace");
    assert.ok(run.stderr.trim().split("\n").length <= 3, `a few lines at most:\n${run.stderr}`);
    assert.ok(!run.wrote, "no manifest may be written");
    assert.strictEqual(run.registered, 0, "no resource may be registered");
}

/** A small valid stack file; the cases below break it one way each. */
const DEV =
    "# a stack as users write it\n" +
    "config:\n" +
    "  kubernetes:context: kind-dev\n" +
    "  cluster-monitoring:metrics:\n" +
    "    externalUrl: http://localhost:9090/\n" +
    "    retention: 7d\n" +
    "    storage:\n" +
    "      mode: storageClass\n" +
    "      size: 20Gi\n" +
    "  cluster-monitoring:logs:\n" +
    "    search:\n" +
    "      host: elasticsearch-logging\n";

describe("stack files as users write them (render/stack-file.ts)", () => {
    it("rejects a duplicate key with file:line:col, as yaml.v3 does ('mapping key already defined')", () => {
        const text = "config:\n  cluster-monitoring:metrics:\n    retention: 7d\n    size: 1Gi\n    retention: 9d\n";
        const e = errorOf(text);
        assert.strictEqual(e.message, `${FILE}:5:5: duplicate key "retention" (first at line 3); the Pulumi CLI rejects a mapping key defined twice`);
        // yaml.v3 compares the keys' text, so a quoted and a plain spelling are the same key.
        assert.match(errorOf('config:\n  a: 1\n  "a": 2\n').message, /^Pulumi\.test\.yaml:3:3: duplicate key "a"/);
    });

    it("rejects tabs in indentation with file:line:col", () => {
        assert.match(errorOf("config:\n\tcluster-monitoring:metrics: {}\n").message, /^Pulumi\.test\.yaml:2:1: tab character in indentation/);
        assert.match(errorOf("config:\n  m:\n\t  retention: 7d\n").message, /^Pulumi\.test\.yaml:3:1: tab character in indentation/);
        // A tab after the colon is no indentation, for yaml.v3 too.
        assert.deepStrictEqual(configOf("config:\n  a:\tb\n"), { "cluster-monitoring:a": "b" });
    });

    it("rejects bad indentation with file:line:col", () => {
        assert.match(errorOf("config:\n  a: x\n b: 2\n").message, /^Pulumi\.test\.yaml:3:1: bad indentation/);
        assert.match(errorOf("config:\n  m:\n    a: 1\n   b: 2\n").message, /^Pulumi\.test\.yaml:4:1: bad indentation/);
        assert.match(errorOf("config:\n  a: x\n   b: 2\n").message, /^Pulumi\.test\.yaml:2:6: bad indentation/);
    });

    it("applies a merge key as yaml.v3 does: merged keys under the map's own, wherever << stands", () => {
        const text =
            "base: &base\n  retention: 7d\n  size: 1Gi\n  nested: {a: 1}\n" +
            "config:\n  before:\n    size: 5Gi\n    <<: *base\n  after:\n    <<: *base\n    size: 5Gi\n";
        const nested = JSON.parse('{"nested":{"a":1},"retention":"7d","size":"5Gi"}');
        assert.deepStrictEqual(configOf(text), { "cluster-monitoring:after": nested, "cluster-monitoring:before": nested });
    });

    it("applies a list of merged maps as yaml.v3 does: the first map wins, the map's own keys over all", () => {
        const text =
            "a: &a {retention: 7d, size: 1Gi}\nb: &b {size: 2Gi, extra: x, retention: 9d}\n" +
            "config:\n  ab:\n    <<: [*a, *b]\n  ba:\n    <<: [*b, *a]\n    extra: y\n" +
            "  nested:\n    <<: {a: 1, <<: {a: 2, b: 2}}\n    c: 3\n";
        assert.deepStrictEqual(configOf(text), {
            "cluster-monitoring:ab": { extra: "x", retention: "7d", size: "1Gi" },
            "cluster-monitoring:ba": { extra: "y", retention: "9d", size: "2Gi" },
            "cluster-monitoring:nested": { a: 1, b: 2, c: 3 },
        });
        assert.match(errorOf("config:\n  m:\n    <<: [1]\n").message, /^Pulumi\.test\.yaml:3:10: cluster-monitoring:m: a merge key \(<<\) takes a map or a list of maps/);
    });

    it("decodes !!binary to its text as yaml.v3 does, and refuses bytes that are not text", () => {
        assert.deepStrictEqual(configOf("config:\n  a: !!binary aGVsbG8=\n  b:\n    c: !!binary |\n      aGVs\n      bG8=\n"), {
            "cluster-monitoring:a": "hello",
            "cluster-monitoring:b": { c: "hello" },
        });
        assert.match(errorOf('config:\n  a: !!binary "/w=="\n').message, /^Pulumi\.test\.yaml:2:15: cluster-monitoring:a: !!binary data that is not UTF-8 text is not supported/);
        assert.match(errorOf("config:\n  a: !!binary '@@'\n").message, /^Pulumi\.test\.yaml:2:15: cluster-monitoring:a: !!binary value contains invalid base64 data/);
    });

    it("refuses a custom tag, !!set and dates, naming file, line, key and what is supported", () => {
        const custom = errorOf("config:\n  cluster-monitoring:metrics:\n    retention: !Ref retention\n");
        assert.match(custom.message, /^Pulumi\.test\.yaml:3:21: cluster-monitoring:metrics\.retention: the custom tag !Ref is not supported \(the Pulumi CLI drops it and would pass "retention"; remove the tag\); supported are /);
        assert.match(errorOf("config:\n  a: !!set {x, y}\n").message, /^Pulumi\.test\.yaml:2:12: cluster-monitoring:a: the tag !!set on a mapping is not supported/);
        // yaml.v3 reads an unquoted date as a time.Time, and the CLI passes Go's text of it.
        assert.match(
            errorOf("config:\n  m:\n    since: 2024-01-01\n").message,
            /^Pulumi\.test\.yaml:3:12: cluster-monitoring:m\.since: the unquoted date 2024-01-01 is not supported \(.*"2024-01-01 00:00:00 \+0000 UTC"; quote it/,
        );
        assert.deepStrictEqual(configOf('config:\n  a: "2024-01-01"\n  b: 2023-02-30\n'), { "cluster-monitoring:a": "2024-01-01", "cluster-monitoring:b": "2023-02-30" });
    });

    it("resolves scalars as yaml.v3 does: yes/no/on/off are strings, 0755 is octal, underscores drop", () => {
        const text =
            "config:\n  yes: yes\n  on: on\n  t: True\n  octal: 0755\n  under: 1_000\n  big: 12345678901234567890\n  empty:\n" +
            "  m:\n    flags: [yes, no, on, off, y, n, true, FALSE]\n    octal: 0755\n    quoted: '0755'\n    hex: 0x1F\n    o: 0o17\n" +
            "    b: 0b101\n    under: 1_000\n    float: 1.0\n    exp: 1e3\n    big: 12345678901234567890\n    nothing: ~\n";
        const values = engineConfigOf(text, FILE).values;
        // Integers stay exact, as Go writes them; JSON.parse below would round this one.
        assert.match(values["cluster-monitoring:m"], /"big":12345678901234567890[,}]/);
        assert.deepStrictEqual(parsed(values), {
            "cluster-monitoring:big": "12345678901234567890",
            "cluster-monitoring:empty": "",
            "cluster-monitoring:m": JSON.parse(
                '{"b":5,"big":12345678901234567890,"exp":1000,"flags":["yes","no","on","off","y","n",true,false],' +
                    '"float":1,"hex":31,"nothing":null,"o":15,"octal":493,"quoted":"0755","under":1000}',
            ),
            "cluster-monitoring:octal": "493",
            "cluster-monitoring:on": "on",
            "cluster-monitoring:t": "true",
            "cluster-monitoring:under": "1000",
            "cluster-monitoring:yes": "yes",
        });
    });

    it("rejects a top level or a config: that is not a mapping, and accepts an empty file", () => {
        assert.strictEqual(errorOf("- config\n").message, `${FILE}:1:1: the top level of a stack file must be a mapping (config:, secretsprovider:, ...), not a list`);
        assert.match(errorOf("just text\n").message, /^Pulumi\.test\.yaml:1:1: the top level .* not a scalar$/);
        assert.strictEqual(errorOf("config: [a]\n").message, `${FILE}:1:9: config: must be a mapping of config keys to values, not a list`);
        assert.match(errorOf("config: hello\n").message, /^Pulumi\.test\.yaml:1:9: config: must be a mapping/);
        assert.deepStrictEqual(engineConfigOf("# nothing yet\n", FILE), { values: {}, secretKeys: [] });
        assert.deepStrictEqual(engineConfigOf("config:\n", FILE), { values: {}, secretKeys: [] });
    });

    it("keeps secure: values secret anywhere, through aliases and merges", () => {
        const text =
            "s: &s {secure: v1:abc}\nconfig:\n  top: *s\n  m:\n    <<: {pw: *s}\n    list: [1, {secure: v1:x}]\n  notSecret: {secure: 5}\n";
        const config = engineConfigOf(text, FILE);
        assert.deepStrictEqual(parsed(config.values), {
            "cluster-monitoring:m": { list: [1, SECRET_MARKER], pw: SECRET_MARKER },
            "cluster-monitoring:notSecret": { secure: 5 },
            "cluster-monitoring:top": SECRET_MARKER,
        });
        assert.deepStrictEqual(config.secretKeys, ["cluster-monitoring:m", "cluster-monitoring:top"]);
    });

    describe("the render command", () => {
        it("prints a duplicate key as one line, exits 1 and writes nothing", async () => {
            const run = await renderCli(DEV.replace("    retention: 7d\n", "    retention: 7d\n    retention: 9d\n"));
            assertCleanFailure(run, /^Pulumi\.broken\.yaml:7:5: duplicate key "retention" \(first at line 6\)/);
        });

        it("prints tab indentation as one line, exits 1 and writes nothing", async () => {
            const run = await renderCli(DEV.replace("    retention: 7d\n", "\tretention: 7d\n"));
            assertCleanFailure(run, /^Pulumi\.broken\.yaml:6:1: tab character in indentation/);
        });

        it("prints a custom tag as one line, exits 1 and writes nothing", async () => {
            const run = await renderCli(DEV.replace("retention: 7d", "retention: !Ref retention"));
            assertCleanFailure(run, /^Pulumi\.broken\.yaml:6:21: cluster-monitoring:metrics\.retention: the custom tag !Ref/);
        });

        it("prints a non-mapping stack file as one line, exits 1 and writes nothing", async () => {
            assertCleanFailure(await renderCli("- config\n"), /^Pulumi\.broken\.yaml:1:1: the top level of a stack file must be a mapping/);
        });

        it("reads a stack that uses merge keys like the same stack written out", () => {
            const merged = DEV.replace(
                "config:\n",
                "x-storage: &storage\n  mode: storageClass\n  size: 1Gi\nconfig:\n",
            ).replace("    storage:\n      mode: storageClass\n      size: 20Gi\n", "    storage:\n      <<: *storage\n      size: 20Gi\n");
            assert.notStrictEqual(merged, DEV);
            assert.deepStrictEqual(configOf(merged), configOf(DEV));
        });
    });
});
