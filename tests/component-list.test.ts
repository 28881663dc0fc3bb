import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { graphOf, moduleSpecifiers } from "../lint/import-graph";
import { COMPONENTS } from "../stack/components";
import { foldedBoards } from "../stack/dashboards-on-demand";
import { settingsWith } from "./harness/stack-config";

// The composition root names a component in one place only: its entry in stack/components.ts.
// Everything else in stack/ and program.ts is a fold over that list. What is not folded yet is
// listed below with its reason, so a new per-component line fails here and the list can only shrink.

const REPO = path.resolve(__dirname, "..");

/** Folders under components/ that are shared code or the composition root's base, not components of the list. */
const NOT_COMPONENTS: Readonly<Record<string, string>> = {
    common: "shared builders and types every component uses",
    contribution: "the shape of a component (components/contribution.ts)",
    cluster: "the stack's one Kubernetes provider, which program.ts creates before any component",
    namespaces: "the namespaces every component's objects wait on, created by program.ts before the loop",
    consoles: "the stack output of every UI's address, read from the settings of several components",
    teams: "the team contract's types, which the library package for teams exports",
    "auth-gateway": "the gateway each server puts in front of its Ingress: built by prometheus and alertmanager, not a list entry",
    "rbac-proxy": "the kube-rbac-proxy sidecar the exporters share",
    storage: "the NFS PersistentVolume builders the stateful components share",
};

/**
 * stack/ files that still name components outside the list, each with the components it names and
 * why. None is left: a stack/ file that needs something of a component gets it as a contribution
 * (components/contribution.ts); an entry here would be a step back, with its reason.
 */
const NOT_YET_FOLDED: Readonly<Record<string, { components: readonly string[]; why: string }>> = {};

function componentImports(file: string): string[] {
    const text = fs.readFileSync(path.join(REPO, file), "utf8");
    return [
        ...new Set(
            moduleSpecifiers(file, text)
                .map((m) => /components\/([a-z-]+)/.exec(m)?.[1])
                .filter((c): c is string => c !== undefined && !(c in NOT_COMPONENTS)),
        ),
    ].sort();
}

describe("the component list (stack/components.ts)", () => {
    it("lists every component folder once, under its folder's name", () => {
        const folders = fs
            .readdirSync(path.join(REPO, "components"), { withFileTypes: true })
            .filter((d) => d.isDirectory() && !(d.name in NOT_COMPONENTS))
            .map((d) => d.name)
            .sort();
        assert.deepStrictEqual([...COMPONENTS.map((c) => c.name)].sort(), folders);
        assert.strictEqual(new Set(COMPONENTS.map((c) => c.name)).size, COMPONENTS.length, "a component listed twice");
    });

    it("program.ts names no component: it builds them all by one loop over the list", () => {
        assert.deepStrictEqual(componentImports("program.ts"), []);
    });

    it("no stack/ file names a component outside the list, but those still to fold, each with its reason", () => {
        const files = fs
            .readdirSync(path.join(REPO, "stack"))
            .filter((f) => f.endsWith(".ts") && f !== "components.ts")
            .map((f) => `stack/${f}`);
        const named = Object.fromEntries(files.map((f) => [f, componentImports(f)]).filter(([, c]) => c.length > 0));
        const allowed = Object.fromEntries(Object.entries(NOT_YET_FOLDED).map(([f, a]) => [f, [...a.components].sort()]));
        assert.deepStrictEqual(named, allowed, "a stack/ file names a component: fold it over the list, or list it here with its reason");
    });

    it("each section of the team contract comes from one component of the list, on or off (stack/team-contract.ts)", () => {
        for (const s of [settingsWith(), settingsWith({ grafana: { enabled: false }, blackboxExporter: { enabled: false } })]) {
            const sections = COMPONENTS.flatMap((c) => Object.keys(c.teamContract?.(s, foldedBoards(s)) ?? {}).map((section) => `${section} from ${c.name}`));
            assert.deepStrictEqual(sections.sort(), ["dashboards from grafana", "probes from blackbox-exporter", "prometheus from prometheus", "rules from prometheus"]);
        }
    });

    it("the check sees an import of a component, in every form", () => {
        // The same reader as the import-graph test, so what it misses there it misses here.
        const graph = graphOf(new Map([["stack/x.ts", `import { a } from "../components/node-exporter/target";\nconst b = require("../components/grafana/model");`]]));
        assert.ok(graph.has("stack/x.ts"));
        const found = moduleSpecifiers("stack/x.ts", `import { a } from "../components/node-exporter/target";\nconst b = require("../components/grafana/model");`).map((m) => /components\/([a-z-]+)/.exec(m)?.[1]);
        assert.deepStrictEqual(found, ["node-exporter", "grafana"]);
    });
});
