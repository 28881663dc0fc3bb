import * as assert from "assert";
import { createHash } from "crypto";
import { DOCUMENT_ID_EXPRESSION } from "../components/log-agent/document-id";
import { agentConfigFiles, agentConfigModel } from "../components/log-agent/config-map";
import { FluentdNode, paramOf, sectionsOf } from "../components/log-agent/fluentd-model";
import { RUBY_EXPRESSIONS } from "./harness/fluentd-sim/filters";
import { RubyExpressionCase, rubyExpressionValues, rubyNamedCaptures, runRuby } from "./harness/ruby";
import { settingsWith } from "./harness/stack-config";

/**
 * The log agent's regular expressions and Ruby expressions, taken from the generated config files
 * and run by a real Ruby (`ruby -e`), since fluentd matches and computes with Ruby, not with
 * JavaScript's engine.
 */

const files = agentConfigFiles(settingsWith().logs);

/** The value of the first line `name value` in a config file, trimmed. */
function valueOf(file: string, name: string, startsWith = ""): string {
    const line = file
        .split("\n")
        .map((l) => l.trim())
        .find((l) => l.startsWith(`${name} ${startsWith}`));
    assert.ok(line, `no ${name} ${startsWith}... in:\n${file}`);
    return line.slice(name.length + 1);
}

describe("log agent: patterns and expressions run by Ruby", () => {
    describe("the CRI pattern", () => {
        const pattern = valueOf(files["containers.input.conf"], "format", "/");
        const T = "2026-03-01T10:00:00.123456789Z";

        it("splits normal F and P lines into time, stream, flag and text", () => {
            assert.deepStrictEqual(
                rubyNamedCaptures(pattern, [
                    `${T} stdout F [info] Some log text here`,
                    `${T} stderr P first part of a long line, `,
                    "2026-03-01T11:00:00.5+01:00 stdout F with an offset",
                    `${T} stdout F `,
                    `${T} stdout F:x tags after the flag are skipped`,
                ]),
                [
                    { time: T, stream: "stdout", logtag: "F", log: "[info] Some log text here" },
                    { time: T, stream: "stderr", logtag: "P", log: "first part of a long line, " },
                    { time: "2026-03-01T11:00:00.5+01:00", stream: "stdout", logtag: "F", log: "with an offset" },
                    { time: T, stream: "stdout", logtag: "F", log: "" },
                    { time: T, stream: "stdout", logtag: "F", log: "tags after the flag are skipped" },
                ],
            );
        });

        it("cannot be fooled by a text that contains a stream and a flag", () => {
            assert.deepStrictEqual(
                rubyNamedCaptures(pattern, [
                    `${T} stdout F redirecting stderr to /dev/null`,
                    `${T} stdout F ... stdout P then this`,
                    `${T} stderr P a stdout F b stderr F c`,
                ]),
                [
                    { time: T, stream: "stdout", logtag: "F", log: "redirecting stderr to /dev/null" },
                    { time: T, stream: "stdout", logtag: "F", log: "... stdout P then this" },
                    { time: T, stream: "stderr", logtag: "P", log: "a stdout F b stderr F c" },
                ],
            );
        });

        it("the greedy pattern it replaces did split those lines wrongly (the Ruby check sees the bug)", () => {
            const greedy = "/^(?<time>.+) (?<stream>stdout|stderr) (?<logtag>[^ ]*) (?<log>.*)$/";
            assert.deepStrictEqual(rubyNamedCaptures(greedy, [`${T} stdout F redirecting stderr to /dev/null`, `${T} stdout F ... stdout P then this`]), [
                { time: `${T} stdout F redirecting`, stream: "stderr", logtag: "to", log: "/dev/null" },
                { time: `${T} stdout F ...`, stream: "stdout", logtag: "P", log: "then this" },
            ]);
        });

        it("does not take a docker JSON line or free text for a CRI line", () => {
            assert.deepStrictEqual(
                rubyNamedCaptures(pattern, [
                    JSON.stringify({ log: "x stdout F y\n", stream: "stdout", time: T }),
                    "hello stdout F world",
                    `${T}  stdout F two spaces`,
                    `${T} stdout X unknown flag`,
                ]),
                [null, null, null, null],
            );
        });

        it("a line whose time has no fraction (Go's RFC3339Nano at a whole second) has the second pattern, and only that one", () => {
            const whole = valueOf(files["containers.input.conf"], "format", "/^(?<time>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:Z");
            const lines = ["2026-03-01T10:00:00Z stdout F on the second", "2026-03-01T11:00:00+01:00 stderr P part", `${T} stdout F with a fraction`];
            assert.deepStrictEqual(rubyNamedCaptures(whole, lines), [
                { time: "2026-03-01T10:00:00Z", stream: "stdout", logtag: "F", log: "on the second" },
                { time: "2026-03-01T11:00:00+01:00", stream: "stderr", logtag: "P", log: "part" },
                null,
            ]);
            assert.deepStrictEqual(rubyNamedCaptures(pattern, lines).slice(0, 2), [null, null]);
        });

        it("JavaScript's engine, which the fluentd model uses, splits every line above as Ruby does", () => {
            const lines = [
                `${T} stdout F redirecting stderr to /dev/null`,
                `${T} stdout F ... stdout P then this`,
                `${T} stderr P first part`,
                "2026-03-01T11:00:00.5+01:00 stdout F:x y",
                "hello stdout F world",
            ];
            const js = new RegExp(pattern.slice(1, -1));
            assert.deepStrictEqual(
                lines.map((l) => {
                    const m = js.exec(l);
                    return m ? { ...m.groups } : null;
                }),
                rubyNamedCaptures(pattern, lines),
            );
        });
    });

    describe("the record_transformer expressions", () => {
        /** Every `${...}` of the generated config, with the filter it sits in. */
        const expressions: string[] = [];
        const walk = (n: FluentdNode): void => {
            if (n.kind !== "section") {
                return;
            }
            const type = paramOf(n, "@type")?.value;
            if (type?.kind === "text" && type.text === "record_transformer") {
                for (const r of sectionsOf(n, "record")) {
                    for (const p of r.body) {
                        const m = p.kind === "param" && p.value.kind === "text" ? /^\$\{(.*)\}$/.exec(p.value.text) : null;
                        if (m) {
                            expressions.push(m[1]);
                        }
                    }
                }
            }
            n.body.forEach(walk);
        };
        Object.values(agentConfigModel(settingsWith().logs)).forEach((f) => f.forEach(walk));
        const tag = "kubernetes.var.log.containers.shop-7d9f_web_app-" + "a".repeat(64) + ".log";
        const records: Record<string, unknown>[] = [
            { log: '{"level":"info"}\n', stream: "stdout" },
            { log: ' \t{"a":1}\n', stream: "stderr" },
            { log: "\u00a0{not JSON white space}\n", stream: "stdout" },
            { log: "plain text\n", stream: "stdout" },
            { log: "no line break", stream: "stdout" },
            { log: "123\n", stream: "stdout" },
            { log: "ünïcödé {\n", stream: "stdout" },
            { _text: "text", _json: null },
            { _text: null, _json: '{"oops"' },
            { _text: null, _json: null },
        ];
        const cases: RubyExpressionCase[] = [
            ...records.map((record, i) => ({ record, tag, time: 1772359200_123456789n + BigInt(i) })),
            { record: { log: "cut off", stream: "stdout", logtag: "P" }, tag: `raw.${tag}`, time: 1772359200_000000001n },
            { record: { message: "Completed state [nginx]", severity: "INFO" }, tag: "salt", time: 1772359200_000000000n },
            { record: { MESSAGE: "Started kubelet", _SYSTEMD_UNIT: "kubelet.service" }, tag: "kubelet", time: 1772359200_123456000n },
            { record: { message: "eth0: link up", transport: "kernel" }, tag: "kernel", time: 1772359200_123456000n },
            { record: { _hash: "kept", log: "x", stream: "stdout" }, tag, time: 1772359200_000000000n },
            { record: { log: "ünïcödé ✓ \u0000 \t", stream: "stderr" }, tag, time: 1772359200_999999999n },
        ];
        const env = { NODE_NAME: "node-a" };

        it("Time.at of fluentd's event time keeps its nanoseconds (EventTime#to_r and #to_int, lib/fluent/time.rb at v1.6.3)", () => {
            const script =
                "class EventTimeLike; def initialize(s, n); @s = s; @n = n; end; def to_int; @s; end; def to_r; Rational(@s * 1_000_000_000 + @n, 1_000_000_000); end; end; " +
                "t = Time.at(EventTimeLike.new(1772359200, 123456789)); print [t.to_i, t.nsec].join(' ')";
            assert.strictEqual(runRuby(script), "1772359200 123456789");
        });

        it("the config has the expressions the model knows, and only those", () => {
            assert.ok(expressions.length >= 4, expressions.join("\n"));
            for (const e of expressions) {
                assert.ok(e in RUBY_EXPRESSIONS, `the model does not know ${e}`);
            }
        });

        it("Ruby computes what the model computes, for every expression and record", () => {
            for (const e of new Set(expressions)) {
                // The line-break filter only sees container records, which always have log.
                const usable = cases.filter((c) => !(e.includes('record["log"].end_with?') && c.record.log === undefined));
                const ruby = rubyExpressionValues(e, usable, env);
                const model = usable.map((c) => RUBY_EXPRESSIONS[e]({ record: c.record, tag: c.tag, time: c.time, env }) ?? null);
                assert.deepStrictEqual(ruby, model, e);
            }
        });
    });

    describe("the document id, computed by Ruby's Digest as the agent computes it", () => {
        const tag = "kubernetes.var.log.containers.shop-7d9f_web_app-" + "a".repeat(64) + ".log";
        const T = 1772359200_123456789n;
        const base: RubyExpressionCase = { record: { log: "abc\n", stream: "stdout" }, tag, time: T };
        const ids = (cases: RubyExpressionCase[], node = "node-a"): string[] => rubyExpressionValues(DOCUMENT_ID_EXPRESSION, cases, { NODE_NAME: node }) as string[];

        it("is SHA-256 of the length-prefixed parts: seconds, nanoseconds, node, source, stream, text", () => {
            const seed = ["1772359200", "123456789", "node-a", tag, "stdout", "abc\n"].map((p) => `${Buffer.byteLength(p)}:${p}`).join("");
            assert.deepStrictEqual(ids([base]), [createHash("sha256").update(seed).digest("hex")]);
        });

        it("the same line twice gives the same id, also after the container chain's raw. prefix is gone", () => {
            const [a, b, c] = ids([base, { ...base, record: { ...base.record } }, { ...base, tag: `raw.${tag}` }]);
            assert.strictEqual(a, b);
            assert.strictEqual(a, c);
        });

        it("lines that differ in any one part, or whose parts only shift their boundaries, never share an id", () => {
            const cases: RubyExpressionCase[] = [
                base,
                { ...base, time: T + 1n },
                { ...base, time: T + 1_000_000_000n },
                { ...base, tag: tag.replace("a".repeat(64), "b".repeat(64)) },
                { ...base, record: { log: "abc\n", stream: "stderr" } },
                { ...base, record: { log: "abd\n", stream: "stdout" } },
                { ...base, record: { log: "abc", stream: "stdout" } },
                // Boundaries: stream "stdoutabc\n" with no text, and text moved into the stream.
                { ...base, record: { stream: "stdoutabc\n" } },
                { ...base, record: { log: "stdoutabc\n" } },
                { ...base, record: { message: "abc\n", stream: "stdout" }, tag: "salt" },
                { ...base, record: { message: "abc\n", stream: "stdout" }, tag: "kernel" },
            ];
            const all = [...ids(cases), ...ids([base], "node-b"), ...ids([base], "node-a2")];
            assert.strictEqual(new Set(all).size, all.length, all.join("\n"));
        });

        it("a line that is not valid UTF-8 still gets an id (the bytes are hashed, nothing raises)", () => {
            const script =
                'require "digest"; record = { "log" => "\\xff\\xfe broken".dup.force_encoding("UTF-8"), "stream" => "stdout" }; tag = "t"; time = Time.at(1, 2, :nsec); ' +
                `id = (${DOCUMENT_ID_EXPRESSION}); print id.size`;
            assert.strictEqual(runRuby(script, [], "", { NODE_NAME: "node-a" }), "64");
        });
    });
});
