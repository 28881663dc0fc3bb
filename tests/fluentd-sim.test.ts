import * as assert from "assert";
import { filter, match, param, quoted, source, typed } from "../components/log-agent/fluentd-model";
import { FluentdAgent } from "./harness/fluentd-sim/agent";
import { eventTime, iso8601, strptime } from "./harness/fluentd-sim/event-time";
import { tagMatches } from "./harness/fluentd-sim/tag-pattern";

/** The fluentd model itself: the pieces the log agent's behaviour tests rely on. */
describe("fluentd model (tests/harness/fluentd-sim)", () => {
    it("matches tags as fluentd 1.6's match patterns do", () => {
        assert.ok(tagMatches("raw.kubernetes.**", "raw.kubernetes.var.log.containers.a.log"));
        assert.ok(!tagMatches("raw.kubernetes.**", "kubernetes.var.log.containers.a.log"));
        assert.ok(tagMatches("**", "salt"));
        assert.ok(tagMatches("a.*", "a.b") && !tagMatches("a.*", "a.b.c"));
        assert.ok(tagMatches("{salt,kernel}", "kernel") && tagMatches("x y", "y"));
    });

    it("reads the agent's time formats, with Z or an offset, to the nanosecond", () => {
        assert.strictEqual(iso8601(strptime("%Y-%m-%dT%H:%M:%S.%N%:z", "2026-03-01T11:00:00.5+01:00")), "2026-03-01T10:00:00.500000000+00:00");
        assert.strictEqual(strptime("%Y-%m-%dT%H:%M:%S.%NZ", "2026-03-01T10:00:00.123456789Z"), eventTime("2026-03-01T10:00:00.123456789Z"));
        assert.throws(() => strptime("%Y-%m-%d %H:%M:%S", "yesterday"), /invalid time format/);
    });

    it("refuses parameters that came after the image's plugin versions, and plugins it does not model", () => {
        const agentWith = (...nodes: ReturnType<typeof filter>[]) => new FluentdAgent({ "a.conf": nodes }, 0n);
        assert.throws(() => agentWith(filter("**", "c", "concat", [param("key", "log"), param("partial_key", "logtag"), param("partial_value", "P"), param("use_partial_metadata", true), param("separator", quoted(""))])), /added in 2\.4\.0/);
        assert.throws(() => agentWith(match("**", "d", "detect_exceptions", [param("force_line_breaks", true)])), /force_line_breaks/);
        assert.throws(() => agentWith(filter("**", "g", "grep")), /does not implement filter grep/);
    });

    it("dumps a record that concat holds past flush_interval when no timeout_label is set", () => {
        const a = new FluentdAgent(
            {
                "a.conf": [
                    source("minion", "tail", [param("path", "/var/log/salt/minion"), param("tag", "salt"), typed("parse", "none")]),
                    filter("**", "c", "concat", [param("key", "message"), param("multiline_end_regexp", "/\\n$/")]),
                    match("**", "es", "elasticsearch", [param("logstash_format", true)]),
                ],
            },
            eventTime("2026-03-01T10:00:00Z"),
        );
        a.tail("minion", "/var/log/salt/minion", ["no line break at the end"]);
        a.advance(59);
        assert.strictEqual(a.dumped.length, 0, "still waiting before flush_interval");
        a.advance(2);
        a.shutdown();
        assert.deepStrictEqual(a.documents(), []);
        assert.deepStrictEqual(a.dumped.map((d) => d.error), ["Fluent::Plugin::ConcatFilter::TimeoutError: Timeout flush: salt:default"]);
    });
});
