/**
 * Evaluates a Kubernetes label selector the way the API does: matchLabels and every
 * matchExpressions term must hold. A plain map (a Service's spec.selector) is matchLabels.
 */
export function selects(selector: any, labels: Record<string, string>): boolean {
    const matchLabels: Record<string, string> = selector?.matchLabels ?? {};
    const expressions: any[] = selector?.matchExpressions ?? [];
    const labelsMatch = Object.entries(matchLabels).every(([k, v]) => labels[k] === v);
    return (
        labelsMatch &&
        expressions.every((e) => {
            const has = Object.prototype.hasOwnProperty.call(labels, e.key);
            switch (e.operator) {
                case "In":
                    return has && (e.values ?? []).includes(labels[e.key]);
                case "NotIn":
                    return !has || !(e.values ?? []).includes(labels[e.key]);
                case "Exists":
                    return has;
                case "DoesNotExist":
                    return !has;
                default:
                    return false;
            }
        })
    );
}

/** An empty selector selects everything, which for a workload or Service is nearly always a mistake. */
export function isEmptySelector(selector: any): boolean {
    return Object.keys(selector?.matchLabels ?? {}).length === 0 && (selector?.matchExpressions ?? []).length === 0;
}
