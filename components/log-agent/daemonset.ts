import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { logAgentLineOf } from "../../config";
import { LogAgentSettings } from "./agent-settings";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { agentConfigFiles } from "./config-map";
import {
    agentStateDir,
    CONTAINER_NAME,
    credentialsSecretName,
    HOST_PATHS,
    METRICS_PORT,
    NODE_NAME_ENV,
    PASSWORD_ENV,
    PASSWORD_SECRET_KEY,
    STORE_CA_DIR,
    STORE_CA_KEY,
    VOLUMES,
} from "./layout";
import { livenessProbe, readinessProbe } from "./liveness";
import { noPrivileges } from "../common/no-privileges";
import { terminationGracePeriodSeconds } from "./stopping";

type Container = k8s.types.input.core.v1.Container;
type EnvVar = k8s.types.input.core.v1.EnvVar;

/**
 * No supervisor process (the kubelet restarts the container) and quiet startup, as in the add-on;
 * each line's image takes them from its own variable (FLUENTD_ARGS, FLUENTD_OPT).
 */
export const FLUENTD_ARGS = "--no-supervisor -q";

/*
 * fluentd runs as root (uid 0) so that it can read node logs, which root owns; as their owner it
 * reads them through the owner permission bits, so it needs no capability at all and drops every
 * one (docs/log-agent.md#capabilities). In particular it has no DAC_READ_SEARCH: with that
 * capability the runtime's default seccomp profile allows open_by_handle_at, which opens any file
 * of a host filesystem that a mount reaches by handle (the "shocker" container escape).
 */

export function agentEnv(s: LogAgentSettings): EnvVar[] {
    const release = logAgentLineOf(s);
    const env: EnvVar[] = [
        { name: release.argsEnv, value: FLUENTD_ARGS },
        ...Object.entries(release.entry?.env ?? {}).map(([name, value]) => ({ name, value })),
        // Part of each document id (DOCUMENT_ID_EXPRESSION): the pod's own hostname changes with every restart.
        { name: NODE_NAME_ENV, valueFrom: { fieldRef: { fieldPath: "spec.nodeName" } } },
    ];
    const store = s.search.inClusterStore;
    if (store !== undefined) {
        // The in-cluster OpenSearch's generated password, from the store's own Secret in this namespace.
        env.push({ name: PASSWORD_ENV, valueFrom: { secretKeyRef: { name: store.credentialsSecret, key: store.passwordKey } } });
    } else if (s.search.user !== undefined) {
        env.push({
            name: PASSWORD_ENV,
            // searchPassword set to an existing Secret in this namespace (docs/existing-secrets.md) is read from it; a change there rolls nothing.
            valueFrom: { secretKeyRef: { ...(s.search.passwordSecret ?? { name: credentialsSecretName(s), key: PASSWORD_SECRET_KEY }) } },
        });
    }
    return env;
}

export function agentContainer(s: LogAgentSettings): Container {
    return {
        name: CONTAINER_NAME,
        image: s.image,
        imagePullPolicy: "IfNotPresent",
        env: agentEnv(s),
        resources: containerResources(s.resources),
        ports: [{ containerPort: METRICS_PORT.number, name: METRICS_PORT.name, protocol: "TCP" }],
        livenessProbe: livenessProbe(s),
        readinessProbe: readinessProbe(),
        volumeMounts: agentVolumeMounts(s),
        securityContext: {
            // No capability, see above: root reads the root-owned logs as their owner.
            ...noPrivileges(),
            privileged: false,
        },
    };
}

/**
 * The node's logs are read-only; only the agent's state directory (positions, journal cursors,
 * output buffer) is writable (docs/log-agent.md#host-paths).
 */
export function agentVolumeMounts(s: LogAgentSettings): k8s.types.input.core.v1.VolumeMount[] {
    return [
        { name: VOLUMES.varLog, mountPath: HOST_PATHS.varLog, readOnly: true },
        { name: VOLUMES.dockerContainers, mountPath: HOST_PATHS.dockerContainers, readOnly: true },
        { name: VOLUMES.state, mountPath: agentStateDir(s) },
        { name: VOLUMES.config, mountPath: logAgentLineOf(s).configDir, readOnly: true },
        ...(s.search.inClusterStore ? [{ name: VOLUMES.storeCa, mountPath: STORE_CA_DIR, readOnly: true }] : []),
    ];
}

export function agentVolumes(s: LogAgentSettings): k8s.types.input.core.v1.Volume[] {
    return [
        { name: VOLUMES.varLog, hostPath: { path: HOST_PATHS.varLog } },
        { name: VOLUMES.dockerContainers, hostPath: { path: HOST_PATHS.dockerContainers } },
        { name: VOLUMES.state, hostPath: { path: agentStateDir(s), type: "DirectoryOrCreate" } },
        { name: VOLUMES.config, configMap: { name: s.configMapName } },
        // Only the CA of the store's TLS Secret: the agent never sees the store's private key.
        ...(s.search.inClusterStore ? [{ name: VOLUMES.storeCa, secret: { secretName: s.search.inClusterStore.caSecret, items: [{ key: STORE_CA_KEY, path: STORE_CA_KEY }] } }] : []),
    ];
}

/** The digest covers all six config files, so any config change rolls the agents onto it. */
export function configAnnotation(s: LogAgentSettings): Record<string, string> {
    return { [CONFIG_CHECKSUM_ANNOTATION]: configChecksum(agentConfigFiles(s)) };
}

/**
 * `generations`: the pod-template annotation that follows the password the agent reads from a
 * Secret (agentEnv), its own credentials Secret's generation or the in-cluster store's agent
 * password's. fluentd reads the variable at start only, so a changed password rolls the agents
 * (components/common/secret-generation.ts).
 */
export function daemonSet(s: LogAgentSettings, generations: Record<string, pulumi.Input<string>> = {}): k8s.types.input.apps.v1.DaemonSet {
    const labels = { ...s.labels };
    return {
        apiVersion: "apps/v1",
        kind: "DaemonSet",
        metadata: { name: s.daemonSetName, namespace: s.namespace, labels },
        spec: {
            selector: { matchLabels: labels },
            updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 1 } },
            template: {
                metadata: { labels, annotations: { ...configAnnotation(s), ...generations } },
                spec: {
                    ...podPlacement(s),
                    serviceAccountName: s.serviceAccountName,
                    securityContext: { seccompProfile: { type: "RuntimeDefault" } },
                    // Long enough for fluentd to stop with the store unreachable and the buffer full (stopping.ts).
                    terminationGracePeriodSeconds: terminationGracePeriodSeconds(s),
                    containers: [agentContainer(s)],
                    volumes: agentVolumes(s),
                },
            },
        },
    };
}
