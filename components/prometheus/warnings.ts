import { MetricsSettings } from "../../config";

/** Settings that are valid but risky; the component logs each one during preview and update. */
export function metricsWarnings(s: MetricsSettings): string[] {
    const warnings: string[] = [];
    // Under metrics.web.basicAuth every endpoint, /-/quit and the admin API included, needs the password.
    const open = s.ingress !== undefined && s.web?.basicAuth === undefined;
    if (s.enableAdminApi && open) {
        warnings.push(
            `the Prometheus admin API is enabled and Ingress host ${s.ingress!.host} exposes the server: ` +
                "anyone who can reach that host can delete series. Set cluster-monitoring:metrics.enableAdminApi " +
                "to false, set cluster-monitoring:metrics.web.basicAuth, or protect the Ingress with authentication.",
        );
    }
    if (s.enableLifecycle && open) {
        warnings.push(
            `the Prometheus lifecycle API is enabled and Ingress host ${s.ingress!.host} exposes the server: ` +
                "anyone who can reach that host can shut it down through /-/quit. Set " +
                "cluster-monitoring:metrics.enableLifecycle to false, set cluster-monitoring:metrics.web.basicAuth, or protect the Ingress with authentication.",
        );
    }
    s.remoteWrite.forEach((t, i) => {
        const credentials = t.basicAuth ? "a password" : t.bearerTokenKey ? "a bearer token" : undefined;
        if (credentials && /^http:/i.test(t.url)) {
            warnings.push(
                `cluster-monitoring:metrics.remoteWrite[${i}] sends ${credentials} to ${t.url} over plain http, ` +
                    "readable by anyone on the network path; use an https:// URL (docs/long-term-storage.md#credentials).",
            );
        }
    });
    return warnings;
}
