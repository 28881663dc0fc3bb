import * as assert from "assert";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { placeholderReport, renderStack } from "../render";
import { renderCli } from "../render/cli";
import { hasStackOutputs } from "../render/engine-mocks";

const REPO = path.join(__dirname, "..");
const EXAMPLES = path.join(REPO, "docs", "examples");
const EDGE_EU = "acme/cluster-monitoring/edge-eu";
const VMAUTH_SECRET = "Secret monitoring/long-term-store-vmauth";

/**
 * Issue #46: an offline render cannot read another stack. The central example reads edge-eu's
 * credential through a StackReference; before, nothing but the StackReference registered (every
 * resource waited on the provider, which waited on the unreadable output), and the render still
 * exited 0 with an empty manifest. Now it renders with a marked placeholder and names each object
 * that holds it.
 */
describe("offline render: what it cannot read from another stack it renders with a placeholder and names", function () {
    it("the central example names vmauth's Secret as rendered with a placeholder for edge-eu's output, and the manifest masks it", async () => {
        const r = await renderStack(EXAMPLES, "central");
        assert.deepStrictEqual(
            r.placeholders.map((p) => [p.object, p.stack, p.output]),
            [[VMAUTH_SECRET, EDGE_EU, "longTermStoreWriteCredential"]],
        );
        assert.match(r.placeholders[0].reason, /^Secret monitoring\/long-term-store-vmauth: needs stack acme\/cluster-monitoring\/edge-eu's output longTermStoreWriteCredential, which an offline render cannot read/);
        // The rest of the stack renders: vmauth's Deployment and Ingress, the store.
        const names = r.objects.map((o: any) => `${o.kind} ${o.metadata.namespace ?? ""}/${o.metadata.name}`);
        for (const n of ["Secret monitoring/long-term-store-vmauth", "Deployment monitoring/long-term-store-vmauth", "Ingress monitoring/long-term-store-vmauth", "StatefulSet monitoring/long-term-store"]) {
            assert.ok(names.includes(n), `${n} is rendered`);
        }
        assert.match(r.text, /^# PLACEHOLDER: Secret monitoring\/long-term-store-vmauth: needs stack acme\/cluster-monitoring\/edge-eu's output/m);
        assert.ok(!r.text.includes("OFFLINE-RENDER-PLACEHOLDER-"), "the placeholder value sits where a secret does, masked");
        assert.strictEqual(hasStackOutputs(EDGE_EU), false, "the stand-in is taken back after the render");
    });

    it("the CLI prints the objects beside the checklist", async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "offline-render-"));
        try {
            fs.copyFileSync(path.join(EXAMPLES, "Pulumi.central.yaml"), path.join(dir, "Pulumi.central.yaml"));
            let stdout = "";
            const status = await renderCli(["central", "--project-dir", dir], { stdout: (t) => (stdout += t), stderr: () => undefined });
            assert.strictEqual(status, 0);
            assert.match(stdout, /Not rendered as deployed: stack central's manifest holds a placeholder in these objects[^\n]*\n {4}Secret monitoring\/long-term-store-vmauth: needs stack acme\/cluster-monitoring\/edge-eu's output longTermStoreWriteCredential, which an offline render cannot read/);
            assert.match(stdout, /Production checklist of stack central/);
            assert.ok(!stdout.includes("OFFLINE-RENDER-PLACEHOLDER-"));
        } finally {
            fs.rmSync(dir, { recursive: true, force: true });
        }
    });

    it("a stack that reads no other stack reports nothing", async () => {
        const r = await renderStack(REPO, "prod");
        assert.deepStrictEqual(r.placeholders, []);
        assert.strictEqual(placeholderReport("prod", r.placeholders), "");
        assert.ok(!r.text.includes("# PLACEHOLDER"));
    });
});
