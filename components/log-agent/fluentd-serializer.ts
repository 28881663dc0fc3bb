import { FluentdFile, FluentdNode, FluentdParam, FluentdSection, FluentdValue } from "./fluentd-model";

/**
 * Writes the fluentd v1 config syntax that fluentd 1.6 parses. It refuses, rather than writes,
 * anything fluentd would read differently from what the model says: a line break inside a value,
 * literal text that fluentd would take for a quoted string or JSON, or a #{ that would run as Ruby.
 */
export function renderFluentd(file: FluentdFile): string {
    const blocks: string[] = [];
    file.forEach((node, i) => {
        const lines = renderNode(node, "");
        // A comment introduces the node after it, and consecutive @include lines are one list, so no blank line separates them.
        const separator = i === 0 || file[i - 1].kind === "comment" || (node.kind === "include" && file[i - 1].kind === "include") ? "" : "\n";
        blocks.push(separator + lines.join("\n"));
    });
    return blocks.join("\n") + "\n";
}

const INDENT = "  ";
const PARAM_NAME = /^@?[a-z_][a-z0-9_]*$/;
const SECTION_NAME = /^[a-z_][a-z0-9_]*$/;

function renderNode(node: FluentdNode, indent: string): string[] {
    switch (node.kind) {
        case "param":
            return [indent + renderParam(node)];
        case "section":
            return renderSection(node, indent);
        case "comment":
            return node.text.split("\n").map((line) => `${indent}#${line === "" ? "" : ` ${line}`}`);
        case "disabled":
            return renderSection(node.section, "").map((line) => `${indent}# ${line}`);
        case "include":
            if (indent !== "") {
                throw new Error(`@include ${node.path}: only at the top level of a file`);
            }
            return [`@include ${literal("@include", node.path)}`];
    }
}

function renderSection(node: FluentdSection, indent: string): string[] {
    if (!SECTION_NAME.test(node.name)) {
        throw new Error(`invalid fluentd section name ${JSON.stringify(node.name)}`);
    }
    if (node.argument !== undefined && (node.argument.trim() === "" || /[>\n\r]/.test(node.argument))) {
        throw new Error(`invalid argument ${JSON.stringify(node.argument)} for <${node.name}>`);
    }
    const open = node.argument === undefined ? `<${node.name}>` : `<${node.name} ${node.argument}>`;
    return [
        indent + open,
        ...node.body.flatMap((child) => renderNode(child, indent + INDENT)),
        `${indent}</${node.name}>`,
    ];
}

function renderParam(p: FluentdParam): string {
    if (!PARAM_NAME.test(p.name)) {
        throw new Error(`invalid fluentd parameter name ${JSON.stringify(p.name)}`);
    }
    const value = renderValue(p.name, p.value);
    return value === undefined ? p.name : `${p.name} ${value}`;
}

function renderValue(name: string, value: FluentdValue): string | undefined {
    switch (value.kind) {
        case "flag":
            return undefined;
        case "text":
            return literal(name, value.text);
        case "quoted":
            return `"${escapeQuoted(value.text)}"`;
        case "ruby":
            if (/["}\n\r]/.test(value.expression) || value.expression.trim() === "") {
                throw new Error(`${name}: embedded Ruby ${JSON.stringify(value.expression)} cannot be written inside "#{...}"`);
            }
            return `"#{${value.expression}}"`;
        case "json":
            return JSON.stringify(value.value);
    }
}

// fluentd reads a value starting with " or ' as a quoted string and one starting with [ or { as
// JSON, and trims surrounding spaces; such text must be written with quoted() or json() instead.
function literal(name: string, value: string): string {
    if (value === "" || value !== value.trim() || /[\n\r]/.test(value) || /^["'[{]/.test(value)) {
        throw new Error(`${name}: ${JSON.stringify(value)} cannot be written as literal text; use quoted() or json()`);
    }
    return value;
}

// Inside double quotes fluentd unescapes \\, \", \n, \t and treats #{ as Ruby; \# keeps it literal.
function escapeQuoted(value: string): string {
    return value
        .replace(/\\/g, "\\\\")
        .replace(/"/g, '\\"')
        .replace(/\n/g, "\\n")
        .replace(/\r/g, "\\r")
        .replace(/\t/g, "\\t")
        .replace(/#\{/g, "\\#{");
}
