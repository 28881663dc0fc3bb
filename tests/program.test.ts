import * as assert from "assert";
import { ConfigError } from "../config";
import { requiredConfig } from "./harness/stack-config";
import { outputValue, runProgram } from "./harness/program";
import { allRegistered, waitForRegistrations } from "./harness/pulumi-mocks";

describe("the program (index.ts)", () => {
    it("deploys the stack config and exports namespace, service and URLs", async () => {
        const { exports, resources } = await runProgram(requiredConfig());
        assert.ok(resources.some((r) => r.type === "cluster-monitoring:monitoring:MetricsServer"));
        assert.strictEqual(await outputValue(exports.namespace), "monitoring");
        assert.strictEqual(await outputValue(exports.serviceName), "monitor");
        assert.strictEqual(await outputValue(exports.inClusterUrl), "http://monitor.monitoring.svc:9090");
        assert.strictEqual(await outputValue(exports.externalUrl), "https://monitor.example.com/");
    });

    it("reports a misspelt top-level key of the stack file", async () => {
        let thrown: unknown;
        await runProgram({ ...requiredConfig(), logz: { search: {} } }).catch((e) => {
            thrown = e;
        });
        assert.ok(thrown instanceof ConfigError, `expected a ConfigError, got ${thrown}`);
        assert.match((thrown as Error).message, /cluster-monitoring:logz: got a value \(not shown\), expected one of the known keys/);
    });

    it("stops on invalid config before registering any resource", async () => {
        const config = requiredConfig();
        config.metrics.retention = "20days";
        const before = allRegistered().length;
        let thrown: unknown;
        await runProgram(config).catch((e) => {
            thrown = e;
        });
        await waitForRegistrations();
        assert.ok(thrown instanceof ConfigError, `expected a ConfigError, got ${thrown}`);
        assert.match((thrown as Error).message, /cluster-monitoring:metrics\.retention: got "20days"/);
        assert.deepStrictEqual(allRegistered().slice(before), [], "no resource may be registered");
    });
});
