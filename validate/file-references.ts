import { KubernetesObject } from "./kubernetes-object";
import { containersOf, podTemplates } from "./pod-templates";
import { ManifestProblem } from "./problem";

/**
 * A file a container's argument names must be one its pod puts there: the path lies under one of
 * that container's volume mounts (issue #33, "tests that check the shape": a cross-reference
 * between a flag and a mount is tied to one source only if something checks that they agree).
 * Kubernetes accepts any path, and the process then fails at start, or, worse, reads an empty
 * default. URL paths (an allowed path, a route prefix), files the image ships and the image's own
 * executable are left out. The same holds for the other two ways a container is told a file: the
 * script a shell command runs (the team rules' checker, the store's Jobs), and an environment
 * variable whose value is an absolute path (the team sidecars' SCRIPT, FOLDER and directories,
 * Grafana's home dashboard).
 */
const URL_PATH_FLAGS = ["--allow-paths", "--ignore-paths", "--web.route-prefix", "--web.external-url"];

/** Flags that name files the image itself ships: the 2.x Prometheus images' consoles (PrometheusRelease.consoleFlags). */
const IMAGE_FILE_FLAGS = ["--web.console.templates", "--web.console.libraries"];

/** Shells whose first argument is the script they run. */
const SHELLS = ["sh", "/bin/sh", "bash", "/bin/bash"];

export function fileReferenceProblems(objects: readonly KubernetesObject[]): ManifestProblem[] {
    const problems: ManifestProblem[] = [];
    for (const t of podTemplates(objects)) {
        for (const c of containersOf(t.spec)) {
            const mounts: string[] = (c.volumeMounts ?? []).map((m: any) => String(m.mountPath).replace(/\/$/, ""));
            const args: string[] = [...(c.command ?? []).slice(1), ...(c.args ?? [])].filter((a: unknown): a is string => typeof a === "string");
            const held = (path: string) => mounts.some((p) => path === p || path.startsWith(`${p}/`));
            const mountList = mounts.join(", ") || "none";
            // The script a shell runs: `sh /opt/x/script.sh` (not `sh -c ...`).
            const command: unknown[] = c.command ?? [];
            const script = command.length >= 2 && SHELLS.includes(String(command[0])) && typeof command[1] === "string" && command[1].startsWith("/") ? command[1] : undefined;
            if (script !== undefined && !held(script)) {
                problems.push({ object: t.ownerName, message: `container ${c.name}: its shell runs ${script}, which none of its volume mounts (${mountList}) holds` });
            }
            for (const e of c.env ?? []) {
                const value = e?.value;
                if (typeof value === "string" && /^\/[^\s,:]*$/.test(value) && !held(value.replace(/\/$/, ""))) {
                    problems.push({ object: t.ownerName, message: `container ${c.name}: env ${e.name} names ${value}, which none of its volume mounts (${mountList}) holds` });
                }
            }
            for (const arg of args) {
                const m = /^(--?[A-Za-z0-9._-]+)=(\/[^\s,:]*)$/.exec(arg);
                if (m === null || URL_PATH_FLAGS.includes(m[1]) || IMAGE_FILE_FLAGS.includes(m[1])) {
                    continue;
                }
                const path = m[2];
                if (!held(path)) {
                    problems.push({
                        object: t.ownerName,
                        message: `container ${c.name}: ${m[1]} names ${path}, which none of its volume mounts (${mountList}) holds`,
                    });
                }
            }
        }
    }
    return problems;
}
