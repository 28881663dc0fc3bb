import * as assert from "assert";
import { stringify } from "yaml";
import { pulumiUp } from "./harness/pulumi-up";

/**
 * A bad stack file under `pulumi up`: the language host's own runner (@pulumi/pulumi cmd/run)
 * must print the ConfigError as Pulumi prints its errors, the message alone, and list every
 * problem of the file in that one run.
 */
describe("config errors as pulumi up shows them", function () {
    // Spawning node and transpiling the program; the bound catches a hang, not slowness.

    const stackFile = stringify({
        config: {
            "kubernetes:context": "kind-dev",
            "cluster-monitoring:metrics": { externalUrl: "ftp://monitor.example.com/" },
            // No search.host, and a password without a user: both must be reported together.
            "cluster-monitoring:logs": { search: {} },
            "cluster-monitoring:searchPassword": { secure: "v1:AAAA" },
            "cluster-monitoring:grafana": { enabled: false },
        },
    });

    let run: Awaited<ReturnType<typeof pulumiUp>>;
    before(async () => {
        run = await pulumiUp(stackFile);
    });

    it("fails the run with the code that tells the engine the error is already shown", () => {
        // 32: cmd/run's nodeJSProcessExitedAfterLoggingUserActionableMessage.
        assert.strictEqual(run.status, 32, `exit status; stderr:\n${run.stderr}`);
    });

    it("prints the config error without 'unhandled exception' or a stack trace", () => {
        assert.match(run.stderr, /invalid stack config/);
        assert.doesNotMatch(run.stderr, /unhandled exception/);
        assert.doesNotMatch(run.stderr, /^\s+at /m, `no stack frames:\n${run.stderr}`);
        assert.doesNotMatch(run.stderr, /problems: \[/, "no dump of the error object");
    });

    it("lists every problem of the file in the one run", () => {
        for (const key of ["cluster-monitoring:metrics.externalUrl", "cluster-monitoring:logs.search.host", "cluster-monitoring:searchPassword"]) {
            assert.ok(run.stderr.includes(`${key}: got`), `${key} is reported:\n${run.stderr}`);
        }
    });
});
