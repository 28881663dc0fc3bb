import { FluentdFile, source } from "./fluentd-model";

/** forward.input.conf: accepts messages from other fluentd or fluent-bit senders over TCP. */
export function forwardInputConfig(): FluentdFile {
    return [source("forward", "forward")];
}
