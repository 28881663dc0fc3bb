import * as assert from "assert";
import { agentConfigFiles, agentConfigModel, rootConfigModel } from "../components/log-agent/config-map";
import { daemonSet } from "../components/log-agent/daemonset";
import { FluentdSection, sectionsOf } from "../components/log-agent/fluentd-model";
import { LogsSettings } from "../config";
import { LOG_AGENT_RELEASES, LogAgentRelease } from "../log-agent-releases/release-lines";
import { FluentdAgent } from "./harness/fluentd-sim/agent";
import { settingsWith } from "./harness/stack-config";

/**
 * docs/log-agent.md#stopping: with the store unreachable and the buffer full, the agent exits on
 * SIGTERM within the pod's grace period on every line, by the waits fluentd's source has on the
 * way out (FluentdAgent.secondsToStopWithStoreDownAndBufferFull says which, and where they were
 * read). No fluentd runs here: the bound is read from the source and computed on the rendered config.
 */

const HOSTED = { host: "search.example.com", port: 443, scheme: "https", user: "fluentd" };

function onLine(release: LogAgentRelease, logs: Record<string, unknown> = {}): LogsSettings {
    return release.stores["elasticsearch-oss"].speaks && Object.keys(logs).length === 0
        ? settingsWith({ logs: { image: release.image } }).logs
        : settingsWith({ logs: { image: release.image, search: HOSTED, ...logs } }, { searchPassword: "pw" }).logs;
}

const grace = (s: LogsSettings) => (daemonSet(s).spec as any).template.spec.terminationGracePeriodSeconds as number;
const stopBound = (s: LogsSettings) => FluentdAgent.secondsToStopWithStoreDownAndBufferFull(agentConfigModel(s), rootConfigModel(s));

describe("log agent: stops within its grace period with the store unreachable and the buffer full (docs/log-agent.md#stopping)", () => {
    for (const release of LOG_AGENT_RELEASES) {
        it(`line ${release.line}: the stop bound of its rendered config fits the pod's terminationGracePeriodSeconds`, () => {
            const s = onLine(release);
            const bound = stopBound(s);
            assert.ok(bound !== undefined, "it stops at all");
            assert.ok(bound <= grace(s), `${bound} s to stop, ${grace(s)} s of grace`);
        });
    }

    it("the kubelet's default 30 s was too short: a flush thread that misses its wakeup waits for its next retry, up to retry_max_interval 30 s and 12.5 % more", () => {
        const bound = stopBound(onLine(LOG_AGENT_RELEASES[0]))!;
        assert.ok(bound > 30, String(bound));
        assert.strictEqual(grace(onLine(LOG_AGENT_RELEASES[0])), 55);
    });

    it("the grace period follows the stack's retryMaxInterval and flushInterval, each a bound on a wait", () => {
        for (const buffer of [{ retryMaxInterval: "5m" }, { retryMaxInterval: 1 }, { flushInterval: "10m", retryMaxInterval: "2m" }]) {
            const s = onLine(LOG_AGENT_RELEASES[1], { buffer });
            const bound = stopBound(s)!;
            assert.ok(bound <= grace(s), `${JSON.stringify(buffer)}: ${bound} s to stop, ${grace(s)} s of grace`);
            assert.ok(grace(s) >= 30, "never below the kubelet's default");
        }
        assert.strictEqual(grace(onLine(LOG_AGENT_RELEASES[1], { buffer: { retryMaxInterval: "5m" } })), 359);
    });

    it("without <label @FLUENT_LOG> the 1.19 entry file never stops: fluentd drains its own events into the full buffer before it stops the output (the bug)", () => {
        const s = onLine(LOG_AGENT_RELEASES.find((r) => r.line === "1.19-elasticsearch8")!);
        const root = rootConfigModel(s).filter((n) => !(n.kind === "section" && n.name === "label"));
        assert.strictEqual(FluentdAgent.secondsToStopWithStoreDownAndBufferFull(agentConfigModel(s), root), undefined);
    });

    it("every line writes the bounds it counts on: flush_at_shutdown false in the file buffer, request_timeout 5s, retry_forever (no retry limit that drops the queue)", () => {
        for (const release of LOG_AGENT_RELEASES) {
            const output = agentConfigFiles(onLine(release))["output.conf"].split("\n").map((l) => l.trim());
            for (const line of ["flush_at_shutdown false", "request_timeout 5s", "retry_forever", "@type file"]) {
                assert.ok(output.includes(line), `${release.line}: ${line}`);
            }
            assert.ok(!output.some((l) => /^(retry_timeout|retry_max_times) /.test(l)), release.line);
        }
    });

    it("the model refuses what it does not know (a buffer flushed at shutdown), and has no bound without retry_max_interval", () => {
        const s = onLine(LOG_AGENT_RELEASES[0]);
        const files = agentConfigModel(s);
        const buffer = () => sectionsOf(sectionsOf(files["output.conf"][1] as FluentdSection, "match")[0], "buffer")[0];
        const at = buffer().body.findIndex((n) => n.kind === "param" && n.name === "retry_max_interval");
        buffer().body.splice(at, 1);
        assert.strictEqual(FluentdAgent.secondsToStopWithStoreDownAndBufferFull(files, rootConfigModel(s)), Number.POSITIVE_INFINITY);
        const flushAt = buffer().body.find((n) => n.kind === "param" && n.name === "flush_at_shutdown")!;
        (flushAt as { value: unknown }).value = { kind: "text", text: "true" };
        assert.throws(() => FluentdAgent.secondsToStopWithStoreDownAndBufferFull(files, rootConfigModel(s)), /without flush_at_shutdown only/);
    });
});
