import { ConfigProblem, CONTROL_PLANE_KEY, fullKey, hiddenMessage, isHidden, METRICS_KEY, Settings } from "../../config";
import { reading } from "../common/later-problem";

/**
 * etcd's job is switched at metrics.jobs.etcd, so a control plane whose kind hides etcd refuses
 * it there unless overridden. Run while the stack loads, with every other problem (Component.checks).
 */
export function etcdHiddenProblems(s: Settings): ConfigProblem[] {
    const c = s.controlPlane;
    if (!(s.metrics.jobs.etcd && isHidden(c, "etcd"))) {
        return [];
    }
    return reading([`${fullKey(CONTROL_PLANE_KEY)}.kind`, `${fullKey(CONTROL_PLANE_KEY)}.override`], [{ key: `${fullKey(METRICS_KEY)}.jobs.etcd`, got: true, expected: hiddenMessage(c.kind, "etcd") }]);
}
