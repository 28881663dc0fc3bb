import * as assert from "assert";
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";
import { CADVISOR_FAMILIES } from "../components/kubelet/cadvisor-families";
import { anchorsOf, githubSlug, withoutFences } from "./markdown-anchors";

const ROOT = path.join(__dirname, "..");

function read(rel: string): string {
    return fs.readFileSync(path.join(ROOT, rel), "utf8");
}

/** README.md and every page under docs/, as repository-relative paths. */
function markdownPages(): string[] {
    const docs = fs
        .readdirSync(path.join(ROOT, "docs"))
        .filter((f) => f.endsWith(".md"))
        .map((f) => `docs/${f}`);
    return ["README.md", ...docs.sort()];
}

/** Every file of the repository: tracked, or untracked and not ignored. */
function repositoryFiles(): string[] {
    const out = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
        cwd: ROOT,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
    });
    return out
        .split("\0")
        .filter((f) => f !== "" && f !== "package-lock.json" && !f.startsWith("node_modules/"))
        .filter((f) => fs.existsSync(path.join(ROOT, f)) && fs.statSync(path.join(ROOT, f)).isFile());
}

function readText(rel: string): string | undefined {
    const bytes = fs.readFileSync(path.join(ROOT, rel));
    return bytes.includes(0) ? undefined : bytes.toString("utf8");
}

// ---------------------------------------------------------------------------------------------
// Markdown: headings, anchors and links, as GitHub renders them.

/** Link targets of a page, outside code: inline links and reference definitions. */
export function linkTargets(md: string): string[] {
    const text = withoutFences(md).replace(/`[^`\n]*`/g, "");
    const inline = [...text.matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
    const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]);
    return [...inline, ...references];
}

/** What is wrong with each relative link of the page `page` (repository-relative), if anything. */
export function brokenLinks(page: string, md: string, readPage: (rel: string) => string | undefined): string[] {
    const problems: string[] = [];
    for (const target of linkTargets(md)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
            continue; // https:, mailto:...: not a file of this repository
        }
        const [file, anchor] = target.split("#", 2);
        const rel = file === "" ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(file)));
        if (rel.startsWith("../") || path.posix.isAbsolute(rel)) {
            problems.push(`${page}: ${target} leaves the repository`);
            continue;
        }
        const content = readPage(rel);
        if (content === undefined) {
            problems.push(`${page}: ${target} names ${rel}, which does not exist`);
        } else if (anchor !== undefined && !anchorsOf(content).has(anchor)) {
            problems.push(`${page}: ${target} names #${anchor}, which is no heading of ${rel}`);
        }
    }
    return problems;
}

function readRepoPath(rel: string): string | undefined {
    const full = path.join(ROOT, rel);
    if (!fs.existsSync(full)) {
        return undefined;
    }
    return fs.statSync(full).isDirectory() ? "" : fs.readFileSync(full, "utf8");
}

// ---------------------------------------------------------------------------------------------
// Pointers to things a user of this repository never sees.

/**
 * The rule: no file may name the old design file, the folder it lived in or the specification
 * file; and a specification section number (the word spec or specification, optionally
 * "section", then a number such as 2, 2.8 or 4.1) may only stand on a line that also cites a
 * docs page anchor (docs/<page>.md#<anchor>, or inside docs/ a markdown link to <page>.md#<anchor>),
 * so the reader can follow it. No folder of the repository is named shared, so any path into one
 * points outside it.
 */
const FORBIDDEN: { re: RegExp; why: string }[] = [
    { re: new RegExp("DESIGN" + "\\.md"), why: "names a design file that is not in the repository; cite docs/design.md" },
    { re: /\bshared\//, why: "points into a shared folder outside the repository" },
    { re: /\bseed\/|8abe62b5(?=1d416187)/, why: "names the specification file, which is not in the repository" },
];
const SPEC_SECTION = /\bspec(?:ification)?(?:'s)?\s+(?:section\s+)?\d+(?:\.\d+)*\b/i;
const DOCS_ANCHOR = /docs\/[\w.-]+\.md#[\w-]+|\]\([\w.-]+\.md#[\w-]+\)/;

/** Each problem of one line: which rule it breaks, and the text that breaks it. */
export function danglingPointersInLine(line: string): string[] {
    const problems: string[] = [];
    for (const { re, why } of FORBIDDEN) {
        const m = re.exec(line);
        if (m) {
            problems.push(`"${m[0]}" ${why}`);
        }
    }
    const spec = SPEC_SECTION.exec(line);
    if (spec && !DOCS_ANCHOR.test(line)) {
        problems.push(`"${spec[0]}" cites a specification section the reader cannot see; cite docs/design.md#<section>`);
    }
    return problems;
}

/** The problems of a file, with their line numbers. */
export function danglingPointers(file: string, text: string): string[] {
    return text.split("\n").flatMap((line, i) => danglingPointersInLine(line).map((p) => `${file}:${i + 1}: ${p}`));
}

/** Every `docs/<page>.md` or `docs/<page>.md#<anchor>` that a file cites, with its line. */
export function citedDocAnchors(text: string): { line: number; page: string; anchor?: string }[] {
    const cited: { line: number; page: string; anchor?: string }[] = [];
    text.split("\n").forEach((line, i) => {
        for (const m of line.matchAll(/(?<![\w./-])docs\/([\w.-]+\.md)(?:#([\w-]+))?/g)) {
            cited.push({ line: i + 1, page: `docs/${m[1]}`, ...(m[2] ? { anchor: m[2] } : {}) });
        }
    });
    return cited;
}

// ---------------------------------------------------------------------------------------------

describe("docs stay in step with the code", () => {
    it("docs/scrape-jobs.md explains every cAdvisor family it keeps or drops, with the code's reason", () => {
        const page = read("docs/scrape-jobs.md");
        for (const f of CADVISOR_FAMILIES) {
            assert.ok(
                page.includes(`| \`${f.name}\` | ${f.keep ? "kept" : "dropped"} | ${f.why} |`),
                `docs/scrape-jobs.md lacks the row for ${f.name}; regenerate the table from cadvisor-families.ts`,
            );
        }
    });

    it("the README gives exactly the two commands, and no other code block", () => {
        const blocks = [...read("README.md").matchAll(/^```[^\n]*\n[\s\S]*?^```$/gm)].map((m) => m[0]);
        assert.deepStrictEqual(blocks, ["```sh\nnpm ci && npm run kind:up\n```", "```sh\nnpm test\n```"]);
    });
});

describe("docs stand alone", () => {
    it("docs/monitor-your-app.md's table of contents lists every section, the team ones and TeamMonitoring's included (#46)", () => {
        const page = withoutFences(read("docs/monitor-your-app.md"));
        const toc = page.slice(0, page.indexOf("\n## "));
        const listed = [...toc.matchAll(/^\s*- \[[^\]]*\]\(#([^)]+)\)/gm)].map((m) => m[1]);
        const sections = [...page.matchAll(/^## (.*)$/gm)].map((m) => githubSlug(m[1]));
        assert.deepStrictEqual(sections.filter((s) => !listed.includes(s)), []);
        assert.ok(listed.includes("from-a-teams-own-pulumi-program"), listed.join(" "));
    });

    it("every relative link of README.md and docs/*.md names an existing file, and an existing heading", () => {
        const problems = markdownPages().flatMap((page) => brokenLinks(page, read(page), readRepoPath));
        assert.deepStrictEqual(problems, []);
    });

    it("every docs/<page>.md and docs/<page>.md#<anchor> that a file of the repository cites exists", () => {
        const problems: string[] = [];
        for (const file of repositoryFiles()) {
            const text = readText(file);
            for (const { line, page, anchor } of text === undefined ? [] : citedDocAnchors(text)) {
                const target = readRepoPath(page);
                if (target === undefined) {
                    problems.push(`${file}:${line}: ${page} does not exist`);
                } else if (anchor !== undefined && !anchorsOf(target).has(anchor)) {
                    problems.push(`${file}:${line}: ${page} has no heading #${anchor}`);
                }
            }
        }
        assert.deepStrictEqual(problems, []);
    });

    it("no file points at the old design file, the shared folder, the specification file or a bare spec section", () => {
        const problems: string[] = [];
        for (const file of repositoryFiles()) {
            const text = readText(file);
            if (text === undefined) {
                continue;
            }
            problems.push(...danglingPointers(file, text));
        }
        assert.deepStrictEqual(problems, []);
    });
});

describe("the docs checks catch what they are for", () => {
    // A made-up folder: a literal docs page path here would itself be checked as a citation.
    const pages: Record<string, string> = {
        "guide/a.md": "# Title\n\n## Storage binding\n\n## `cluster-monitoring:metrics`\n\n## Notes\n\n## Notes\n",
        "README.md": "x",
    };
    const readPage = (rel: string) => pages[rel];

    it("slugs headings as GitHub does", () => {
        assert.deepStrictEqual([...anchorsOf(pages["guide/a.md"])], [
            "title",
            "storage-binding",
            "cluster-monitoringmetrics",
            "notes",
            "notes-1",
        ]);
        assert.strictEqual(githubSlug("4. Where we differ from the spec, and why"), "4-where-we-differ-from-the-spec-and-why");
        assert.strictEqual(githubSlug("Log agent (fluentd → Elasticsearch)"), "log-agent-fluentd--elasticsearch");
    });

    it("reports a missing file, a missing heading and a link out of the repository, and accepts good links", () => {
        const md = [
            "[ok](a.md#storage-binding) [ok](a.md#notes-1) [ok](#title) [web](https://example.com/x.md#y)",
            "[gone](missing.md) [typo](a.md#storage-bindings) [out](../../etc/passwd)",
            "```",
            "[in code](nowhere.md)",
            "```",
            "`[inline](nowhere.md)`",
        ].join("\n");
        assert.deepStrictEqual(brokenLinks("guide/a.md", md, readPage), [
            "guide/a.md: missing.md names guide/missing.md, which does not exist",
            "guide/a.md: a.md#storage-bindings names #storage-bindings, which is no heading of guide/a.md",
            "guide/a.md: ../../etc/passwd leaves the repository",
        ]);
        assert.deepStrictEqual(brokenLinks("README.md", "[x](guide/a.md#title) [y](guide/a.md#nope)", readPage), [
            "README.md: guide/a.md#nope names #nope, which is no heading of guide/a.md",
        ]);
    });

    it("flags the old design file, outside folders, the specification file and bare spec sections", () => {
        // Built from pieces, so that this file does not break the rule it tests.
        const design = "DESIGN" + ".md";
        const bad = [
            `see ${design} for it`,
            "/work/shared" + "/notes.txt",
            "shared" + "/notes.txt",
            'import { x } from "../sha' + 'red/checksum";',
            "seed" + "/000.txt",
            "8abe62b5" + "1d416187",
            "rules of spec" + " 2.4, in order",
            "Spec" + " 4.1 and 5: the kubelet",
            "(spec section" + " 7)",
            "the specification's" + " 2.11 files",
        ];
        bad.forEach((line) => assert.strictEqual(danglingPointersInLine(line).length, 1, line));
        assert.deepStrictEqual(danglingPointers("f.ts", `a\nsee ${design}\nb`), [
            `f.ts:2: "${design}" names a design file that is not in the repository; cite docs/design.md`,
        ]);
        const good = [
            'import { x } from "../common/checksum";',
            "components/common/ helpers",
            "spec 2.8 (docs/design.md#etcd-client-secret)",
            "the spec's default, see [limits](design.md#spec-limits-and-versions) of spec 2",
            "the spec says so",
            "inspect 2 things",
        ];
        good.forEach((line) => assert.deepStrictEqual(danglingPointersInLine(line), [], line));
    });

    it("finds the docs anchors a file cites", () => {
        assert.deepStrictEqual(citedDocAnchors("a\n// (docs/design.md#storage-binding), docs/" + "x.md#y-z, see docs/" + "y.md."), [
            { line: 2, page: "docs/design.md", anchor: "storage-binding" },
            { line: 2, page: "docs/" + "x.md", anchor: "y-z" },
            { line: 2, page: "docs/" + "y.md" },
        ]);
        assert.deepStrictEqual(citedDocAnchors("../docs/" + "x.md and my-docs/" + "y.md"), []);
    });
});
