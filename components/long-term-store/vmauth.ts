import * as k8s from "@pulumi/kubernetes";
import * as pulumi from "@pulumi/pulumi";
import { Scalar, stringify } from "yaml";
import { CLUSTER_LABEL, LongTermStoreSettings } from "../../config";
import { containerResources } from "../common/resources";
import { ownServiceAccount } from "../common/own-service-account";
import { noPrivileges } from "../common/no-privileges";
import { podPlacement } from "../common/scheduling";
import { annotated, secretGenerationAnnotations } from "../common/secret-generation";
import { AUTH_KEYS, authKeySecretName, envFlagName, HTTP_PORT, STORE_UID, VMAUTH_PORT } from "./layout";

/**
 * vmauth in front of a central store (docs/long-term-storage.md#central-and-edge-stacks): one
 * user per edge, named after its cluster label, whose only route is the store's remote write
 * endpoint with `extra_label=cluster=<its cluster>`. Checked at tag v1.150.0 and v1.79.5:
 * - app/vmauth/target_url.go, mergeURLs: the target's own query args win, and a client's arg of
 *   the same name is dropped ("skip clashed query params"), so an edge cannot send its own
 *   extra_label;
 * - app/vminsert/promremotewrite/request_handler.go appends the extra labels after the series'
 *   own, and lib/storage/metric_name.go, sortTags, keeps the last value of a repeated label: the
 *   extra label overrides a cluster label the edge sent;
 * - url_map with src_paths: any other path (the query API included) has no route for the user.
 * tests/long-term-store-edges.real.test.ts runs it on Debian's vmauth and VictoriaMetrics 1.79.5.
 */

export const VMAUTH = { port: { name: "http", number: VMAUTH_PORT }, configDir: "/etc/vmauth", configFile: "auth.yml", container: "vmauth" } as const;

export function vmauthName(s: Pick<LongTermStoreSettings, "name">): string {
    return `${s.name}-vmauth`;
}

export function vmauthLabels(s: Pick<LongTermStoreSettings, "name">): Record<string, string> {
    return { "app.kubernetes.io/name": vmauthName(s), "app.kubernetes.io/component": "long-term-store-auth" };
}

/** Whether this store is central: it runs vmauth for its edges. */
export function isCentral(s: Pick<LongTermStoreSettings, "enabled" | "edges">): boolean {
    return s.enabled && s.edges.length > 0;
}

/**
 * An edge whose password is in an existing Secret (docs/existing-secrets.md): vmauth reads it from
 * this environment variable (vmauthEnv), and its auth config holds only the `%{ENV}` placeholder,
 * which vmauth replaces when it loads the file (lib/envtemplate; on Debian's vmauth 1.79.5 too:
 * tests/long-term-store-edges.real.test.ts). The index in longTermStore.edges names it, so no two
 * clusters' names can meet in one variable.
 */
export function edgePasswordEnv(index: number): string {
    return `EDGE_PASSWORD_${index}`;
}

/**
 * The placeholder in single quotes: vmauth 1.79.5 replaces it in the file's text before it parses
 * the YAML, so inside single quotes a password may hold `"`, `\`, `#` or `:`, but not `'` or a line
 * break (vmauth then refuses the file at start; docs/existing-secrets.md says so).
 */
function placeholder(env: string): Scalar {
    const s = new Scalar(`%{${env}}`);
    s.type = Scalar.QUOTE_SINGLE;
    return s;
}

/**
 * vmauth's auth config, with each edge's password, or the `%{ENV}` placeholder of an edge whose
 * password vmauth reads from its environment; `storeUrl` is the store's base URL as vmauth reaches it.
 */
export function vmauthConfig(edges: readonly ({ cluster: string; password: string } | { cluster: string; passwordEnv: string })[], storeUrl: string): string {
    return stringify(
        {
            users: edges.map((e) => ({
                username: e.cluster,
                password: "passwordEnv" in e ? placeholder(e.passwordEnv) : e.password,
                url_map: [{ src_paths: ["/api/v1/write"], url_prefix: `${storeUrl}?extra_label=${encodeURIComponent(`${CLUSTER_LABEL}=${e.cluster}`)}` }],
            })),
        },
        { lineWidth: 0 },
    );
}

/** The store's base URL inside the cluster, as vmauth forwards to it. */
export function storeUrlForVmauth(s: Pick<LongTermStoreSettings, "name" | "namespace">): string {
    return `http://${s.name}.${s.namespace}.svc:${HTTP_PORT.number}`;
}

/**
 * The Secret with auth.yml: it holds every edge's password, so it is a Secret, and a Pulumi secret;
 * for an edge whose password is in an existing Secret, only its placeholder (edgePasswordEnv).
 */
export function vmauthSecret(s: LongTermStoreSettings): k8s.types.input.core.v1.Secret {
    const passwords = s.edgePasswords ?? {};
    const existing = s.edgeExistingPasswords ?? {};
    const config = pulumi
        .all(s.edges.map((e) => (existing[e.cluster] ? pulumi.output("") : pulumi.output(passwords[e.cluster]))))
        .apply((values) => vmauthConfig(s.edges.map((e, i) => (existing[e.cluster] ? { cluster: e.cluster, passwordEnv: edgePasswordEnv(i) } : { cluster: e.cluster, password: values[i] })), storeUrlForVmauth(s)));
    return {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: vmauthName(s), namespace: s.namespace, labels: vmauthLabels(s) },
        type: "Opaque",
        stringData: { [VMAUTH.configFile]: pulumi.secret(config) },
    };
}

/** vmauth's own auth-key flags (lib/httpserver/httpserver.go, app/vmauth/main.go; all three in 1.79.5 too), from the store's Secret. */
export const VMAUTH_AUTH_KEYS = ["flagsAuthKey", "pprofAuthKey", "reloadAuthKey"] as const;

export function vmauthArgs(): string[] {
    return [`-auth.config=${VMAUTH.configDir}/${VMAUTH.configFile}`, `-httpListenAddr=:${VMAUTH.port.number}`, "-envflag.enable"];
}

/** vmauth's auth keys, and each edge password that is in an existing Secret (edgePasswordEnv), from their Secrets. */
export function vmauthEnv(s: Pick<LongTermStoreSettings, "name" | "edges" | "edgeExistingPasswords">): k8s.types.input.core.v1.EnvVar[] {
    const existing = s.edgeExistingPasswords ?? {};
    return [
        ...VMAUTH_AUTH_KEYS.map((flag) => ({
            name: envFlagName(flag),
            valueFrom: { secretKeyRef: { name: authKeySecretName(s), key: AUTH_KEYS.find((k) => k.flag === flag)!.secretKey } },
        })),
        ...s.edges.flatMap((e, i) => (existing[e.cluster] ? [{ name: edgePasswordEnv(i), valueFrom: { secretKeyRef: { name: existing[e.cluster].name, key: existing[e.cluster].key } } }] : [])),
    ];
}

/** `authKeysGeneration`: the auth-key Secret's, which vmauth reads from its environment at start (vmauthEnv). */
export function vmauthDeployment(s: LongTermStoreSettings, authKeysGeneration?: pulumi.Input<string>): k8s.types.input.apps.v1.Deployment {
    const labels = vmauthLabels(s);
    return {
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: vmauthName(s), namespace: s.namespace, labels },
        spec: {
            replicas: 1,
            selector: { matchLabels: labels },
            template: {
                metadata: { labels, ...annotated(secretGenerationAnnotations({ longTermStoreAuthKeys: authKeysGeneration })) },
                spec: {
                    serviceAccountName: vmauthName(s),
                    automountServiceAccountToken: false,
                    ...podPlacement(s),
                    securityContext: { runAsNonRoot: true, runAsUser: STORE_UID, runAsGroup: STORE_UID, fsGroup: STORE_UID, seccompProfile: { type: "RuntimeDefault" } },
                    containers: [
                        {
                            name: VMAUTH.container,
                            image: s.vmauthImage,
                            imagePullPolicy: "IfNotPresent",
                            args: vmauthArgs(),
                            env: vmauthEnv(s),
                            ports: [{ name: VMAUTH.port.name, containerPort: VMAUTH.port.number, protocol: "TCP" }],
                            resources: containerResources(s.vmauthResources),
                            readinessProbe: { httpGet: { path: "/health", port: VMAUTH.port.name }, periodSeconds: 10 },
                            livenessProbe: { httpGet: { path: "/health", port: VMAUTH.port.name }, periodSeconds: 20, failureThreshold: 6 },
                            volumeMounts: [{ name: "config", mountPath: VMAUTH.configDir, readOnly: true }],
                            securityContext: { ...noPrivileges(), readOnlyRootFilesystem: true, runAsNonRoot: true, runAsUser: STORE_UID, runAsGroup: STORE_UID },
                        },
                    ],
                    // 0440 with fsGroup 65534: vmauth reads the passwords, nobody else.
                    volumes: [{ name: "config", secret: { secretName: vmauthName(s), defaultMode: 0o440 } }],
                },
            },
        },
    };
}

export function vmauthService(s: LongTermStoreSettings): k8s.types.input.core.v1.Service {
    return {
        apiVersion: "v1",
        kind: "Service",
        metadata: { name: vmauthName(s), namespace: s.namespace, labels: vmauthLabels(s) },
        spec: { type: "ClusterIP", selector: vmauthLabels(s), ports: [{ name: VMAUTH.port.name, port: VMAUTH.port.number, targetPort: VMAUTH.port.name, protocol: "TCP" }] },
    };
}

/** Where edges write: https://<host>/api/v1/write, through the stack's Ingress controller. */
export function vmauthIngress(s: LongTermStoreSettings): k8s.types.input.networking.v1.Ingress | undefined {
    if (!s.ingress) {
        return undefined;
    }
    const { host, className, tlsSecretName } = s.ingress;
    return {
        apiVersion: "networking.k8s.io/v1",
        kind: "Ingress",
        metadata: { name: vmauthName(s), namespace: s.namespace },
        spec: {
            ...(className ? { ingressClassName: className } : {}),
            ...(tlsSecretName ? { tls: [{ hosts: [host], secretName: tlsSecretName }] } : {}),
            rules: [{ host, http: { paths: [{ path: "/api/v1/write", pathType: "Exact", backend: { service: { name: vmauthName(s), port: { number: VMAUTH.port.number } } } }] } }],
        },
    };
}

/** vmauth's own account, apart from the store's: it never talks to the API server either. */
export function vmauthServiceAccount(s: LongTermStoreSettings): k8s.types.input.core.v1.ServiceAccount {
    return ownServiceAccount(vmauthName(s), s.namespace, vmauthLabels(s));
}
