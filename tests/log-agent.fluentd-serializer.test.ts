import * as assert from "assert";
import {
    comment,
    disabled,
    envVar,
    flag,
    include,
    json,
    param,
    quoted,
    ruby,
    section,
    source,
    text,
    typed,
} from "../components/log-agent/fluentd-model";
import { renderFluentd } from "../components/log-agent/fluentd-serializer";

describe("log agent: fluentd serializer", () => {
    it("writes a directive with two-space indentation per level", () => {
        const out = renderFluentd([source("minion", "tail", [param("tag", "salt"), typed("parse", "none", [param("a", 1)])])]);
        assert.strictEqual(
            out,
            ["<source>", "  @id minion", "  @type tail", "  tag salt", "  <parse>", "    @type none", "    a 1", "  </parse>", "</source>", ""].join("\n"),
        );
    });

    it("writes the argument of match and filter in the opening tag only", () => {
        const out = renderFluentd([section("match", "raw.kubernetes.**", [param("@type", "null")])]);
        assert.strictEqual(out, "<match raw.kubernetes.**>\n  @type null\n</match>\n");
    });

    it("separates top-level directives with one blank line, but keeps a comment on its directive", () => {
        const out = renderFluentd([comment("first"), source("a", "forward"), source("b", "forward")]);
        assert.strictEqual(
            out,
            "# first\n<source>\n  @id a\n  @type forward\n</source>\n\n<source>\n  @id b\n  @type forward\n</source>\n",
        );
    });

    it("writes @include lines as one list after a blank line, and refuses one inside a section or with a path fluentd would read otherwise", () => {
        const out = renderFluentd([section("label", "@FLUENT_LOG", [section("match", "fluent.**", [param("@type", "null")])]), include("a.conf"), include("b.conf")]);
        assert.strictEqual(out, "<label @FLUENT_LOG>\n  <match fluent.**>\n    @type null\n  </match>\n</label>\n\n@include a.conf\n@include b.conf\n");
        assert.throws(() => renderFluentd([section("label", "@X", [include("a.conf")])]), /only at the top level/);
        assert.throws(() => renderFluentd([include(" a.conf")]), /cannot be written as literal text/);
    });

    it("writes a flag as its name alone", () => {
        assert.strictEqual(renderFluentd([section("buffer", undefined, [flag("retry_forever")])]), "<buffer>\n  retry_forever\n</buffer>\n");
    });

    it("writes the empty string in double quotes", () => {
        assert.match(renderFluentd([section("filter", "**", [param("separator", quoted(""))])]), /^ {2}separator ""$/m);
    });

    it("escapes quotes, backslashes, line breaks and #{ inside double quotes", () => {
        const out = renderFluentd([section("match", "**", [param("user", quoted('a"b\\c\nd#{e}'))])]);
        assert.match(out, /^ {2}user "a\\"b\\\\c\\nd\\#\{e\}"$/m);
    });

    it("writes embedded Ruby unescaped, so fluentd evaluates it", () => {
        const out = renderFluentd([section("match", "**", [param("password", envVar("OUTPUT_PASSWORD"))])]);
        assert.match(out, /^ {2}password "#\{ENV\['OUTPUT_PASSWORD'\]\}"$/m);
    });

    it("writes JSON values on one line", () => {
        const out = renderFluentd([section("source", undefined, [param("matches", json([{ _SYSTEMD_UNIT: "kubelet.service" }]))])]);
        assert.match(out, /^ {2}matches \[\{"_SYSTEMD_UNIT":"kubelet.service"\}\]$/m);
    });

    it("keeps regexps and placeholders literal", () => {
        const out = renderFluentd([
            section("x", undefined, [param("multiline_end_regexp", "/\\n$/"), param("host", "${hostname}")]),
        ]);
        assert.match(out, /^ {2}multiline_end_regexp \/\\n\$\/$/m);
        assert.match(out, /^ {2}host \$\{hostname\}$/m);
    });

    it("writes multi-line comments line by line", () => {
        assert.strictEqual(renderFluentd([comment("a\n\nb")]), "# a\n#\n# b\n");
    });

    it("comments out every line of a disabled section, at its indentation", () => {
        const out = renderFluentd([section("label", "@X", [disabled(source("etcd.log", "tail", [typed("parse", "none")]))])]);
        assert.strictEqual(
            out,
            [
                "<label @X>",
                "  # <source>",
                "  #   @id etcd.log",
                "  #   @type tail",
                "  #   <parse>",
                "  #     @type none",
                "  #   </parse>",
                "  # </source>",
                "</label>",
                "",
            ].join("\n"),
        );
    });

    describe("refuses what fluentd would read differently", () => {
        const render = (value: Parameters<typeof param>[1]) => () => renderFluentd([section("s", undefined, [param("p", value)])]);

        it("a line break in literal text", () => assert.throws(render("a\nb"), /cannot be written as literal text/));
        it("empty literal text", () => assert.throws(render(text("")), /cannot be written as literal text/));
        it("literal text with surrounding spaces", () => assert.throws(render(" a"), /literal text/));
        it("literal text that looks quoted or like JSON", () => {
            assert.throws(render('"a"'), /literal text/);
            assert.throws(render("'a'"), /literal text/);
            assert.throws(render("[1]"), /literal text/);
            assert.throws(render("{}"), /literal text/);
        });
        it("Ruby that would end its own quotes or braces", () => {
            assert.throws(render(ruby('ENV["X"]')), /embedded Ruby/);
            assert.throws(render(ruby("a}b")), /embedded Ruby/);
        });
        it("a bad parameter or section name", () => {
            assert.throws(() => renderFluentd([section("s", undefined, [param("bad name", 1)])]), /parameter name/);
            assert.throws(() => renderFluentd([section("Bad", undefined, [])]), /section name/);
        });
        it("an argument that would close the tag", () => {
            assert.throws(() => renderFluentd([section("match", "a>b", [])]), /invalid argument/);
        });
    });
});
