import { LogsSettings } from "../../config";
import { fluentdDurationSeconds } from "../../config/formats";

/*
 * How long the agent takes to stop after SIGTERM while the store is unreachable and the buffer is
 * full (docs/log-agent.md#stopping), read from fluentd's source at v1.6.3 and v1.19.3 (the same
 * code on both lines where it matters here), with `--no-supervisor`: the TERM trap calls
 * Fluent::Engine.stop (supervisor.rb install_main_process_signal_handlers), and Engine#run leaves
 * its main loop, drains fluentd's own log events (graceful_stop), then runs RootAgent#shutdown:
 * stop, before_shutdown and shutdown, after_shutdown, close, terminate (engine.rb, root_agent.rb).
 *
 * What waits on the way, in output.rb (lib/fluent/plugin/output.rb) and the plugin helpers:
 * - the draining of fluentd's own events, unbounded if they go to the blocked output: they go to
 *   <label @FLUENT_LOG> (config-map.ts), where nothing waits;
 * - an input blocked in write_guard (overflow_action block) polls every second until the output
 *   is stopped, which `stop` does first;
 * - flush_at_shutdown would force every queued chunk out in before_shutdown; it is false (the
 *   file buffer's default, written out): queued and staged chunks stay on the host and the next
 *   pod sends them (buf_file resumes them);
 * - before_shutdown joins the enqueue thread without a timeout; it sleeps
 *   max(flush_interval / 11, flush_thread_interval 1 s) between rounds, and can miss the wakeup;
 * - after_shutdown joins every flush thread without a timeout. A thread inside try_flush when
 *   it is signalled finishes its bulk request (bounded by the output's request_timeout: the
 *   plugins give it to Faraday as the request timeout, out_elasticsearch.rb client() at v5.4.4
 *   and out_opensearch.rb at v1.1.6, which faraday-excon's amend_opts_with_timeouts! applies to
 *   connecting, reading and writing; an unreachable host is not retried, since the plugins set
 *   no retry_on_failure: elastic-transport v8.5.1 and opensearch-ruby 3.4.0
 *   transport/base.rb perform_request; the image pins elastic-transport 8.5.3, whose tag could
 *   not be read, and line 1.6.3's elasticsearch-ruby 7 transport was not read), then overwrites
 *   its next clock and waits on its condition variable for the
 *   next retry, having missed the signal: at most retry_max_interval, randomized by up to 12.5 %
 *   (retry_state.rb: retry_randomize true, randomize_width 0.125);
 * - fluentd's own hard timeouts, each once: the main loop polls every 0.3 s
 *   (MAINLOOP_SLEEP_INTERVAL), a blocked write polls every 1 s, in_tail stops reading 5 s after
 *   its shutdown (IOHandler SHUTDOWN_TIMEOUT, 1.19.3; 1.6.3's in_tail has no such timeout and
 *   stops at the first batch the full buffer refuses), an event loop waits at most 5 s
 *   (EVENT_LOOP_SHUTDOWN_TIMEOUT), a thread is joined for 1 s in close and then killed
 *   (THREAD_DEFAULT_WAIT_SECONDS): 12.3 s, FLUENTD_STOP_ALLOWANCE_SECONDS rounds it up.
 *
 * retry_timeout and retry_max_times are no way to stop sooner: with retry_forever they do nothing
 * (RetryStateMachine#limit? is false when forever), and without it reaching either drops every
 * queued chunk (handle_limit_reached: clear_queue!), losing the buffer that this design keeps.
 */

/** The output's request_timeout (the plugins' default, written out because the grace period counts on it). */
export const REQUEST_TIMEOUT_SECONDS = 5;

/** fluentd's own hard timeouts on the way out, each once (12.3 s, rounded up). */
export const FLUENTD_STOP_ALLOWANCE_SECONDS = 15;

/** retry_state.rb: the exponential backoff's wait is randomized by up to this share (retry_randomize's default, randomize_width 0.125). */
export const RETRY_RANDOMIZE_WIDTH = 0.125;

/** The kubelet's default grace period, the least the agent gets. */
const MIN_GRACE_SECONDS = 30;

/** The longest the agent takes to stop after SIGTERM, in seconds, by the waits above. */
export function stopBoundSeconds(s: LogsSettings): number {
    const b = s.buffer;
    const enqueueRound = Math.max(fluentdDurationSeconds(b.flushInterval) / 11, 1);
    const retryWait = fluentdDurationSeconds(b.retryMaxInterval) * (1 + RETRY_RANDOMIZE_WIDTH);
    return FLUENTD_STOP_ALLOWANCE_SECONDS + enqueueRound + REQUEST_TIMEOUT_SECONDS + retryWait;
}

/** The pod's terminationGracePeriodSeconds: the stop bound, whole seconds, and at least the kubelet's default. */
export function terminationGracePeriodSeconds(s: LogsSettings): number {
    return Math.max(MIN_GRACE_SECONDS, Math.ceil(stopBoundSeconds(s)));
}
