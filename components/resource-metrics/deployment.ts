import * as pulumi from "@pulumi/pulumi";
import * as k8s from "@pulumi/kubernetes";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { credentialsAnnotations } from "../common/web-password";
import { noPrivileges } from "../common/no-privileges";
import { containerResources } from "../common/resources";
import { replicaSpread } from "../common/replica-spread";
import { podPlacement } from "../common/scheduling";
import { ADAPTER_PATHS, ADAPTER_UID, adapterLabels, CONTAINER_NAME, SECURE_PORT } from "./layout";
import { ResourceMetricsModel } from "./model";
import { adapterConfigFile } from "./rules";
import { PROMETHEUS_AUTH_PATHS, prometheusAuthConfigPath, prometheusAuthSecretName } from "./prometheus-auth";

const VOLUMES = { config: "config", servingCert: "serving-cert", tmp: "tmp", prometheusAuth: "prometheus-auth", prometheusCa: "prometheus-ca" } as const;

/** Its flags in v0.12.0: where Prometheus is, the rules file, and where to keep the certificate it signs itself. */
export function adapterArgs(m: ResourceMetricsModel): string[] {
    return [
        `--prometheus-url=${m.prometheusUrl}`,
        `--config=${ADAPTER_PATHS.configDir}/${ADAPTER_PATHS.configFile}`,
        `--cert-dir=${ADAPTER_PATHS.certDir}`,
        `--secure-port=${SECURE_PORT.number}`,
        ...(m.prometheusWeb ? [`--prometheus-auth-config=${prometheusAuthConfigPath()}`] : []),
    ];
}

function prometheusAuthMounts(m: ResourceMetricsModel): k8s.types.input.core.v1.VolumeMount[] {
    return [
        ...(m.prometheusWeb ? [{ name: VOLUMES.prometheusAuth, mountPath: PROMETHEUS_AUTH_PATHS.dir, readOnly: true }] : []),
        ...(m.prometheusWeb?.tlsSecretName !== undefined ? [{ name: VOLUMES.prometheusCa, mountPath: PROMETHEUS_AUTH_PATHS.caDir, readOnly: true }] : []),
    ];
}

/** The kubeconfig, and only ca.crt of the stack's TLS Secret: the serving key never reaches the adapter. */
function prometheusAuthVolumes(m: ResourceMetricsModel): k8s.types.input.core.v1.Volume[] {
    const tls = m.prometheusWeb?.tlsSecretName;
    return [
        ...(m.prometheusWeb ? [{ name: VOLUMES.prometheusAuth, secret: { secretName: prometheusAuthSecretName(m.settings), defaultMode: 0o440 } }] : []),
        ...(tls !== undefined
            ? [{ name: VOLUMES.prometheusCa, secret: { secretName: tls, defaultMode: 0o444, items: [{ key: PROMETHEUS_AUTH_PATHS.caFile, path: PROMETHEUS_AUTH_PATHS.caFile }] } }]
            : []),
    ];
}

export function adapterContainer(m: ResourceMetricsModel): k8s.types.input.core.v1.Container {
    const r = m.settings;
    // The generic API server behind it always lets /livez and /readyz through unauthenticated, over its TLS port.
    const probe = (path: string) => ({
        httpGet: { path, port: SECURE_PORT.name, scheme: "HTTPS" },
        initialDelaySeconds: 30,
        periodSeconds: 5,
        failureThreshold: 5,
    });
    return {
        name: CONTAINER_NAME,
        image: r.image,
        imagePullPolicy: "IfNotPresent",
        args: adapterArgs(m),
        ports: [{ name: SECURE_PORT.name, containerPort: SECURE_PORT.number, protocol: "TCP" }],
        resources: containerResources(r.resources),
        livenessProbe: probe("/livez"),
        readinessProbe: probe("/readyz"),
        securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: ADAPTER_UID },
        volumeMounts: [
            { name: VOLUMES.config, mountPath: ADAPTER_PATHS.configDir, readOnly: true },
            { name: VOLUMES.servingCert, mountPath: ADAPTER_PATHS.certDir },
            { name: VOLUMES.tmp, mountPath: ADAPTER_PATHS.tmp },
            ...prometheusAuthMounts(m),
        ],
    };
}

/**
 * Stateless: every replica answers any request from Prometheus, so replicas only add
 * availability. A new rules file rolls the pods through the checksum annotation.
 */
export function adapterDeployment(m: ResourceMetricsModel, prometheusPasswordGeneration?: pulumi.Input<string>): k8s.types.input.apps.v1.Deployment {
    const r = m.settings;
    const labels = adapterLabels(r);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: r.name, namespace: r.namespace, labels },
        spec: {
            replicas: r.replicas,
            selector: { matchLabels: labels },
            template: {
                metadata: {
                    labels,
                    annotations: {
                        [CONFIG_CHECKSUM_ANNOTATION]: configChecksum({ [ADAPTER_PATHS.configFile]: adapterConfigFile(r) }),
                        ...credentialsAnnotations({ prometheus: prometheusPasswordGeneration }),
                    },
                },
                spec: {
                    serviceAccountName: r.name,
                    ...podPlacement(r, replicaSpread(r.replicas, labels)),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: ADAPTER_UID,
                        runAsGroup: ADAPTER_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    containers: [adapterContainer(m)],
                    volumes: [
                        { name: VOLUMES.config, configMap: { name: r.name } },
                        { name: VOLUMES.servingCert, emptyDir: {} },
                        { name: VOLUMES.tmp, emptyDir: {} },
                        ...prometheusAuthVolumes(m),
                    ],
                },
            },
        },
    };
}
