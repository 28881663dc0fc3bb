import * as assert from "assert";
import * as fs from "fs";
import * as k8s from "@pulumi/kubernetes";
import * as random from "@pulumi/random";
import { REPLACEMENT_RULES } from "../render/replacement-rules";

// The replacement table names what the pinned SDKs register: a type token that no SDK class has,
// or an input the SDK never sends, would be a row that never fires.

/** Every resource class's type token in a package's module tree. */
function typeTokens(root: unknown): Set<string> {
    const out = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (o: unknown, depth: number) => {
        if (depth > 3 || o === null || (typeof o !== "object" && typeof o !== "function") || seen.has(o)) return;
        seen.add(o);
        const token = (o as { __pulumiType?: unknown }).__pulumiType;
        if (typeof token === "string") out.add(token);
        for (const k of Object.keys(o)) {
            try {
                walk((o as Record<string, unknown>)[k], depth + 1);
            } catch {
                // A lazily loaded member that fails to load names no type.
            }
        }
    };
    walk(root, 0);
    return out;
}

/** The input names an SDK's Args interface declares (`readonly name?: ...`). */
function argsOf(dts: string, iface: string): string[] {
    const body = new RegExp(`export interface ${iface} \\{([\\s\\S]*?)\\n\\}`).exec(fs.readFileSync(require.resolve(dts), "utf8"))?.[1] ?? "";
    return [...body.matchAll(/^\s+(\w+)\??:/gm)].map((m) => m[1]);
}

describe("the replacement table names what the pinned SDKs register (render/replacement-rules.ts)", () => {
    const tokens = new Set([...typeTokens(k8s), ...typeTokens(random), "pulumi:providers:kubernetes"]);

    it("every row's type is a type token of @pulumi/kubernetes 4.34.2 or @pulumi/random 4.21.2", () => {
        const unknown = REPLACEMENT_RULES.flatMap((r) => r.types).filter((t) => !t.endsWith("*") && !tokens.has(t));
        assert.deepStrictEqual(unknown, []);
    });

    it("the RandomPassword and provider rows name the SDKs' own input names", () => {
        const password = argsOf("@pulumi/random/randomPassword.d.ts", "RandomPasswordArgs");
        const provider = argsOf("@pulumi/kubernetes/provider.d.ts", "ProviderArgs");
        assert.ok(password.includes("length") && provider.includes("kubeconfig"), "the Args interfaces were read");
        const row = (type: string) => REPLACEMENT_RULES.find((r) => r.types.includes(type))!;
        assert.deepStrictEqual(row("random:index/randomPassword:RandomPassword").paths.filter((p) => !password.includes(p)), []);
        assert.deepStrictEqual(row("pulumi:providers:kubernetes").paths.filter((p) => !provider.includes(p)), []);
        // Every input of a RandomPassword replaces it (resource_password.go: RequiresReplace on each).
        assert.deepStrictEqual([...password].sort(), [...row("random:index/randomPassword:RandomPassword").paths].sort());
    });

    it("every row cites its source", () => {
        for (const r of REPLACEMENT_RULES) assert.match(r.source, /\.go\b/, r.types.join(", "));
    });
});
