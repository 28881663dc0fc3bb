import { RE2JS } from "re2js";

/**
 * A regular expression as Prometheus compiles a relabel regex: Go's regexp (RE2 syntax), anchored
 * as ^(?:regex)$. Compiled with re2js, a port of RE2. `(?<name>` is refused on top: Go accepts it
 * only since 1.22, and Prometheus 2.11 was built with Go 1.12, which knows only `(?P<name>`.
 */
export function re2Regex(value: string): string | undefined {
    if (/\(\?</.test(value)) {
        return "an RE2 regular expression without (?<name>...) groups, which Prometheus 2.11's Go rejects: write (?P<name>...)";
    }
    try {
        RE2JS.compile(`^(?:${value})$`);
        return undefined;
    } catch (error) {
        const reason = error instanceof Error ? error.message.replace(/^error parsing regexp: /, "") : String(error);
        return `an RE2 regular expression, as Prometheus compiles it (${reason}); lookarounds and backreferences are not RE2`;
    }
}
