import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";
import { tsNodeService } from "./harness/ts-node-service";

// `pulumi up` runs index.ts through ts-node, registered by @pulumi/pulumi (3.270.0,
// cmd/run/run.js) with the options rebuilt below: the project's tsconfig.json, whose "ts-node"
// section chooses swc through startup/swc-cache.js and sets transpileOnly (docs/performance.md),
// the registration's own transpileOnly left undefined when neither
// PULUMI_NODEJS_TRANSPILE_ONLY nor compilerOptions.noCheck is set, and the tsconfig's compiler
// options laid over its defaults.

const REPO = path.resolve(__dirname, "..");

function pulumiUpService() {
    const tsconfig = path.join(REPO, "tsconfig.json");
    const compilerOptions = ts.parseConfigFileTextToJson(tsconfig, fs.readFileSync(tsconfig, "utf8")).config.compilerOptions;
    return tsNodeService({
        cwd: REPO,
        compiler: "typescript",
        transpileOnly: undefined,
        project: tsconfig,
        skipProject: false,
        compilerOptions: { target: "ES2020", module: "nodenext", moduleResolution: "nodenext", sourceMap: "true", ...compilerOptions },
    });
}

describe("the transpiler pulumi up uses", () => {
    it("is swc with its disk cache, through the ts-node section of tsconfig.json, so the program starts without the TypeScript compiler's transpiler or its type check", () => {
        const service = pulumiUpService();
        assert.strictEqual(service.options.transpiler, "./startup/swc-cache.js");
        // A custom transpiler needs transpileOnly (ts-node refuses it otherwise); without it, pulumi up would type-check.
        assert.strictEqual(service.options.transpileOnly, true);
        // swc and TypeScript emit an export differently; this is swc's form.
        const js = service.compile("export const answer: number = 42;\n", path.join(REPO, "answer.ts"));
        assert.match(js, /Object\.defineProperty\(exports, "answer", \{\s*enumerable: true,\s*get: function\(\)/);
    });

    it("emits CommonJS, as tsconfig.json says, not the nodenext that pulumi up proposes", () => {
        const js = pulumiUpService().compile('import * as path from "path";\nexport const sep = path.sep;\n', path.join(REPO, "sep.ts"));
        assert.match(js, /require\("path"\)/);
        assert.doesNotMatch(js, /^import /m);
    });
});
