import { GATEWAY_KEYS, GATEWAY_PATHS, OAUTH2_PROXY_ADDRESS } from "./layout";
import { ExistingSecretKey } from "../../config";
import { GatewayModel } from "./model";

/**
 * oauth2-proxy in nginx's auth_request mode, as a sidecar of the gateway. Every flag below is
 * declared at the pinned tag v7.15.3 (oauth2-proxy-v7.15.3-flags.txt, extracted from the flagSet
 * calls of pkg/apis/options/*.go and main.go at commit 66b3a17d; tests/auth-gateway.test.ts
 * checks each against it). Secrets are read from files, never passed as arguments: the client
 * secret and the cookie secret are in Secret `<name>-oauth2`, mounted into this container only.
 */

/** The flags that take a secret as their value: never in the pod's arguments (an escape hatch must refuse them too). */
export const SECRET_FLAGS = [
    "--client-secret",
    "--cookie-secret",
    "--basic-auth-password",
    "--redis-password",
    "--redis-sentinel-password",
    "--jwt-key",
    "--github-token",
    "--signature-key",
] as const;

export function oauth2ProxyArgs(m: GatewayModel): string[] {
    const o = m.proxy.oauth2Proxy;
    if (o === undefined) {
        return [];
    }
    return [
        `--http-address=${OAUTH2_PROXY_ADDRESS}`,
        // The auth_request mode: nginx holds the upstream, oauth2-proxy answers 202 or 401.
        "--upstream=static://202",
        "--reverse-proxy=true",
        "--provider=oidc",
        `--oidc-issuer-url=${o.issuerUrl}`,
        `--client-id=${o.clientId}`,
        // An existing Secret's client secret comes through the environment instead (oauth2ProxyEnv).
        ...(m.clientSecretRef ? [] : [`--client-secret-file=${GATEWAY_PATHS.oauth2Dir}/${GATEWAY_KEYS.clientSecret}`]),
        `--cookie-secret-file=${GATEWAY_PATHS.oauth2Dir}/${GATEWAY_KEYS.cookieSecret}`,
        "--cookie-secure=true",
        ...o.emailDomains.map((d) => `--email-domain=${d}`),
        ...(o.allowedGroups ?? []).map((g) => `--allowed-group=${g}`),
        `--redirect-url=${m.ingressTls ? "https" : "http"}://${m.host}/oauth2/callback`,
        "--skip-provider-button=true",
        "--set-xauthrequest=true",
        "--code-challenge-method=S256",
        "--silence-ping-logging=true",
    ];
}

/**
 * The OIDC client secret from an existing Secret in the gateway's namespace (docs/existing-secrets.md):
 * oauth2-proxy takes every option from the environment as well as from its flag (its configuration
 * overview: "command line options, environment variables or config file"; pkg/apis/options/load.go,
 * Load: viper's SetEnvPrefix("OAUTH2_PROXY") and AutomaticEnv over the options' config names, here
 * client_secret), so the value is never in the pod's arguments nor in a Secret the program writes.
 * Read from oauth2-proxy's docs and source, not on the v7.15.3 binary (none on this machine).
 */
export const CLIENT_SECRET_ENV = "OAUTH2_PROXY_CLIENT_SECRET";

export function oauth2ProxyEnv(ref: ExistingSecretKey): { name: string; valueFrom: { secretKeyRef: { name: string; key: string } } }[] {
    return [{ name: CLIENT_SECRET_ENV, valueFrom: { secretKeyRef: { name: ref.name, key: ref.key } } }];
}
