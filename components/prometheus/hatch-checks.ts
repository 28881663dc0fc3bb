import { ConfigProblem, fullKey, METRICS_KEY, Settings } from "../../config";
import { hatchProblems } from "../common/workload-hatch";
import { serverIngress } from "../auth-gateway/ingress";
import { WEB_PORT } from "./layout";
import { PROMETHEUS_OWNED_FEATURES, PROMETHEUS_OWNED_FLAGS } from "./owned-flags";
import { statefulSet } from "./statefulset";

/**
 * metrics.extra (docs/escape-hatches.md) against the StatefulSet and Ingress the program builds
 * without it: a flag, feature, env name, volume, mount path, pod label or annotation it already
 * uses is refused, naming the key.
 */
export function prometheusHatchProblems(s: Settings): ConfigProblem[] {
    const m = s.metrics;
    if (!m.extra) {
        return [];
    }
    // The Ingress as the program writes it, before the hatch's annotations.
    const ingress = m.ingress ? serverIngress({ product: "Prometheus", name: m.name, namespace: m.namespace, port: WEB_PORT.number, webTls: m.web?.tls !== undefined }, m.ingress) : undefined;
    return hatchProblems(statefulSet(m, { scrapeJobs: [], ruleFiles: {} }), m.name, m.extra, { flags: PROMETHEUS_OWNED_FLAGS, features: PROMETHEUS_OWNED_FEATURES, ingress }).map((p) => ({
        key: `${fullKey(METRICS_KEY)}.extra.${p.path}`,
        got: p.got,
        expected: p.expected,
    }));
}
