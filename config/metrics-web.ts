import { z } from "zod";
import { closedObject, text } from "./fields";
import { secretName } from "./formats";

/**
 * What a web port demands of its callers through --web.config.file (exporter-toolkit's format,
 * read alike by Prometheus 2.24+ and Alertmanager 0.22+): `metrics.web`
 * (docs/security.md#prometheus-web-config) and `alertmanager.web`
 * (docs/security.md#alertmanager-web-config). Prometheus reads that flag from 2.24 on
 * (PrometheusRelease.webConfigFile); the 2.11 line refuses it.
 */

/** The basic-auth user name: no colon (it ends the user in an Authorization header), nothing YAML or a URL would need quoted. */
function basicAuthUser(value: string): string | undefined {
    return /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(value) ? undefined : "a user name of letters, digits, '.', '_' and '-', at most 63, starting with a letter or digit";
}

export const WEB_DEFAULT_USER = "monitor";

/** What differs between the two web ports: the example Secret, the name its certificate carries and the output with the password. */
interface WebPort {
    exampleSecret: string;
    certificateName: string;
    passwordOutput: string;
}

/** One schema for both ports, so a rule added for one (a user name's characters) holds for the other. */
export function webSchema(p: WebPort) {
    const tls = closedObject({
        secretName: text(secretName, p.exampleSecret).meta({
            description:
                "a kubernetes.io/tls Secret in the metrics namespace (cert-manager's Certificate makes one) with tls.crt, tls.key and ca.crt; " +
                `the certificate names ${p.certificateName}`,
        }),
    });
    const basicAuth = closedObject({
        username: text(basicAuthUser).default(WEB_DEFAULT_USER).meta({ description: `the one user; its password is generated (stack output ${p.passwordOutput})` }),
    });
    return closedObject({
        tls: tls.optional().meta({ description: "serve HTTPS with the certificate of a Secret: { secretName }" }),
        basicAuth: basicAuth.optional().meta({ description: "require HTTP basic authentication: { username }" }),
    }).superRefine((w, ctx) => {
        if (w.tls === undefined && w.basicAuth === undefined) {
            ctx.addIssue({ code: "custom", path: [], input: w, message: "tls, basicAuth or both: an empty web setting would change nothing" });
        }
    });
}

export const metricsWebSchema = webSchema({
    exampleSecret: "monitor-web-tls",
    certificateName: "<metrics.name>.<metrics.namespace>.svc",
    passwordOutput: "prometheusWebPassword",
});

export type MetricsWebSettings = z.output<typeof metricsWebSchema>;

/** The same file, the same parts: Alertmanager's web port. */
export type WebSettings = MetricsWebSettings;
