import { RuleGroup } from "../common/rules/types";

const DAY = 86400;

/**
 * The blackbox exporter's probes (docs/monitor-your-app.md#probes). Every probe job's series carry
 * the probed target as instance, so the alerts name what failed, not the exporter.
 */
export function probesGroup(): RuleGroup {
    const expiresWithin = (days: number) => `probe_ssl_earliest_cert_expiry - time() < ${days} * ${DAY}`;
    return {
        name: "probes",
        rules: [
            {
                alert: "ProbeFailing",
                expr: "probe_success == 0",
                for: "5m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "A probe has failed for 5 minutes.",
                    description: "Probe {{ $labels.job }} of {{ $labels.instance }} has failed for 5 minutes: the target does not answer as its module expects.",
                },
            },
            {
                alert: "ProbeSlow",
                expr: "avg_over_time(probe_duration_seconds[5m]) > 2",
                for: "10m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A probe takes more than 2 seconds.",
                    description: "Probe {{ $labels.job }} of {{ $labels.instance }} has taken more than 2 seconds on average for 10 minutes.",
                },
            },
            {
                alert: "ProbeTLSCertificateExpiresIn14Days",
                expr: expiresWithin(14),
                for: "15m",
                labels: { severity: "warning" },
                annotations: {
                    summary: "A probed TLS certificate expires within 14 days.",
                    description: "The certificate that {{ $labels.instance }} serves (probe {{ $labels.job }}) expires within 14 days.",
                },
            },
            {
                alert: "ProbeTLSCertificateExpiresIn3Days",
                expr: expiresWithin(3),
                for: "15m",
                labels: { severity: "critical" },
                annotations: {
                    summary: "A probed TLS certificate expires within 3 days.",
                    description: "The certificate that {{ $labels.instance }} serves (probe {{ $labels.job }}) expires within 3 days; renew it now.",
                },
            },
        ],
    };
}
