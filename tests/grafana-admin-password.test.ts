import * as assert from "assert";
import * as pulumi from "@pulumi/pulumi";
import { generatedAdminPasswordArgs } from "../components/grafana/admin-password";
import { mockedProviderOutputs } from "../render/engine-mocks";
import { outputValue, runProgram } from "./harness/program";
import { findOne, isWrappedSecret, ofType, RegisteredResource, unwrapSecret } from "./harness/pulumi-mocks";
import { requiredConfig } from "./harness/stack-config";

/**
 * Grafana's admin password when the stack sets none: generated once by @pulumi/random, a Pulumi
 * secret in state and in the stack output, a Kubernetes Secret in the cluster and nowhere else.
 */

const RANDOM_PASSWORD = "random:index/randomPassword:RandomPassword";
const GENERATED = mockedProviderOutputs(RANDOM_PASSWORD, "grafana-admin-password").result as string;
const STACK_PASSWORD = "stack-Secret-Admin-Value-93";

function grafanaOn(grafana: Record<string, unknown> = {}): Record<string, unknown> {
    return { ...requiredConfig(), grafana };
}

/** Every string in a resource's inputs outside Pulumi secrets, where a password must never be. */
function plainStrings(value: unknown, out: string[] = []): string[] {
    if (isWrappedSecret(value)) {
        return out;
    }
    if (typeof value === "string") {
        out.push(value);
    } else if (Array.isArray(value)) {
        value.forEach((v) => plainStrings(v, out));
    } else if (typeof value === "object" && value !== null) {
        Object.values(value).forEach((v) => plainStrings(v, out));
    }
    return out;
}

function adminPasswordInSecret(resources: RegisteredResource[]): string {
    const secret = findOne(resources, "kubernetes:core/v1:Secret", "grafana");
    return unwrapSecret(secret.inputs.stringData)["admin-password"];
}

describe("Grafana's generated admin password", () => {
    it("is generated when the stack sets none, and is the Grafana Secret's admin password", async () => {
        const { resources } = await runProgram(grafanaOn());
        const generator = findOne(resources, RANDOM_PASSWORD);
        assert.deepStrictEqual(
            Object.fromEntries(Object.entries(generator.inputs).filter(([k]) => k in generatedAdminPasswordArgs())),
            generatedAdminPasswordArgs(),
        );
        assert.strictEqual(adminPasswordInSecret(resources), GENERATED);
    });

    it("is a Pulumi secret in the stack output and stands in no ConfigMap, argument, annotation or other plain value", async () => {
        const { exports, resources } = await runProgram(grafanaOn());
        assert.strictEqual(await pulumi.isSecret(exports.grafanaAdminPassword), true);
        assert.strictEqual(await outputValue(exports.grafanaAdminPassword), GENERATED);
        assert.strictEqual(await outputValue(exports.grafanaAdminUser), "admin");
        const leaks = resources.filter((r) => r.type !== RANDOM_PASSWORD && plainStrings(r.inputs).some((s) => s.includes(GENERATED)));
        assert.deepStrictEqual(leaks.map((r) => `${r.type} ${r.name}`), []);
    });

    it("is stable across previews: the same resource with the same inputs, whatever else the stack changes", async () => {
        const first = findOne((await runProgram(grafanaOn())).resources, RANDOM_PASSWORD);
        const again = findOne((await runProgram(grafanaOn())).resources, RANDOM_PASSWORD);
        const changed = findOne(
            (await runProgram(grafanaOn({ name: "dashboards", adminUser: "root", image: "docker.io/grafana/grafana:13.2.3", resources: { cpuRequest: "100m" } }))).resources,
            RANDOM_PASSWORD,
        );
        for (const other of [again, changed]) {
            assert.strictEqual(other.name, first.name);
            assert.deepStrictEqual(other.inputs, first.inputs);
        }
        // No keepers: no setting can replace it; only `pulumi up --replace` does (docs/grafana.md#admin-password).
        assert.strictEqual(first.inputs.keepers, undefined);
    });

    it("is not generated when the stack sets its own secret, which the Secret then holds", async () => {
        const { exports, resources } = await runProgram(grafanaOn(), { grafanaAdminPassword: STACK_PASSWORD });
        assert.deepStrictEqual(ofType(resources, RANDOM_PASSWORD), []);
        assert.strictEqual(adminPasswordInSecret(resources), STACK_PASSWORD);
        assert.strictEqual(await pulumi.isSecret(exports.grafanaAdminPassword), true);
    });

    it("is neither generated nor exported while Grafana is off", async () => {
        const { exports, resources } = await runProgram(requiredConfig());
        assert.deepStrictEqual(ofType(resources, RANDOM_PASSWORD), []);
        assert.strictEqual(exports.grafanaAdminPassword, undefined);
    });
});
