import { FluentdParam, FluentdSection, FluentdValue, paramOf, sectionsOf } from "../../../components/log-agent/fluentd-model";

/** What fluentd reads from a parameter's value, as the string its config parser hands the plugin. */
export function valueText(v: FluentdValue): string {
    switch (v.kind) {
        case "text":
        case "quoted":
            return v.text;
        case "json":
            return JSON.stringify(v.value);
        case "flag":
            return "true";
        case "ruby":
            throw new Error(`the fluentd model does not evaluate embedded Ruby "#{${v.expression}}"`);
    }
}

export function str(s: FluentdSection, name: string): string | undefined;
export function str(s: FluentdSection, name: string, fallback: string): string;
export function str(s: FluentdSection, name: string, fallback?: string): string | undefined {
    const p: FluentdParam | undefined = paramOf(s, name);
    return p ? valueText(p.value) : fallback;
}

export function bool(s: FluentdSection, name: string, fallback: boolean): boolean {
    const v = str(s, name);
    return v === undefined ? fallback : v === "true";
}

export function num(s: FluentdSection, name: string, fallback: number): number {
    const v = str(s, name);
    if (v === undefined) {
        return fallback;
    }
    // fluentd's :time type: a number with an optional s/m/h/d unit.
    const m = /^(\d+(?:\.\d+)?)([smhd]?)$/.exec(v);
    if (!m) {
        throw new Error(`${name}: ${v} is not a number`);
    }
    const unit = { "": 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as "" | "s" | "m" | "h" | "d"];
    return Number(m[1]) * unit;
}

export function only(s: FluentdSection, name: string): FluentdSection | undefined {
    const found = sectionsOf(s, name);
    if (found.length > 1) {
        throw new Error(`<${s.name}> has ${found.length} <${name}> sections`);
    }
    return found[0];
}

/** A Ruby regexp literal /.../ as JavaScript; Ruby's ^ and $ match at line breaks, as JavaScript's m flag does. */
export function rubyRegExp(literal: string): RegExp {
    const m = /^\/(.*)\/([im]*)$/s.exec(literal);
    if (!m) {
        throw new Error(`not a regexp literal: ${literal}`);
    }
    // Ruby's /m is JavaScript's /s (dot matches newline).
    const flags = "m" + (m[2].includes("i") ? "i" : "") + (m[2].includes("m") ? "s" : "");
    return new RegExp(m[1], flags);
}
