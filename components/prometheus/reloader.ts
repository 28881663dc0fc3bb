import * as k8s from "@pulumi/kubernetes";
import { MetricsSettings, reloaderRuns } from "../../config";
import { containerResources } from "../common/resources";
import { noPrivileges } from "../common/no-privileges";
import { POD_NAME_ENV, PROMETHEUS_PATHS, RELOADER_PORT, routedPath, VOLUMES, WEB_PORT, webScheme } from "./layout";
import { isReplicated } from "../common/replica-spread";

type Container = k8s.types.input.core.v1.Container;

/**
 * prometheus-operator's prometheus-config-reloader (cmd/prometheus-config-reloader at v0.93.0,
 * docs/high-availability.md#reload-without-restart). It copies the ConfigMap's config into the
 * pod with every `$(VAR)` replaced by that environment variable, and, while it watches, POSTs
 * Prometheus' reload endpoint whenever the config or a rule file changes.
 */

/** A replicated Prometheus gets its replica label from the pod name, which only the pod knows. */
export function replicated(s: MetricsSettings): boolean {
    return isReplicated(s.replicas);
}

/** The lifecycle API is what a reload needs, and basic auth rules the reloader out; without it every change rolls the pod. */
export function reloadsInPlace(s: MetricsSettings): boolean {
    return reloaderRuns(s);
}

/**
 * Prometheus reads the pod's rendered copy rather than the ConfigMap whenever something renders
 * one: the sidecar (which must never race Prometheus at start, hence the init step) or the
 * replica label's pod name.
 */
export function readsRenderedConfig(s: MetricsSettings): boolean {
    return reloadsInPlace(s) || replicated(s);
}

export function configFileArg(s: MetricsSettings): string {
    return readsRenderedConfig(s)
        ? `${PROMETHEUS_PATHS.renderedConfigDir}/${PROMETHEUS_PATHS.renderedConfigFile}`
        : `${PROMETHEUS_PATHS.configDir}/${PROMETHEUS_PATHS.configFile}`;
}

/**
 * Over the loopback, inside the pod; the reload endpoint moves with --web.route-prefix. Over
 * https with metrics.web.tls (the reloader does not verify the certificate: it dials its own
 * pod). Never with credentials: under basic auth there is no reloader (reloadsInPlace).
 */
export function reloadUrl(s: MetricsSettings): string {
    return `${webScheme(s)}://127.0.0.1:${WEB_PORT.number}${routedPath(s, "/-/reload")}`;
}

function reloaderBase(s: MetricsSettings, name: string, args: string[]): Container {
    return {
        name,
        image: s.reloader.image,
        imagePullPolicy: "IfNotPresent",
        command: ["/bin/prometheus-config-reloader"],
        args,
        env: [{ name: POD_NAME_ENV, valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } }],
        resources: containerResources(s.reloader.resources),
        volumeMounts: [
            { name: VOLUMES.config, mountPath: PROMETHEUS_PATHS.configDir, readOnly: true },
            { name: VOLUMES.renderedConfig, mountPath: PROMETHEUS_PATHS.renderedConfigDir },
        ],
        terminationMessagePolicy: "FallbackToLogsOnError",
        securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true },
    };
}

function configArgs(): string[] {
    return [
        `--config-file=${PROMETHEUS_PATHS.configDir}/${PROMETHEUS_PATHS.configFile}`,
        `--config-envsubst-file=${PROMETHEUS_PATHS.renderedConfigDir}/${PROMETHEUS_PATHS.renderedConfigFile}`,
    ];
}

/** Runs once before Prometheus (--watch-interval=0 renders and exits, as prometheus-operator's init container does). */
export function configRenderInitContainer(s: MetricsSettings): Container {
    return reloaderBase(s, "init-config-reloader", ["--watch-interval=0", ...configArgs()]);
}

/**
 * Beside Prometheus: watches the config directory (a ConfigMap update swaps a symlink there,
 * which a watch on the file alone can miss) and the rules directory.
 */
export function configReloaderContainer(s: MetricsSettings): Container {
    const base = reloaderBase(s, "config-reloader", [
        `--listen-address=:${RELOADER_PORT.number}`,
        `--reload-url=${reloadUrl(s)}`,
        ...configArgs(),
        `--watched-dir=${PROMETHEUS_PATHS.configDir}`,
        `--watched-dir=${PROMETHEUS_PATHS.rulesDir.replace(/\/$/, "")}`,
    ]);
    return {
        ...base,
        ports: [{ name: RELOADER_PORT.name, containerPort: RELOADER_PORT.number, protocol: "TCP" }],
        volumeMounts: [...(base.volumeMounts as k8s.types.input.core.v1.VolumeMount[]), { name: VOLUMES.rules, mountPath: PROMETHEUS_PATHS.rulesDir, readOnly: true }],
    };
}
