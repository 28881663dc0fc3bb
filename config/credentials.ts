/**
 * Whether a value that a field holds in plain text is a credential (issue #41, class 3): the one
 * name-based check of the program, for fields whose name the stack chooses (an env variable, an
 * OAuth2 endpoint parameter, a URL parameter, a header, a data source's jsonData key), and its
 * valid neighbours, so that a stack whose values only look alike stays valid.
 *
 * A name holds a credential when its last word is one (GITHUB_TOKEN, clientSecret, X-Api-Key,
 * DB_PASSWORD, AWS_SECRET_ACCESS_KEY, client_assertion): the name is split at `_`, `-`, `.` and
 * camelCase, so TOKEN_TTL, AUTH_ENABLED, tokenUri, privateKeyPath, X-Scope-OrgID and
 * PUBLIC_KEY do not. Whatever the name, a value holding a URL with a password (user:password@)
 * is a credential. The neighbours, accepted under any name:
 * - a path (`/var/run/secrets/app/token`): the consumer reads the credential from that file;
 * - a reference to another variable where the consumer expands one (Kubernetes' `$(VAR)` in an
 *   env value, optionally after an auth scheme: `Bearer $(TOKEN)`): the value comes from elsewhere;
 * - a public key (a PEM PUBLIC KEY or CERTIFICATE block, an OpenSSH public key line): not secret;
 * - the empty value, which holds nothing.
 */

/** The last words that make a name hold a credential. */
const CREDENTIAL_WORDS = new Set([
    "password",
    "passwd",
    "pwd",
    "pass",
    "passphrase",
    "secret",
    "token",
    "apikey",
    "credential",
    "credentials",
    "creds",
    "cookie",
    "dsn",
    "connstr",
    "auth",
    "authorization",
    "authenticate",
    "assertion",
    "signature",
]);

/** A name ending in `<word> key` holds a key that is a credential (API_KEY, secretAccessKey, routing_key); PUBLIC_KEY does not. */
const KEY_QUALIFIERS = new Set([
    "api",
    "access",
    "secret",
    "private",
    "signing",
    "encryption",
    "master",
    "account",
    "write",
    "auth",
    "client",
    "app",
    "session",
    "service",
    "routing",
    "integration",
    "license",
    "shared",
    "hmac",
    "ssh",
    "gpg",
    "user",
]);

/** The words of a name, lower-case: split at `_`, `-`, `.`, `/`, spaces and camelCase (APIKey: api, key). */
export function nameWords(name: string): string[] {
    return name
        .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
        .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
        .split(/[^A-Za-z0-9]+/)
        .filter((w) => w !== "")
        .map((w) => w.toLowerCase());
}

/** The credential a name says it holds ("TOKEN", "API key"), or undefined. */
export function credentialNamed(name: string): string | undefined {
    const words = nameWords(name);
    const last = words[words.length - 1] as string | undefined;
    if (last === undefined) {
        return undefined;
    }
    if (CREDENTIAL_WORDS.has(last)) {
        return last;
    }
    const before = words[words.length - 2] as string | undefined;
    if (last === "key" && before !== undefined && KEY_QUALIFIERS.has(before)) {
        return `${before} key`;
    }
    if (last === "string" && before === "connection") {
        return "connection string";
    }
    return undefined;
}

/** scheme://user:password@ anywhere in the value. */
const URL_WITH_PASSWORD = /[a-z][a-z0-9+.-]*:\/\/[^/\s@:]*:[^/\s@]*@/i;

/** An absolute path, the first neighbour. */
function isPath(value: string): boolean {
    return /^\/[^\s]*$/.test(value) && !value.startsWith("//");
}

/** Kubernetes' dependent environment variables: `$(VAR)`, expanded from an earlier variable of the container. */
export const KUBERNETES_VAR_REFERENCE = /^(?:(?:Bearer|Basic|Token)\s+)?(?:\$\([A-Za-z_][A-Za-z0-9_]*\))+$/;

const OPENSSH_PUBLIC_KEY = /^(ssh-(rsa|ed25519|dss)|ecdsa-sha2-nistp(256|384|521)|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com) [A-Za-z0-9+/]+={0,3}( \S.*)?$/;

function isPublicKey(value: string): boolean {
    const pem = /^-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----[\s\S]*-----END \1-----\s*$/.exec(value.trim());
    return pem !== null || OPENSSH_PUBLIC_KEY.test(value);
}

export interface CredentialOptions {
    /** The reference syntax the consumer expands, if any (KUBERNETES_VAR_REFERENCE for an env value). */
    reference?: RegExp;
}

/**
 * Why `value`, held in plain text under `name`, is a credential ("its name ends in token", "it
 * holds a URL with a password"), or undefined when it is none or one of the neighbours.
 * The reason never quotes the value.
 */
export function credentialInPlainText(name: string, value: string, options: CredentialOptions = {}): string | undefined {
    if (URL_WITH_PASSWORD.test(value)) {
        return "it holds a URL with a password (user:password@)";
    }
    const named = credentialNamed(name);
    if (named === undefined || value === "" || isPath(value) || isPublicKey(value) || options.reference?.test(value)) {
        return undefined;
    }
    return `its name ends in ${named}`;
}

/** What a credential-looking value may be instead, for messages: the neighbours the check accepts. */
export function credentialNeighbours(options: CredentialOptions = {}): string {
    return `a value that is not one is accepted as it is: a path${options.reference === KUBERNETES_VAR_REFERENCE ? ", a $(VAR) reference" : ""} or a public key`;
}
