import { AlertingRule, RuleGroup, runbook } from "../common/rules/types";

const kubelet = 'job="kubelet"';
const WEEK_SECONDS = 7 * 86400;
const DAY_SECONDS = 86400;

/**
 * The kubelet's own client and serving certificates: their certificate manager's remaining
 * lifetime and renewal errors. Thresholds, `for` and severities are kubernetes-mixin's; the
 * expressions are written here. The TTL alerts have no `for`: a lifetime only shrinks.
 */
export function kubeletCertificatesGroup(): RuleGroup {
    const lifetime = (which: "client" | "server", severity: "warning" | "critical", seconds: number, within: string): AlertingRule => {
        const alert = `Kubelet${which === "client" ? "Client" : "Server"}CertificateExpiration`;
        const consequence = which === "client" ? "the node then cannot reach the API server" : "the API server then cannot reach the kubelet (logs, exec, metrics)";
        return {
            alert,
            expr: `kubelet_certificate_manager_${which}_ttl_seconds{${kubelet}} < ${seconds}`,
            labels: { severity },
            annotations: {
                summary: `A kubelet's ${which} certificate is about to expire.`,
                description: `The ${which} certificate of the kubelet on node {{ $labels.node }} expires within ${within}; ${consequence}.`,
                runbook_url: runbook(`kubernetes/${alert.toLowerCase()}`),
            },
        };
    };
    const renewal = (which: "client" | "server", counter: string): AlertingRule => {
        const alert = `Kubelet${which === "client" ? "Client" : "Server"}CertificateRenewalErrors`;
        return {
            alert,
            expr: `increase(${counter}{${kubelet}}[5m]) > 0`,
            for: "15m",
            labels: { severity: "warning" },
            annotations: {
                summary: `A kubelet fails to renew its ${which} certificate.`,
                description: `The kubelet on node {{ $labels.node }} has failed to renew its ${which} certificate for 15 minutes; its log says why.`,
                runbook_url: runbook(`kubernetes/${alert.toLowerCase()}`),
            },
        };
    };
    return {
        name: "kubelet-certificates",
        rules: [
            lifetime("client", "warning", WEEK_SECONDS, "7 days"),
            lifetime("client", "critical", DAY_SECONDS, "1 day"),
            lifetime("server", "warning", WEEK_SECONDS, "7 days"),
            lifetime("server", "critical", DAY_SECONDS, "1 day"),
            renewal("client", "kubelet_certificate_manager_client_expiration_renew_errors"),
            renewal("server", "kubelet_server_expiration_renew_errors"),
        ],
    };
}
