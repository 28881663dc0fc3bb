/**
 * The known name that a misspelt one most likely meant: the nearest by edit distance, when it is
 * at most 2 edits away (or a third of the name for long names), or equal but for case.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
    const lower = word.toLowerCase();
    const bound = Math.max(2, Math.floor(word.length / 3));
    let best: { name: string; distance: number } | undefined;
    for (const name of candidates) {
        const distance = name.toLowerCase() === lower ? 0 : editDistance(lower, name.toLowerCase());
        if (distance <= bound && (best === undefined || distance < best.distance)) {
            best = { name, distance };
        }
    }
    return best?.name;
}

/** Levenshtein distance, with a swap of two neighbours counted as one edit (contxet, context). */
function editDistance(a: string, b: string): number {
    const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
    for (let j = 1; j <= b.length; j++) {
        rows[0][j] = j;
    }
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
                rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
            }
        }
    }
    return rows[a.length][b.length];
}

/** " (did you mean X?)" when a known name is close, else nothing. */
export function didYouMean(word: string, candidates: readonly string[]): string {
    const match = closest(word, candidates);
    return match === undefined ? "" : ` (did you mean ${match}?)`;
}
