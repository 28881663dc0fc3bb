import * as assert from "assert";
import { spawnSync } from "child_process";
import { HANG_MS } from "./hang";

/**
 * Runs `ruby -e script` with the arguments and stdin given and returns its stdout. fluentd matches
 * with Ruby's regular expressions and computes with Ruby's own libraries, so the log agent's
 * patterns and Ruby expressions are checked with a real Ruby, not only with JavaScript's engine.
 */
export function runRuby(script: string, args: string[] = [], input = "", env: Record<string, string> = {}): string {
    // A synchronous child blocks the event loop, so mocha's timeout could never end a hung one: its own does.
    const r = spawnSync("ruby", ["-e", script, ...args], { input, encoding: "utf8", env: { ...process.env, ...env }, timeout: HANG_MS, killSignal: "SIGKILL" });
    if ((r.error as NodeJS.ErrnoException | undefined)?.code === "ETIMEDOUT") {
        assert.fail(`hung: ruby gave no answer after ${HANG_MS / 1000} s:\n${r.stderr}`);
    }
    if (r.error) {
        assert.fail(`ruby could not run (${r.error.message}); install it (Debian: apt-get install ruby)`);
    }
    assert.strictEqual(r.status, 0, `ruby failed:\n${r.stderr}`);
    return r.stdout;
}

/**
 * The named captures of each line under a regexp literal `/.../` of the config, as fluentd 1.6
 * builds it: `format /.../` is Regexp.new of the text between the slashes (Fluent::TextParser.lookup),
 * `expression /.../` a :regexp parameter, the same for a literal without flags. null where it does not match.
 */
export function rubyNamedCaptures(literal: string, lines: string[]): (Record<string, string | null> | null)[] {
    const m = /^\/(.*)\/$/s.exec(literal);
    assert.ok(m, `not a regexp literal without flags: ${literal}`);
    const script = 'require "json"; re = Regexp.new(ARGV[0]); puts JSON.generate(JSON.parse(STDIN.read).map { |l| (x = re.match(l)) && x.named_captures })';
    return JSON.parse(runRuby(script, [m[1]], JSON.stringify(lines))) as (Record<string, string | null> | null)[];
}

/** A record_transformer Ruby expression's inputs: the record, the tag, the event time and the container's environment. */
export interface RubyExpressionCase {
    record: Record<string, unknown>;
    tag: string;
    /** Event time in nanoseconds since the epoch. */
    time: bigint;
}

/**
 * Each case's value of a record_transformer `${...}` expression (enable_ruby), evaluated as
 * fluentd 1.6.3's RubyPlaceholderExpander does: instance_eval of the text with the locals tag, time
 * (Time.at of the event time, which keeps its nanoseconds) and record, after fluentd has loaded
 * json (record_transformer) and digest (in_forward, which the agent always runs). fluentd's
 * evaluating object also lacks Object's public methods; the agent's expressions call methods only
 * on tag, time and record, so that difference cannot show here.
 */
export function rubyExpressionValues(expression: string, cases: RubyExpressionCase[], env: Record<string, string> = {}): unknown[] {
    const script = [
        'require "json"',
        'require "digest"',
        "class Cleanroom; def expand(__str_to_eval__, tag, time, record); instance_eval(__str_to_eval__); end; end",
        "cases = JSON.parse(STDIN.read)",
        'puts JSON.generate(cases.map { |c| Cleanroom.new.expand(ARGV[0], c["tag"], Time.at(Rational(Integer(c["time"]), 1_000_000_000)), c["record"]) })',
    ].join("\n");
    const input = JSON.stringify(cases.map((c) => ({ ...c, time: c.time.toString() })));
    return JSON.parse(runRuby(script, [expression], input, env)) as unknown[];
}
