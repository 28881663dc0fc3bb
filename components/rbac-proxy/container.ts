import * as k8s from "@pulumi/kubernetes";
import { noPrivileges } from "../common/no-privileges";
import { containerResources } from "../common/resources";
import type { RbacProxyImageSettings } from "../../config/rbac-proxy";

/**
 * kube-rbac-proxy, the sidecar kube-prometheus puts in front of node-exporter and
 * kube-state-metrics: it serves the exporter's /metrics over TLS to callers whose token the API
 * server authenticates (TokenReview) and authorises for `get` on the non-resource URL /metrics
 * (SubjectAccessReview). Without --tls-cert-file it serves a self-signed certificate, which
 * Prometheus accepts without verification, as kube-prometheus' ServiceMonitors do.
 */
/** The image's distroless nonroot user, which kube-prometheus also sets. */
export const RBAC_PROXY_UID = 65532;

export const RBAC_PROXY_CONTAINER_NAME = "kube-rbac-proxy";

/**
 * Modern ECDHE AEAD suites (kube-prometheus' list), all known to the Go of Prometheus v2.11.1;
 * TLS 1.3 suites are not configurable and always on.
 */
export const RBAC_PROXY_CIPHER_SUITES = [
    "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
    "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
    "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
    "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
    "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305",
    "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305",
];

export interface RbacProxySettings {
    /** The container's name, when a pod runs more than one proxy; RBAC_PROXY_CONTAINER_NAME by default. */
    name?: string;
    /**
     * Paths served to callers without a token, such as a probe's: instead of `--allow-paths=/metrics`,
     * `--ignore-paths` (v0.21 refuses the two together). Every other path then needs a token that the
     * API server authorises for `get` on that path, which Prometheus has for /metrics only.
     */
    unauthenticatedPaths?: string[];
    /** Where the proxy listens, e.g. `[$(HOST_IP)]:9100` or `:8443`. */
    listenAddress: string;
    /** The exporter's port on 127.0.0.1. */
    upstreamPort: number;
    port: { name: string; number: number };
    env?: k8s.types.input.core.v1.EnvVar[];
    /** The stack's image and resources for the sidecar (nodeExporter.rbacProxy, kubeStateMetrics.rbacProxy). */
    container: RbacProxyImageSettings;
}

export function rbacProxyArgs(p: RbacProxySettings): string[] {
    return [
        `--secure-listen-address=${p.listenAddress}`,
        `--upstream=http://127.0.0.1:${p.upstreamPort}/`,
        // Only the metrics path: anything else of the exporter answers 404.
        p.unauthenticatedPaths ? `--ignore-paths=${p.unauthenticatedPaths.join(",")}` : "--allow-paths=/metrics",
        `--tls-cipher-suites=${RBAC_PROXY_CIPHER_SUITES.join(",")}`,
    ];
}

export function rbacProxyContainer(p: RbacProxySettings): k8s.types.input.core.v1.Container {
    return {
        name: p.name ?? RBAC_PROXY_CONTAINER_NAME,
        image: p.container.image,
        imagePullPolicy: "IfNotPresent",
        args: rbacProxyArgs(p),
        ...(p.env ? { env: p.env } : {}),
        ports: [{ name: p.port.name, containerPort: p.port.number, protocol: "TCP" }],
        resources: containerResources(p.container.resources),
        // Every path but /metrics needs no token yet answers 404, so the probe checks the listener only.
        readinessProbe: { tcpSocket: { port: p.port.name }, periodSeconds: 10, timeoutSeconds: 3 },
        livenessProbe: { tcpSocket: { port: p.port.name }, periodSeconds: 20, timeoutSeconds: 3, failureThreshold: 6 },
        securityContext: {
            ...noPrivileges(),
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            runAsUser: RBAC_PROXY_UID,
            runAsGroup: RBAC_PROXY_UID,
        },
    };
}
