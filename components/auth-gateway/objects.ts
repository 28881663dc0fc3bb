import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { CONFIG_CHECKSUM_ANNOTATION, configChecksum } from "../common/checksum";
import { noPrivileges } from "../common/no-privileges";
import { containerResources } from "../common/resources";
import { podPlacement } from "../common/scheduling";
import { isReplicated, podDisruptionBudget, replicaSpread } from "../common/replica-spread";
import { CONTAINER_NAMES, GATEWAY_KEYS, GATEWAY_PATHS, gatewayBackendServiceName, gatewayLabels, gatewaySecretNames, HEALTH_PORT, HTTP_PORT, NGINX_UID, OAUTH2_PROXY_UID, VOLUMES } from "./layout";
import { GatewayModel } from "./model";
import { gatewayNginxConf, gatewayUpstreamInc } from "./nginx-config";
import { oauth2ProxyArgs, oauth2ProxyEnv } from "./oauth2-proxy";

type M = GatewayModel;

function metadata(m: M, name = m.name) {
    return { name, namespace: m.namespace, labels: gatewayLabels(m.name) };
}

/** Its own account, without a token: the gateway never talks to the API server. */
export function gatewayServiceAccount(m: M): k8s.types.input.core.v1.ServiceAccount {
    return { apiVersion: "v1", kind: "ServiceAccount", metadata: metadata(m), automountServiceAccountToken: false };
}

/** No secret here: upstream.inc only includes the Secret file with the gateway's login. */
export function gatewayConfigFiles(m: M): Record<string, string> {
    return { [GATEWAY_KEYS.nginxConf]: gatewayNginxConf(m), [GATEWAY_KEYS.upstreamInc]: gatewayUpstreamInc(m) };
}

export function gatewayConfigMap(m: M): k8s.types.input.core.v1.ConfigMap {
    return { apiVersion: "v1", kind: "ConfigMap", metadata: metadata(m), data: gatewayConfigFiles(m) };
}

/** The Ingress's backend. */
export function gatewayService(m: M): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: metadata(m),
        spec: { type: "ClusterIP", selector: gatewayLabels(m.name), ports: [{ name: HTTP_PORT.name, port: HTTP_PORT.number, targetPort: HTTP_PORT.name, protocol: "TCP" }] },
    };
}

/** The gateway's own ClusterIP Service in front of the server's pods (layout.ts gatewayBackendServiceName). */
export function gatewayBackendService(m: M): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: metadata(m, gatewayBackendServiceName(m.name)),
        spec: { type: "ClusterIP", selector: { ...m.upstream.podSelector }, ports: [{ name: "web", port: m.upstream.port, targetPort: m.upstream.port, protocol: "TCP" }] },
    };
}

/** Every value a Pulumi secret, so state and the offline render never show it. */
function secret(m: M, name: string, data: Record<string, pulumi.Input<string>>): k8s.types.input.core.v1.Secret {
    return {
        apiVersion: "v1",
        kind: "Secret",
        type: "Opaque",
        metadata: metadata(m, name),
        stringData: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, pulumi.secret(v)])),
    };
}

/** People's logins (basicAuth): one bcrypt line each. */
export function usersSecret(m: M, htpasswd: pulumi.Input<string>): k8s.types.input.core.v1.Secret {
    return secret(m, gatewaySecretNames(m.name).users, { [GATEWAY_KEYS.htpasswd]: htpasswd });
}

/** The gateway's own login to the server, as the nginx directive upstream.inc includes. */
export function upstreamSecret(m: M, authorizationConf: pulumi.Input<string>): k8s.types.input.core.v1.Secret {
    return secret(m, gatewaySecretNames(m.name).upstream, { [GATEWAY_KEYS.authorization]: authorizationConf });
}

/**
 * oauth2-proxy's files: the OIDC client secret (no trailing newline) and the generated cookie
 * secret; the cookie secret only when the client secret is an existing Secret's (m.clientSecretRef),
 * which oauth2-proxy reads from its environment instead (oauth2ProxyEnv).
 */
export function oauth2Secret(m: M, clientSecret: pulumi.Input<string> | undefined, cookieSecret: pulumi.Input<string>): k8s.types.input.core.v1.Secret {
    return secret(m, gatewaySecretNames(m.name).oauth2, { ...(clientSecret === undefined ? {} : { [GATEWAY_KEYS.clientSecret]: clientSecret }), [GATEWAY_KEYS.cookieSecret]: cookieSecret });
}

/** A Secret volume with only the keys the pod reads, readable by the group (fsGroup 101) only. */
function secretVolume(name: string, secretName: string, keys: string[]): k8s.types.input.core.v1.Volume {
    return { name, secret: { secretName, defaultMode: 0o440, items: keys.map((key) => ({ key, path: key })) } };
}

/**
 * nginx (and oauth2-proxy in oauth2Proxy mode), Pod Security "restricted": non-root, no
 * privileges, a read-only root, RuntimeDefault seccomp, no ServiceAccount token. `annotations`
 * carries the server password's generation, so the pods roll onto a replaced password (nginx
 * reads included files only at start).
 */
export function gatewayDeployment(m: M, annotations: Record<string, pulumi.Input<string>> = {}): k8s.types.input.apps.v1.Deployment {
    const labels = gatewayLabels(m.name);
    const names = gatewaySecretNames(m.name);
    const o = m.proxy.oauth2Proxy;
    const probe = (path: string) => ({ httpGet: { path, port: HEALTH_PORT.name }, periodSeconds: 10, failureThreshold: 3 });
    const restricted = { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true };
    const volumes: k8s.types.input.core.v1.Volume[] = [
        { name: VOLUMES.config, configMap: { name: m.name } },
        { name: VOLUMES.tmp, emptyDir: { medium: "Memory", sizeLimit: "16Mi" } },
    ];
    const mounts: k8s.types.input.core.v1.VolumeMount[] = [
        { name: VOLUMES.config, mountPath: GATEWAY_PATHS.configDir, readOnly: true },
        { name: VOLUMES.tmp, mountPath: GATEWAY_PATHS.tmp },
    ];
    const mount = (name: string, mountPath: string) => mounts.push({ name, mountPath, readOnly: true });
    if (!o) {
        volumes.push(secretVolume(VOLUMES.users, names.users, [GATEWAY_KEYS.htpasswd]));
        mount(VOLUMES.users, GATEWAY_PATHS.usersDir);
    }
    if (m.upstream.basicAuthUser !== undefined) {
        volumes.push(secretVolume(VOLUMES.upstreamAuth, names.upstream, [GATEWAY_KEYS.authorization]));
        mount(VOLUMES.upstreamAuth, GATEWAY_PATHS.upstreamAuthDir);
    }
    if (m.upstream.tlsSecretName !== undefined) {
        volumes.push(secretVolume(VOLUMES.upstreamTls, m.upstream.tlsSecretName, [GATEWAY_KEYS.ca]));
        mount(VOLUMES.upstreamTls, GATEWAY_PATHS.upstreamTlsDir);
    }
    const containers: k8s.types.input.core.v1.Container[] = [
        {
            name: CONTAINER_NAMES.nginx,
            image: m.proxy.image,
            imagePullPolicy: "IfNotPresent",
            // Not the image's entrypoint, which edits /etc/nginx/conf.d on what is here a read-only root.
            command: ["nginx"],
            args: ["-e", "stderr", "-c", `${GATEWAY_PATHS.configDir}/${GATEWAY_KEYS.nginxConf}`],
            ports: [
                { name: HTTP_PORT.name, containerPort: HTTP_PORT.number, protocol: "TCP" },
                { name: HEALTH_PORT.name, containerPort: HEALTH_PORT.number, protocol: "TCP" },
            ],
            resources: containerResources(m.proxy.resources),
            livenessProbe: probe("/healthz"),
            readinessProbe: probe("/ready"),
            securityContext: { ...restricted, runAsUser: NGINX_UID, runAsGroup: NGINX_UID },
            volumeMounts: mounts,
        },
    ];
    if (o) {
        volumes.push(secretVolume(VOLUMES.oauth2, names.oauth2, m.clientSecretRef ? [GATEWAY_KEYS.cookieSecret] : [GATEWAY_KEYS.clientSecret, GATEWAY_KEYS.cookieSecret]));
        containers.push({
            name: CONTAINER_NAMES.oauth2Proxy,
            image: o.image,
            imagePullPolicy: "IfNotPresent",
            args: oauth2ProxyArgs(m),
            ...(m.clientSecretRef ? { env: oauth2ProxyEnv(m.clientSecretRef) } : {}),
            resources: containerResources(o.resources),
            securityContext: { ...restricted, runAsUser: OAUTH2_PROXY_UID, runAsGroup: OAUTH2_PROXY_UID },
            volumeMounts: [{ name: VOLUMES.oauth2, mountPath: GATEWAY_PATHS.oauth2Dir, readOnly: true }],
        });
    }
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: metadata(m),
        spec: {
            replicas: m.replicas,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels, annotations: { [CONFIG_CHECKSUM_ANNOTATION]: configChecksum(gatewayConfigFiles(m)), ...annotations } },
                spec: {
                    serviceAccountName: m.name,
                    automountServiceAccountToken: false,
                    // Two or more gateway pods spread over nodes, as the server's replicas are.
                    ...podPlacement(m.scheduling, replicaSpread(m.replicas, labels)),
                    // fsGroup makes the 0440 Secret files readable by both containers through the group.
                    securityContext: { runAsNonRoot: true, runAsUser: NGINX_UID, runAsGroup: NGINX_UID, fsGroup: NGINX_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers,
                    volumes,
                },
            },
        },
    };
}

/** At most one gateway pod down at a time through a drain, while there are two or more (sessions need no stickiness: the cookie store is stateless). */
export function gatewayDisruptionBudget(m: M): k8s.types.input.policy.v1.PodDisruptionBudget | undefined {
    return isReplicated(m.replicas) ? podDisruptionBudget(m.name, m.namespace, gatewayLabels(m.name), m.replicas) : undefined;
}
