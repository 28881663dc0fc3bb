import * as k8s from "@pulumi/kubernetes";
import { WEB_SECRET_KEYS } from "../alertmanager/layout";
import { ENV, TLS_CA_KEY } from "./layout";
import { GrafanaModel } from "./model";

/**
 * alertmanager.web: the password from the one key of Alertmanager's web Secret, which is in
 * Grafana's namespace (not its web.yml with the hash), and ca.crt alone of its TLS Secret (not
 * the serving key). The data source reads both as ${VAR} (datasources.ts); Grafana reads them at
 * start, so a replaced password or CA needs a restart of Grafana (docs/security.md#alertmanager-web-config).
 */
export function alertmanagerWebEnv(m: Pick<GrafanaModel, "alertmanagerWeb">): k8s.types.input.core.v1.EnvVar[] {
    const w = m.alertmanagerWeb;
    return [
        ...(w?.passwordSecretName !== undefined ? [{ name: ENV.alertmanagerPassword, valueFrom: { secretKeyRef: { name: w.passwordSecretName, key: WEB_SECRET_KEYS.password } } }] : []),
        ...(w?.tlsSecretName !== undefined ? [{ name: ENV.alertmanagerCa, valueFrom: { secretKeyRef: { name: w.tlsSecretName, key: TLS_CA_KEY } } }] : []),
    ];
}
