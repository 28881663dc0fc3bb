import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";

/**
 * The 1st percentile of the remaining lifetime of the client certificates presented to each API
 * server over 5 minutes; read by both severities of KubeClientCertificateExpiration.
 */
export const CLIENT_CERTIFICATE_LIFETIME_P01 = "instance:apiserver_client_certificate_expiration_seconds:histogram_quantile";

/**
 * Client certificates about to expire, from the API server's histogram of the remaining lifetime
 * of the certificates it is presented with. Thresholds, `for` and severities are
 * kubernetes-mixin's; the expressions are written here.
 */
export function apiserverCertificatesGroup(): RuleGroup {
    const expiring = (severity: "warning" | "critical", seconds: number, within: string): AlertingRule => ({
        alert: "KubeClientCertificateExpiration",
        // With no certificate presented in the window the quantile is NaN, which compares false.
        expr: `${CLIENT_CERTIFICATE_LIFETIME_P01}{job="apiserver",quantile="0.01"} < ${seconds}`,
        for: "5m",
        labels: { severity },
        annotations: {
            summary: "A client certificate used against the API server is about to expire.",
            description: `Of the client certificates presented to API server {{ $labels.instance }} in the last 5 minutes, 1 % expire within ${within}. The client is refused once its certificate expires.`,
            runbook_url: runbook("kubernetes/kubeclientcertificateexpiration"),
        },
    });
    return {
        name: "apiserver-certificates",
        rules: [
            {
                record: CLIENT_CERTIFICATE_LIFETIME_P01,
                expr: 'histogram_quantile(0.01, sum by (job, instance, le) (rate(apiserver_client_certificate_expiration_seconds_bucket{job="apiserver"}[5m])))',
                labels: { quantile: "0.01" },
            },
            expiring("warning", 7 * 86400, "7 days"),
            expiring("critical", 86400, "1 day"),
        ],
    };
}
