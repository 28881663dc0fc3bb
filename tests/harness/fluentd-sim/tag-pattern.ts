/**
 * fluentd 1.6's match patterns (Fluent::MatchPattern): tag parts separated by dots, `*` one part,
 * `**` zero or more parts, `{a,b}` alternatives, and several patterns separated by spaces.
 */
export function tagMatches(pattern: string, tag: string): boolean {
    return pattern
        .trim()
        .split(/\s+/)
        .some((p) => globRegExp(p).test(tag));
}

function globRegExp(pattern: string): RegExp {
    let out = "";
    for (let i = 0; i < pattern.length; i++) {
        const c = pattern[i];
        if (c === "*" && pattern[i + 1] === "*") {
            // "a.**" also matches "a"; "**" alone matches everything.
            if (out.endsWith("\\.")) {
                out = out.slice(0, -2) + "(?:\\..*)?";
            } else {
                out += ".*";
            }
            i += 1;
        } else if (c === "*") {
            out += "[^.]*";
        } else if (c === "{") {
            const end = pattern.indexOf("}", i);
            out += `(?:${pattern
                .slice(i + 1, end)
                .split(",")
                .map((alt) => globRegExp(alt).source.slice(1, -1))
                .join("|")})`;
            i = end;
        } else {
            out += c.replace(/[.+?^${}()|[\]\\]/g, "\\$&");
        }
    }
    return new RegExp(`^${out}$`);
}
