import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings } from "../../config";
import { ETCD_SECRET_FILES, ETCD_SECRET_NAME } from "./layout";

/**
 * The etcd client certificate files (docs/design.md#etcd-client-secret), only when they are
 * configured. The values stay
 * Pulumi secrets, so state and previews never show them.
 */
export function etcdClientSecret(s: MetricsSettings): k8s.types.input.core.v1.Secret | undefined {
    if (!s.etcdClient) {
        return undefined;
    }
    return {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: ETCD_SECRET_NAME, namespace: s.namespace },
        type: "Opaque",
        stringData: {
            [ETCD_SECRET_FILES.caCert]: s.etcdClient.caCert,
            [ETCD_SECRET_FILES.clientCert]: s.etcdClient.clientCert,
            [ETCD_SECRET_FILES.clientKey]: s.etcdClient.clientKey,
        },
    };
}
