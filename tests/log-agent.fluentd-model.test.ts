import * as assert from "assert";
import {
    comment,
    disabled,
    envVar,
    filter,
    flag,
    json,
    match,
    param,
    paramOf,
    quoted,
    section,
    sectionsOf,
    source,
    typed,
} from "../components/log-agent/fluentd-model";

describe("log agent: fluentd model", () => {
    it("turns plain values into literal text", () => {
        assert.deepStrictEqual(param("port", 9200), { kind: "param", name: "port", value: { kind: "text", text: "9200" } });
        assert.deepStrictEqual(param("read_from_head", true).value, { kind: "text", text: "true" });
        assert.deepStrictEqual(param("tag", "salt").value, { kind: "text", text: "salt" });
    });

    it("keeps typed values as given", () => {
        assert.deepStrictEqual(param("separator", quoted("")).value, { kind: "quoted", text: "" });
        assert.deepStrictEqual(param("matches", json([{ a: "b" }])).value, { kind: "json", value: [{ a: "b" }] });
        assert.deepStrictEqual(flag("retry_forever").value, { kind: "flag" });
    });

    it("reads an env var with embedded Ruby", () => {
        assert.deepStrictEqual(envVar("OUTPUT_PASSWORD"), { kind: "ruby", expression: "ENV['OUTPUT_PASSWORD']" });
    });

    it("puts @id, then @type, before the body of a directive", () => {
        const s = source("minion", "tail", [param("tag", "salt")]);
        assert.deepStrictEqual(
            s.body.map((n) => (n.kind === "param" ? n.name : n.kind)),
            ["@id", "@type", "tag"],
        );
        assert.strictEqual(s.name, "source");
        assert.strictEqual(s.argument, undefined);
    });

    it("gives match and filter their tag pattern as argument", () => {
        assert.strictEqual(match("raw.kubernetes.**", "raw.kubernetes", "detect_exceptions").argument, "raw.kubernetes.**");
        const f = filter("kubernetes.**", "filter_parser", "parser");
        assert.strictEqual(f.name, "filter");
        assert.strictEqual(f.argument, "kubernetes.**");
    });

    it("starts a nested plugin section with @type and no @id", () => {
        const b = typed("buffer", "file", [param("path", "/x")]);
        assert.deepStrictEqual(b.body.map((n) => (n.kind === "param" ? n.name : n.kind)), ["@type", "path"]);
    });

    it("keeps parameters and sections in the order given", () => {
        const s = section("source", undefined, [param("b", 1), section("parse", undefined, []), param("a", 2)]);
        assert.deepStrictEqual(s.body.map((n) => (n.kind === "param" ? n.name : (n as { name: string }).name)), ["b", "parse", "a"]);
    });

    it("wraps comments and disabled sections as their own nodes", () => {
        assert.deepStrictEqual(comment("why"), { kind: "comment", text: "why" });
        const s = source("etcd.log", "tail");
        assert.deepStrictEqual(disabled(s), { kind: "disabled", section: s });
    });

    it("looks parameters and sections up by name", () => {
        const s = source("x", "tail", [param("tag", "a"), typed("parse", "json"), typed("parse", "none")]);
        assert.deepStrictEqual(paramOf(s, "tag")?.value, { kind: "text", text: "a" });
        assert.strictEqual(paramOf(s, "path"), undefined);
        assert.strictEqual(sectionsOf(s, "parse").length, 2);
    });
});
