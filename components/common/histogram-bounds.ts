/**
 * A classic histogram's bucket bounds, as the `le` label writes them. Prometheus 3.x normalises
 * the label before relabelling and storage, writing an integer bound as a float: `le="1"` arrives
 * as `le="1.0"` (the same holds for a summary's `quantile`). 2.x keeps the exposition's text.
 * A regex or matcher on `le` must therefore accept both, or it silently matches nothing on 3.x.
 */

/** An RE2 regex matching bound `value` in either form: `1` and `1.0`, `0.25` as it is. */
export function boundRegex(value: string): string {
    const escaped = value.replace(/[.+]/g, "\\$&");
    return /^[0-9]+$/.test(value) ? `${escaped}(\\.0)?` : escaped;
}

/** A PromQL matcher on `le` for bound `value` that holds on every release line. */
export function leMatcher(value: string): string {
    return /^[0-9]+$/.test(value) ? `le=~"${boundRegex(value).replace(/\\/g, "\\\\")}"` : `le="${value}"`;
}
