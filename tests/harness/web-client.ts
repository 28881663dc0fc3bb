import { execFileSync } from "child_process";
import * as fs from "fs";
import * as https from "https";
import * as path from "path";
import { tempDir } from "./prometheus";

/**
 * An HTTPS client for a Prometheus behind --web.config.file: node's fetch can neither trust a
 * throwaway CA nor verify a certificate under a name other than the host it dials, which is what
 * every caller of the program does (they dial pod addresses or 127.0.0.1, the certificate names
 * the Service).
 */

export interface WebAnswer {
    status: number;
    body: string;
}

export interface WebRequest {
    method?: "GET" | "POST";
    /** user:password, sent as basic auth. */
    auth?: string;
    /** The CA to verify against, and the name to verify; without a CA the certificate is not verified (as the kubelet and the reloader do). */
    ca?: string;
    servername?: string;
}

export function webRequest(url: string, r: WebRequest = {}): Promise<WebAnswer> {
    return new Promise((resolve, reject) => {
        const req = https.request(
            url,
            {
                method: r.method ?? "GET",
                ...(r.auth !== undefined ? { auth: r.auth } : {}),
                ...(r.ca !== undefined ? { ca: r.ca, servername: r.servername, rejectUnauthorized: true } : { rejectUnauthorized: false }),
            },
            (res) => {
                let body = "";
                res.on("data", (d) => (body += String(d)));
                res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
            },
        );
        req.on("error", reject);
        req.end();
    });
}

export interface ThrowawayCa {
    dir: string;
    caFile: string;
    certFile: string;
    keyFile: string;
    ca: string;
}

/**
 * A CA and a serving certificate it signed for `dnsName` only, as cert-manager's CA issuer would
 * write them into a kubernetes.io/tls Secret (tls.crt, tls.key, ca.crt). Made with openssl.
 */
export function throwawayCa(dnsName: string): ThrowawayCa {
    const dir = tempDir("web-tls");
    const f = (name: string) => path.join(dir, name);
    const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "ignore" });
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=test-ca", "-days", "1", "-keyout", f("ca.key"), "-out", f("ca.crt"));
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", `/CN=${dnsName}`, "-keyout", f("tls.key"), "-out", f("tls.csr"));
    fs.writeFileSync(f("san.ext"), `subjectAltName=DNS:${dnsName}\n`);
    openssl("x509", "-req", "-in", f("tls.csr"), "-CA", f("ca.crt"), "-CAkey", f("ca.key"), "-CAcreateserial", "-days", "1", "-extfile", f("san.ext"), "-out", f("tls.crt"));
    return { dir, caFile: f("ca.crt"), certFile: f("tls.crt"), keyFile: f("tls.key"), ca: fs.readFileSync(f("ca.crt"), "utf8") };
}

/**
 * A bcrypt hash of `password`, as @pulumi/random's bcryptHash would give (Go's bcrypt reads
 * $2b$ as it does $2a$). Python's crypt module makes it, so the test needs no bcrypt package.
 */
export function bcryptHash(password: string): string {
    return execFileSync("python3", ["-c", "import crypt, sys; print(crypt.crypt(sys.argv[1], crypt.mksalt(crypt.METHOD_BLOWFISH)))", password], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "ignore"],
    }).trim();
}
