import { MetricsSettings, OTLP_SETTING_KEYS, otlpSettingValue } from "../../config";
import { otlpReceiver } from "../../prometheus-releases/otlp";
import { resolveRelease } from "../../prometheus-releases/release-lines";

/**
 * metrics.otlp (docs/otlp.md) as the pod and the config file carry it: the receiver's flag of
 * the stack's line, and the `otlp` block with exactly the keys the stack set (config/otlp.ts
 * refused those its minor version lacks). The pushers' flow is in components/network-policies/flows.ts.
 */

/** The version of validated settings (config/metrics.ts refused every image it cannot resolve). */
function versionOf(s: Pick<MetricsSettings, "image" | "prometheusVersion">): string {
    const resolved = resolveRelease(s.image, s.prometheusVersion);
    if ("problem" in resolved) {
        throw new Error(`metrics.${resolved.problem.field}: expected ${resolved.problem.expected}`);
    }
    return resolved.version;
}

/** The flag that switches the receiver on: --web.enable-otlp-receiver on 3.x, the feature on 2.47 to 2.55. */
export function otlpArgs(s: Pick<MetricsSettings, "otlp" | "image" | "prometheusVersion">): string[] {
    if (!s.otlp?.enabled) {
        return [];
    }
    const receiver = otlpReceiver(versionOf(s));
    if (receiver === undefined) {
        throw new Error(`metrics.otlp on Prometheus ${versionOf(s)}, which validation refuses`);
    }
    return [receiver.arg];
}

/** prometheus.yml's `otlp` block, or undefined when the stack sets none of its keys (then each takes Prometheus' default). */
export function otlpBlock(s: Pick<MetricsSettings, "otlp">): Record<string, unknown> | undefined {
    const o = s.otlp;
    if (!o?.enabled) {
        return undefined;
    }
    const block: Record<string, unknown> = {};
    for (const [setting, key] of Object.entries(OTLP_SETTING_KEYS)) {
        const value = otlpSettingValue(o, setting);
        if (value !== undefined) {
            block[key] = Array.isArray(value) ? [...value] : value;
        }
    }
    return Object.keys(block).length > 0 ? block : undefined;
}
