import { GATEWAY_KEYS, GATEWAY_PATHS, gatewayBackendServiceName, HEALTH_PORT, HTTP_PORT, OAUTH2_PROXY_ADDRESS } from "./layout";
import { GatewayModel, GatewayUpstream } from "./model";

/**
 * The gateway's nginx configuration, from the model alone (pure: the unit tests read it, and
 * tests/auth-gateway.real.test.ts runs it in Debian's nginx). Two files of the ConfigMap, neither
 * holding a secret: `nginx.conf`, and `upstream.inc`, which every proxying location includes and
 * which in turn includes the Secret file with the gateway's own login to the server.
 *
 * The one Authorization header (docs/security.md#the-one-authorization-header): people
 * authenticate at the gateway (htpasswd, or their identity provider's session through
 * oauth2-proxy); the gateway replaces whatever Authorization they sent with its own login to the
 * server, or with nothing when the server asks for none, so a person's password goes no further.
 * In-cluster callers (Grafana, the adapter, the self-scrape) use the server's Service directly.
 */

/** Where the files are; the pod's paths by default, a test's own directories in the real-binary test. */
export interface GatewayPaths {
    /** Directory of nginx.conf and upstream.inc. */
    configDir: string;
    /** pid and every *_temp_path: the pod's emptyDir. */
    tmp: string;
    htpasswdFile: string;
    /** The Secret file with `proxy_set_header Authorization "Basic ...";`. */
    upstreamAuthFile: string;
    /** ca.crt of the server's web TLS Secret. */
    upstreamCaFile: string;
    accessLog: string;
    /** host:port nginx listens on; the pod's ports by default. */
    listen: string;
    healthListen: string;
    oauth2Address: string;
    /** The server as the gateway dials it: its backend Service's name by default, or 127.0.0.1:<port> in a test. */
    upstreamAddress?: string;
}

export const POD_PATHS: GatewayPaths = {
    configDir: GATEWAY_PATHS.configDir,
    tmp: GATEWAY_PATHS.tmp,
    htpasswdFile: `${GATEWAY_PATHS.usersDir}/${GATEWAY_KEYS.htpasswd}`,
    upstreamAuthFile: `${GATEWAY_PATHS.upstreamAuthDir}/${GATEWAY_KEYS.authorization}`,
    upstreamCaFile: `${GATEWAY_PATHS.upstreamTlsDir}/${GATEWAY_KEYS.ca}`,
    accessLog: GATEWAY_PATHS.accessLog,
    listen: String(HTTP_PORT.number),
    healthListen: String(HEALTH_PORT.number),
    oauth2Address: OAUTH2_PROXY_ADDRESS,
};

/** The name the server's certificate carries and the gateway verifies: the Service's (components/common/web-config.ts). */
export function upstreamServerName(u: Pick<GatewayUpstream, "service" | "namespace">): string {
    return `${u.service}.${u.namespace}.svc`;
}

/**
 * The URL nginx proxies to: the gateway's own ClusterIP Service in front of the server's pods
 * (layout.ts gatewayBackendServiceName: the server's Service is headless, and nginx resolves a
 * name once), https while the server's web.tls is set; TLS is verified under the server's name.
 */
export function upstreamUrl(u: GatewayUpstream, address = `${gatewayBackendServiceName(u.gateway)}.${u.namespace}.svc:${u.port}`): string {
    return `${u.tlsSecretName ? "https" : "http"}://${address}`;
}

/** A realm for the browser's login box: letters, digits and spaces only, so it needs no quoting. */
function realm(m: GatewayModel): string {
    return `${m.product} ${m.host}`.replace(/[^A-Za-z0-9 .-]/g, "");
}

function oauth2(m: GatewayModel): boolean {
    return m.proxy.oauth2Proxy !== undefined;
}

/** The main file. */
export function gatewayNginxConf(m: GatewayModel, p: GatewayPaths = POD_PATHS): string {
    const upstream = upstreamUrl(m.upstream, p.upstreamAddress);
    const include = `${p.configDir}/${GATEWAY_KEYS.upstreamInc}`;
    const o2 = p.oauth2Address;
    const lines: string[] = [
        `# The auth gateway in front of ${m.product} (components/auth-gateway); generated, do not edit.`,
        "daemon off;",
        "worker_processes 1;",
        `pid ${p.tmp}/nginx.pid;`,
        "error_log stderr notice;",
        "",
        "events {",
        "    worker_connections 1024;",
        "}",
        "",
        "http {",
        "    # Every path nginx writes is under the emptyDir; the root filesystem stays read-only.",
        ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `    ${t}_temp_path ${p.tmp}/${t}_temp;`),
        "",
        "    server_tokens off;",
        "    default_type application/octet-stream;",
        "    # Who did what: the authenticated person, never a header value (no Authorization, no Cookie).",
        `    log_format gateway '$remote_addr user="${oauth2(m) ? "$oauth2_user" : "$remote_user"}" "$request" $status $body_bytes_sent $request_time';`,
        `    access_log ${p.accessLog} gateway;`,
        "",
        "    # Prometheus' query timeout is 2m; the gateway waits a little longer than the server does.",
        "    proxy_connect_timeout 5s;",
        "    proxy_read_timeout 150s;",
        "    proxy_send_timeout 150s;",
        "    client_max_body_size 8m;",
        "",
        "    # The kubelet's probes: a port in neither the Service nor the NetworkPolicy, answering",
        "    # without credentials and without touching the server.",
        "    server {",
        `        listen ${p.healthListen};`,
        "        access_log off;",
        '        location = /healthz { return 200 "ok\\n"; }',
        ...(oauth2(m)
            ? ["        # Ready when the oauth2-proxy sidecar is (it listens on loopback only).", `        location = /ready { proxy_pass http://${o2}/ready; }`]
            : ['        location = /ready { return 200 "ok\\n"; }']),
        "        location / { return 404; }",
        "    }",
        "",
        "    server {",
        `        listen ${p.listen};`,
        "        server_name _;",
        "        # nginx's own redirects stay relative: an absolute one would name the pod's port.",
        "        absolute_redirect off;",
        "",
    ];
    if (!oauth2(m)) {
        lines.push(
            "        # People log in here. nginx rereads the file on every request, so a changed Secret",
            "        # takes effect without a restart (after the kubelet's volume sync).",
            `        auth_basic "${realm(m)}";`,
            `        auth_basic_user_file ${p.htpasswdFile};`,
            "",
            "        location / {",
            `            proxy_pass ${upstream};`,
            `            include ${include};`,
            "        }",
        );
    } else {
        const authRequest = [
            "            auth_request /oauth2/auth;",
            "            auth_request_set $oauth2_user $upstream_http_x_auth_request_user;",
            "            auth_request_set $auth_cookie $upstream_http_set_cookie;",
            "            add_header Set-Cookie $auth_cookie;",
            `            proxy_pass ${upstream};`,
            `            include ${include};`,
            "            # The session cookie is the gateway's business; the server never sees it.",
            '            proxy_set_header Cookie "";',
        ];
        lines.push(
            "        # oauth2-proxy decides (its auth_request mode, docs/configuration/integrations/nginx.md):",
            "        # 202 lets the request through, 401 sends a browser to the identity provider.",
            "        location = /oauth2/auth {",
            "            internal;",
            `            proxy_pass http://${o2};`,
            "            proxy_set_header Host $host;",
            "            proxy_set_header X-Real-IP $remote_addr;",
            "            proxy_set_header X-Forwarded-Uri $request_uri;",
            '            proxy_set_header Content-Length "";',
            "            proxy_pass_request_body off;",
            "        }",
            "        location /oauth2/ {",
            `            proxy_pass http://${o2};`,
            "            proxy_set_header Host $host;",
            "            proxy_set_header X-Real-IP $remote_addr;",
            "            proxy_set_header X-Auth-Request-Redirect $request_uri;",
            "        }",
            "        # Not oauth2-proxy's sample 302 to /oauth2/sign_in?rd=$scheme://$host$request_uri: nginx",
            "        # cannot URL-encode rd (a query with '&' would lose its tail) and $scheme is http behind a",
            "        # TLS-terminating Ingress. /oauth2/start is asked internally with the original URI in",
            "        # X-Auth-Request-Redirect (pkg/app/redirect/director.go); with --skip-provider-button it",
            "        # answers 302 to the identity provider.",
            "        location @oauth2_signin {",
            "            rewrite ^ /oauth2/start? break;",
            `            proxy_pass http://${o2};`,
            "            proxy_set_header Host $host;",
            "            proxy_set_header X-Real-IP $remote_addr;",
            "            proxy_set_header X-Auth-Request-Redirect $request_uri;",
            '            proxy_set_header Content-Length "";',
            "            proxy_pass_request_body off;",
            "        }",
            "        # The HTTP API answers 401 instead of a redirect: scripts and the UI's requests get a status.",
            "        location /api/ {",
            ...authRequest,
            "        }",
            "        location / {",
            "            error_page 401 = @oauth2_signin;",
            ...authRequest,
            "        }",
        );
    }
    lines.push("    }", "}", "");
    return lines.join("\n");
}

/** How every proxying location talks to the server. */
export function gatewayUpstreamInc(m: GatewayModel, p: GatewayPaths = POD_PATHS): string {
    const u = m.upstream;
    const lines = ["# How the gateway talks to the server; included by every location that proxies to it.", "proxy_http_version 1.1;", 'proxy_set_header Connection "";'];
    if (u.basicAuthUser !== undefined) {
        lines.push(
            "# The server has its own web basic auth: whatever Authorization the person sent is replaced",
            "# by the gateway's own login to the server, read from a Secret.",
            `include ${p.upstreamAuthFile};`,
        );
    } else {
        lines.push("# The server asks for no login: the person's credentials go no further than the gateway.", 'proxy_set_header Authorization "";');
    }
    if (u.tlsSecretName !== undefined) {
        lines.push(
            "# The server serves HTTPS (web.tls): verified against its CA, under the Service's name.",
            "proxy_ssl_verify on;",
            "proxy_ssl_verify_depth 2;",
            `proxy_ssl_trusted_certificate ${p.upstreamCaFile};`,
            `proxy_ssl_name ${upstreamServerName(u)};`,
            "proxy_ssl_server_name on;",
            "proxy_ssl_protocols TLSv1.2 TLSv1.3;",
        );
    }
    return `${lines.join("\n")}\n`;
}

/** The Secret file the gateway logs in to the server with: one directive, the Basic credentials in base64. */
export function upstreamAuthorizationConf(user: string, password: string): string {
    return `proxy_set_header Authorization "Basic ${Buffer.from(`${user}:${password}`).toString("base64")}";\n`;
}

/** An htpasswd file from bcrypt hashes ($2a$ from Go's bcrypt, as pulumi-random writes; nginx reads it through crypt()). */
export function htpasswdFile(entries: readonly { user: string; bcryptHash: string }[]): string {
    return entries.map((e) => `${e.user}:${e.bcryptHash}\n`).join("");
}
