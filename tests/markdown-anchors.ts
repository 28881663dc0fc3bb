/**
 * Markdown headings and their anchors as GitHub renders them: what a link to
 * `page.md#anchor` lands on (tests/readme.test.ts, tests/runbooks.test.ts).
 */

/** Markdown without fenced code blocks; their lines become empty so line numbers stay. */
export function withoutFences(md: string): string {
    let fenced = false;
    return md
        .split("\n")
        .map((line) => {
            if (/^\s*(```|~~~)/.test(line)) {
                fenced = !fenced;
                return "";
            }
            return fenced ? "" : line;
        })
        .join("\n");
}

/** GitHub's heading slug: the rendered text, lower-cased, punctuation removed, spaces to '-'. */
export function githubSlug(heading: string): string {
    const text = heading
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
        .replace(/<[^>]*>/g, "")
        .replace(/[`*]/g, "");
    return text
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
        .replace(/ /g, "-");
}

/** The anchors a page offers: heading slugs (repeats get -1, -2...) and explicit id/name anchors. */
export function anchorsOf(md: string): Set<string> {
    const anchors = new Set<string>();
    const seen = new Map<string, number>();
    const text = withoutFences(md);
    for (const line of text.split("\n")) {
        const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
        if (heading) {
            const base = githubSlug(heading[1]);
            const n = seen.get(base) ?? 0;
            seen.set(base, n + 1);
            anchors.add(n === 0 ? base : `${base}-${n}`);
        }
    }
    for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) {
        anchors.add(m[1]);
    }
    return anchors;
}
