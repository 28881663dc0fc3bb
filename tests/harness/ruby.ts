import * as assert from "assert";
import { spawnSync } from "child_process";

/**
 * Runs `ruby -e script` with the arguments and stdin given and returns its stdout. fluentd matches
 * with Ruby's regular expressions and computes with Ruby's own libraries, so the log agent's
 * patterns and Ruby expressions are checked with a real Ruby, not only with JavaScript's engine.
 */
export function runRuby(script: string, args: string[] = [], input = ""): string {
    const r = spawnSync("ruby", ["-e", script, ...args], { input, encoding: "utf8" });
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
