import { ChildProcess, execFile, execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { parse, stringify } from "yaml";
import { freePort } from "./free-port";
import { HANG_MS, until } from "./hang";
import { instantQuery, stopChild } from "./server-process";

/**
 * Runs Debian's real prometheus and promtool against our generated config. Debian builds them
 * without Kubernetes discovery, so kubernetes_sd_configs blocks are swapped for file_sd_configs
 * that carry the same __meta_kubernetes_* labels endpoint discovery would produce.
 */

/** Fails (never skips) when a binary is missing: a skipped check would hide a broken config. */
export function requireBinary(name: string): string {
    for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
        const candidate = path.join(dir, name);
        if (fs.existsSync(candidate)) {
            return candidate;
        }
    }
    throw new Error(`${name} is not installed; run 'apt-get install -y prometheus' (the .ci/run script does this)`);
}

export function tempDir(prefix: string): string {
    return fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

let credentials: { cert: string; key: string } | undefined;

/** A throwaway self-signed certificate and key, so Prometheus can load every TLS file it is given. */
export function testCredentials(): { cert: string; key: string } {
    if (!credentials) {
        const dir = tempDir("credentials");
        execFileSync(
            "openssl",
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=test", "-days", "1",
             "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")],
            { stdio: "ignore" },
        );
        credentials = {
            cert: fs.readFileSync(path.join(dir, "cert.pem"), "utf8"),
            key: fs.readFileSync(path.join(dir, "key.pem"), "utf8"),
        };
    }
    return credentials;
}

export interface SandboxedConfig {
    /** The rewritten copy that Debian's Prometheus loads. */
    configFile: string;
    /** The config as parsed after rewriting, for assertions. */
    config: any;
    rulesDir: string;
    /** The Kubernetes discovery role each rewritten job (and `alertmanagers-<index>`) had. */
    roles: Record<string, string>;
    /**
     * Rewrites the target file of a job; file_sd picks the change up. Targets are written with
     * the labels of role endpoints; a job that had role endpointslice gets them as that role
     * would produce them (endpointSliceTarget), so one table of targets serves every release line.
     */
    setTargets(job: string, targets: object[]): void;
}

/** core/v1 Endpoints meta labels and the EndpointSlice ones the endpointslice role gives instead. */
const ENDPOINT_TO_SLICE: Readonly<Record<string, string>> = {
    __meta_kubernetes_endpoints_name: "__meta_kubernetes_endpointslice_name",
    __meta_kubernetes_endpoint_port_name: "__meta_kubernetes_endpointslice_port_name",
    __meta_kubernetes_endpoint_port_protocol: "__meta_kubernetes_endpointslice_port_protocol",
    __meta_kubernetes_endpoint_ready: "__meta_kubernetes_endpointslice_endpoint_conditions_ready",
    __meta_kubernetes_endpoint_hostname: "__meta_kubernetes_endpointslice_endpoint_hostname",
    __meta_kubernetes_endpoint_node_name: "__meta_kubernetes_endpointslice_endpoint_node_name",
    __meta_kubernetes_endpoint_address_target_kind: "__meta_kubernetes_endpointslice_address_target_kind",
    __meta_kubernetes_endpoint_address_target_name: "__meta_kubernetes_endpointslice_address_target_name",
};

/**
 * A file_sd entry written with role endpoints' meta labels, as role endpointslice labels the
 * same endpoint (discovery/kubernetes/endpointslice.go): the port and address-target labels
 * move under `endpointslice_`, service, pod and namespace labels stay. Fails on an endpoint
 * label it has no counterpart for, so no label passes through unconverted.
 */
export function endpointSliceTarget(entry: { targets: string[]; labels: Record<string, string> }): { targets: string[]; labels: Record<string, string> } {
    const labels: Record<string, string> = { __meta_kubernetes_endpointslice_address_type: "IPv4" };
    for (const [name, value] of Object.entries(entry.labels)) {
        if (name in ENDPOINT_TO_SLICE) {
            labels[ENDPOINT_TO_SLICE[name]] = value;
        } else if (/^__meta_kubernetes_endpoints?_/.test(name)) {
            throw new Error(`no endpointslice counterpart for ${name}`);
        } else {
            labels[name] = value;
        }
    }
    return { targets: entry.targets, labels };
}

/**
 * The matcher of what a job's scrape stored: not its up and scrape_* series, nor the recording
 * rules' series, which keep the job label and appear whenever an evaluation happens to fall
 * before the query (scraped families here hold no colon; recorded names always do).
 */
export const SCRAPED_BY_JOB = '__name__!~"up|scrape_.*|.*:.*"';

/**
 * A copy of the generated config that Debian's Prometheus can load and that reaches no real
 * address: every job's kubernetes_sd_configs and static_configs become a file_sd file per job
 * (empty until setTargets), rule files and credential files (token, CA, client certificate)
 * move under a temporary root, and `adjust` may change jobs for a specific test.
 */
export function sandboxConfig(
    configYaml: string,
    ruleFiles: Record<string, string>,
    adjust: (config: any) => void = () => undefined,
): SandboxedConfig {
    const root = tempDir("prometheus-sandbox");
    const config = parse(configYaml);
    const rulesDir = path.join(root, "rules");
    fs.mkdirSync(rulesDir);
    for (const [name, content] of Object.entries(ruleFiles)) {
        fs.writeFileSync(path.join(rulesDir, name), content);
    }
    config.rule_files = (config.rule_files ?? []).map((glob: string) => path.join(rulesDir, path.basename(glob)));

    const targetsDir = path.join(root, "targets");
    fs.mkdirSync(targetsDir);
    const targetsFile = (job: string) => path.join(targetsDir, `${job}.json`);
    const roles: Record<string, string> = {};
    const setTargets = (job: string, targets: object[]) => {
        const tmp = `${targetsFile(job)}.tmp`;
        const written = roles[job] === "endpointslice" ? targets.map((t) => endpointSliceTarget(t as any)) : targets;
        fs.writeFileSync(tmp, JSON.stringify(written));
        fs.renameSync(tmp, targetsFile(job));
    };
    for (const job of config.scrape_configs ?? []) {
        if (job.kubernetes_sd_configs || job.static_configs) {
            if (job.kubernetes_sd_configs) {
                roles[job.job_name] = job.kubernetes_sd_configs[0].role;
            }
            delete job.kubernetes_sd_configs;
            delete job.static_configs;
            job.file_sd_configs = [{ files: [targetsFile(job.job_name)], refresh_interval: "1s" }];
            setTargets(job.job_name, []);
        }
        job.bearer_token_file = job.bearer_token_file && sandboxFile(root, job.bearer_token_file, "test-token");
        for (const field of ["ca_file", "cert_file", "key_file"]) {
            if (job.tls_config?.[field]) {
                const { cert, key } = testCredentials();
                job.tls_config[field] = sandboxFile(root, job.tls_config[field], field === "key_file" ? key : cert);
            }
        }
        if (job.bearer_token_file === undefined) {
            delete job.bearer_token_file;
        }
    }
    // Alertmanager discovery too: each set's targets are the file of `alertmanagers-<index>`.
    (config.alerting?.alertmanagers ?? []).forEach((am: any, i: number) => {
        if (am.kubernetes_sd_configs || am.static_configs) {
            if (am.kubernetes_sd_configs) {
                roles[`alertmanagers-${i}`] = am.kubernetes_sd_configs[0].role;
            }
            delete am.kubernetes_sd_configs;
            delete am.static_configs;
            am.file_sd_configs = [{ files: [targetsFile(`alertmanagers-${i}`)], refresh_interval: "1s" }];
            setTargets(`alertmanagers-${i}`, []);
        }
    });
    adjust(config);
    const configFile = path.join(root, "prometheus.yml");
    fs.writeFileSync(configFile, stringify(config));
    return { configFile, config, rulesDir, roles, setTargets };
}

function sandboxFile(root: string, original: string, content: string): string {
    const file = path.join(root, "files", original);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    return file;
}

export function promtool(...args: string[]): string {
    try {
        // A synchronous child blocks the event loop, so mocha's timeout could never end a hung one: its own does.
        return execFileSync(requireBinary("promtool"), args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: HANG_MS, killSignal: "SIGKILL" });
    } catch (e: any) {
        throw new Error(`promtool ${args.join(" ")} ${e.code === "ETIMEDOUT" ? `hung: no answer after ${HANG_MS / 1000} s` : "failed"}:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
    }
}

/** promtool() without blocking the process, so that several run at once (tests/harness/pool.ts); rejects with promtool()'s error. */
export function promtoolAsync(...args: string[]): Promise<string> {
    return new Promise((resolve, reject) => {
        execFile(requireBinary("promtool"), args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
            if (error) {
                reject(new Error(`promtool ${args.join(" ")} failed:\n${stdout ?? ""}${stderr ?? ""}`));
            } else {
                resolve(stdout);
            }
        });
    });
}

export { freePort } from "./free-port";

export interface TargetsResponse {
    activeTargets: Array<{ labels: Record<string, string>; discoveredLabels: Record<string, string>; scrapePool: string }>;
    droppedTargets: Array<{ discoveredLabels: Record<string, string> }>;
}

export interface JobTargets {
    active: TargetsResponse["activeTargets"];
    dropped: TargetsResponse["droppedTargets"];
}

/**
 * How to start a Prometheus that serves --web.config.file: its scheme, and how to ask it whether
 * it is ready, since the plain fetch of /-/ready meets TLS it cannot verify or a 401.
 */
export interface WebStart {
    scheme?: "http" | "https";
    ready?: (url: string) => Promise<boolean>;
}

export class PrometheusProcess {
    private constructor(
        private readonly child: ChildProcess,
        readonly url: string,
        private readonly output: string[],
    ) {}

    /**
     * Starts prometheus on 127.0.0.1 with a free port and waits until it is ready. With a
     * `--web.route-prefix` among `extraArgs`, pass the same prefix as `routePrefix`: `url` then
     * includes it, so every endpoint below is found under it. `env` is added to the test's own
     * environment, as the pod's env would be.
     */
    static async start(configFile: string, extraArgs: string[] = [], routePrefix = "", web: WebStart = {}, env: Record<string, string> = {}): Promise<PrometheusProcess> {
        const port = await freePort();
        const dataDir = tempDir("prometheus-data");
        const output: string[] = [];
        const child = spawn(
            requireBinary("prometheus"),
            [
                `--config.file=${configFile}`,
                `--storage.tsdb.path=${dataDir}`,
                `--web.listen-address=127.0.0.1:${port}`,
                "--log.level=warn",
                ...extraArgs,
            ],
            { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } },
        );
        child.stdout!.on("data", (d) => output.push(String(d)));
        child.stderr!.on("data", (d) => output.push(String(d)));
        const server = new PrometheusProcess(child, `${web.scheme ?? "http"}://127.0.0.1:${port}${routePrefix.replace(/\/$/, "")}`, output);
        try {
            await server.waitFor(web.ready ? () => web.ready!(server.url) : async () => (await fetch(`${server.url}/-/ready`)).ok, "/-/ready");
        } catch (e) {
            await server.stop();
            throw e;
        }
        return server;
    }

    get log(): string {
        return this.output.join("");
    }

    /** The operating system's process id: a restart would change it. */
    get pid(): number | undefined {
        return this.child.pid;
    }

    async targets(): Promise<TargetsResponse> {
        const response = await fetch(`${this.url}/api/v1/targets`);
        const body = (await response.json()) as { status: string; data: TargetsResponse };
        if (body.status !== "success") {
            throw new Error(`/api/v1/targets answered ${JSON.stringify(body)}`);
        }
        return body.data;
    }

    /** Waits until file discovery has given `job` at least `count` targets, kept or dropped, and returns them. */
    async targetsOfJob(job: string, count: number): Promise<JobTargets> {
        let last: JobTargets | undefined;
        await this.waitFor(async () => {
            const all = await this.targets();
            last = {
                active: all.activeTargets.filter((t) => t.scrapePool === job),
                dropped: all.droppedTargets.filter((t) => t.discoveredLabels.job === job),
            };
            return last.active.length + last.dropped.length >= count;
        }, `${count} discovered targets of job ${job}`);
        return last!;
    }

    /** Runs an instant query and returns its vector. */
    async query(expr: string): Promise<Array<{ metric: Record<string, string>; value: [number, string] }>> {
        return instantQuery(this.url, expr);
    }

    /** Waits until `check` holds; fails at once if prometheus exits, and only a hang reaches HANG_MS. */
    async waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
        await until(check, what, () => (this.child.exitCode !== null ? `prometheus exited with ${this.child.exitCode}` : undefined)).catch((e) => {
            throw new Error(`${e.message}\n${this.log}`);
        });
    }

    async stop(): Promise<void> {
        await stopChild(this.child, 5000);
    }
}
