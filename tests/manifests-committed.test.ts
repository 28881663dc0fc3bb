import * as assert from "assert";
import * as fs from "fs";
import * as path from "path";
import { manifestPath, renderCommand, stacksIn } from "../render";
import { manifestDrift } from "../render/drift";
import { tempProject } from "./harness/temp-project";

const REPO = path.resolve(__dirname, "..");

describe("committed manifests (manifests/<stack>.yaml)", () => {
    it("the repo has the dev, e2e and prod stacks", () => {
        assert.deepStrictEqual(stacksIn(REPO), ["dev", "e2e", "prod"]);
    });

    for (const stack of stacksIn(REPO)) {
        it(`manifests/${stack}.yaml is exactly what '${renderCommand(stack)}' writes`, async () => {
            const drift = await manifestDrift(REPO, stack);
            assert.strictEqual(drift, undefined, drift);
        });
    }

    it("every manifest file belongs to a stack that still exists", () => {
        const files = fs.readdirSync(path.join(REPO, "manifests")).sort();
        assert.deepStrictEqual(files, stacksIn(REPO).map((s) => path.basename(manifestPath(REPO, s))));
    });

    it("reports an edited or missing file with the command that updates it", async () => {
        const stackFile = fs.readFileSync(path.join(REPO, "Pulumi.dev.yaml"), "utf8");
        const committed = fs.readFileSync(manifestPath(REPO, "dev"), "utf8");
        const edited = tempProject({
            "Pulumi.dev.yaml": stackFile,
            "manifests/dev.yaml": committed.replace("storage: 20Gi", "storage: 30Gi"),
        });
        const message = await manifestDrift(edited, "dev");
        assert.ok(message, "an edited manifest must be reported");
        assert.match(message, /manifests\/dev\.yaml differs .* at line \d+/);
        assert.match(message, /committed: +storage: 30Gi/);
        assert.match(message, /run 'npm run render -- dev'/);

        const missing = await manifestDrift(tempProject({ "Pulumi.dev.yaml": stackFile }), "dev");
        assert.match(missing ?? "", /manifests\/dev\.yaml is missing: run 'npm run render -- dev'/);
    });
});
