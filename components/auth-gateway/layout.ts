/**
 * Names, ports and paths of the auth gateway (docs/security.md#the-auth-gateway), written once so
 * the nginx config, the pod and the NetworkPolicy cannot drift apart.
 */

/** Where the Ingress sends people: the Service's and the container's port (nginx-unprivileged listens on 8080). */
export const HTTP_PORT = { name: "http", number: 8080 } as const;

/** The kubelet's probes: in neither the Service nor the NetworkPolicy; answers without credentials and proxies nothing. */
export const HEALTH_PORT = { name: "health", number: 8081 } as const;

/** oauth2-proxy listens on the pod's loopback only: nginx asks it, nobody else can. */
export const OAUTH2_PROXY_ADDRESS = "127.0.0.1:4180";

/** nginx-unprivileged's user (UID=101 in its Dockerfile); oauth2-proxy's distroless image runs as nonroot, 65532. */
export const NGINX_UID = 101;
export const OAUTH2_PROXY_UID = 65532;

export const CONTAINER_NAMES = { nginx: "nginx", oauth2Proxy: "oauth2-proxy" } as const;

/** In-pod paths. Everything nginx writes is under `tmp`, an emptyDir, so the root filesystem stays read-only. */
export const GATEWAY_PATHS = {
    configDir: "/etc/nginx/gateway",
    usersDir: "/etc/nginx/users",
    upstreamAuthDir: "/etc/nginx/upstream-auth",
    upstreamTlsDir: "/etc/nginx/upstream-tls",
    oauth2Dir: "/etc/oauth2-proxy",
    tmp: "/tmp",
    accessLog: "/dev/stdout",
} as const;

/** Keys of the ConfigMap (no secret in it) and of the gateway's Secrets. */
export const GATEWAY_KEYS = {
    nginxConf: "nginx.conf",
    upstreamInc: "upstream.inc",
    htpasswd: "htpasswd",
    authorization: "authorization.conf",
    clientSecret: "client-secret",
    cookieSecret: "cookie-secret",
    ca: "ca.crt",
} as const;

export const VOLUMES = { config: "config", users: "users", upstreamAuth: "upstream-auth", upstreamTls: "upstream-tls", oauth2: "oauth2", tmp: "tmp" } as const;

/** `<server>-auth`: the Deployment, Service, ConfigMap, ServiceAccount and NetworkPolicy. */
export function gatewayName(serverName: string): string {
    return `${serverName}-auth`;
}

/**
 * A ClusterIP Service in front of the server's pods, for the gateway alone. The server's own
 * Service is headless (its StatefulSet needs that), so its name resolves to pod addresses, and
 * nginx resolves a proxy_pass host once, at start: after the server's pods were replaced the
 * gateway would keep dialling addresses that are gone. A ClusterIP stays put for the Service's
 * life, and kube-proxy follows the pods.
 */
export function gatewayBackendServiceName(name: string): string {
    return `${name}-backend`;
}

/** The Secrets: people's htpasswd, the gateway's own login to the server, oauth2-proxy's client and cookie secrets. */
export function gatewaySecretNames(name: string): { users: string; upstream: string; oauth2: string } {
    return { users: `${name}-users`, upstream: `${name}-upstream`, oauth2: `${name}-oauth2` };
}

export function gatewayLabels(name: string): Record<string, string> {
    return { app: name, "app.kubernetes.io/component": "auth-gateway" };
}
