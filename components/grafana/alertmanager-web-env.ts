import * as k8s from "@pulumi/kubernetes";
import { ENV, SECRET_KEYS, secretName, TLS_CA_KEY } from "./layout";
import { GrafanaModel } from "./model";

/**
 * alertmanager.web: the password from Grafana's own Secret, which holds a copy of it (secret.ts),
 * and ca.crt alone of the TLS Secret (not the serving key). The data source reads both as ${VAR}
 * (datasources.ts). Grafana reads them at start: a replaced password rolls it through the
 * generation annotation (components/common/web-password.ts); a replaced CA needs a restart
 * (docs/security.md#alertmanager-web-config).
 */
export function alertmanagerWebEnv(m: Pick<GrafanaModel, "alertmanagerWeb" | "grafana">): k8s.types.input.core.v1.EnvVar[] {
    const w = m.alertmanagerWeb;
    return [
        ...(w?.basicAuthUser !== undefined ? [{ name: ENV.alertmanagerPassword, valueFrom: { secretKeyRef: { name: secretName(m.grafana), key: SECRET_KEYS.alertmanagerPassword } } }] : []),
        ...(w?.tlsSecretName !== undefined ? [{ name: ENV.alertmanagerCa, valueFrom: { secretKeyRef: { name: w.tlsSecretName, key: TLS_CA_KEY } } }] : []),
    ];
}
