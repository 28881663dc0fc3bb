import { plainText } from "./fields";
import { Problems, SECRET_VALUE } from "./problems";
import { ConfigSource, fullKey } from "./source";

/**
 * What a secret value is checked for at load (issue #41, class 4; docs/configuration.md#what-a-secret-value-is-checked-for),
 * never echoing it: only where a character sits, or what kind of value it is not.
 *
 * - every secret: not empty, and not white space alone. An empty password lets anyone in as its
 *   user (an empty edge password is a vmauth user anyone can write as), an empty token sends none;
 * - a one-line secret (a password, token, routing key or webhook URL) on one line, without control
 *   characters: it ends up in a config file or a header, where a line break cuts it or starts
 *   something else (`pulumi config set --secret key < file` with a file that ends in a line break);
 * - a URL: an absolute http:// or https:// URL, and https:// unless its host is inside the cluster
 *   (a Service name, `<service>.<namespace>.svc[.cluster.local]`, or the pod itself): a webhook's
 *   URL is its credential, and over http:// it crosses the network in clear;
 * - a certificate: one or more PEM CERTIFICATE blocks, each with a DER body, and no private key;
 * - a private key: one PEM PRIVATE KEY, RSA PRIVATE KEY or EC PRIVATE KEY block, unencrypted
 *   (neither Prometheus nor Go's TLS reads an encrypted key), with a DER body.
 *
 * Values of the stack file are checked here, while the stack loads. A value read from another
 * stack (longTermStore.edges[].stack) is checked by the same function at deploy time, before the
 * cluster's provider exists (components/long-term-store/edge-stack-credentials.ts), so a wrong one
 * stops the update before anything is applied.
 */
export type SecretKind = "line" | "url" | "certificate" | "privateKey";

/**
 * What the offline render hands the program for a `secure:` value it cannot decrypt
 * (render/secret-marker.ts, whose SECRET_MARKER it equals). Its meaning is checked by
 * `pulumi preview` and `pulumi up`, which decrypt it; the render can only check that it is there.
 */
export const UNREADABLE_SECRET = "[secret]";

/**
 * The kind of value that the field (or top-level secret key) `field` names, by the field's name:
 * the one table of which secrets hold a URL, a certificate or a private key. Anything else is a
 * one-line secret.
 */
const KINDS: Readonly<Record<string, SecretKind>> = {
    // Top-level secret keys.
    alertWebhookUrl: "url",
    alertWatchdogUrl: "url",
    alertSlackUrl: "url",
    etcdCaCert: "certificate",
    etcdClientCert: "certificate",
    etcdClientKey: "privateKey",
    // metrics.remoteWrite[].tls.
    caKey: "certificate",
    certKey: "certificate",
    keyKey: "privateKey",
    // metrics.extraScrapeConfigs[].tls_config.
    ca_secret: "certificate",
    cert_secret: "certificate",
    key_secret: "privateKey",
    // grafana.dataSources[].secureJsonData.
    tlsCACert_secret: "certificate",
    tlsClientCert_secret: "certificate",
    tlsClientKey_secret: "privateKey",
    // alertmanager.receivers[]: the keys v0.34.0 types as SecretURL.
    url_secret: "url",
    api_url_secret: "url",
    webhook_url_secret: "url",
};

/** The kind of secret that the setting at `at` (its last field) or the top-level key names. */
export function secretKindOf(at: string): SecretKind {
    const field = at.replace(/\[\d+\]/g, "").split(/[.:]/).pop() ?? at;
    return KINDS[field] ?? "line";
}

const WHAT: Record<SecretKind, string> = {
    line: "a secret of one line",
    url: "a URL",
    certificate: "a PEM certificate",
    privateKey: "a PEM private key",
};

/** Hosts whose traffic never leaves the cluster: a Service of the namespace, <service>.<namespace>.svc[.<cluster domain>], the pod itself. */
export function insideCluster(host: string): boolean {
    const h = host.toLowerCase().replace(/\.$/, "");
    return !h.includes(".") || h.endsWith(".svc") || h.includes(".svc.") || h.endsWith(".cluster.local") || h === "localhost" || h === "127.0.0.1" || h === "[::1]";
}

function urlProblem(text: string): string | undefined {
    let url: URL;
    try {
        url = new URL(text);
    } catch {
        return "an absolute http:// or https:// URL; the value does not parse as one";
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
        return `an absolute http:// or https:// URL; the value's scheme is ${url.protocol.replace(/:$/, "")}`;
    }
    if (url.hostname === "") {
        return "an absolute http:// or https:// URL with a host";
    }
    if (url.protocol === "http:" && !insideCluster(url.hostname)) {
        return (
            "an https:// URL: over http:// the URL, which is the credential (a webhook's token is in it), crosses the network in clear; " +
            "http:// is accepted only for a host inside the cluster (<service>, <service>.<namespace>.svc[.cluster.local])"
        );
    }
    return undefined;
}

interface PemBlock {
    label: string;
    headers: boolean;
    der: Buffer;
}

/** The PEM blocks of a text, as Go's encoding/pem reads them; text outside blocks is skipped, as pem.Decode skips it. */
function pemBlocks(text: string): PemBlock[] | string {
    const blocks: PemBlock[] = [];
    const re = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([\s\S]*?)-----END ([A-Z0-9 ]+)-----/g;
    for (const m of text.matchAll(re)) {
        if (m[1] !== m[3]) {
            return `each block ending as it began (a BEGIN ${m[1]} block ends with END ${m[3]})`;
        }
        const lines = m[2].split(/\r?\n/).filter((l) => l.trim() !== "");
        const headers = lines.some((l) => l.includes(":"));
        const body = lines.filter((l) => !l.includes(":")).join("");
        if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) {
            return `a base64 body in the ${m[1]} block`;
        }
        const der = Buffer.from(body, "base64");
        // Every certificate and key is a DER SEQUENCE.
        if (der.length < 2 || der[0] !== 0x30) {
            return `a DER body in the ${m[1]} block (it decodes to no ASN.1 SEQUENCE)`;
        }
        blocks.push({ label: m[1], headers, der });
    }
    return blocks;
}

const PRIVATE_KEY_LABELS = ["PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"];

function pemProblem(text: string, kind: "certificate" | "privateKey"): string | undefined {
    const blocks = pemBlocks(text);
    const what = kind === "certificate" ? "a PEM certificate (-----BEGIN CERTIFICATE-----)" : "a PEM private key (-----BEGIN PRIVATE KEY-----, RSA PRIVATE KEY or EC PRIVATE KEY)";
    if (typeof blocks === "string") {
        return `${what}, with ${blocks}`;
    }
    if (blocks.length === 0) {
        return `${what}; the value holds no PEM block (set it from the file: pulumi config set --secret <key> < file.pem)`;
    }
    const labels = blocks.map((b) => b.label);
    if (kind === "certificate") {
        if (labels.some((l) => l.includes("PRIVATE KEY"))) {
            return `${what} and no private key: the value holds a ${labels.find((l) => l.includes("PRIVATE KEY"))} block, which belongs in the key's setting`;
        }
        const other = labels.find((l) => l !== "CERTIFICATE");
        return other === undefined ? undefined : `${what}; the value holds a ${other} block`;
    }
    if (labels.includes("ENCRYPTED PRIVATE KEY") || blocks.some((b) => b.headers)) {
        return `${what}, unencrypted: neither Prometheus nor Go's TLS reads an encrypted key (openssl pkey -in key.pem -out plain.pem)`;
    }
    const keys = blocks.filter((b) => PRIVATE_KEY_LABELS.includes(b.label));
    if (keys.length !== 1) {
        return keys.length === 0 ? `${what}; the value holds ${labels.map((l) => `a ${l} block`).join(" and ")}` : `${what}, one: the value holds ${keys.length} private keys`;
    }
    return undefined;
}

/**
 * What is wrong with a secret's value for its kind, as the "expected" text, or undefined. Pure, and
 * never quoting the value, so the deploy-time check of another stack's output says the same.
 */
export function secretValueProblem(text: string, kind: SecretKind): string | undefined {
    if (text.trim() === "") {
        return `${WHAT[kind]} that is not empty: ${text === "" ? "the value is empty" : "the value is white space alone"}, which would be used as it is (an empty password lets anyone in as its user)`;
    }
    if (kind === "certificate" || kind === "privateKey") {
        const control = plainText(text, true);
        return control ?? pemProblem(text, kind);
    }
    const complaint = plainText(text);
    if (complaint !== undefined) {
        return `${WHAT[kind]}, as ${complaint}`;
    }
    return kind === "url" ? urlProblem(text) : undefined;
}

/**
 * Checks the value of the secret key `key` for its `kind`, adding a problem at the key, without its
 * value, that names the setting which refers to it (`referredFrom`), if any. A value the offline
 * render cannot decrypt is left to pulumi preview.
 */
export function checkSecretValue(source: ConfigSource, problems: Problems, key: string, kind: SecretKind = secretKindOf(key), referredFrom?: string): void {
    const raw = source.value(key);
    if (raw === undefined) {
        return;
    }
    const text = typeof raw === "string" ? raw : JSON.stringify(raw);
    if (text === UNREADABLE_SECRET) {
        return;
    }
    const complaint = secretValueProblem(text, kind);
    if (complaint !== undefined) {
        const fromFile = kind === "certificate" || kind === "privateKey";
        const hint = / as text without control characters/.test(complaint)
            ? `; a file read with \`< file\` often ends in a line break (printf '%s' "$value" | pulumi config set --secret ${fullKey(key)})`
            : "";
        problems.add(fullKey(key), SECRET_VALUE, `${complaint}${fromFile ? "" : hint}${referredFrom === undefined ? "" : `, as ${referredFrom} expects`}`);
    }
}
