import { PrometheusInputs } from "./inputs";
import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { annotated, secretGenerationAnnotations } from "../common/secret-generation";
import { remoteWriteEnv, workloadIdentityPodLabels } from "./remote-write-env";
import { MetricsSettings } from "../../config";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { prometheusConfigMap, ruleFilesConfigMap } from "./config-maps";
import {
    configMapName,
    ETCD_SECRET_FILES,
    ETCD_SECRET_NAME,
    etcdSecretMountPath,
    metricsLabels,
    PROMETHEUS_PATHS,
    remoteWriteSecretMountPath,
    remoteWriteSecretName,
    routedPath,
    ruleFilesConfigMapName,
    TLS_SECRET_KEYS,
    VOLUMES,
    WEB_PORT,
    webSecretName,
} from "./layout";
import { webConfigPath } from "./web-config";
import { alertmanagerClientVolumes } from "../alertmanager/alertmanager-client";
import { dataClaimTemplate } from "../storage";
import { existingSecretsVolume } from "../common/existing-secrets-volume";
import { noPrivileges } from "../common/no-privileges";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { podDisruptionBudget, replicaSpread } from "../common/replica-spread";
import { configFileArg, configReloaderContainer, configRenderInitContainer, readsRenderedConfig, reloadsInPlace } from "./reloader";
import { prometheusRelease } from "../../prometheus-releases/release-lines";
import { withTeamRules } from "./team-rules";
import { otlpArgs } from "./otlp";
import { AlertmanagerTarget } from "../alertmanager/target";

type Container = k8s.types.input.core.v1.Container;
type Volume = k8s.types.input.core.v1.Volume;
type VolumeMount = k8s.types.input.core.v1.VolumeMount;

/** nobody:nogroup, the user the official image runs as. */
const PROMETHEUS_UID = 65534;

/**
 * The ten start-up arguments of docs/design.md#start-up-arguments, with the two APIs switchable;
 * the console pair only where the image ships the consoles (docs/prometheus-versions.md).
 */
export function prometheusArgs(s: MetricsSettings): string[] {
    const consoles = prometheusRelease(s).consoleFlags
        ? [`--web.console.templates=${PROMETHEUS_PATHS.consoles}`, `--web.console.libraries=${PROMETHEUS_PATHS.consoleLibraries}`]
        : [];
    return [
        ...consoles,
        `--config.file=${configFileArg(s)}`,
        `--storage.tsdb.path=${PROMETHEUS_PATHS.data}`,
        ...(s.enableAdminApi ? ["--web.enable-admin-api"] : []),
        `--storage.tsdb.retention.time=${s.retention}`,
        ...(s.retentionSize !== undefined ? [`--storage.tsdb.retention.size=${s.retentionSize}`] : []),
        ...(s.enableLifecycle ? ["--web.enable-lifecycle"] : []),
        "--storage.tsdb.no-lockfile",
        `--web.external-url=${s.externalUrl}`,
        `--web.route-prefix=${s.routePrefix}`,
        ...(s.web ? [`--web.config.file=${webConfigPath()}`] : []),
        ...otlpArgs(s),
    ];
}

/**
 * The kubelet's check of the web port. With basic authentication every path answers 401
 * without credentials, and an httpGet probe could send them only as a header written into the
 * pod spec, which would publish the password; so it only opens the port (tcpSocket), and the
 * pod is Ready once Prometheus listens rather than once its TSDB is loaded. With TLS alone the
 * paths stay, over HTTPS: the kubelet does not verify the certificate.
 */
function probe(s: MetricsSettings, path: string, failureThreshold: number): k8s.types.input.core.v1.Probe {
    const check: k8s.types.input.core.v1.Probe = s.web?.basicAuth
        ? { tcpSocket: { port: WEB_PORT.name } }
        : { httpGet: { path, port: WEB_PORT.name, scheme: s.web?.tls ? "HTTPS" : "HTTP" } };
    return {
        ...check,
        failureThreshold,
        periodSeconds: 5,
        successThreshold: 1,
        timeoutSeconds: 3,
    };
}

export function volumeMounts(s: MetricsSettings, alertmanager?: AlertmanagerTarget): VolumeMount[] {
    const config: VolumeMount = readsRenderedConfig(s)
        ? { name: VOLUMES.renderedConfig, mountPath: PROMETHEUS_PATHS.renderedConfigDir, readOnly: true }
        : { name: VOLUMES.config, mountPath: PROMETHEUS_PATHS.configDir, readOnly: true };
    const mounts: VolumeMount[] = [
        config,
        { name: VOLUMES.data, mountPath: PROMETHEUS_PATHS.data },
        { name: VOLUMES.rules, mountPath: PROMETHEUS_PATHS.rulesDir },
    ];
    if (s.etcdClient || s.etcdClientSecrets) {
        mounts.push({ name: VOLUMES.etcd, mountPath: etcdSecretMountPath(), readOnly: true });
    }
    if (s.remoteWriteSecrets || s.remoteWriteExistingSecrets) {
        mounts.push({ name: VOLUMES.remoteWrite, mountPath: remoteWriteSecretMountPath(s), readOnly: true });
    }
    if (s.web) {
        mounts.push({ name: VOLUMES.web, mountPath: PROMETHEUS_PATHS.webDir, readOnly: true });
    }
    if (s.web?.tls) {
        mounts.push({ name: VOLUMES.webTls, mountPath: PROMETHEUS_PATHS.webTlsDir, readOnly: true });
    }
    mounts.push(...alertmanagerClientVolumes(alertmanager).mounts);
    return mounts;
}

export function volumes(s: MetricsSettings, alertmanager?: AlertmanagerTarget): Volume[] {
    const list: Volume[] = [
        { name: VOLUMES.config, configMap: { name: configMapName(s), defaultMode: 0o644 } },
        { name: VOLUMES.rules, configMap: { name: ruleFilesConfigMapName(s), defaultMode: 0o644 } },
    ];
    if (readsRenderedConfig(s)) {
        list.push({ name: VOLUMES.renderedConfig, emptyDir: {} });
    }
    if (s.etcdClient) {
        list.push({ name: VOLUMES.etcd, secret: { secretName: ETCD_SECRET_NAME, defaultMode: 0o644 } });
    }
    if (s.etcdClientSecrets) {
        // The existing Secrets' keys at the files kvstore-client-cert would hold (docs/existing-secrets.md).
        const e = s.etcdClientSecrets;
        list.push(existingSecretsVolume(VOLUMES.etcd, { [ETCD_SECRET_FILES.caCert]: e.caCert, [ETCD_SECRET_FILES.clientCert]: e.clientCert, [ETCD_SECRET_FILES.clientKey]: e.clientKey }));
    }
    if (s.remoteWriteExistingSecrets) {
        // Keys set to existing Secrets (docs/existing-secrets.md) beside the program's own, at the same files.
        list.push(existingSecretsVolume(VOLUMES.remoteWrite, s.remoteWriteExistingSecrets, s.remoteWriteSecrets ? remoteWriteSecretName(s) : undefined));
    } else if (s.remoteWriteSecrets) {
        // Owner root, group fsGroup 65534 (Prometheus' group): 0440 lets Prometheus read and nobody else.
        list.push({ name: VOLUMES.remoteWrite, secret: { secretName: remoteWriteSecretName(s), defaultMode: 0o440 } });
    }
    // 0440 as above: the password and the serving key are for Prometheus alone.
    if (s.web) {
        list.push({ name: VOLUMES.web, secret: { secretName: webSecretName(s), defaultMode: 0o440 } });
    }
    if (s.web?.tls) {
        const keys = [TLS_SECRET_KEYS.cert, TLS_SECRET_KEYS.key, TLS_SECRET_KEYS.ca];
        list.push({ name: VOLUMES.webTls, secret: { secretName: s.web.tls.secretName, defaultMode: 0o440, items: keys.map((key) => ({ key, path: key })) } });
    }
    list.push(...alertmanagerClientVolumes(alertmanager).volumes);
    return list;
}

export function prometheusContainer(s: MetricsSettings, alertmanager?: AlertmanagerTarget): Container {
    const env = remoteWriteEnv(s);
    return {
        name: s.name,
        image: s.image,
        imagePullPolicy: "IfNotPresent",
        args: prometheusArgs(s),
        ...(env.length > 0 ? { env } : {}),
        ports: [{ containerPort: WEB_PORT.number, name: WEB_PORT.name, protocol: "TCP" }],
        resources: containerResources(s.resources),
        livenessProbe: probe(s, routedPath(s, "/-/healthy"), 6),
        readinessProbe: probe(s, routedPath(s, "/-/ready"), 120),
        volumeMounts: volumeMounts(s, alertmanager),
        terminationMessagePath: "/dev/termination-log",
        terminationMessagePolicy: "File",
        securityContext: {
            ...noPrivileges(),
            readOnlyRootFilesystem: true,
        },
    };
}

/**
 * Without the reloader (lifecycle API off, or basic auth on the web port) nothing reloads
 * Prometheus, so the digest of the config and rule files rolls the pod onto a changed file. The
 * files are the ConfigMaps' and hold no secret, so neither does their digest. With the reloader,
 * it applies such a change in place, and everything else that needs a restart is already part
 * of the pod template.
 */
export function configAnnotation(s: MetricsSettings, inputs: PrometheusInputs): Record<string, string> {
    if (reloadsInPlace(s)) {
        return {};
    }
    const files = { ...prometheusConfigMap(s, inputs).data, ...ruleFilesConfigMap(s, inputs.ruleFiles).data } as Record<string, string>;
    return { [CONFIG_CHECKSUM_ANNOTATION]: configChecksum(files) };
}

/** One PodDisruptionBudget while Prometheus is replicated; none for one pod, which a budget would only block from draining. */
export function prometheusDisruptionBudget(s: MetricsSettings): k8s.types.input.policy.v1.PodDisruptionBudget | undefined {
    return podDisruptionBudget(s.name, s.namespace, metricsLabels(s), s.replicas);
}

/**
 * `remoteWriteGeneration`: the generation of the remote-write Secret's keys that Prometheus reads
 * from its environment, at start (remoteWriteEnv): a rotated sigv4 key or Azure client secret
 * rolls the pods. The keys it reads as files are not in it: Prometheus reads those again on every
 * request (docs/long-term-storage.md#authentication), so their rotation needs no restart.
 */
export function statefulSet(s: MetricsSettings, inputs: PrometheusInputs, remoteWriteGeneration?: pulumi.Input<string>): k8s.types.input.apps.v1.StatefulSet {
    const labels = metricsLabels(s);
    // metrics.teamRules adds its sidecar, checker and volumes (team-rules/).
    return withTeamRules(s, inputs.runbookBaseUrl, {
        apiVersion: "apps/v1",
        kind: "StatefulSet",
        metadata: { name: s.name, namespace: s.namespace, labels },
        spec: {
            replicas: s.replicas,
            revisionHistoryLimit: 10,
            serviceName: s.name,
            selector: { matchLabels: labels },
            updateStrategy: { type: "RollingUpdate" },
            template: {
                metadata: {
                    labels: { ...labels, ...workloadIdentityPodLabels(s) },
                    ...annotated({ ...(reloadsInPlace(s) ? {} : configAnnotation(s, inputs)), ...secretGenerationAnnotations({ remoteWrite: remoteWriteGeneration }) }),
                },
                spec: {
                    serviceAccountName: s.serviceAccountName,
                    ...podPlacement(s, replicaSpread(s.replicas, labels)),
                    securityContext: {
                        runAsUser: PROMETHEUS_UID,
                        runAsGroup: PROMETHEUS_UID,
                        runAsNonRoot: true,
                        fsGroup: PROMETHEUS_UID,
                        // With the settings above, this makes the pod meet the Restricted Pod Security Standard.
                        seccompProfile: { type: "RuntimeDefault" },
                    },
                    ...(readsRenderedConfig(s) ? { initContainers: [configRenderInitContainer(s)] } : {}),
                    containers: [prometheusContainer(s, inputs.alertmanager), ...(reloadsInPlace(s) ? [configReloaderContainer(s)] : [])],
                    volumes: volumes(s, inputs.alertmanager),
                },
            },
            volumeClaimTemplates: [dataClaimTemplate(VOLUMES.data, s.name, s.storage)],
        },
    });
}
