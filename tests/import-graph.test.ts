import * as assert from "assert";
import * as path from "path";
import { graphOf, ImportGraph, importCycles, layerViolations, moduleSpecifiers, repositoryGraph } from "../lint/import-graph";

const REPO = path.resolve(__dirname, "..");

/** Settings flow config → builders → components; prometheus/ holds facts both ends read. */
const LAYER_RULES: readonly { lower: string; upper: string; why: string }[] = [
    { lower: "config/", upper: "components/", why: "the settings layer must not know the components' builders" },
    { lower: "prometheus/", upper: "config/", why: "the Prometheus facts hold for every stack, so they read no settings" },
    { lower: "prometheus/", upper: "components/", why: "the Prometheus facts are read by components, not the other way" },
];

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

        for (const rule of LAYER_RULES) {
            it(`${rule.lower} imports nothing from ${rule.upper}: ${rule.why}`, () => {
                assert.deepStrictEqual(layerViolations(graph, rule.lower, rule.upper), []);
            });
        }
    });
});
