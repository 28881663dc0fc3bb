import { PodSecurityClaim } from "../../validate/pod-security-claims";
import { PUSHGATEWAY_COMPONENT } from "./layout";

/**
 * The Pod Security level the gateway's Deployment claims (docs/design.md#pod-security-levels):
 * tests/pushgateway.test.ts computes it from the rendered pod with validate/pod-security.ts, and
 * the check of every rendered stack reads it beside the table (stack/pod-security-claims.ts).
 * In the metrics namespace, which Prometheus holds at restricted, so it never raises the label.
 */
export const PUSHGATEWAY_POD_SECURITY: readonly PodSecurityClaim[] = [
    {
        workload: "pushgateway/deployment",
        component: PUSHGATEWAY_COMPONENT,
        kind: "Deployment",
        applies: () => true,
        level: "restricted",
        why: "uid 65534, runAsNonRoot, read-only root filesystem, no privilege escalation, capabilities drop ALL, seccomp RuntimeDefault; one emptyDir volume, no token",
    },
];
