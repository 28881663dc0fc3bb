/**
 * CHANGELOG.md as the release tooling reads it (Keep a Changelog 1.1.0): one `## [Unreleased]`
 * section, then one `## [x.y.z] - YYYY-MM-DD` per release, newest first. Inside a section, a line
 * `Replaces: <what>` or `Deletes: <what>` (a list item or plain, the value in backticks or not)
 * announces what the first `pulumi up` of that version replaces or deletes; the upgrade check
 * (render/upgrade-check.ts) lets exactly those through. `<what>` is a URN, or
 * `<Kind> <namespace>/<name>` for a namespaced Kubernetes object, or `<Kind> <name>` for a
 * cluster-scoped one or for another resource by its Pulumi type's last part and its name
 * (`RandomPassword grafana-admin-password`). The markup is described at the top of CHANGELOG.md.
 */
export interface Announcement {
    verb: "Replaces" | "Deletes";
    what: string;
    /** The section it is in: "Unreleased" or a version. */
    version: string;
}

export interface ChangelogSection {
    version: string;
    date?: string;
    /** The heading's line index and the index after the section's last line. */
    start: number;
    end: number;
    body: string;
    announcements: Announcement[];
}

const HEADING = /^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?\s*$/;
const MARKUP = /^\s*(?:[-*]\s+)?(Replaces|Deletes):\s+`?([^`]+?)`?\s*$/;

export function changelogSections(text: string): ChangelogSection[] {
    const lines = text.split("\n");
    const sections: ChangelogSection[] = [];
    lines.forEach((line, i) => {
        const m = HEADING.exec(line);
        if (!m) return;
        if (sections.length > 0) sections[sections.length - 1].end = i;
        sections.push({ version: m[1], ...(m[2] ? { date: m[2] } : {}), start: i, end: lines.length, body: "", announcements: [] });
    });
    for (const s of sections) {
        // Link references at the bottom (`[1.0.0]: https://...`) belong to no section.
        let end = s.end;
        while (end > s.start + 1 && /^(\[[^\]]+\]: |\s*$)/.test(lines[end - 1])) end--;
        const body = lines.slice(s.start + 1, end);
        s.body = body.join("\n");
        for (const line of body) {
            const m = MARKUP.exec(line);
            if (m) s.announcements.push({ verb: m[1] as Announcement["verb"], what: m[2], version: s.version });
        }
    }
    return sections;
}

/** `x.y.z` as numbers; undefined for anything else (the tooling cuts no pre-releases). */
export function parseVersion(v: string): [number, number, number] | undefined {
    const m = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(v);
    return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

export function compareVersions(a: string, b: string): number {
    const x = parseVersion(a);
    const y = parseVersion(b);
    if (!x || !y) throw new Error(`not a version x.y.z: ${!x ? a : b}`);
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
    return 0;
}

/**
 * What an upgrade from `since` to the program as it is announces: the Unreleased section's lines
 * and those of every release after `since` (all releases when `since` is undefined).
 */
export function announcementsSince(text: string, since: string | undefined): Announcement[] {
    return changelogSections(text)
        .filter((s) => s.version === "Unreleased" || (parseVersion(s.version) !== undefined && (since === undefined || compareVersions(s.version, since) > 0)))
        .flatMap((s) => s.announcements);
}

/**
 * The changelog with its Unreleased section cut as `version` of `date`, under a new, empty
 * Unreleased section. Refuses a version already there, one not above the newest release, and an
 * Unreleased section with no entry: a release says what changed.
 */
export function cutChangelog(text: string, version: string, date: string): string {
    if (!parseVersion(version)) throw new Error(`${version} is not a version x.y.z`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`${date} is not a date YYYY-MM-DD`);
    const sections = changelogSections(text);
    const unreleased = sections.find((s) => s.version === "Unreleased");
    if (!unreleased) throw new Error("CHANGELOG.md has no '## [Unreleased]' section to cut");
    const released = sections.filter((s) => s.version !== "Unreleased");
    if (released.some((s) => s.version === version)) throw new Error(`CHANGELOG.md already has a section for ${version}`);
    const newest = released.find((s) => parseVersion(s.version));
    if (newest && compareVersions(version, newest.version) <= 0) throw new Error(`${version} is not above the newest release in CHANGELOG.md, ${newest.version}`);
    if (!/^\s*[-*] /m.test(unreleased.body)) throw new Error(`CHANGELOG.md's Unreleased section has no entry: write what ${version} changes, with its upgrade notes, before cutting it`);
    const lines = text.split("\n");
    lines.splice(unreleased.start, 1, "## [Unreleased]", "", `## [${version}] - ${date}`);
    return lines.join("\n");
}
