/**
 * Writes tests/fixtures/kube-state-metrics-families.json: the metric families that
 * kube-state-metrics documents for the resources it exposes by default, each with its type, its
 * labels and the docs page it comes from. It reads a kube-state-metrics checkout at a release tag
 * (the docs tables, never code), so the fixture generator needs no network and no checkout:
 *
 *   npx ts-node scripts/extract-kube-state-metrics-families.ts <checkout> <tag>
 *
 * Families marked opt-in are left out, as kube-state-metrics does not serve them by default, and
 * so are label placeholders (label_*, annotation_*, nodeselector_*) that appear only with an allowlist.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as path from "path";

export interface DocumentedFamily {
    name: string;
    type: string;
    labels: string[];
    /** The docs page, relative to the kube-state-metrics repository. */
    source: string;
}

function git(checkout: string, ...args: string[]): string {
    return execFileSync("git", ["-C", checkout, ...args], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
}

function families(checkout: string, tag: string, page: string): DocumentedFamily[] {
    const text = git(checkout, "show", `${tag}:${page}`);
    const lines = text.split("\n").filter((l) => l.startsWith("|"));
    if (lines.length < 3) return [];
    const header = lines[0].split("|").map((c) => c.trim().toLowerCase());
    const col = (name: string) => header.findIndex((h) => h.startsWith(name));
    const [nameCol, typeCol, labelCol, optCol] = [col("metric name"), col("metric type"), col("labels"), col("opt-in")];
    const out: DocumentedFamily[] = [];
    for (const line of lines.slice(2)) {
        const cells = line.replace(/\\\|/g, "/").split("|").map((c) => c.trim());
        const name = cells[nameCol]?.replace(/`/g, "");
        if (!name || !/^kube_[a-z0-9_]+$/.test(name)) continue;
        if (optCol >= 0 && /opt-in/i.test(cells[optCol] ?? "")) continue;
        const labels = [...(cells[labelCol] ?? "").matchAll(/`([a-zA-Z_][a-zA-Z0-9_]*)`\s*=/g)]
            .map((m) => m[1])
            .filter((l) => !/^(label|annotation|nodeselector)_[A-Z_]+$/.test(l) && !/[A-Z]/.test(l));
        out.push({ name, type: (cells[typeCol] ?? "gauge").toLowerCase(), labels: [...new Set(labels)], source: page });
    }
    return out;
}

if (require.main === module) {
    const [checkout, tag, ...resources] = process.argv.slice(2);
    if (!checkout || !tag) {
        console.error("usage: extract-kube-state-metrics-families.ts <checkout> <tag> [resource...]");
        process.exit(2);
    }
    const pages = git(checkout, "ls-tree", "-r", "--name-only", tag, "docs/metrics").split("\n").filter((p) => p.endsWith("-metrics.md"));
    const wanted = (page: string) => {
        const resource = path.basename(page, "-metrics.md");
        return resources.length === 0 || resources.some((r) => r === resource || r === `${resource}s` || r === `${resource}es` || r.replace(/ies$/, "y") === resource);
    };
    const result = pages.filter(wanted).flatMap((p) => families(checkout, tag, p));
    const file = path.join(__dirname, "..", "tests", "fixtures", "kube-state-metrics-families.json");
    fs.writeFileSync(file, `${JSON.stringify({ version: tag, families: result }, null, 1)}\n`);
    console.log(`wrote ${result.length} families from ${new Set(result.map((f) => f.source)).size} pages to ${file}`);
}
