import * as random from "@pulumi/random";

/**
 * The basic-auth password of Prometheus' web port: 32 letters and digits (about 190 bits), so it
 * sits unescaped in a kubeconfig and a person can paste it. No
 * keepers: it changes only with `pulumi up --replace` on this resource. Prometheus and the
 * reloader reread it from the Secret; Grafana and prometheus-adapter read it at start, so they
 * need a restart after a replacement (docs/security.md).
 */
export function generatedWebPasswordArgs(): random.RandomPasswordArgs {
    return { length: 32, special: false, minLower: 1, minUpper: 1, minNumeric: 1 };
}
