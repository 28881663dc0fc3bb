import * as assert from "assert";
import * as fs from "fs";
import { RegisteredResource, RegistrationRequest } from "../render/engine-mocks";
import { parseSnapshot, resourceSnapshot, snapshotDiff } from "../render/resource-snapshot";
import { snapshotFile, snapshotOf, snapshotStacks } from "../render/snapshot-stacks";

// Every resource a stack registers, held to the snapshot recorded before the composition was
// rewired (npm run snapshot:record): URN with the whole parent chain, type, options, resolved
// aliases and a digest of every input path. A refactor that keeps a stack's state keeps all of it.

describe("every stack registers exactly the recorded resources (tests/fixtures/resource-snapshot)", () => {
    for (const stack of snapshotStacks()) {
        it(`stack ${stack}: same URNs, types, options, aliases and inputs as recorded`, async () => {
            const then = parseSnapshot(fs.readFileSync(snapshotFile(stack), "utf8"));
            const now = await snapshotOf(stack);
            // Registration order is not compared: neither the engine's state nor the sorted manifests depend on it.
            assert.deepStrictEqual(snapshotDiff(then, now), { added: [], removed: [], changed: [] });
        });
    }
});

/** A registration as the mock monitor records it, with every option at its default. */
function reg(type: string, name: string, parent = "", inputs: Record<string, unknown> = {}, extra: Partial<RegistrationRequest> = {}): RegisteredResource {
    return {
        type,
        name,
        inputs,
        request: { parent, custom: !type.startsWith("cm:"), protect: false, deleteBeforeReplace: false, ignoreChanges: [], replaceOnChanges: [], retainOnDelete: false, additionalSecretOutputs: [], deletedWith: "", version: "", pluginDownloadUrl: "", aliases: [], ...extra },
    };
}

const mock = (type: string, name: string) => `urn:pulumi:s::p::${type}::${name}`;

describe("the snapshot computes what the engine records", () => {
    it("a grandchild's URN carries its grandparent's type, which the mock monitor drops", () => {
        const entries = resourceSnapshot(
            [reg("cm:a:Outer", "outer"), reg("cm:a:Inner", "inner", mock("cm:a:Outer", "outer")), reg("kubernetes:core/v1:Secret", "s", mock("cm:a:Outer$cm:a:Inner", "inner"))],
            "s",
            "p",
        );
        assert.strictEqual(entries[2].urn, "urn:pulumi:s::p::cm:a:Outer$cm:a:Inner$kubernetes:core/v1:Secret::s");
        assert.strictEqual(entries[2].parent, "urn:pulumi:s::p::cm:a:Outer$cm:a:Inner::inner");
    });

    it("a child inherits its parent's alias, and its own spec resolves against its parent", () => {
        const entries = resourceSnapshot(
            [
                reg("cm:a:Old", "old"),
                reg("cm:a:Outer", "outer", "", {}, { aliases: [{ spec: { name: "", type: "cm:a:Former", stack: "", project: "", parentUrn: "", noParent: false } }] }),
                reg("kubernetes:core/v1:Secret", "s", mock("cm:a:Outer", "outer"), {}, { aliases: [{ spec: { name: "t", type: "", stack: "", project: "", parentUrn: "", noParent: false } }] }),
            ],
            "s",
            "p",
        );
        assert.deepStrictEqual(entries[1].aliases, ["urn:pulumi:s::p::cm:a:Former::outer"]);
        assert.deepStrictEqual(entries[2].aliases, [
            "urn:pulumi:s::p::cm:a:Former$kubernetes:core/v1:Secret::s",
            "urn:pulumi:s::p::cm:a:Former$kubernetes:core/v1:Secret::t",
            "urn:pulumi:s::p::cm:a:Outer$kubernetes:core/v1:Secret::t",
        ]);
    });

    it("a changed nested input, a new option and a moved parent each show as a difference; a secret only as its digest", () => {
        const secret = { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "hunter2-password" };
        const base = resourceSnapshot([reg("cm:a:P", "p"), reg("kubernetes:apps/v1:StatefulSet", "x", mock("cm:a:P", "p"), { spec: { selector: { a: "1" }, replicas: 1 }, data: secret })], "s", "p");
        const text = JSON.stringify(base);
        assert.ok(!text.includes("hunter2"), "a secret's value is never in the snapshot");
        const selector = resourceSnapshot([reg("cm:a:P", "p"), reg("kubernetes:apps/v1:StatefulSet", "x", mock("cm:a:P", "p"), { spec: { selector: { a: "2" }, replicas: 1 }, data: secret })], "s", "p");
        assert.deepStrictEqual(snapshotDiff(base, selector).changed, [{ urn: base[1].urn, fields: ["inputs.spec.selector"] }]);
        const password = resourceSnapshot([reg("cm:a:P", "p"), reg("kubernetes:apps/v1:StatefulSet", "x", mock("cm:a:P", "p"), { spec: { selector: { a: "1" }, replicas: 1 }, data: { ...secret, value: "other" } })], "s", "p");
        assert.deepStrictEqual(snapshotDiff(base, password).changed, [{ urn: base[1].urn, fields: ["inputs.data"] }]);
        const protect = resourceSnapshot([reg("cm:a:P", "p"), reg("kubernetes:apps/v1:StatefulSet", "x", mock("cm:a:P", "p"), { spec: { selector: { a: "1" }, replicas: 1 }, data: secret }, { protect: true })], "s", "p");
        assert.deepStrictEqual(snapshotDiff(base, protect).changed, [{ urn: base[1].urn, fields: ["options"] }]);
        const moved = resourceSnapshot([reg("cm:a:Q", "p"), reg("kubernetes:apps/v1:StatefulSet", "x", mock("cm:a:Q", "p"), { spec: { selector: { a: "1" }, replicas: 1 }, data: secret })], "s", "p");
        const d = snapshotDiff(base, moved);
        assert.deepStrictEqual([d.added.length, d.removed.length], [2, 2]);
    });
});
