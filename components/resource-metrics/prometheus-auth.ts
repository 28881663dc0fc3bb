import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { stringify } from "yaml";
import { ResourceMetricsSettings } from "../../config";
import { ResourceMetricsModel } from "./model";

/**
 * How the adapter authenticates to a Prometheus with metrics.web set. At v0.12.0 its one way to
 * send basic auth is --prometheus-auth-config, a kubeconfig whose cluster and user the adapter
 * turns into its HTTP transport (makeKubeconfigHTTPClient); --prometheus-ca-file is not used,
 * since with it set the adapter ignores the kubeconfig. The server field is required by the
 * kubeconfig loader and unused: queries go to --prometheus-url.
 */

export const PROMETHEUS_AUTH_PATHS = {
    dir: "/etc/adapter-prometheus",
    file: "kubeconfig.yaml",
    /** ca.crt of the stack's TLS Secret, mounted alone. */
    caDir: "/etc/adapter-prometheus-ca",
    caFile: "ca.crt",
} as const;

export function prometheusAuthSecretName(r: Pick<ResourceMetricsSettings, "name">): string {
    return `${r.name}-prometheus`;
}

export function prometheusAuthConfigPath(): string {
    return `${PROMETHEUS_AUTH_PATHS.dir}/${PROMETHEUS_AUTH_PATHS.file}`;
}

/** The kubeconfig's text for one password; pure. */
export function prometheusAuthKubeconfig(m: ResourceMetricsModel, password: string | undefined): string {
    const web = m.prometheusWeb ?? {};
    const user = web.basicAuthUser !== undefined && password !== undefined ? { username: web.basicAuthUser, password } : {};
    return stringify({
        apiVersion: "v1",
        kind: "Config",
        clusters: [
            {
                name: "prometheus",
                cluster: {
                    server: m.prometheusUrl,
                    ...(web.tlsSecretName !== undefined ? { "certificate-authority": `${PROMETHEUS_AUTH_PATHS.caDir}/${PROMETHEUS_AUTH_PATHS.caFile}` } : {}),
                },
            },
        ],
        users: [{ name: "prometheus", user }],
        contexts: [{ name: "prometheus", context: { cluster: "prometheus", user: "prometheus" } }],
        "current-context": "prometheus",
    });
}

/** A Secret, in the adapter's namespace, as the kubeconfig holds Prometheus' password; a Pulumi secret throughout. */
export function prometheusAuthSecret(m: ResourceMetricsModel, password: pulumi.Input<string> | undefined): k8s.types.input.core.v1.Secret | undefined {
    if (!m.prometheusWeb) {
        return undefined;
    }
    const file = password !== undefined ? pulumi.output(password).apply((p) => prometheusAuthKubeconfig(m, p)) : pulumi.output(prometheusAuthKubeconfig(m, undefined));
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: { name: prometheusAuthSecretName(m.settings), namespace: m.settings.namespace },
        stringData: { [PROMETHEUS_AUTH_PATHS.file]: pulumi.secret(file) },
    };
}
