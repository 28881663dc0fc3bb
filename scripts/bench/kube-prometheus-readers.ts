import { KUBE_PROMETHEUS_DASHBOARDS } from "./kube-prometheus-dashboards";
import { KUBE_PROMETHEUS_RULE_EXPRS } from "./kube-prometheus-rule-exprs";
import { Readers, ShippedQuery } from "./read-families";

/**
 * kube-prometheus' questions: the expressions of its alerting and recording rules
 * (./kube-prometheus-rule-exprs.ts) and of its dashboards' panels and query variables
 * (./kube-prometheus-dashboards.ts), both from kube-prometheus tag v0.16.0 and rewritten for our
 * job names. npm run bench:ingest counts, per job, what we would keep if we also kept every metric
 * name one of these reads ("at full coverage of kube-prometheus' questions"). A selector without a
 * job matcher reads that name on every job, as it does in Prometheus.
 */
export function kubePrometheusQueries(): ShippedQuery[] {
    const rules = KUBE_PROMETHEUS_RULE_EXPRS.map((r) => ({ source: `kube-prometheus ${r.kind} ${r.name} (${r.file}-prometheusRule.yaml)`, expr: r.expr }));
    const boards = Object.entries(KUBE_PROMETHEUS_DASHBOARDS).flatMap(([file, b]) => [
        ...b.queries.map((q) => ({ source: `kube-prometheus panel ${b.title}/${q.panel} (${file})`, expr: q.expr })),
        ...b.variables.flatMap((v) => {
            // label_values(<selector>, <label>) reads <selector>; label_values(<label>) and other forms read no series.
            const m = /^label_values\((.+),\s*[a-zA-Z_][a-zA-Z0-9_]*\)$/.exec(v.query.trim());
            return m ? [{ source: `kube-prometheus variable ${b.title}/$${v.name} (${file})`, expr: m[1] }] : [];
        }),
    ]);
    return [...rules, ...boards];
}

/**
 * kube-prometheus' questions less its recording rules whose name we record too (our own expression
 * from what our jobs keep: docs/alert-coverage.md#recording-rules, "same" or "other input"): a
 * team reading such a name gets our answer, so the rule's own inputs are not what that question
 * needs; its readers (panels, alerts reading the name) still count. The second full-coverage figure.
 */
export function kubePrometheusReadersBesides(ourRecords: ReadonlySet<string>): Readers {
    return new Readers(kubePrometheusQueries().filter((q) => !ourRecords.has(/^kube-prometheus record (\S+) /.exec(q.source)?.[1] ?? "")));
}

let readers: Readers | undefined;
/** The Readers of kube-prometheus' questions, parsed once. */
export function kubePrometheusReaders(): Readers {
    readers ??= new Readers(kubePrometheusQueries());
    return readers;
}

/**
 * Labels Prometheus attaches to a target's series (service discovery, relabelling, external
 * labels), absent from an exporter's own text: a matcher on one of them is taken to match, as it
 * would on the right target. Every other label is matched against the series' value, "" if absent.
 */
const TARGET_LABELS = new Set(["cluster", "instance", "node", "service", "endpoint", "metrics_path", "prometheus", "job"]);

const anchored = (re: string) => new RegExp(`^(?:${re})$`);
function matches(op: string, pattern: string, value: string): boolean {
    if (pattern.includes("$")) return true; // a dashboard variable: any value
    if (op === "=") return value === pattern;
    if (op === "!=") return value !== pattern;
    if (op === "=~") return anchored(pattern).test(value);
    if (op === "!~") return !anchored(pattern).test(value);
    return true;
}

/**
 * Whether one of kube-prometheus' questions reads this series of job `job`: a selector whose name
 * and every matcher match it (the job matcher against `job`), so a question that reads only some
 * buckets (`le=~"1(\\.0)?"`) or only containers (`container!=""`) needs only those series.
 */
export function kubePrometheusReadsSeries(job: string, name: string, labels: Readonly<Record<string, string>>, readers: Readers = kubePrometheusReaders()): boolean {
    return readers.selectors.some((s) => {
        const nameMatchers = s.matchers.filter((m) => m.label === "__name__");
        if (s.metric !== undefined ? s.metric !== name : nameMatchers.length === 0) return false;
        return s.matchers.every((m) => {
            if (m.label === "__name__") return matches(m.op, m.value, name);
            if (m.label === "job") return matches(m.op, m.value, job);
            if (labels[m.label] === undefined && TARGET_LABELS.has(m.label)) return true;
            return matches(m.op, m.value, labels[m.label] ?? "");
        });
    });
}
