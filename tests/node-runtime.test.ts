import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";

const ROOT = path.join(__dirname, "..");

describe("the Node.js runtime", () => {
    it("runs the suite on the major release that .nvmrc names, so it cannot pass on Node 20 by accident", () => {
        const wanted = fs.readFileSync(path.join(ROOT, ".nvmrc"), "utf8").trim();
        assert.match(wanted, /^\d+$/, ".nvmrc holds one major version");
        const running = process.versions.node.split(".")[0];
        assert.strictEqual(running, wanted, `the tests run on Node ${process.versions.node}; run them through .ci/run or on Node ${wanted}`);
    });

    it("declares Node 22 as the minimum, which @pulumi/pulumi needs", () => {
        const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
        assert.strictEqual(pkg.engines.node, ">=22");
        const pulumiPkg = JSON.parse(fs.readFileSync(require.resolve("@pulumi/pulumi/package.json"), "utf8"));
        assert.strictEqual(pulumiPkg.engines.node, ">=22", "@pulumi/pulumi's own minimum changed; update engines and the README");
    });
});
