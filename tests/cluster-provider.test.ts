import * as assert from "assert";
import { clusterProviderArgs } from "../components/cluster";
import { ConfigError } from "../config";
import { RegisteredResource } from "../render/engine-mocks";
import { runProgram } from "./harness/program";
import { allRegistered, unwrapSecret, waitForRegistrations } from "./harness/pulumi-mocks";
import { requiredConfig } from "./harness/stack-config";

const PROVIDER_TYPE = "pulumi:providers:kubernetes";

function providersOf(resources: RegisteredResource[]): RegisteredResource[] {
    return resources.filter((r) => r.type === PROVIDER_TYPE);
}

async function configErrorOf(config: Record<string, unknown>, secrets: Record<string, string> = {}): Promise<ConfigError> {
    const before = allRegistered().length;
    let thrown: unknown;
    await runProgram(config, secrets).catch((e) => {
        thrown = e;
    });
    await waitForRegistrations();
    assert.ok(thrown instanceof ConfigError, `expected a ConfigError, got ${thrown}`);
    assert.deepStrictEqual(allRegistered().slice(before), [], "no resource may be registered, not even the provider");
    return thrown as ConfigError;
}

describe("the cluster a stack deploys to (kubernetes:context)", () => {
    it("builds one Kubernetes provider from kubernetes:context and registers every object through it", async () => {
        const config = { ...requiredConfig(), "kubernetes:context": "kind-dev", searchStore: { enabled: true } };
        const { resources } = await runProgram(config);
        const providers = providersOf(resources);
        assert.strictEqual(providers.length, 1, "exactly one Kubernetes provider");
        assert.strictEqual(providers[0].inputs.context, "kind-dev");

        const objects = resources.filter((r) => r.type.startsWith("kubernetes:"));
        assert.ok(objects.length > 20, `expected the whole stack, got ${objects.length} objects`);
        const reference = `urn:pulumi:test::cluster-monitoring::${PROVIDER_TYPE}::${providers[0].name}::${providers[0].name}-id`;
        const elsewhere = objects.filter((r) => r.provider !== reference).map((r) => `${r.type} ${r.name} (${r.provider})`);
        assert.deepStrictEqual(elsewhere, [], "objects that would reach the default provider or another one");
        for (const kind of ["StatefulSet", "DaemonSet", "ClusterRole", "Namespace"]) {
            assert.ok(objects.some((r) => r.type.endsWith(`:${kind}`)), `the check covered a ${kind}`);
        }
    });

    it("updates ConfigMaps and Secrets in place: the provider carries enableConfigMapMutable and enableSecretMutable, whichever cluster the stack names", async () => {
        const byKubeconfig: Record<string, unknown> = requiredConfig();
        delete byKubeconfig["kubernetes:context"];
        const runs = [
            await runProgram({ ...requiredConfig(), "kubernetes:context": "kind-dev" }),
            await runProgram(byKubeconfig, { "kubernetes:kubeconfig": "apiVersion: v1\nkind: Config\n" }),
        ];
        for (const { resources } of runs) {
            const [provider] = providersOf(resources);
            // The SDK sends each option as the JSON of its boolean; the provider's Configure enables it only on the string "true".
            assert.strictEqual(provider.inputs.enableConfigMapMutable, "true");
            assert.strictEqual(provider.inputs.enableSecretMutable, "true");
        }
        assert.deepStrictEqual(clusterProviderArgs({ context: "kind-dev" }), { context: "kind-dev", enableConfigMapMutable: true, enableSecretMutable: true });
    });

    it("passes kubernetes:kubeconfig to the provider as a secret, because it carries credentials", async () => {
        const config: Record<string, unknown> = requiredConfig();
        delete config["kubernetes:context"];
        const kubeconfig = "apiVersion: v1\nkind: Config\nusers: [{name: u, user: {token: very-secret-token}}]\n";
        const { resources } = await runProgram(config, { "kubernetes:kubeconfig": kubeconfig });
        const [provider] = providersOf(resources);
        assert.strictEqual(unwrapSecret(provider.inputs.kubeconfig), kubeconfig);
        assert.strictEqual(provider.inputs.context, undefined);
    });

    it("stops a stack that names no cluster before any resource, naming kubernetes:context", async () => {
        const config: Record<string, unknown> = requiredConfig();
        delete config["kubernetes:context"];
        const e = await configErrorOf(config);
        const problem = e.problems.find((p) => p.key === "kubernetes:context");
        assert.ok(problem, e.message);
        assert.match(problem!.expected, /kubernetes:kubeconfig/);
        assert.match(problem!.expected, /never falls back to the kubeconfig's current context/);
    });

    it("refuses an empty context, which the provider would read as no context at all", async () => {
        const e = await configErrorOf({ ...requiredConfig(), "kubernetes:context": " " });
        assert.ok(e.problems.some((p) => p.key === "kubernetes:context" && p.got === " "), e.message);
    });
});
