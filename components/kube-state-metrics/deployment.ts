import * as k8s from "@pulumi/kubernetes";
import { rbacProxyContainer } from "../rbac-proxy";
import { CLAIM_OPT_OUT_LABEL, KUBE_STATE_METRICS_DEFAULTS, KubeStateMetricsSettings } from "../../config";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { CONTAINER_NAME, KUBE_STATE_METRICS_PORT_NAME, KUBE_STATE_METRICS_TELEMETRY_PORT_NAME, KUBE_STATE_METRICS_UID, kubeStateMetricsLabels } from "./layout";
import { noPrivileges } from "../common/no-privileges";

/** The telemetry server's readiness path, the one path its proxy serves without a token. */
const READYZ = "/readyz";

/**
 * Its flags: the resources to expose and the metric lists; the ports stay upstream's defaults.
 * Both servers answer on 127.0.0.1 only, each behind its own kube-rbac-proxy (the proxy has one
 * upstream): the object metrics, and the telemetry server, which in v2.20.0 (pkg/app/server.go,
 * buildTelemetryServer) serves its own metrics, /readyz and, without --auth-filter, /debug/pprof.
 */
/** The object metrics' listener: one source for the exporter's --host and --port and the proxy's --upstream. */
export const METRICS_LISTENER = { host: "127.0.0.1", port: KUBE_STATE_METRICS_DEFAULTS.port } as const;

export function kubeStateMetricsArgs(k: KubeStateMetricsSettings): string[] {
    return [
        `--host=${METRICS_LISTENER.host}`,
        `--port=${METRICS_LISTENER.port}`,
        "--telemetry-host=127.0.0.1",
        `--telemetry-port=${KUBE_STATE_METRICS_DEFAULTS.telemetryPort}`,
        `--resources=${k.exposedResources.join(",")}`,
        ...(k.metricAllowlist ? [`--metric-allowlist=${k.metricAllowlist.join(",")}`] : []),
        ...(k.metricDenylist ? [`--metric-denylist=${k.metricDenylist.join(",")}`] : []),
        // kube_persistentvolumeclaim_labels carries only the claim labels named here: the opt-out
        // label the claim-level alerts read (components/kubelet/volume-alerts.ts).
        ...(k.exposedResources.includes("persistentvolumeclaims") ? [`--metric-labels-allowlist=persistentvolumeclaims=[${CLAIM_OPT_OUT_LABEL}]`] : []),
    ];
}

/** kube-rbac-proxy on the pod IP, in front of the object metrics on 127.0.0.1. */
export function kubeStateMetricsProxyContainer(k: KubeStateMetricsSettings): k8s.types.input.core.v1.Container {
    return rbacProxyContainer({
        listenAddress: `:${KUBE_STATE_METRICS_DEFAULTS.proxyPort}`,
        upstreamPort: METRICS_LISTENER.port,
        port: { name: KUBE_STATE_METRICS_PORT_NAME, number: KUBE_STATE_METRICS_DEFAULTS.proxyPort },
        container: k.rbacProxy,
    });
}

export const TELEMETRY_PROXY_CONTAINER_NAME = "kube-rbac-proxy-telemetry";

/**
 * A second kube-rbac-proxy, in front of the telemetry server on 127.0.0.1, authorising /metrics
 * like the first. /readyz passes without a token, because the kubelet's probes carry none
 * (`--ignore-paths`, which v0.21 takes only without `--allow-paths`, brancz/kube-rbac-proxy
 * cmd/kube-rbac-proxy/app/options/options.go at v0.21.0); every other path, /debug/pprof
 * included, needs a token authorised for `get` on it, and Prometheus' ClusterRole grants /metrics only.
 */
export function kubeStateMetricsTelemetryProxyContainer(k: KubeStateMetricsSettings): k8s.types.input.core.v1.Container {
    return rbacProxyContainer({
        name: TELEMETRY_PROXY_CONTAINER_NAME,
        listenAddress: `:${KUBE_STATE_METRICS_DEFAULTS.telemetryProxyPort}`,
        upstreamPort: KUBE_STATE_METRICS_DEFAULTS.telemetryPort,
        port: { name: KUBE_STATE_METRICS_TELEMETRY_PORT_NAME, number: KUBE_STATE_METRICS_DEFAULTS.telemetryProxyPort },
        unauthenticatedPaths: [READYZ],
        container: k.rbacProxy,
    });
}

export function kubeStateMetricsContainer(k: KubeStateMetricsSettings): k8s.types.input.core.v1.Container {
    return {
        name: CONTAINER_NAME,
        image: k.image,
        imagePullPolicy: "IfNotPresent",
        args: kubeStateMetricsArgs(k),
        // No port on the pod IP: both servers listen on 127.0.0.1, behind the proxies.
        resources: containerResources(k.resources),
        // The kubelet probes from outside the pod, so through the telemetry proxy, over its TLS; by
        // number, since the kubelet resolves a port name among this container's own ports only.
        // The telemetry /readyz answers 200 while the server's own registry has a series, which
        // it has from the start (kube_state_metrics_build_info): it says the process serves,
        // as the telemetry /metrics that liveness read before. /livez, on the object-metrics
        // server, asks the API server, so an API outage would restart the exporter; not used.
        // Liveness waits longer (6 x 20 s), so a restart of the proxy alone does not restart it.
        livenessProbe: {
            httpGet: { path: READYZ, port: KUBE_STATE_METRICS_DEFAULTS.telemetryProxyPort, scheme: "HTTPS" },
            initialDelaySeconds: 5,
            timeoutSeconds: 5,
            periodSeconds: 20,
            failureThreshold: 6,
        },
        readinessProbe: { httpGet: { path: READYZ, port: KUBE_STATE_METRICS_DEFAULTS.telemetryProxyPort, scheme: "HTTPS" }, initialDelaySeconds: 5, timeoutSeconds: 5 },
        securityContext: {
            ...noPrivileges(),
            readOnlyRootFilesystem: true,
            runAsNonRoot: true,
            runAsUser: KUBE_STATE_METRICS_UID,
        },
    };
}

/** One replica: it holds every watched object in memory, and two would serve every series twice. */
export function kubeStateMetricsDeployment(k: KubeStateMetricsSettings): k8s.types.input.apps.v1.Deployment {
    const labels = kubeStateMetricsLabels(k);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: k.name, namespace: k.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels },
                spec: {
                    serviceAccountName: k.name,
                    ...podPlacement(k),
                    securityContext: {
                        runAsNonRoot: true,
                        runAsUser: KUBE_STATE_METRICS_UID,
                        runAsGroup: KUBE_STATE_METRICS_UID,
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    containers: [kubeStateMetricsContainer(k), kubeStateMetricsProxyContainer(k), kubeStateMetricsTelemetryProxyContainer(k)],
                },
            },
        },
    };
}
