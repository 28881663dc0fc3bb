/**
 * A typed model of a fluentd configuration file: directives (<source>, <match>, <filter>,
 * <system>, <label>) and their nested sections, each with parameters in the order they are
 * written, and @include lines.
 * Builders describe config with these values; fluentd-serializer.ts is the only code that knows
 * the file syntax, so quoting and nesting are decided in one place.
 */

/** How fluentd reads the text after a parameter name. */
export type FluentdValue =
    /** Read literally up to the end of the line: paths, tags, regexps, numbers. */
    | { kind: "text"; text: string }
    /** A double-quoted string; needed for the empty string and for text with special characters. */
    | { kind: "quoted"; text: string }
    /** "#{...}" Ruby that fluentd evaluates when it loads the file, such as reading an env var. */
    | { kind: "ruby"; expression: string }
    /** A JSON array or object on one line, for array and hash parameters. */
    | { kind: "json"; value: readonly unknown[] | Record<string, unknown> }
    /** The name alone, which sets a boolean parameter to true (retry_forever). */
    | { kind: "flag" };

export interface FluentdParam {
    kind: "param";
    name: string;
    value: FluentdValue;
}

export interface FluentdSection {
    kind: "section";
    name: string;
    /** The tag pattern of <match> and <filter>, or nothing. */
    argument?: string;
    body: FluentdNode[];
}

export interface FluentdComment {
    kind: "comment";
    text: string;
}

/** A section that is written but commented out, so an operator can see and enable it. */
export interface FluentdDisabled {
    kind: "disabled";
    section: FluentdSection;
}

/**
 * `@include <path>`: fluentd reads the file (a relative path from the including file's directory)
 * as if its text stood here; a glob's files are read in sorted order.
 */
export interface FluentdInclude {
    kind: "include";
    path: string;
}

export type FluentdNode = FluentdParam | FluentdSection | FluentdComment | FluentdDisabled | FluentdInclude;

/** One config file: its top-level nodes in order. */
export type FluentdFile = FluentdNode[];

export type ParamValue = string | number | boolean | FluentdValue;

export function text(value: string): FluentdValue {
    return { kind: "text", text: value };
}

export function quoted(value: string): FluentdValue {
    return { kind: "quoted", text: value };
}

export function ruby(expression: string): FluentdValue {
    return { kind: "ruby", expression };
}

/** Reads an environment variable of the agent's container when fluentd starts. */
export function envVar(name: string): FluentdValue {
    return ruby(`ENV['${name}']`);
}

export function json(value: readonly unknown[] | Record<string, unknown>): FluentdValue {
    return { kind: "json", value };
}

export function param(name: string, value: ParamValue): FluentdParam {
    return { kind: "param", name, value: typeof value === "object" ? value : text(String(value)) };
}

export function flag(name: string): FluentdParam {
    return { kind: "param", name, value: { kind: "flag" } };
}

export function section(name: string, argument: string | undefined, body: FluentdNode[]): FluentdSection {
    return argument === undefined ? { kind: "section", name, body } : { kind: "section", name, argument, body };
}

export function comment(value: string): FluentdComment {
    return { kind: "comment", text: value };
}

export function include(path: string): FluentdInclude {
    return { kind: "include", path };
}

export function disabled(value: FluentdSection): FluentdDisabled {
    return { kind: "disabled", section: value };
}

/** @id first, then @type: the order fluentd's own examples and the add-on use. */
function plugin(directive: string, argument: string | undefined, id: string, type: string, body: FluentdNode[]): FluentdSection {
    return section(directive, argument, [param("@id", id), param("@type", type), ...body]);
}

export function source(id: string, type: string, body: FluentdNode[] = []): FluentdSection {
    return plugin("source", undefined, id, type, body);
}

export function match(pattern: string, id: string, type: string, body: FluentdNode[] = []): FluentdSection {
    return plugin("match", pattern, id, type, body);
}

export function filter(pattern: string, id: string, type: string, body: FluentdNode[] = []): FluentdSection {
    return plugin("filter", pattern, id, type, body);
}

/** A nested plugin section without an id, such as <parse>, <buffer> or <storage>. */
export function typed(name: string, type: string, body: FluentdNode[] = []): FluentdSection {
    return section(name, undefined, [param("@type", type), ...body]);
}

/** The first parameter of a name directly in a section, for builders and tests that look values up. */
export function paramOf(node: FluentdSection, name: string): FluentdParam | undefined {
    return node.body.find((n): n is FluentdParam => n.kind === "param" && n.name === name);
}

/** Sections of a name directly in a section. */
export function sectionsOf(node: FluentdSection, name: string): FluentdSection[] {
    return node.body.filter((n): n is FluentdSection => n.kind === "section" && n.name === name);
}
