import * as assert from "assert";
import * as path from "path";
import {
    folderCycles,
    graphOf,
    ImportGraph,
    importCycles,
    layerViolations,
    moduleSpecifiers,
    parentFolders,
    repositoryGraph,
    siblingPairs,
} from "../lint/import-graph";

const REPO = path.resolve(__dirname, "..");

/**
 * Settings flow config → components → stack (the composition root) → program.ts;
 * prometheus-releases/ holds facts about each release line that every layer reads.
 * validate/ checks rendered objects and is read by components (their pod security claims);
 * render/ runs the whole program offline, an entry point above stack/ like program.ts.
 */
const LAYER_RULES: readonly { lower: string; upper: string; why: string }[] = [
    { lower: "config/", upper: "components/", why: "the settings layer must not know the components' builders" },
    { lower: "config/", upper: "stack/", why: "the settings layer loads and validates keys; wiring components together is the composition root's" },
    { lower: "components/", upper: "stack/", why: "a component contributes to the stack; only the composition root sees them all" },
    { lower: "prometheus-releases/", upper: "config/", why: "the release-line facts hold for every stack, so they read no settings" },
    { lower: "prometheus-releases/", upper: "components/", why: "the release-line facts are read by components, not the other way" },
    { lower: "log-agent-releases/", upper: "config/", why: "the log agent's release-line facts hold for every stack, so they read no settings" },
    { lower: "log-agent-releases/", upper: "components/", why: "the log agent's release-line facts are read by components, not the other way" },
    { lower: "validate/", upper: "components/", why: "components read validate/'s pod security claims, so the checks sit below them" },
    { lower: "config/", upper: "render/", why: "render/ reads stack files into settings through config/; the settings layer must not know how a stack is rendered" },
    { lower: "components/", upper: "render/", why: "render/ runs the stack that builds the components, so it is above them; a type both need lives below, as validate/kubernetes-object.ts does" },
    { lower: "stack/", upper: "render/", why: "render/ runs the composition root under the engine mocks; the root is the same program whether pulumi up or render runs it" },
    { lower: "validate/", upper: "render/", why: "the checks read the objects render/ produces; their type is validate/kubernetes-object.ts, so render/ reads validate/ and not back" },
];

/**
 * The graph without tests/: the tests read every layer in order to test it, and the scripts reuse
 * their real-binary drivers, so tests/ is a tool over the repository rather than a layer of it.
 */
const withoutTests = (graph: ImportGraph): ImportGraph =>
    new Map(
        [...graph]
            .filter(([file]) => !file.startsWith("tests/"))
            .map(([file, targets]) => [file, targets.filter((t) => !t.startsWith("tests/"))]),
    );

/** One line per folder loop: how many folders import each other, then one way round with the import behind each step. */
const describeFolderCycles = (graph: ImportGraph, parent: string) =>
    folderCycles(graph, parent).map(
        (c) =>
            `${c.folders.length} folders under ${parent === "" ? "the top" : parent} import each other, such as ` +
            c.way.map((s) => `${s.from} → ${s.to} (${s.via})`).join(", "),
    );

const files = (entries: Record<string, string>) => graphOf(new Map(Object.entries(entries)));

describe("import graph (lint/import-graph.ts)", () => {
    describe("reading imports", () => {
        it("finds every form of import: from, export from, import =, require, import() and import types", () => {
            const text = [
                `import { a } from "./a";`,
                `import type { B } from "./b";`,
                `export * from "./c";`,
                `import d = require("./d");`,
                `const { e } = require("./e") as typeof import("./f");`,
                `const g = import("./g");`,
                `import "yaml";`,
            ].join("\n");
            assert.deepStrictEqual(moduleSpecifiers("x.ts", text).sort(), ["./a", "./b", "./c", "./d", "./e", "./f", "./g", "yaml"]);
        });

        it("resolves x, x.ts and x/index.ts inside the repository and leaves packages out", () => {
            const graph = files({
                "config/index.ts": `import { z } from "zod"; import "../prometheus/rules"; export * from "./metrics";`,
                "config/metrics.ts": ``,
                "prometheus/rules/index.ts": ``,
            });
            assert.deepStrictEqual(graph.get("config/index.ts"), ["prometheus/rules/index.ts", "config/metrics.ts"]);
        });
    });

    describe("cycles", () => {
        it("names the way round a cycle, however it is imported", () => {
            const graph = files({
                "config/alert-rules.ts": `const x = require("../components/rules/defaults") as typeof import("../components/rules/defaults");`,
                "components/rules/defaults.ts": `import { JOB } from "../jobs";`,
                "components/jobs.ts": `import type { Settings } from "../config";`,
                "config/index.ts": `export * from "./alert-rules";`,
                "components/unrelated.ts": `import "../config";`,
            });
            assert.deepStrictEqual(importCycles(graph), [
                {
                    files: ["components/jobs.ts", "components/rules/defaults.ts", "config/alert-rules.ts", "config/index.ts"],
                    way: ["components/jobs.ts", "config/index.ts", "config/alert-rules.ts", "components/rules/defaults.ts", "components/jobs.ts"],
                },
            ]);
        });

        it("finds a file that imports itself, and none in a graph that only fans in", () => {
            assert.deepStrictEqual(importCycles(files({ "a.ts": `import "./a";` })), [{ files: ["a.ts"], way: ["a.ts", "a.ts"] }]);
            assert.deepStrictEqual(importCycles(files({ "a.ts": `import "./b"; import "./c";`, "b.ts": `import "./c";`, "c.ts": `` })), []);
        });
    });

    describe("sibling folders", () => {
        it("names two sibling folders that import each other, with one import each way", () => {
            const graph = files({
                "components/alertmanager/layout.ts": `import { X } from "../prometheus/layout";`,
                "components/prometheus/scrape/alertmanager.ts": `import { Y } from "../../alertmanager/layout";`,
                "components/prometheus/layout.ts": ``,
            });
            assert.deepStrictEqual(siblingPairs(graph, "components/"), [
                {
                    folders: ["components/alertmanager/", "components/prometheus/"],
                    oneWay: "components/alertmanager/layout.ts imports components/prometheus/layout.ts",
                    otherWay: "components/prometheus/scrape/alertmanager.ts imports components/alertmanager/layout.ts",
                },
            ]);
        });

        it("counts a folder and its own subfolders as one unit, and a one-way import as no pair", () => {
            const graph = files({
                "components/search-store/search-store.ts": `import "./kibana";`,
                "components/search-store/kibana/index.ts": `import "../service";`,
                "components/search-store/service.ts": `import "../common/x";`,
                "components/common/x.ts": ``,
            });
            assert.deepStrictEqual(siblingPairs(graph, "components/"), []);
        });
    });

    describe("folder loops", () => {
        // validate/ reaches render/ through one file and is reached from components/ through another,
        // so no file imports itself round the loop; only the folders do.
        const loop = {
            "validate/problem.ts": `import { KubernetesObject } from "../render";`,
            "validate/pod-security.ts": ``,
            "render/index.ts": `export * from "./kubernetes-objects"; import { loadStackSettings } from "../stack";`,
            "render/kubernetes-objects.ts": ``,
            "stack/index.ts": `import "../components/prometheus/prometheus";`,
            "components/prometheus/prometheus.ts": `import { podSecurity } from "../../validate/pod-security";`,
        };

        it("names a loop of top-level folders that no file cycle shows, with the import behind each step", () => {
            const graph = files(loop);
            assert.deepStrictEqual(importCycles(graph), []);
            assert.deepStrictEqual(folderCycles(graph, ""), [
                {
                    folders: ["components/", "render/", "stack/", "validate/"],
                    way: [
                        { from: "components/", to: "validate/", via: "components/prometheus/prometheus.ts imports validate/pod-security.ts" },
                        { from: "validate/", to: "render/", via: "validate/problem.ts imports render/index.ts" },
                        { from: "render/", to: "stack/", via: "render/index.ts imports stack/index.ts" },
                        { from: "stack/", to: "components/", via: "stack/index.ts imports components/prometheus/prometheus.ts" },
                    ],
                },
            ]);
        });

        it("finds no loop in folders that only import downwards, however many ways down", () => {
            const graph = files({
                ...loop,
                "validate/problem.ts": `import { KubernetesObject } from "./kubernetes-object";`,
                "validate/kubernetes-object.ts": ``,
                "render/kubernetes-objects.ts": `export type { KubernetesObject } from "../validate/kubernetes-object";`,
                "render/cli.ts": `import "../components/prometheus/prometheus"; import "../validate/problem";`,
            });
            assert.deepStrictEqual(folderCycles(graph, ""), []);
        });

        it("counts the subfolders of components/ as units under components/, and as one components/ at the top", () => {
            const graph = files({
                "components/grafana/datasources.ts": `import "../prometheus/service";`,
                "components/prometheus/service.ts": ``,
                "components/prometheus/scrape/jobs.ts": `import "../../alertmanager/layout";`,
                "components/alertmanager/layout.ts": `import "../grafana/links";`,
                "components/grafana/links.ts": ``,
            });
            assert.deepStrictEqual(importCycles(graph), []);
            assert.deepStrictEqual(siblingPairs(graph, "components/"), []);
            assert.deepStrictEqual(
                folderCycles(graph, "components/").map((c) => c.way.map((s) => s.from)),
                [["components/alertmanager/", "components/grafana/", "components/prometheus/"]],
            );
            assert.deepStrictEqual(folderCycles(graph, ""), []);
        });
    });

    describe("this repository", () => {
        let graph: ImportGraph;
        before(() => {
            graph = repositoryGraph(REPO);
        });

        it("reads the program's own files", () => {
            assert.ok(graph.get("program.ts")?.includes("config/index.ts"), "program.ts imports ./config");
            assert.ok(graph.get("index.ts")?.includes("program.ts"), "index.ts re-exports ./program");
            assert.ok(graph.has("tests/import-graph.test.ts"), "tests are part of the graph");
        });

        it("has no import cycle", () => {
            const cycles = importCycles(graph);
            const described = cycles.map((c) => `${c.files.length} files in a cycle, such as ${c.way.join(" → ")}`);
            assert.deepStrictEqual(described, [], "every cycle: how many files, and one way round it");
        });

        it("no two sibling folders import each other, at any depth (a folder and its subfolders are one unit)", () => {
            // tests/ and scripts/ are tools over the whole repository, not layers of the program:
            // the tests run the scripts, and the benchmarks reuse the tests' real-binary drivers.
            const tools = (p: { folders: [string, string] }) => p.folders.join() === "scripts/,tests/";
            const pairs = parentFolders(graph)
                .flatMap((parent) => siblingPairs(graph, parent))
                .filter((p) => !tools(p));
            assert.deepStrictEqual(
                pairs.map((p) => `${p.folders.join(" ↔ ")}: ${p.oneWay}; ${p.otherWay}`),
                [],
            );
        });

        it("has no loop of folders, at any depth, outside tests/", () => {
            const program = withoutTests(graph);
            assert.deepStrictEqual(
                parentFolders(program).flatMap((parent) => describeFolderCycles(program, parent)),
                [],
                "every loop of sibling folders: one way round it, and the import behind each step",
            );
        });

        for (const rule of LAYER_RULES) {
            it(`${rule.lower} imports nothing from ${rule.upper}: ${rule.why}`, () => {
                assert.deepStrictEqual(layerViolations(graph, rule.lower, rule.upper), []);
            });
        }
    });
});
