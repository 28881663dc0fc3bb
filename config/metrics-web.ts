import { z } from "zod";
import { closedObject, text } from "./fields";
import { secretName } from "./formats";

/**
 * `metrics.web`: what Prometheus' own web port demands of its callers, through
 * --web.config.file (docs/security.md#prometheus-web-config). Prometheus reads that flag from
 * 2.24 on (PrometheusRelease.webConfigFile); the 2.11 line refuses it.
 */

/** The basic-auth user name: no colon (it ends the user in an Authorization header), nothing YAML or a URL would need quoted. */
function basicAuthUser(value: string): string | undefined {
    return /^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(value) ? undefined : "a user name of letters, digits, '.', '_' and '-', at most 63, starting with a letter or digit";
}

export const WEB_DEFAULT_USER = "monitor";

const webTlsSchema = closedObject({
    secretName: text(secretName, "monitor-web-tls").meta({
        description:
            "a kubernetes.io/tls Secret in the metrics namespace (cert-manager's Certificate makes one) with tls.crt, tls.key and ca.crt; " +
            "the certificate names <metrics.name>.<metrics.namespace>.svc",
    }),
});

const webBasicAuthSchema = closedObject({
    username: text(basicAuthUser).default(WEB_DEFAULT_USER).meta({ description: "the one user; its password is generated (stack output prometheusWebPassword)" }),
});

export const metricsWebSchema = closedObject({
    tls: webTlsSchema.optional().meta({ description: "serve HTTPS with the certificate of a Secret: { secretName }" }),
    basicAuth: webBasicAuthSchema.optional().meta({ description: "require HTTP basic authentication: { username }" }),
}).superRefine((w, ctx) => {
    if (w.tls === undefined && w.basicAuth === undefined) {
        ctx.addIssue({ code: "custom", path: [], input: w, message: "tls, basicAuth or both: an empty web setting would change nothing" });
    }
});

export type MetricsWebSettings = z.output<typeof metricsWebSchema>;
