import { ingressAuthWarnings, METRICS_KEY, MetricsSettings, publicOtlpWarning, routeAuthWarnings } from "../../config";

/** Settings that are valid but risky; the component logs each one during preview and update. */
export function metricsWarnings(s: MetricsSettings): string[] {
    const warnings: string[] = [];
    // An Ingress authenticates or says why it is public (config/ingress-auth.ts, which also refuses a
    // public one beside the admin or lifecycle API); the reason is printed at every preview and update.
    warnings.push(...ingressAuthWarnings(METRICS_KEY, s.ingress), ...routeAuthWarnings(METRICS_KEY, s.httpRoute));
    // The same for the OTLP receiver's pushers (config/otlp.ts refuses a public push beside the admin or lifecycle API).
    const otlp = publicOtlpWarning(s.otlp);
    if (otlp !== undefined) {
        warnings.push(otlp);
    }
    s.remoteWrite.forEach((t, i) => {
        const credentials = t.basicAuth || t.generatedCredential
            ? "a password"
            : t.bearerTokenKey
              ? "a bearer token"
              : t.oauth2
                ? "an OAuth2 access token"
                : t.sigv4
                  ? "a sigv4 signature"
                  : t.azureAd
                    ? "an Azure AD access token"
                    : undefined;
        if (credentials && /^http:/i.test(t.url)) {
            warnings.push(
                `cluster-monitoring:metrics.remoteWrite[${i}] sends ${credentials} to ${t.url} over plain http, ` +
                    "readable by anyone on the network path; use an https:// URL (docs/long-term-storage.md#credentials).",
            );
        }
        if (t.oauth2 && /^http:/i.test(t.oauth2.tokenUrl)) {
            warnings.push(
                `cluster-monitoring:metrics.remoteWrite[${i}].oauth2 sends its client secret to ${t.oauth2.tokenUrl} over plain http, ` +
                    "readable by anyone on the network path; use an https:// URL (docs/long-term-storage.md#credentials).",
            );
        }
    });
    return warnings;
}
